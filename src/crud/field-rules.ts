/**
 * A declared field's value rules, checked by one function on both sides: the kit's forms turn a
 * failure into the message under the input, the server's CRUD routes into VALIDATION_FAILED naming
 * the field. Empty values pass here: `required` is its own rule on each side.
 */
import { moneyInputText, parseDecimal } from '../lib/money';
import type { FieldSchema } from './resource';

/** Spec 5.4 "Amount": up to 14 integer digits and 2 decimals; a money field without `money` digits gets these. */
export const DEFAULT_MONEY_DIGITS = { integer: 14, decimal: 2 } as const;

/** A broken rule: a locale key (namespace kit unless the declaration named its own) and its values. */
export interface RuleFailure {
  key: string;
  params?: Record<string, string>;
}

function numericFailure(schema: FieldSchema, value: string | number): RuleFailure | undefined {
  const decimal = parseDecimal(value);
  if (!decimal) return { key: 'kit:rules.notNumber' };
  if (schema.type === 'money') {
    // The one money rule of every route (src/lib/money's moneyInputText): the form refuses what the server refuses.
    const digits = schema.money ?? DEFAULT_MONEY_DIGITS;
    if (moneyInputText(value, digits) === null) {
      const { integer, decimal: places } = digits;
      return { key: 'kit:rules.money', params: { integer: String(integer), decimal: String(places) } };
    }
  }
  // Bounds are small declared numbers: comparing as doubles is exact enough for them.
  const number = Number(String(value));
  if (schema.min !== undefined && number < schema.min) return { key: 'kit:rules.min', params: { min: String(schema.min) } };
  if (schema.max !== undefined && number > schema.max) return { key: 'kit:rules.max', params: { max: String(schema.max) } };
  return undefined;
}

/** The first rule of the field the value breaks (length, pattern, range, money digits), or undefined. */
export function ruleFailure(schema: FieldSchema, value: unknown): RuleFailure | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (schema.type === 'integer' || schema.type === 'money') {
    return typeof value === 'string' || typeof value === 'number' ? numericFailure(schema, value) : { key: 'kit:rules.notNumber' };
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (schema.minLength !== undefined && text.length < schema.minLength) return { key: 'kit:rules.minLength', params: { min: String(schema.minLength) } };
  if (schema.maxLength !== undefined && text.length > schema.maxLength) return { key: 'kit:form.maxLength', params: { max: String(schema.maxLength) } };
  if (schema.pattern && !new RegExp(schema.pattern.source, schema.pattern.flags).test(text)) return { key: schema.pattern.message };
  return undefined;
}
