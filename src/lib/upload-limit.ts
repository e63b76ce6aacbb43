/**
 * The largest upload, one rule for both sides: the server refuses a larger file on the stream, the
 * browser before sending it. The limit is the sys config UPLOAD_LIMIT_CONFIG_KEY, in megabytes
 * (seeded 10); a missing or unusable value falls back to the server's default.
 */
export const UPLOAD_LIMIT_CONFIG_KEY = 'sys.file.upload.max-mb';
export const DEFAULT_UPLOAD_MAX_MB = 10;

const MB = 1024 * 1024;

/** The limit in bytes a config value names; undefined when the value is not a positive number of megabytes. */
export function uploadLimitFromConfig(value: string | null | undefined): number | undefined {
  if (typeof value !== 'string' || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  const bytes = Math.floor(Number(value) * MB);
  return bytes > 0 ? bytes : undefined;
}

/** The limit as the refusal message names it: megabytes, one decimal at most. */
export function megabytesOf(bytes: number): string {
  return String(Math.round((bytes / MB) * 10) / 10);
}

/** Whether a file of this many bytes may be sent. */
export const withinUploadLimit = (size: number, limitBytes: number): boolean => size <= limitBytes;
