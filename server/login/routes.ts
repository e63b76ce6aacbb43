/**
 * The login log's calls: page, find-by-id and export through the kit, behind the declaration's
 * permissions. The declaration offers no add, edit or remove, so nothing changes the log through the API.
 */
import type { FastifyInstance } from 'fastify';
import { loginLogResource } from '../../src/resources/login-log';
import type { AppContext } from '../context';
import { crudRoutes } from '../crud/routes';
import { loginLogs } from '../db/schema';

export function loginLogRoutes(api: FastifyInstance, ctx: AppContext): void {
  crudRoutes(api, ctx, { resource: loginLogResource, table: loginLogs });
}
