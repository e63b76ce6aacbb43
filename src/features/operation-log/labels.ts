/**
 * How an operation-log entry names what it touched, once, for the page and for the test that every
 * name has a label (tests/server/operation-log-labels.test.ts): a resource by its declaration's title,
 * else by resources:operationLog.resources.<name>; a field by its declaration's label, else by
 * resources:operationLog.labels.<field>. Bookkeeping fields tell a reader nothing and are not shown
 * (the server leaves them out of new entries; entries written before may still hold them).
 */
import type { AnyResource, FieldSchema } from '../../crud/resource';

/** What every write touches: the record's id, its version and its timestamps. */
export const LOG_BOOKKEEPING_FIELDS: ReadonlySet<string> = new Set(['id', 'dataVersion', 'createTime', 'createBy', 'updateTime', 'updateBy']);

export const logResourceKey = (name: string, resource: AnyResource | undefined): string => resource?.title ?? `resources:operationLog.resources.${name}`;

export function logFieldKey(field: string, resource: AnyResource | undefined): string {
  const schema = resource?.fields[field] as FieldSchema | undefined;
  return schema?.label ?? `resources:operationLog.labels.${field}`;
}

export const isLoggedField = (field: string): boolean => !LOG_BOOKKEEPING_FIELDS.has(field);
