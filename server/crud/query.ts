/**
 * The page call's filters and order (PROTOCOL.md §7), read from the declaration's `search` and
 * `sortable` marks: eq → `=`, contains → ILIKE with % and _ escaped, range → `${field}Start` /
 * `${field}End` (inclusive). Shared by page and export, so an export holds exactly the listed rows.
 */
import { and, arrayContains, asc, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { defaultSortOf, type FieldSchema } from '../../src/crud/resource';
import { MAX_PAGE_SIZE } from '../../src/protocol/envelope';
import { isCalendarDay } from '../../src/lib/dates';
import { validationError } from '../errors';
import { translate } from '../i18n';
import type { AnyResource } from './fields';
import { fieldLabel } from './field-label';
import type { Links } from './links';
import { multiReferenceFilter, multiReferenceOrder, referenceFilter, referenceOrder } from './reference-targets';

export type Columns = Record<string, PgColumn>;

export { MAX_PAGE_SIZE };
export const DEFAULT_PAGE_SIZE = 20;

/** LIKE's wildcards and its escape character, taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A filter's value as its field's type takes it (a time, a day, an integer, a flag, a text), or the field's refusal. */
export function filterValue(schema: FieldSchema, key: string, value: unknown): unknown {
  if (schema.type === 'datetime') {
    const time = typeof value === 'string' ? new Date(value) : undefined;
    if (!time || Number.isNaN(time.getTime())) throw validationError(translate('server:crud.notDatetime', { field: `${fieldLabel(schema)} (${key})` }));
    return time;
  }
  if (schema.type === 'date') {
    if (!isCalendarDay(value)) throw validationError(translate('server:crud.notDate', { field: `${fieldLabel(schema)} (${key})` }));
    return value;
  }
  if (schema.type === 'integer') {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw validationError(translate('server:crud.notInteger', { field: fieldLabel(schema) }));
    return value;
  }
  if (schema.type === 'boolean') {
    if (typeof value !== 'boolean') throw validationError(translate('server:crud.notBoolean', { field: fieldLabel(schema) }));
    return value;
  }
  if (typeof value !== 'string') throw validationError(translate('server:crud.notString', { field: fieldLabel(schema) }));
  return value;
}

/** Whether a filter was given: absent, null and '' filter nothing. */
export const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * The WHERE conditions of the body's filters; absent or empty filters are ignored. `links`: the link
 * tables of the resource's several-record references (CrudOptions.links), which have no column of
 * their own and are searched through them.
 */
export function filterConditions(resource: AnyResource, columns: Columns, body: Record<string, unknown>, links?: Links): SQL[] {
  const conditions: SQL[] = [];
  for (const [name, schema] of Object.entries(resource.fields)) {
    const column = columns[name];
    const link = schema.type === 'reference' && schema.multiple ? links?.[name] : undefined;
    if (schema.search && link && columns.id) {
      const value = body[name];
      if (!given(value)) continue;
      const typed = String(filterValue(schema, name, value));
      conditions.push(multiReferenceFilter(schema, link, columns.id, typed, `%${escapeLike(typed)}%`));
      continue;
    }
    if (!schema.search || !column) continue;
    if (schema.search === 'range') {
      const start = body[`${name}Start`];
      const end = body[`${name}End`];
      if (given(start)) conditions.push(gte(column, filterValue(schema, `${name}Start`, start)));
      if (given(end)) conditions.push(lte(column, filterValue(schema, `${name}End`, end)));
      continue;
    }
    const value = body[name];
    if (!given(value)) continue;
    const typed = filterValue(schema, name, value);
    if (schema.type === 'reference') {
      conditions.push(referenceFilter(schema, column, String(typed), `%${escapeLike(String(typed))}%`));
      continue;
    }
    if (schema.multiple) conditions.push(arrayContains(column, [typed]));
    else conditions.push(schema.search === 'contains' ? ilike(column, `%${escapeLike(String(typed))}%`) : eq(column, typed));
  }
  return conditions;
}

export const whereOf = (conditions: SQL[]) => (conditions.length ? and(...conditions) : undefined);

interface OrderItem {
  field: string;
  order: 'asc' | 'desc';
}

export function readOrderBy(value: unknown): OrderItem[] {
  if (value === undefined || value === null) return [];
  const ok =
    Array.isArray(value) &&
    value.every((item: unknown) => {
      if (typeof item !== 'object' || item === null) return false;
      const { field, order } = item as Record<string, unknown>;
      return typeof field === 'string' && (order === undefined || order === 'asc' || order === 'desc');
    });
  if (!ok) throw validationError(translate('server:crud.orderBy'));
  return (value as Array<{ field: string; order?: 'asc' | 'desc' }>).map(({ field, order }) => ({ field, order: order ?? 'asc' }));
}

/**
 * ORDER BY: the asked sortable fields first, in the order asked, then the declaration's default
 * order for ties (fields already asked are not repeated); the id last, so pages never overlap. A
 * reference sorts by the referenced record's current label (several: through their link table, `links`).
 */
export function orderOf(resource: AnyResource, columns: Columns, body: Record<string, unknown>, links?: Links): SQL[] {
  const asked = readOrderBy(body.orderBy);
  const link = (field: string) => (resource.fields[field]?.type === 'reference' && resource.fields[field].multiple ? links?.[field] : undefined);
  for (const { field } of asked) {
    if (!resource.fields[field]?.sortable || !(columns[field] || link(field))) throw validationError(translate('server:crud.notSortable', { field }));
  }
  const sortKey = (field: string): SQL | PgColumn => {
    const schema = resource.fields[field];
    const linked = link(field);
    if (linked) return multiReferenceOrder(schema, linked, columns.id);
    return schema?.type === 'reference' && schema.reference ? referenceOrder(schema, columns[field]) : columns[field];
  };
  const items = [...asked, ...defaultSortOf(resource).filter((d) => !asked.some((a) => a.field === d.field))];
  return [...items.map(({ field, order }) => (order === 'desc' ? desc(sortKey(field)) : asc(sortKey(field)))), asc(columns.id)];
}

export interface Paging {
  pageNum: number;
  pageSize: number;
}

export function pagingOf(body: Record<string, unknown>): Paging {
  const pageNum = body.pageNum ?? 1;
  const pageSize = body.pageSize ?? DEFAULT_PAGE_SIZE;
  if (typeof pageNum !== 'number' || !Number.isSafeInteger(pageNum) || pageNum < 1) throw validationError(translate('server:crud.pageNum'));
  if (typeof pageSize !== 'number' || !Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw validationError(translate('server:crud.pageSize', { max: String(MAX_PAGE_SIZE) }));
  }
  return { pageNum, pageSize };
}
