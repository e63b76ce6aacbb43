/**
 * Reusable field schemas for route bodies (zod 4). A route declares `body: z.object({ ... })` built from
 * these, and the guard (server/security/guard.ts) parses it where PROTOCOL.md §5 checks the body: the
 * handler receives the parsed body, typed from the schema. Each rule exists once, here; every refusal is
 * VALIDATION_FAILED with a message from locales/<lang>/server.json naming the field's label (`label` is
 * a locale key such as 'server:input.fields.configKey', rendered when a body is refused). Messages are
 * functions, so they are rendered when a body is refused, in the caller's language, not at declaration.
 */
import { z } from 'zod';
import { aboutField, validationError } from '../errors';
import { translate } from '../i18n';
import { moneyVerdict, type MoneyOptions } from '../validation';

const absent = (value: unknown) => value === undefined || value === null || value === '';

/** A required, non-empty string of at most `max` characters. */
export function text(label: string, max = 255) {
  return z
    .string({ error: (issue) => translate(absent(issue.input) ? 'server:validation.required' : 'server:validation.notString', { field: translate(label) }) })
    .min(1, { error: () => translate('server:validation.required', { field: translate(label) }) })
    .max(max, { error: () => translate('server:bodySchema.tooLong', { field: translate(label), max: String(max) }) });
}

/** A record's id: a non-empty string (ids are UUIDs or seeded codes; the lookup says whether it exists). */
export const id = (label: string) => text(label, 64);

/**
 * An amount by src/lib/money's input rule (the same as server/validation.ts moneyValue): digits only, within
 * the field's digits, no sign, exponent, space or separator; positive unless allowZero. Parsed to its decimal string.
 */
export function money(label: string, options: MoneyOptions = {}) {
  return z.unknown().transform((value, context) => {
    if (absent(value)) {
      context.issues.push({ code: 'custom', input: value, message: translate('server:crud.required', { field: translate(label) }) });
      return z.NEVER;
    }
    // The rule itself is server/validation.ts's, the one server check of a typed amount.
    const verdict = moneyVerdict(value, translate(label), options);
    if ('message' in verdict) {
      context.issues.push({ code: 'custom', input: value, message: verdict.message });
      return z.NEVER;
    }
    return verdict.text;
  });
}

/** Parses a body with a route's schema; the first refusal becomes the protocol's VALIDATION_FAILED naming its field. */
export function parseWithSchema<T>(schema: z.ZodType<T>, body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw validationError(translate('server:validation.bodyNotObject'));
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw aboutField(validationError(issue.message), issue.path.join('.'));
}
