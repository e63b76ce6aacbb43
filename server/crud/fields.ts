/**
 * Body checks of the generic CRUD routes, read from the shared field schema (src/crud/resource.ts):
 * the same required / length / pattern / range / money / validator rules the browser's forms apply
 * (src/crud/field-rules.ts), and the declared defaults of fields a create leaves out. Every message names the
 * field by its zh-CN label (locales/zh-CN/resources.json), e.g. 字典名称不能为空.
 */
import type { AnyResource, FieldSchema } from '../../src/crud/resource';
import { CONTENT_FILE_ID, contentHasSubstance } from '../../src/lib/html-policy';
import { isCalendarDay } from '../../src/lib/dates';
import { isValid, validationMessage } from '../../src/lib/validators';
import { DEFAULT_MONEY_DIGITS, ruleFailure } from '../../src/crud/field-rules';
import { sanitizeContentHtml } from '../security/sanitize-html';
import { aboutField, validationError } from '../errors';
import { translate } from '../i18n';
import { moneyValue } from '../validation';
import { REFERENCE_ID } from './reference-targets';
import { fieldLabel } from './field-label';

export { fieldLabel };

export type Mode = 'create' | 'update';

/**
 * Any resource declaration: a declaration's defaultSort names one of its own fields, which makes
 * ResourceDeclaration<SpecificFields> not assignable to the general one; the server reads it as a string.
 */
export type { AnyResource };

/** Fields a caller may write in this mode: never readOnly ones, and createOnly ones only on create. */
export function writableFields(resource: AnyResource, mode: Mode): Array<[string, FieldSchema]> {
  return Object.entries(resource.fields).filter(([, s]) => !s.readOnly && (mode === 'create' || !s.createOnly));
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The declared value rules (length, pattern, range, money digits), as the form checks them too. */
function checkRules(schema: FieldSchema, value: unknown): void {
  const failure = ruleFailure(schema, value);
  if (failure) throw validationError(translate('server:crud.rule', { field: fieldLabel(schema), message: translate(failure.key, failure.params) }));
}

function checkValue(name: string, schema: FieldSchema, value: unknown): unknown {
  const field = fieldLabel(schema);
  if (schema.type === 'reference' && schema.multiple) {
    // Only the form of each id here, as for one reference; the records are checked in the write's transaction.
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && REFERENCE_ID.test(v)))
      throw validationError(translate('server:crud.notReferenceId', { field }));
    return [...new Set(value as string[])];
  }
  if (schema.type === 'dict' && schema.multiple) {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v !== '')) throw validationError(translate('server:crud.notString', { field }));
    return [...new Set(value as string[])];
  }
  switch (schema.type) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw validationError(translate('server:crud.notInteger', { field }));
      checkRules(schema, value);
      return value;
    case 'money': {
      // The one money rule of every route (server/validation.ts) in the declared digits; zero is a
      // value here, a declared min says otherwise. Then the declared range.
      const text = moneyValue(value, name, field, { digits: schema.money ?? DEFAULT_MONEY_DIGITS, allowZero: true });
      checkRules(schema, text);
      return text;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw validationError(translate('server:crud.notBoolean', { field }));
      return value;
    case 'reference':
      // Only the form of an id here; whether it names a record the field may take is checked in the write's transaction (references.ts).
      if (typeof value !== 'string' || !REFERENCE_ID.test(value)) throw validationError(translate('server:crud.notReferenceId', { field }));
      return value;
    case 'image':
      if (typeof value !== 'string' || !CONTENT_FILE_ID.test(value)) throw validationError(translate('server:crud.notFileId', { field }));
      return value;
    case 'richText': {
      if (typeof value !== 'string') throw validationError(translate('server:crud.notString', { field }));
      // Stored as the policy leaves it: what is read back holds nothing executable, whoever shows it.
      const html = sanitizeContentHtml(value);
      if (schema.maxLength !== undefined && html.length > schema.maxLength) {
        throw validationError(translate('server:crud.tooLong', { field, max: String(schema.maxLength) }));
      }
      return contentHasSubstance(html) ? html : '';
    }
    case 'datetime': {
      const time = typeof value === 'string' ? new Date(value) : undefined;
      if (!time || Number.isNaN(time.getTime())) throw validationError(translate('server:crud.notDatetime', { field }));
      return time;
    }
    case 'date':
      // Stored as the day itself: read through a Date it would shift by the server's zone.
      if (!isCalendarDay(value)) throw validationError(translate('server:crud.notDate', { field }));
      return value;
    default: {
      if (typeof value !== 'string') throw validationError(translate('server:crud.notString', { field }));
      const text = value.trim();
      if (schema.maxLength !== undefined && text.length > schema.maxLength) {
        throw validationError(translate('server:crud.tooLong', { field, max: String(schema.maxLength) }));
      }
      if (schema.validator && !isValid(schema.validator, text)) {
        throw validationError(translate('server:crud.invalid', { field, message: validationMessage(schema.validator) }));
      }
      checkRules(schema, text);
      return text;
    }
  }
}

/**
 * The writable values of a body. On create every required field must be present; on update an
 * absent field keeps its value, but a required one cannot be emptied. Unknown and read-only keys
 * are ignored (forms send the whole record back).
 */
export function readInput(resource: AnyResource, body: Record<string, unknown>, mode: Mode): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of writableFields(resource, mode)) {
    // Sensitive values arrive encrypted and are read by server/sensitive (crudRoutes does it).
    if (schema.sensitive) continue;
    // A create that leaves a field out takes its declared default, as the form would have sent it.
    const value = mode === 'create' && body[name] === undefined && schema.defaultValue !== undefined ? schema.defaultValue : body[name];
    // An empty list is empty only for a field that takes a list; elsewhere it is a wrong value (a money field refuses it as money).
    const empty = isEmpty(value) || (schema.multiple && Array.isArray(value) && value.length === 0) || (typeof value === 'string' && value.trim() === '');
    if (empty) {
      if (schema.required && (mode === 'create' || value !== undefined)) {
        throw aboutField(validationError(translate('server:crud.required', { field: fieldLabel(schema) })), name);
      }
      // Free text (remarks), an image and an optional reference can be cleared; other optional fields keep their value or column default.
      if (value !== undefined && (schema.type === 'text' || schema.type === 'image' || schema.type === 'reference')) values[name] = schema.multiple ? [] : null;
      continue;
    }
    let checked: unknown;
    try {
      checked = checkValue(name, schema, value);
    } catch (error) {
      throw aboutField(error, name);
    }
    // Rich text that sanitises to nothing (only a script, empty paragraphs) is empty.
    if (checked === '') {
      if (schema.required) throw aboutField(validationError(translate('server:crud.required', { field: fieldLabel(schema) })), name);
      values[name] = null;
      continue;
    }
    values[name] = checked;
  }
  return values;
}

export function requireId(body: Record<string, unknown>): string {
  const { id } = body;
  if (typeof id !== 'string' || id === '') throw validationError(translate('server:crud.idRequired'));
  return id;
}

export const MAX_IDS = 500;
