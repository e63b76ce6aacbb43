/**
 * The resources a reference field may name (every resource crudRoutes serves registers here), and what
 * a list reads of a reference: its filter and its order by the referenced record's label. Apart from
 * references.ts (checks and labels on write and answer) because the list query (query.ts) builds these
 * while references.ts reads a target's declared filter through that query: in one module each, they
 * imported each other.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AnyResource, FieldSchema } from '../../src/crud/resource';
import { validationError } from '../errors';
import { translate } from '../i18n';
import { fieldLabel } from './field-label';
import type { LinkTable } from './links';

export interface Target {
  resource: AnyResource;
  table: PgTable;
  listScope?: SQL;
}

const targets = new Map<string, Target>();

/** Called by crudRoutes for every resource it serves: it may now be referenced by name. */
export function registerReferenceTarget(target: Target): void {
  targets.set(target.resource.name, target);
}

/** The table a served resource's records live in (the operation log names an entry's record from it). */
export const servedTableOf = (resource: string): PgTable | undefined => targets.get(resource)?.table;

/** The form of a record id (PROTOCOL.md §7: text; a random UUID, or a seed's own such as corp-demo-group): anything else is refused unread. */
export const REFERENCE_ID = /^[A-Za-z0-9-]{1,64}$/;

export const referenceFieldsOf = (resource: AnyResource): Array<[string, FieldSchema]> =>
  Object.entries(resource.fields).filter(([, schema]) => schema.type === 'reference' && schema.reference);

// A declaration naming a resource nobody serves is a programming error: said plainly at the first call.
export function targetOf(schema: FieldSchema): Target & { id: PgColumn; label: PgColumn } {
  const declared = schema.reference!;
  const target = targets.get(declared.resource);
  const columns = target ? (target.table as unknown as Record<string, PgColumn>) : undefined;
  if (!target || !columns?.[declared.labelField])
    throw new Error(`Reference field "${schema.label}" names resource "${declared.resource}" / label "${declared.labelField}", which no crudRoutes serves`);
  return { ...target, id: columns.id, label: columns[declared.labelField] };
}

/**
 * The list filter of a reference field: `contains` matches the referenced record's label (what the
 * operator reads in the column), `eq` its id. Target tables are read in a subquery, one statement.
 */
export function referenceFilter(schema: FieldSchema, column: PgColumn, value: string, pattern: string): SQL {
  const target = targetOf(schema);
  if (schema.search === 'eq') {
    if (!REFERENCE_ID.test(value)) throw validationError(translate('server:crud.notReferenceId', { field: fieldLabel(schema) }));
    return eq(column, value);
  }
  return sql`${column} in (select ${target.id} from ${target.table} where ${target.label} ilike ${pattern})`;
}

/**
 * The list filter of a several-record reference (its ids in a link table, the owner's table has no
 * column for it): `contains` keeps the records that name at least one record whose label matches,
 * `eq` those that name that record. One statement, the link and target tables read in subqueries.
 */
export function multiReferenceFilter(schema: FieldSchema, link: LinkTable, ownerId: PgColumn, value: string, pattern: string): SQL {
  const target = targetOf(schema);
  if (schema.search === 'eq') {
    if (!REFERENCE_ID.test(value)) throw validationError(translate('server:crud.notReferenceId', { field: fieldLabel(schema) }));
    return sql`${ownerId} in (select ${link.owner} from ${link.table} where ${link.target} = ${value})`;
  }
  return sql`${ownerId} in (select ${link.owner} from ${link.table} where ${link.target} in (select ${target.id} from ${target.table} where ${target.label} ilike ${pattern}))`;
}

/**
 * What a reference column sorts by: the referenced record's label as the column shows it now, never
 * its id (a record naming nothing sorts as an empty label, last ascending). Several references sort by
 * their labels joined in the order picked, as the column reads them.
 */
export function referenceOrder(schema: FieldSchema, column: PgColumn): SQL {
  const target = targetOf(schema);
  return sql`(select ${target.label} from ${target.table} where ${target.id} = ${column})`;
}

export function multiReferenceOrder(schema: FieldSchema, link: LinkTable, ownerId: PgColumn): SQL {
  const target = targetOf(schema);
  return sql`(select string_agg(${target.label}, '、' order by ${link.position}) from ${link.table} join ${target.table} on ${target.id} = ${link.target} where ${link.owner} = ${ownerId})`;
}
