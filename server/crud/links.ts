/**
 * Several-record references (FieldSchema `type: 'reference', multiple: true`): each chosen record is a
 * row of a link table (CrudOptions.links) with a key to the owning record and one to the referenced
 * record, so the database refuses a reference to nothing and the referenced record cannot be removed
 * while named. The owner's table has no column for the field: the generic routes take the field's ids
 * out of the values before they write the row (splitLinks), write the link rows after it
 * (writeLinks), and put the ids back, in the order picked, into every row they read (withLinks).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AnyResource } from '../../src/crud/resource';
import type { Db } from '../db/open';
import type { Tx } from '../db/tx';
import type { Row } from './types';

/** Where a several-record reference is stored: the link table and its owner, referenced-record and order columns. */
export interface LinkTable {
  table: PgTable;
  owner: PgColumn;
  target: PgColumn;
  position: PgColumn;
}

export type Links = Readonly<Record<string, LinkTable>>;

/** The declaration's several-record reference fields. */
export const multiReferenceFieldsOf = (resource: AnyResource): string[] =>
  Object.entries(resource.fields)
    .filter(([, schema]) => schema.type === 'reference' && schema.multiple)
    .map(([name]) => name);

/** A several-record reference without its link table would be written nowhere: said plainly when the routes are built. */
export function checkLinksDeclared(resource: AnyResource, links: Links | undefined): void {
  for (const name of multiReferenceFieldsOf(resource)) {
    if (!links?.[name])
      throw new Error(
        `Resource "${resource.name}" declares field "${name}" as several references, but its routes give no link table for it (CrudOptions.links)`,
      );
  }
}

/** The values for the owner's own columns, and the ids of each link field the values carry (absent: unchanged). */
export function splitLinks(links: Links | undefined, values: Row): { columns: Row; linked: Record<string, string[]> } {
  if (!links) return { columns: values, linked: {} };
  const columns: Row = {};
  const linked: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!links[name]) columns[name] = value;
    else if (value !== undefined) linked[name] = Array.isArray(value) ? [...new Set(value.map(String))] : [];
  }
  return { columns, linked };
}

/** Replaces the link rows of one record by the ids given, in their order. */
export async function writeLinks(tx: Tx, links: Links | undefined, ownerId: string, linked: Record<string, string[]>): Promise<void> {
  for (const [name, ids] of Object.entries(linked)) {
    const link = links![name];
    await tx.delete(link.table).where(eq(link.owner, ownerId));
    if (!ids.length) continue;
    const columns = link.table as unknown as Record<string, PgColumn>;
    const key = (column: PgColumn) => Object.keys(columns).find((k) => columns[k] === column)!;
    await tx
      .insert(link.table)
      .values(ids.map((id, position) => ({ [key(link.owner)]: ownerId, [key(link.target)]: id, [key(link.position)]: position })) as PgTable['$inferInsert'][]);
  }
}

/** Rows with each link field's ids, as stored now, in the order picked (an empty list when none). */
export async function withLinks<T extends Row>(db: Db | Tx, links: Links | undefined, rows: T[]): Promise<T[]> {
  if (!links || !rows.length) return rows;
  const ids = rows.map((row) => row.id).filter((id): id is string => typeof id === 'string');
  if (!ids.length) return rows;
  const added = new Map<string, Row>(ids.map((id) => [id, {}]));
  for (const [name, link] of Object.entries(links)) {
    const read = await db
      .select({ owner: link.owner, target: link.target })
      .from(link.table)
      .where(inArray(link.owner, ids))
      .orderBy(asc(link.owner), asc(link.position));
    for (const id of ids) added.get(id)![name] = [];
    for (const { owner, target } of read) (added.get(String(owner))![name] as string[]).push(String(target));
  }
  return rows.map((row) => (typeof row.id === 'string' ? { ...row, ...added.get(row.id) } : row));
}
