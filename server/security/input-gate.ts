/**
 * The one input gate every /api/web body passes after JSON parsing and before any route's own
 * validate or handler. It refuses, as VALIDATION_FAILED naming the field, what no column can hold:
 *   - text (values and keys) with a NUL character or an unpaired UTF-16 surrogate: PostgreSQL text
 *     and jsonb refuse NUL, and a lone surrogate has no UTF-8 form;
 *   - under the name of an integer column, a number that is not an integer of that column's range
 *     (the ranges come from the schema, server/db/schema-facts.ts);
 *   - nesting deeper than any request needs, so no later recursive walk can exhaust the stack.
 * Classes of input, not cases: a route added later is covered without doing anything.
 */
import { ApiError } from '../errors';
import { hasMessage, translate } from '../i18n';
import { INTEGER_FIELDS } from '../db/schema-facts';

/** Deeper than any form, filter or workflow variable the app sends. */
export const MAX_BODY_DEPTH = 32;

/** A NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// eslint-disable-next-line no-control-regex
const UNREADABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A refusal of the gate: VALIDATION_FAILED, the field named in the message and in `data.fields`. */
export class InputRefused extends ApiError {
  constructor(message: string, field: string | undefined) {
    super('VALIDATION_FAILED', message, 200, field === undefined ? undefined : [field]);
    this.name = 'InputRefused';
  }
}

const NUL = String.fromCharCode(0);

const pathOf = (parent: string, key: string | number) => (typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key);

function checkText(text: string, field: string): void {
  if (!UNREADABLE.test(text)) return;
  // A field's name is shown as it was sent, minus what made it unreadable.
  const shown = field.replaceAll(NUL, '').replace(/[\uD800-\uDFFF]/g, '?') || '?';
  const key = text.includes(NUL) ? 'server:input.nul' : 'server:input.surrogate';
  throw new InputRefused(translate(key, { field: shown }), shown);
}

/** The words for a body key the routes' schemas label (server:input.fields, server:bodySchema.fields); else the path as sent. */
function labelOf(name: string, field: string): string {
  for (const key of [`server:input.fields.${name}`, `server:bodySchema.fields.${name}`]) if (hasMessage(key)) return translate(key);
  return field;
}

function checkInteger(value: unknown, name: string, field: string): void {
  const range = INTEGER_FIELDS.get(name);
  if (!range) return;
  // Digits in a string are held to the range too, in case a route reads them as a number.
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number') return; // other types are the route's own check to refuse
  // The message names the field as the operator reads it (页码, 数据版本); data.fields keeps the path for the form.
  if (!Number.isInteger(number)) {
    const label = labelOf(name, field);
    // Said as the schemas say it (首屏显示行数必须是整数) when the key has words; a bare key keeps its colon (rows：必须是整数).
    throw new InputRefused(translate(label === field ? 'server:input.notInteger' : 'server:crud.notInteger', { field: label }), field);
  }
  if (number < range.min || number > range.max) {
    throw new InputRefused(translate('server:input.intRange', { field: labelOf(name, field), min: String(range.min), max: String(range.max) }), field);
  }
}

/** Walks the parsed body without recursion; throws InputRefused at the first unfit value. */
export function checkInput(body: unknown): void {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      checkText(value, path || 'body');
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) throw new InputRefused(translate('server:input.tooDeep', { max: String(MAX_BODY_DEPTH) }), path || undefined);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push({ value: value[i], path: pathOf(path, i), depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const field = pathOf(path, key);
      checkText(key, field);
      checkInteger(item, key, field);
      stack.push({ value: item, path: field, depth: depth + 1 });
    }
  }
}
