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

/**
 * How a field the declaration does not describe is shown: amounts as money, times as date-times,
 * true/false as yes/no, lists one item after another; judged by the field's name and its value.
 */
export type LoggedValueKind = 'money' | 'datetime' | 'boolean' | 'list' | 'plain';

const MONEY_NAME = /(^amount$|Amount$)/;
const TIME_NAME = /(Time|At)$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

export function loggedValueKind(field: string, value: unknown): LoggedValueKind {
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value)) return 'list';
  if (MONEY_NAME.test(field) && (typeof value === 'number' || (typeof value === 'string' && DECIMAL.test(value)))) return 'money';
  if (TIME_NAME.test(field) && typeof value === 'string' && ISO_TIME.test(value)) return 'datetime';
  return 'plain';
}

/**
 * A record's id beside the field that names it (coreCorpId beside coreName, noteId beside noteNo,
 * evidenceFileId beside evidenceName): the name says it to a reader, so the id is not shown.
 */
export function namedBySibling(field: string, names: ReadonlySet<string>): boolean {
  const match = /^(.*?)(Corp)?(File)?Id$/.exec(field);
  if (!match) return false;
  const stem = match[1];
  return ['Name', 'No', 'CorpName'].some((suffix) => names.has(`${stem}${suffix}`));
}

/**
 * Coded values of resources without a declaration, by the labels their own screens use: the key
 * prefix under which `<prefix>.<value>` names the value (a conversation's status as 在线客服 shows it).
 */
const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'support-conversations': { status: 'messages:support.status' },
};

/** The locale key naming a coded value, when its resource and field have one. */
export function loggedValueKey(resource: string, field: string, value: unknown): string | undefined {
  const prefix = VALUE_LABELS[resource]?.[field];
  return prefix && typeof value === 'string' && /^[A-Z_]+$/.test(value) ? `${prefix}.${value}` : undefined;
}
