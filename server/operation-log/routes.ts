/**
 * The operation log's calls: page, find-by-id and export through the kit, behind the declaration's
 * permissions. The declaration offers no add, edit or remove, so the kit registers no such call:
 * nothing changes the log through the API. Each entry is answered with the names of the records its
 * ids name (server/operation-log/names.ts), read now in the reader's language.
 */
import type { FastifyInstance } from 'fastify';
import { operationLogResource } from '../../src/resources/operation-log';
import type { AppContext } from '../context';
import { crudRoutes } from '../crud/routes';
import { operationLogs } from '../db/schema';
import { withEntryNames } from './names';

export function operationLogRoutes(api: FastifyInstance, ctx: AppContext): void {
  crudRoutes(api, ctx, { resource: operationLogResource, table: operationLogs, hooks: { present: withEntryNames } });
}
