/**
 * Reference fields (src/crud/resource.ts FieldSchema.reference) on the server: the id a write names
 * must be a record of the referenced resource inside its declared filter; answers carry the
 * referenced record's current label beside the id (`<field>Label`), read when answered, so a renaming
 * shows at once everywhere; the list's search by a reference matches that label.
 *
 * Every resource crudRoutes registers becomes a possible target (its table, list scope and
 * declaration), so a reference names a resource, never a table, and the picker's list call and the
 * server's check read the same rows.
 */
import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { referenceLabelKey, type AnyResource, type FieldSchema } from '../../src/crud/resource';
import type { Db } from '../db/open';
import type { Tx } from '../db/tx';
import { aboutField, validationError } from '../errors';
import { translate } from '../i18n';
import { fieldLabel } from './field-label';
import { filterConditions } from './query';
import { REFERENCE_ID, referenceFieldsOf, targetOf, type Target } from './reference-targets';
import type { Row } from './types';

export { referenceFieldsOf, registerReferenceTarget, servedTableOf } from './reference-targets';

/**
 * The conditions a chosen record meets: the referenced list's scope and the declared filter, read
 * as that list's own filters (server/crud/query.ts), so the picker offers exactly what is accepted.
 */
function choosable(schema: FieldSchema, target: Target): SQL[] {
  const columns = target.table as unknown as Record<string, PgColumn>;
  return [...(target.listScope ? [target.listScope] : []), ...filterConditions(target.resource, columns, { ...(schema.reference!.filter ?? {}) })];
}

/** Refuses a written id that names no record of the referenced resource, or one outside its filter; nothing is written then. */
export async function checkReferences(tx: Tx, resource: AnyResource, values: Row): Promise<void> {
  for (const [name, schema] of referenceFieldsOf(resource)) {
    const value = values[name];
    if (value === undefined || value === null) continue;
    const target = targetOf(schema);
    // Several references (multiple): every id must name a choosable record; one query for them all.
    const ids = Array.isArray(value) ? [...new Set(value.map(String))] : [String(value)];
    if (!ids.length) continue;
    const found = await tx
      .select({ id: target.id })
      .from(target.table)
      .where(and(inArray(target.id, ids), ...choosable(schema, target)));
    if (found.length !== ids.length) {
      const rule = translate(schema.reference!.filterLabel ?? target.resource.title);
      throw aboutField(validationError(translate('server:crud.notReference', { field: fieldLabel(schema), rule })), name);
    }
  }
}

/** The labels of the referenced records, now: field → id → label. A removed record has none. */
async function labelsOf(db: Db | Tx, resource: AnyResource, rows: readonly Row[]): Promise<Map<string, Map<string, string>>> {
  const labels = new Map<string, Map<string, string>>();
  for (const [name, schema] of referenceFieldsOf(resource)) {
    const ids = [
      ...new Set(
        rows
          .flatMap((row) => (Array.isArray(row[name]) ? row[name] : [row[name]]))
          .filter((id): id is string => typeof id === 'string' && REFERENCE_ID.test(id)),
      ),
    ];
    const found = new Map<string, string>();
    if (ids.length) {
      const target = targetOf(schema);
      const read = await db.select({ id: target.id, label: target.label }).from(target.table).where(inArray(target.id, ids));
      for (const { id, label } of read) found.set(String(id), String(label));
    }
    labels.set(name, found);
  }
  return labels;
}

/**
 * Rows with `<field>Label` beside each reference field's id: the current label, or null when the id
 * names no record (for several references, the list of their labels). What page, find-by-id, export and a change's proposed and previous values answer.
 */
export async function withReferenceLabels<T extends Row>(db: Db | Tx, resource: AnyResource, rows: T[]): Promise<T[]> {
  const fields = referenceFieldsOf(resource);
  if (!fields.length || !rows.length) return rows;
  const labels = await labelsOf(db, resource, rows);
  return rows.map((row) => {
    const added: Row = {};
    for (const [name] of fields) {
      if (!Object.hasOwn(row, name)) continue;
      const id = row[name];
      const labelOf = (one: unknown) => (typeof one === 'string' ? (labels.get(name)!.get(one) ?? null) : null);
      // Several references: the labels in the order of the ids.
      added[referenceLabelKey(name)] = Array.isArray(id) ? id.map(labelOf) : labelOf(id);
    }
    return { ...row, ...added };
  });
}
