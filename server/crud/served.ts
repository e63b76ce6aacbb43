/**
 * A resource served by the generic CRUD routes with no route module of its own: its table file says
 * which declaration the table holds (and, if it needs them, the hooks or row actions crudRoutes takes),
 *
 *   export const bankAccounts = pgTable('bank_accounts', { id: idColumn(), …, ...recordColumns() });
 *   export const served = serveResource(bankAccountResource, bankAccounts);
 *
 * and the server finds it (server/resources/registry.ts) and registers its routes at start. Pure data,
 * so drizzle-kit can read the table file as part of the schema.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AnyResource } from '../../src/crud/resource';
import type { CrudOptions } from './types';

const SERVED = Symbol.for('scf.servedResource');

export interface ServedResource {
  readonly [SERVED]: true;
  readonly options: CrudOptions;
}

export function serveResource(resource: AnyResource, table: PgTable, options: Omit<CrudOptions, 'resource' | 'table'> = {}): ServedResource {
  return { [SERVED]: true, options: { ...options, resource, table } };
}

export function isServedResource(value: unknown): value is ServedResource {
  return typeof value === 'object' && value !== null && (value as Partial<ServedResource>)[SERVED] === true;
}
