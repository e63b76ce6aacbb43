/**
 * What a task says it is about: each process declares its summary rule with it, in its area's
 * processes.ts (define.ts `summary`); this module holds what rules are made of and how they are read, so
 * that the 待办, 已办 and 我发起的 rows and the task view's header name the record and its party the same
 * way wherever the process is started. A starter passes the record
 * (`start(principal, { businessKey, record })`); the engine asks the process's rule for the text's
 * locale key and values and stores both: the key and values (summaryRefOf), which each reader's lists
 * render in their own language, and the zh-CN text beside them (searchable, and the fallback).
 *
 * A rule is pure: it reads the record it is given and returns a locale key with its values, and the
 * record's own number (业务编号, below); a value
 * may itself be a locale key ({ key }), translated first (a type, a kind, a level). Amounts are
 * formatted here, with the app's money format (src/lib/money), never by the caller.
 */
import { formatCurrency } from '../lib/money';
import type { ProcessDefinition } from './registry';

export type SummaryRecord = Readonly<Record<string, unknown>>;
export type SummaryValue = string | { key: string };
export interface SummaryText {
  key: string;
  values: Record<string, SummaryValue>;
}
export interface Summary extends SummaryText {
  /**
   * The record's own number or name (a batch number, a product code, a corporation's name): what the
   * task views show as 业务编号, where the instance's business key is an id no operator reads.
   */
  number: string | SummaryText;
}
export type SummaryRule = (record: SummaryRecord) => Summary;

/** A record field as text; absent or empty fields read as an empty string, never "undefined". */
export const text = (record: SummaryRecord, name: string): string => {
  const value = record[name];
  return value === null || value === undefined ? '' : String(value);
};

/**
 * The last four digits of an account number. The record carries it masked (the first and last four
 * kept, src/lib/masking.ts) or in full; either way its last four characters are the real ones.
 */
export function lastFour(value: unknown): string {
  if (typeof value !== 'string') return '';
  const digits = value.replace(/\s/g, '');
  return digits.length >= 4 ? digits.slice(-4) : '';
}

/** A coded value by its locale label; a missing code reads as nothing, not as a missing key. */
export const codeLabel = (record: SummaryRecord, name: string, prefix: string): SummaryValue =>
  text(record, name) ? { key: `${prefix}.${text(record, name)}` } : '';

/** An amount field in the app's money format. */
export const money = (record: SummaryRecord, name: string) => formatCurrency(record[name] as string | number | null | undefined);

/**
 * The record of an approvable resource's change (server/crud/approvals.ts): the values as they will be
 * after the change (`values`: the record as shown, with the proposal over it), the record as it is
 * (`current`, absent for a creation) and the action (create | update).
 */
export const valuesOf = (record: SummaryRecord): SummaryRecord => (record.values ?? {}) as SummaryRecord;
export const currentOf = (record: SummaryRecord): SummaryRecord => (record.current ?? {}) as SummaryRecord;
export const actionOf = (record: SummaryRecord): SummaryValue => ({ key: `workflow:summary.action.${text(record, 'action') || 'update'}` });

/**
 * The summary rule of a process: the one declared with it in its area (define.ts `summary`); every process
 * of the registry has one (tests/unit/workflows/summaries.test.ts).
 */
export const summaryRuleOf = (definition: Pick<ProcessDefinition, 'summary'>): SummaryRule | undefined => definition.summary;

type Translate = (key: string, values?: Record<string, string>) => string;

function render({ key, values }: SummaryText, t: Translate): string {
  const plain = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value : t(value.key)]));
  return t(key, plain);
}

/**
 * The summary and the record's number a rule makes of a record, with a translator (the server's
 * translate, or the browser's t). An empty number is null: the views then show none rather than an id.
 */
export function summaryOf(rule: SummaryRule, record: SummaryRecord, t: Translate): { summary: string; number: string | null } {
  const made = rule(record);
  const number = typeof made.number === 'string' ? made.number : render(made.number, t);
  return { summary: render(made, t), number: number.trim() ? number : null };
}

/** The summary text alone. */
export const summaryText = (rule: SummaryRule, record: SummaryRecord, t: Translate): string => summaryOf(rule, record, t).summary;

/** A summary as a locale key and values, to be rendered when read (the server's MessageRef, server/i18n.ts). */
export interface SummaryRef {
  key: string;
  params: Record<string, string | { key: string }>;
}

const refOf = ({ key, values }: SummaryText): SummaryRef => ({ key, params: { ...values } });

/**
 * The summary and the record's number a rule makes, kept as keys and values: the server stores them
 * and renders them in each reader's language (issue 38 item 8). A number that is plain text stays text.
 */
export function summaryRefOf(rule: SummaryRule, record: SummaryRecord): { summary: SummaryRef; number: string | SummaryRef } {
  const made = rule(record);
  return { summary: refOf(made), number: typeof made.number === 'string' ? made.number : refOf(made.number) };
}
