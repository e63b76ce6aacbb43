/**
 * The caller's own export records (spec §7 /op/v1/export/file-export-records): page, remove-by-ids,
 * export (the file, or a one-time download ticket), count-new and mark-read. Everyone, auditors and
 * admins included, sees only the records they made: an export holds data of its maker's permissions.
 */
import { createReadStream, existsSync } from 'node:fs';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_BASE } from '../../src/protocol/canonical';
import { PERMISSIONS } from '../../src/lib/permissions';
import { exportRecordResource } from '../../src/resources/system';
import type { AppContext } from '../context';
import { pageOf, type CrudOptions } from '../crud/routes';
import { MAX_IDS } from '../crud/fields';
import { fileExportRecords } from '../db/schema';
import { businessError, notFoundError, protocolError } from '../errors';
import { EXPORT_STATUS, publicRecord, type ExportService } from '../exports/service';
import { translate } from '../i18n';
import { route } from './route';
import { z } from 'zod';
import { bool, id, ids, optional } from '../input/fields';

const BASE = exportRecordResource.apiBase;
export const DOWNLOAD_PATH = `${BASE}/download`;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const records: CrudOptions = { resource: exportRecordResource, table: fileExportRecords };
const own = (userId: string) => eq(fileExportRecords.userId, userId);
const removeBody = z.object({ ids: ids('server:input.fields.ids', MAX_IDS) });
const pageBody = z.looseObject({});
// ticket: true asks for a one-time download URL instead of the file itself (a plain form can then save it).
const exportBody = z.object({ id: id('server:input.fields.id'), ticket: optional(bool('server:input.fields.ticket')) });

/** Streams an .xlsx as an attachment; the UTF-8 filename* carries the Chinese name, filename an ASCII fallback. */
export function sendXlsx(reply: FastifyReply, filePath: string, fileName: string): FastifyReply {
  if (!existsSync(filePath)) throw businessError('NOT_FOUND', 'server:export.fileMissing');
  const disposition = `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  return reply.type(XLSX_TYPE).header('content-disposition', disposition).header('cache-control', 'no-store').send(createReadStream(filePath));
}

export function exportRecordRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { db, exports } = ctx;
  const permissions = PERMISSIONS.exportRecord;

  route(api, {
    method: 'POST',
    path: `${BASE}/page`,
    auth: 'session',
    permission: permissions.list,
    // The filters, sort and paging are the kit's page reader's, by the resource's field rules.
    body: pageBody,
    handler: async ({ body, principal }) => {
      const page = await pageOf(db, records, body, [own(principal.userId)]);
      return { ...page, records: page.records.map((r) => publicRecord(r as typeof fileExportRecords.$inferSelect)) };
    },
  });

  route(api, {
    method: 'POST',
    path: `${BASE}/remove-by-ids`,
    auth: 'session',
    permission: permissions.remove,
    body: removeBody,
    handler: async ({ body, principal }) => {
      const removed = await db
        .delete(fileExportRecords)
        .where(and(own(principal.userId), inArray(fileExportRecords.id, body.ids)))
        .returning({ filePath: fileExportRecords.filePath });
      await exports.removeFiles(removed.map((r) => r.filePath));
      return removed.length;
    },
  });

  route(api, {
    method: 'POST',
    path: `${BASE}/export`,
    auth: 'session',
    permission: permissions.download,
    body: exportBody,
    handler: async ({ body, principal, reply }) => {
      const [record] = await db
        .select()
        .from(fileExportRecords)
        .where(and(own(principal.userId), eq(fileExportRecords.id, body.id)));
      if (!record) throw notFoundError(translate('server:export.notFound'));
      if (record.status !== EXPORT_STATUS.success || !record.filePath) throw businessError('EXPORT_NOT_READY', 'server:export.notReady');
      if (body.ticket) {
        const ticket = await exports.tickets.issue({ recordId: record.id, userId: principal.userId, filePath: record.filePath, fileName: record.fileName });
        return { url: `${API_BASE}${DOWNLOAD_PATH}/${ticket}` };
      }
      return sendXlsx(reply, record.filePath, record.fileName);
    },
  });

  route(api, {
    method: 'POST',
    path: `${BASE}/count-new`,
    auth: 'session',
    permission: permissions.list,
    handler: async ({ principal }) => {
      const [{ total }] = await db
        .select({ total: count() })
        .from(fileExportRecords)
        .where(and(own(principal.userId), isNull(fileExportRecords.readAt)));
      return total;
    },
  });

  route(api, {
    method: 'POST',
    path: `${BASE}/mark-read`,
    auth: 'session',
    permission: permissions.list,
    handler: async ({ principal }) => {
      const marked = await db
        .update(fileExportRecords)
        .set({ readAt: new Date() })
        .where(and(own(principal.userId), isNull(fileExportRecords.readAt)))
        .returning({ id: fileExportRecords.id });
      return marked.length;
    },
  });
}

/**
 * The ticket download: a plain GET outside the signed /api/web plugin (a form or link cannot sign),
 * safe because the ticket is unguessable, bound to one file, spent on first use and gone after 60 s.
 */
export function registerTicketDownload(app: FastifyInstance, exports: ExportService): void {
  app.get<{ Params: { ticket: string } }>(`${API_BASE}${DOWNLOAD_PATH}/:ticket`, async (request, reply) => {
    const grant = await exports.tickets.take(request.params.ticket);
    if (!grant) throw protocolError('NOT_FOUND', translate('server:export.ticketInvalid'));
    return sendXlsx(reply, grant.filePath, grant.fileName);
  });
}
