/**
 * File references (spec §3, §7): the thumbnail sizes and the URLs of the file calls, defined once for
 * the browser that builds them and the server that answers them.
 *
 * The two GETs below are loaded by <img> tags and links, which cannot carry the protocol's signature
 * headers. They carry instead a view grant in the query (`grant`): a short-lived token the server
 * issues through the signed call FILE_CALLS.grants, bound to one file and one user (README, "Files").
 */
export const THUMBNAIL_TYPES = ['SMALL', 'MEDIUM', 'BIG', 'ORIGINAL'] as const;
export type ThumbnailType = (typeof THUMBNAIL_TYPES)[number];

/** Widths of the resized snapshots; ORIGINAL is the stored file as uploaded. */
export const THUMBNAIL_WIDTHS: Readonly<Record<Exclude<ThumbnailType, 'ORIGINAL'>, number>> = { SMALL: 120, MEDIUM: 480, BIG: 1024 };

export const FILE_GRANT_QUERY_KEY = 'grant';

/** Signed POST calls under /api/web. */
export const FILE_CALLS = {
  upload: '/op/v1/files/upload',
  mimetype: '/op/v1/files/pks/mimetype',
  grants: '/op/v1/files/pks/grants',
} as const;

/** Paths under /api/web, with Fastify-style parameters for the server's route table. */
export const FILE_GET_ROUTES = {
  snapshot: '/op/v1/files/:id/snapshot/:thumbnailType/show',
  preview: '/op/v1/files/:id/preview',
  publicPreview: '/op/v1/sys/pub/files/:id/preview',
} as const;

const withGrant = (path: string, grant: string) => `${path}?${FILE_GRANT_QUERY_KEY}=${encodeURIComponent(grant)}`;

export function snapshotPath(fileId: string, thumbnailType: ThumbnailType, grant: string): string {
  return withGrant(`/op/v1/files/${encodeURIComponent(fileId)}/snapshot/${thumbnailType}/show`, grant);
}

export function previewPath(fileId: string, grant: string): string {
  return withGrant(`/op/v1/files/${encodeURIComponent(fileId)}/preview`, grant);
}

export function publicPreviewPath(fileId: string): string {
  return `/op/v1/sys/pub/files/${encodeURIComponent(fileId)}/preview`;
}

/**
 * The upload allow-list: mime type and the names' extensions. The server decides a file's type from
 * its first bytes (server/files/sniff.ts matches each entry); the browser only narrows the file
 * chooser with it.
 */
export const UPLOAD_TYPES = [
  { mimeType: 'image/png', extensions: ['png'] },
  { mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { mimeType: 'image/gif', extensions: ['gif'] },
  { mimeType: 'image/webp', extensions: ['webp'] },
  { mimeType: 'application/pdf', extensions: ['pdf'] },
  { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  { mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
] as const;

export type UploadMimeType = (typeof UPLOAD_TYPES)[number]['mimeType'];

/** The `accept` attribute of a file chooser for these mime types (all allowed types by default). */
export function acceptAttribute(mimeTypes: readonly UploadMimeType[] = UPLOAD_TYPES.map((t) => t.mimeType)): string {
  return UPLOAD_TYPES.filter((t) => mimeTypes.includes(t.mimeType))
    .flatMap((t) => t.extensions.map((e) => `.${e}`))
    .join(',');
}

/** The answer of FILE_CALLS.upload. */
export interface UploadedFile {
  id: string;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  createTime: string;
}

/** Image types get a snapshot, every other type the preview (spec §7). */
export const isImageMimeType = (mimeType: string | undefined): boolean => typeof mimeType === 'string' && mimeType.startsWith('image/');

/** The allowed types that are images: what an image field's chooser offers. */
export const IMAGE_UPLOAD_TYPES: readonly UploadMimeType[] = UPLOAD_TYPES.map((t) => t.mimeType).filter((mimeType) => isImageMimeType(mimeType));

/** The answer of FILE_CALLS.grants. */
export interface FileGrants {
  grants: Record<string, string>;
  /** Milliseconds since the epoch after which the grants are refused. */
  expiresAt: number;
}
