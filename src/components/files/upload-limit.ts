/**
 * The browser's half of the upload limit (src/lib/upload-limit.ts): a file over the configured limit
 * is refused before a byte is sent, with the message the server would answer. The limit is read from
 * the sys config, at most once a minute; when it cannot be read the server still decides.
 */
import type { TFunction } from 'i18next';
import { megabytesOf, UPLOAD_LIMIT_CONFIG_KEY, uploadLimitFromConfig, withinUploadLimit } from '../../lib/upload-limit';
import { api } from '../../providers/http';

const FRESH_MS = 60_000;
let cached: { at: number; limit: Promise<number | undefined> } | undefined;

function configuredLimit(): Promise<number | undefined> {
  if (!cached || Date.now() - cached.at > FRESH_MS) {
    const limit = api
      .post<string | null>('/op/v1/sys/configs/find-value-by-config-key', { configKey: UPLOAD_LIMIT_CONFIG_KEY }, { silent: true })
      .then(uploadLimitFromConfig, () => undefined);
    cached = { at: Date.now(), limit };
  }
  return cached.limit;
}

/** The refusal message for a file over the limit; undefined when it may be sent. */
export async function uploadRefusal(file: Blob, t: TFunction): Promise<string | undefined> {
  const limit = await configuredLimit();
  if (limit === undefined || withinUploadLimit(file.size, limit)) return undefined;
  return t('files:upload.tooLarge', { max: megabytesOf(limit) });
}
