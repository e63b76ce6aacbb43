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

/** Process variables: an object of text values (which names and values a process takes is checked against its definition). */
export function readVariables(body: Body): Record<string, string> {
  const value = body.variables;
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value) || !Object.values(value).every((v) => typeof v === 'string')) {
    throw validationError(translate('server:workflow.variablesNotObject'));
  }
  return value as Record<string, string>;
}
