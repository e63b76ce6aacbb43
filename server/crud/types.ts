/** The shapes the generic CRUD routes and the approvable-resource kit share. */
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/open';
import type { Tx } from '../db/tx';
import type { AnyResource, Mode } from './fields';

export type Row = Record<string, unknown>;

export interface CrudHooks {
  /** More checks on the values about to be written, e.g. a reference to another table. */
  beforeWrite?(tx: Tx, values: Row, mode: Mode): Promise<void>;
  /** Refuses a removal by throwing (then nothing is removed); gets the rows about to go. */
  beforeRemove?(tx: Tx, rows: Row[]): Promise<void>;
  /** Adds what answers show beside the columns (e.g. a linked record's status), for pages and records alike. */
  present?(db: Db, rows: Row[]): Promise<Row[]>;
}

/** The change a row action makes to the record it applies to (its `when` already checked). */
export type RowActionChange = (row: Row, now: Date) => Row;

export interface CrudOptions {
  resource: AnyResource;
  table: PgTable;
  hooks?: CrudHooks;
  /** One change per row action the declaration lists (src/crud/resource.ts RowActionDeclaration). */
  actions?: Readonly<Record<string, RowActionChange>>;
  /**
   * Approvable resources (declaration `approval`) that change parts of one table share a scope (e.g.
   * 'corporations'): a record then has one pending change and one history across them. Defaults to the resource's name.
   */
  approvalScope?: string;
  /** Narrows the page call to the rows this declaration shows (e.g. core enterprises only). */
  listScope?: SQL;
  /** What an approved change writes besides the proposed values (e.g. an admission's status), given the change's action. */
  approvalApplies?(action: 'create' | 'update', values: Row): Row;
}
