/**
 * Body readers of the workflow calls. Each refusal is a VALIDATION_FAILED naming the field, thrown
 * before anything is read or written.
 */
import { MAX_WORKFLOW_TEXT } from '../../src/workflows/limits';
import { validationError } from '../errors';
import { translate } from '../i18n';
import { isPlainObject } from '../validation';

export type Body = Record<string, unknown>;

export const MAX_BUSINESS_KEY = 100;
export const MAX_TEXT = MAX_WORKFLOW_TEXT;

export function requireBody(body: unknown): Body {
  if (body === undefined || body === null) return {};
  if (!isPlainObject(body)) throw validationError(translate('server:validation.bodyNotObject'));
  return body;
}

/** A trimmed text of at most `max` characters, or undefined when absent or empty. */
export function optionalText(body: Body, field: string, max = MAX_TEXT): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw validationError(translate('server:workflow.notString', { field }));
  const text = value.trim();
  if (text.length > max) throw validationError(translate('server:workflow.fieldTooLong', { field, max: String(max) }));
  return text === '' ? undefined : text;
}

export function requireText(body: Body, field: string, missingKey: string, max = MAX_TEXT): string {
  const text = optionalText(body, field, max);
  if (text === undefined) throw validationError(translate(missingKey));
  return text;
}

export function optionalInteger(body: Body, field: string, messageKey: string): number | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw validationError(translate(messageKey));
  return value;
}

/** A value from a fixed set, or undefined when absent. */
export function optionalOneOf<T extends string>(body: Body, field: string, allowed: readonly T[], messageKey: string): T | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw validationError(translate(messageKey, { value: String(value) }));
  return value as T;
}

/** Process variables: an object of text values (which names and values a process takes is checked against its definition). */
export function readVariables(body: Body): Record<string, string> {
  const value = body.variables;
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value) || !Object.values(value).every((v) => typeof v === 'string')) {
    throw validationError(translate('server:workflow.variablesNotObject'));
  }
  return value as Record<string, string>;
}
