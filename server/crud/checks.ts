/**
 * The checks a write of a declared resource passes inside its transaction, whether it is written at
 * once (the generic CRUD routes) or proposed for approval and applied when approved (approvals.ts).
 */
import { and, eq, getTableColumns, inArray, ne } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { contentFileIds } from '../../src/lib/html-policy';
import { isImageMimeType } from '../../src/lib/files';
import type { Db } from '../db/open';
import { storedFiles, sysDictData } from '../db/schema';
import type { Tx } from '../db/tx';
import { aboutField, businessError, notFoundError, validationError } from '../errors';
import { translate } from '../i18n';
import { fieldLabel } from './fields';
import type { Columns } from './query';
import type { CrudOptions, Row } from './types';

export const columnsOf = (table: PgTable) => getTableColumns(table) as Columns;

/** Dictionary-coded fields take only codes of their dictionary (disabled items included: old records keep them). */
export async function checkDictValues(tx: Tx, options: CrudOptions, values: Row): Promise<void> {
  for (const [name, schema] of Object.entries(options.resource.fields)) {
    const value = values[name];
    if (schema.type !== 'dict' || !schema.dictType || value === undefined || value === null) continue;
    for (const code of Array.isArray(value) ? value : [value]) {
      const [item] = await tx
        .select({ id: sysDictData.id })
        .from(sysDictData)
        .where(and(eq(sysDictData.dictType, schema.dictType), eq(sysDictData.dictValue, String(code))))
        .limit(1);
      if (!item) throw aboutField(validationError(translate('server:crud.notInDict', { field: fieldLabel(schema), value: String(code) })), name);
    }
  }
}

/** Image fields and the images inside rich text name stored images, nothing else. */
export async function checkFileValues(tx: Tx, options: CrudOptions, values: Row): Promise<void> {
  for (const [name, schema] of Object.entries(options.resource.fields)) {
    const value = values[name];
    if (typeof value !== 'string' || (schema.type !== 'image' && schema.type !== 'richText')) continue;
    const ids = schema.type === 'image' ? [value] : contentFileIds(value);
    if (!ids.length) continue;
    const found = await tx.select({ id: storedFiles.id, mimeType: storedFiles.mimeType }).from(storedFiles).where(inArray(storedFiles.id, ids));
    const images = new Set(found.filter((file) => isImageMimeType(file.mimeType)).map((file) => file.id));
    const missing = ids.find((id) => !images.has(id));
    if (missing) throw aboutField(validationError(translate('server:crud.notImage', { field: fieldLabel(schema), value: missing })), name);
  }
}

/** The first unique field whose value another record already holds. */
export async function checkUnique(tx: Tx, options: CrudOptions, values: Row, exceptId?: string): Promise<void> {
  const columns = columnsOf(options.table);
  for (const [name, schema] of Object.entries(options.resource.fields)) {
    if (!schema.unique || values[name] === undefined) continue;
    const conditions = [eq(columns[name], values[name])];
    if (exceptId) conditions.push(ne(columns.id, exceptId));
    const [taken] = await tx
      .select({ id: columns.id })
      .from(options.table)
      .where(and(...conditions))
      .limit(1);
    if (taken) throw aboutField(businessError('DUPLICATE', 'server:crud.duplicate', { field: fieldLabel(schema) }), name);
  }
}

export async function findById(db: Db | Tx, table: PgTable, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(table)
    .where(eq(columnsOf(table).id, id));
  if (!row) throw notFoundError(translate('server:crud.notFound'));
  return row;
}
