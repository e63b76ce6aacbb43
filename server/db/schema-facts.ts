/**
 * What the input gate and the error handler need to know about the schema, read from the Drizzle
 * tables themselves so a new table or column is covered without being re-typed here:
 *   - the range of every integer column, by the field name a request carries it under;
 *   - every unique index and unique constraint, by its name, with the fields it covers.
 */
import { getTableColumns, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { RESOURCE_TABLES } from '../resources/registry';
import * as schema from './schema';

export interface IntegerRange {
  min: number;
  max: number;
}

/** PostgreSQL's integer types, by Drizzle's column type; bigint in "number" mode stops at the safe integers. */
const RANGE_OF: Readonly<Record<string, IntegerRange>> = {
  PgSmallInt: { min: -32_768, max: 32_767 },
  PgSmallSerial: { min: 1, max: 32_767 },
  PgInteger: { min: -2_147_483_648, max: 2_147_483_647 },
  PgSerial: { min: 1, max: 2_147_483_647 },
  PgBigInt53: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  PgBigSerial53: { min: 1, max: Number.MAX_SAFE_INTEGER },
};

export interface UniqueIndex {
  table: string;
  /** The fields (Drizzle property names, as requests carry them) the index covers. */
  fields: string[];
}

/** schema.ts's tables and the resources' table files' (server/crud/served.ts). */
export const schemaTables: readonly PgTable[] = [
  ...(Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable)),
  ...RESOURCE_TABLES,
];

/** Property name by SQL column name: index declarations hold copies of the columns, not the columns. */
function propertyNames(table: PgTable): Map<string, string> {
  return new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [(column as PgColumn).name, key]));
}

/**
 * Integer range by field name. A name that is an integer column in one table and something else in
 * another is left to the routes' own checks; two integer columns of one name get the narrower range.
 */
function integerFields(): ReadonlyMap<string, IntegerRange> {
  const ranges = new Map<string, IntegerRange>();
  const notInteger = new Set<string>();
  for (const table of schemaTables) {
    for (const [name, column] of Object.entries(getTableColumns(table))) {
      const range = RANGE_OF[column.columnType];
      if (!range) {
        notInteger.add(name);
        continue;
      }
      const known = ranges.get(name);
      ranges.set(name, known ? { min: Math.max(known.min, range.min), max: Math.min(known.max, range.max) } : range);
    }
  }
  for (const name of notInteger) ranges.delete(name);
  return ranges;
}

function uniqueIndexes(): ReadonlyMap<string, UniqueIndex> {
  const found = new Map<string, UniqueIndex>();
  for (const table of schemaTables) {
    const config = getTableConfig(table);
    const names = propertyNames(table);
    const fieldsOf = (columns: readonly unknown[]) =>
      columns.map((c) => {
        const name = String((c as { name?: string }).name);
        return names.get(name) ?? name;
      });
    for (const index of config.indexes) {
      if (index.config.unique && index.config.name) found.set(index.config.name, { table: config.name, fields: fieldsOf(index.config.columns) });
    }
    for (const constraint of config.uniqueConstraints) {
      found.set(constraint.getName() ?? `${config.name}_unique`, { table: config.name, fields: fieldsOf(constraint.columns) });
    }
    for (const column of config.columns) {
      if (column.isUnique && column.uniqueName) found.set(column.uniqueName, { table: config.name, fields: [names.get(column.name)!] });
    }
    if (config.primaryKeys.length === 0) {
      const primary = config.columns.filter((c) => c.primary);
      if (primary.length) found.set(`${config.name}_pkey`, { table: config.name, fields: primary.map((c) => names.get(c.name)!) });
    }
    for (const key of config.primaryKeys) found.set(key.getName(), { table: config.name, fields: fieldsOf(key.columns) });
  }
  return found;
}

export const INTEGER_FIELDS = integerFields();
export const UNIQUE_INDEXES = uniqueIndexes();
