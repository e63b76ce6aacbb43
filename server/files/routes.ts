/**
 * The file service (spec §3, §7). Signed calls inside /api/web: upload (multipart), the mime type of
 * each file, and view grants. Unsigned GETs beside it, for <img> tags and links: snapshots and
 * previews behind a view grant (server/files/grants.ts), and the public preview of public files.
 *
 * Multipart and the signature: the body of a multipart request is not text the client can put in the
 * canonical form, so an upload is signed as a request WITHOUT a body (PROTOCOL.md §4: "empty string
 * when there is no body"): X-Sign and x-vrandom cover the path, the query and the empty body. Every
 * other check of the guard (headers, timestamp, nonce, session, CSRF, permission) applies unchanged.
 * Only the upload route accepts multipart; every other route still refuses it (415).
 */
import { basename } from 'node:path';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_BASE } from '../../src/protocol/canonical';
import { PERMISSIONS } from '../../src/lib/permissions';
import { CONFIG_KEY } from '../../src/lib/codes';
import { FILE_CALLS, FILE_GET_ROUTES, FILE_GRANT_QUERY_KEY, THUMBNAIL_TYPES, isImageMimeType, type ThumbnailType } from '../../src/lib/files';
import type { AppContext } from '../context';
import { MAX_IDS } from '../crud/fields';
import type { Db } from '../db/open';
import { sessions, sysConfigs } from '../db/schema';
import { ApiError, businessError, protocolError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { recordChange } from '../operation-log/record';
import { DEFAULT_UPLOAD_MAX_MB, megabytesOf, UPLOAD_LIMIT_CONFIG_KEY, uploadLimitFromConfig } from '../../src/lib/upload-limit';
import { z } from 'zod';
import { ids } from '../input/fields';
import type { FileGrants } from './grants';
import { pdfActiveFeatures } from './pdf-active';
import { ALLOWED_EXTENSIONS, sniffAllowedType } from './sniff';
import type { FileStore, StoredFile } from './store';

export const DEFAULT_MAX_UPLOAD_BYTES = DEFAULT_UPLOAD_MAX_MB * 1024 * 1024;
const MAX_NAME_LENGTH = 200;

const fileIdsBody = z.object({ pkFiles: ids('server:input.fields.pkFiles', MAX_IDS) });

/** What the browser may know of a stored file: never where it lies, never who else it belongs to. */
export function fileInfo(row: StoredFile) {
  return { id: row.id, fileName: row.originalName, mimeType: row.mimeType, size: row.sizeBytes, sha256: row.sha256, createTime: row.createTime.toISOString() };
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The name as the user knows it: no folders, no control characters, a bounded length. */
function cleanName(fileName: string): string {
  const name = basename(fileName.replace(/\\/g, '/')).replace(CONTROL_CHARACTERS, '').trim();
  return name.length > MAX_NAME_LENGTH ? name.slice(name.length - MAX_NAME_LENGTH) : name;
}

/** Decodes every pixel (sharp fails on a truncated or corrupt image), not only the header's size. */
async function decodesWhole(image: Buffer): Promise<boolean> {
  try {
    const { width, height } = await sharp(image).metadata();
    if (!(width > 0 && height > 0)) return false;
    await sharp(image, { failOn: 'truncated' }).stats();
    return true;
  } catch {
    return false;
  }
}

/** The whole stream, or undefined as soon as it passes the limit (the rest is drained, never kept). */
async function readWithin(stream: Readable, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  return size <= limit ? Buffer.concat(chunks, size) : undefined;
}

/** The configured limit (sys config UPLOAD_LIMIT_CONFIG_KEY), read per upload so a change applies at once. */
async function uploadLimit(db: Db, fallback: number): Promise<number> {
  const [row] = await db.select({ value: sysConfigs.configValue }).from(sysConfigs).where(eq(sysConfigs.configKey, UPLOAD_LIMIT_CONFIG_KEY));
  return uploadLimitFromConfig(row?.value) ?? fallback;
}

export function fileRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { files, fileGrants } = ctx;

  // Multipart is parsed in this scope only, so no other route accepts it.
  api.register(async (scope) => {
    // The file size limit is given per request (the configured one); these bound the rest of the form.
    await scope.register(multipart, { limits: { files: 1, fields: 10, parts: 11 } });
    route(scope, {
      method: 'POST',
      path: FILE_CALLS.upload,
      auth: 'session',
      permission: PERMISSIONS.file.upload,
      handler: async ({ request, principal }) => {
        const limit = await uploadLimit(ctx.db, files.maxUploadBytes);
        const tooLarge = () => businessError('FILE_TOO_LARGE', 'server:file.tooLarge', { max: megabytesOf(limit) });
        // The parser may pass one byte over the limit, so a file of limit + 1 bytes is read whole and
        // counted here; whether the parser's own limit fired before or after its last chunk then
        // decides nothing (with toBuffer() it did: a cut file could be stored as if whole).
        const part = await request.file({ limits: { fileSize: limit + 1 }, throwFileSizeLimit: false });
        if (!part) throw businessError('FILE_MISSING', 'server:file.missing');
        const content = await readWithin(part.file, limit);
        if (!content || part.file.truncated) throw tooLarge();
        const originalName = cleanName(part.filename ?? '');
        const type = sniffAllowedType(content, originalName);
        if (!type) throw businessError('FILE_TYPE_REFUSED', 'server:file.typeRefused', { allowed: ALLOWED_EXTENSIONS.join('、') });
        // An image must decode whole, not only its header: its snapshots are made from it, and a cut
        // or broken one is better refused now.
        if (isImageMimeType(type.mimeType) && !(await decodesWhole(content))) throw businessError('FILE_IMAGE_UNREADABLE', 'server:file.imageUnreadable');
        if (type.mimeType === 'application/pdf') {
          const active = pdfActiveFeatures(content);
          if (active.length > 0) {
            const features = active.map((feature) => translate(`server:file.pdfFeature.${feature}`)).join('、');
            throw businessError('FILE_ACTIVE_CONTENT', 'server:file.activeContent', { features });
          }
        }
        const row = await files.save({ content, originalName, mimeType: type.mimeType, uploaderId: principal.userId }, (tx, saved) =>
          recordChange(tx, principal, { resource: 'files', recordId: saved.id, action: OPERATION_ACTION.create, after: saved }),
        );
        request.log.info({ fileId: row.id, mimeType: row.mimeType, size: row.sizeBytes }, 'file uploaded');
        return fileInfo(row);
      },
    });
  });

  // Any signed-in user: files are shown inside screens whose own permissions decide who gets there.
  route(api, {
    method: 'POST',
    path: FILE_CALLS.mimetype,
    auth: 'session',
    body: fileIdsBody,
    handler: async ({ body }) => Object.fromEntries((await files.findMany(body.pkFiles)).map((row) => [row.id, row.mimeType])),
  });

  route(api, {
    method: 'POST',
    path: FILE_CALLS.grants,
    auth: 'session',
    body: fileIdsBody,
    handler: async ({ body, principal }) => {
      const found = await files.findMany(body.pkFiles);
      return fileGrants.issue(
        found.map((row) => row.id),
        principal.userId,
      );
    },
  });
}

/** RFC 6266: an ASCII fallback and the UTF-8 name; nothing in it can end the header or the parameter. */
export function inlineDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^A-Za-z0-9._-]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function sendStored(reply: FastifyReply, path: string, mimeType: string, fileName: string, cacheControl: string): FastifyReply {
  return reply
    .type(mimeType)
    .header('content-disposition', inlineDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .send(createReadStream(path));
}

interface FileGetDeps {
  db: Db;
  files: FileStore;
  fileGrants: FileGrants;
}

/**
 * A grant admits its holder while the user it names still has a live session: signing out of every
 * session (or a password change, which ends them all) closes the user's open grants too.
 */
async function grantedFile(deps: FileGetDeps, fileId: string, grant: unknown): Promise<StoredFile> {
  const holder = deps.fileGrants.verify(fileId, grant);
  // Another file's grant, an expired or a forged one: the session may well be live, so not a 401.
  if (!holder) throw new ApiError('FILE_GRANT_INVALID', translate('server:file.grantInvalid'), 403);
  const [live] = await deps.db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.userId, holder.userId)).limit(1);
  if (!live) throw protocolError('UNAUTHORIZED');
  const file = await deps.files.find(fileId);
  if (!file) throw protocolError('NOT_FOUND', translate('server:file.notFound'));
  return file;
}

/**
 * Public means flagged public (the built-in logo and favicon) or an image the nav-view config
 * currently names as logo or favicon, so an operator can switch the logo to an uploaded image.
 * Nothing else is ever served without a grant.
 */
async function isPublicFile(db: Db, file: StoredFile): Promise<boolean> {
  if (file.isPublic) return true;
  if (!isImageMimeType(file.mimeType)) return false;
  const named = await db
    .select({ key: sysConfigs.configKey })
    .from(sysConfigs)
    .where(and(eq(sysConfigs.configValue, file.id), inArray(sysConfigs.configKey, [CONFIG_KEY.logoFileId, CONFIG_KEY.faviconFileId])));
  return named.length > 0;
}

const GRANTED_CACHE = 'private, max-age=600';
const PUBLIC_CACHE = 'public, max-age=3600';

/** The GETs outside the signed plugin; registered on the app like the export ticket download. */
export function registerFileGets(app: FastifyInstance, deps: FileGetDeps): void {
  type Params = { id: string; thumbnailType: string };
  type Query = Record<string, unknown>;

  app.get<{ Params: Params; Querystring: Query }>(`${API_BASE}${FILE_GET_ROUTES.snapshot}`, async (request, reply) => {
    const { id, thumbnailType } = request.params;
    if (!THUMBNAIL_TYPES.includes(thumbnailType as ThumbnailType))
      throw protocolError('NOT_FOUND', translate('server:file.thumbnailType', { allowed: THUMBNAIL_TYPES.join(', ') }));
    const file = await grantedFile(deps, id, request.query[FILE_GRANT_QUERY_KEY]);
    if (!isImageMimeType(file.mimeType)) throw protocolError('NOT_FOUND', translate('server:file.notImage'));
    const snapshot = await deps.files.snapshot(file, thumbnailType as ThumbnailType);
    return sendStored(reply, snapshot.path, snapshot.mimeType, file.originalName, GRANTED_CACHE);
  });

  app.get<{ Params: Params; Querystring: Query }>(`${API_BASE}${FILE_GET_ROUTES.preview}`, async (request, reply) => {
    const file = await grantedFile(deps, request.params.id, request.query[FILE_GRANT_QUERY_KEY]);
    return sendStored(reply, deps.files.pathOf(file.id), file.mimeType, file.originalName, GRANTED_CACHE);
  });

  app.get<{ Params: Params }>(`${API_BASE}${FILE_GET_ROUTES.publicPreview}`, async (request, reply) => {
    const file = /^[A-Za-z0-9-]+$/.test(request.params.id) ? await deps.files.find(request.params.id) : undefined;
    // A private file answers exactly as a missing one: the public call reveals nothing about uploads.
    if (!file || !(await isPublicFile(deps.db, file))) throw protocolError('NOT_FOUND', translate('server:file.notFound'));
    return sendStored(reply, deps.files.pathOf(file.id), file.mimeType, file.originalName, PUBLIC_CACHE);
  });
}
