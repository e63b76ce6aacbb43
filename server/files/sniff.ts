/**
 * The upload allow-list. A file's type is decided by its first bytes, never by the name or the
 * Content-Type the client sent; the name's extension must then agree with what the bytes are, so a
 * stored file is never served under a type it does not have.
 */
import { UPLOAD_TYPES, type UploadMimeType } from '../../src/lib/files';

export interface AllowedType {
  mimeType: UploadMimeType;
  extensions: readonly string[];
  matches: (head: Buffer) => boolean;
}

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...Buffer.from(text, 'latin1')];

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

/**
 * Office Open XML documents are ZIP archives; what they hold decides which. Names of the archive's
 * entries are stored uncompressed, so the part that makes a workbook or a document can be looked for.
 */
const officeDocument = (part: string) => (head: Buffer) =>
  startsWith(head, ZIP_LOCAL_HEADER) && head.includes('[Content_Types].xml', 0, 'latin1') && head.includes(part, 0, 'latin1');

const MATCHERS: Record<UploadMimeType, (head: Buffer) => boolean> = {
  'image/png': (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  'image/gif': (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')),
  'image/webp': (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  'application/pdf': (h) => startsWith(h, ascii('%PDF-')),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': officeDocument('xl/workbook.xml'),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': officeDocument('word/document.xml'),
};

/** The shared allow-list (src/lib/files.ts), each type with the bytes that make it. */
export const ALLOWED_TYPES: readonly AllowedType[] = UPLOAD_TYPES.map((t) => ({ ...t, matches: MATCHERS[t.mimeType] }));

export const extensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

/** The allowed type the content is, when its name agrees; undefined refuses the file. */
export function sniffAllowedType(content: Buffer, fileName: string): AllowedType | undefined {
  const type = ALLOWED_TYPES.find((t) => t.matches(content));
  return type && type.extensions.includes(extensionOf(fileName)) ? type : undefined;
}

/** For the refusal message: the extensions that may be uploaded. */
export const ALLOWED_EXTENSIONS = ALLOWED_TYPES.flatMap((t) => t.extensions);
