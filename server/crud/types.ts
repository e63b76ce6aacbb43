/** The shapes the generic CRUD routes and the approvable-resource kit share. */
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/open';
import type { Tx } from '../db/tx';
import type { Principal } from '../security/sessions';
import type { FieldSchema } from '../../src/crud/resource';
import type { AnyResource, Mode } from './fields';
import type { Links } from './links';

export type Row = Record<string, unknown>;

/** The record a write is about: its id and the row as it was (update), and who writes. */
export interface WriteTarget {
  /** Absent on create: the row has no id yet. */
  id?: string;
  /** The row as it was, read and locked in the write's transaction (update). */
  before?: Row;
  /** Who writes (or, for an approvable resource, who proposes). */
  principal: Pick<Principal, 'userId' | 'username' | 'personName' | 'roles'>;
}

/** A write that happened, seen inside its transaction: what an operation log or a follow-up rule needs. */
export interface WriteEvent {
  kind: 'create' | 'update' | 'remove' | 'action';
  /** The row action's name, for kind 'action'. */
  action?: string;
  id: string;
  /** The row as it was (update, remove, action); absent on create. */
  before?: Row;
  /** The row as written (create, update, action); absent on remove. */
  after?: Row;
  principal: Principal;
}

/**
 * Per-resource rules around the generic writes. Every hook runs inside the write's transaction,
 * after the row is locked: throwing refuses the write and undoes everything it did.
 */
export interface CrudHooks {
  /** More checks on (or additions to) the values about to be written, e.g. a reference to another table. */
  beforeWrite?(tx: Tx, values: Row, mode: Mode, target: WriteTarget): Promise<void>;
  /** Refuses a removal by throwing (then nothing is removed); gets the rows about to go. */
  beforeRemove?(tx: Tx, rows: Row[]): Promise<void>;
  /** Hears every write once it is made, one call per row, before the transaction commits. */
  afterWrite?(tx: Tx, event: WriteEvent): Promise<void>;
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
  /**
   * Fields of the table that a process owns (FieldSchema.ownedBy), whether or not this declaration
   * lists them: its updates refuse to change them unless it is that process's own (server/crud/owned-fields.ts).
   */
  ownedFields?: Readonly<Record<string, FieldSchema>>;
  /** The link table of each several-record reference field (FieldSchema multiple reference), by field name (server/crud/links.ts). */
  links?: Links;
  /** What an approved change writes besides the proposed values (e.g. an admission's status), given the change's action. */
  approvalApplies?(action: 'create' | 'update', values: Row): Row;
}
