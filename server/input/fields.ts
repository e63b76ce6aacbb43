/**
 * Reusable field schemas for route bodies (zod 4). A route declares `body: z.object({ ... })` built from
 * these, and the guard (server/security/guard.ts) parses it where PROTOCOL.md §5 checks the body: the
 * handler receives the parsed body, typed from the schema. Each rule exists once, here; every refusal is
 * VALIDATION_FAILED with a message from locales/<lang>/server.json naming the field's label (`label` is
 * a locale key such as 'server:input.fields.configKey', rendered when a body is refused). Messages are
 * functions, so they are rendered when a body is refused, in the caller's language, not at declaration.
 *
 * Absent, null and '' are one thing to every field: missing. A required field refuses it with
 * server:crud.required ("{{field}}不能为空"); `optional(...)` turns it into undefined.
 */
import { z } from 'zod';
import { isCalendarDay } from '../../src/lib/dates';
import { aboutField, validationError } from '../errors';
import { translate } from '../i18n';
import { moneyVerdict, type MoneyOptions } from '../validation';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../crud/query';

const absent = (value: unknown) => value === undefined || value === null || value === '';
/** What `optional` leaves out: absent, or text of spaces only (a required text refuses that as missing). */
const leftOut = (value: unknown) => absent(value) || (typeof value === 'string' && value.trim() === '');

/**
 * A check a route composes from zod itself (z.array, z.object, z.literal) names the field in Chinese too:
 * zod's own messages are English, and no refusal may read so.
 */
z.config({
  customError: (issue) => translate('server:bodySchema.invalid', { field: issue.path?.length ? issue.path.join('.') : translate('server:bodySchema.body') }),
});

/** The one refusal of a missing required field. */
const required = (label: string) => translate('server:crud.required', { field: translate(label) });

/** What a field holds once absence is refused. */
type Given = NonNullable<unknown>;

/** A schema that refuses absence with the one required message before its own checks run. */
function present<T extends z.ZodType<unknown, Given>>(label: string, schema: T) {
  return z
    .unknown()
    .transform((value, context) => {
      if (!absent(value)) return value as Given;
      context.issues.push({ code: 'custom', input: value, message: required(label) });
      return z.NEVER;
    })
    .pipe(schema);
}

/** A required string, trimmed, of 1 to `max` characters. */
export function text(label: string, max = 255) {
  return present(
    label,
    z
      .string({ error: () => translate('server:crud.notString', { field: translate(label) }) })
      .trim()
      .min(1, { error: () => required(label) })
      .max(max, { error: () => translate('server:crud.tooLong', { field: translate(label), max: String(max) }) }),
  );
}

/** A record's id: a non-empty string (ids are UUIDs or seeded codes; the lookup says whether it exists). */
export const id = (label: string) => text(label, 64);

/** A list of 1 to `max` record ids, without repeats (a batch's selection). */
export function ids(label: string, max = 500) {
  const refused = () => translate('server:bodySchema.ids', { field: translate(label), max: String(max) });
  return present(
    label,
    z
      .array(z.unknown(), { error: refused })
      .min(1, { error: refused })
      .max(max, { error: refused })
      // Checked as a whole, so the refusal names the list, not its nth element.
      .refine((list): list is string[] => list.every((item) => typeof item === 'string' && item !== '' && item.length <= 64), { error: refused })
      .transform((list) => [...new Set(list)]),
  );
}

/**
 * An amount by src/lib/money's input rule (server/validation.ts moneyVerdict): digits only, within
 * the field's digits, no sign, exponent, space or separator; positive unless allowZero. Parsed to its decimal string.
 */
export function money(label: string, options: MoneyOptions = {}) {
  return present(
    label,
    z.custom<Given>().transform((value, context) => {
      // The rule itself is server/validation.ts's, the one server check of a typed amount.
      const verdict = moneyVerdict(value, translate(label), options);
      if ('message' in verdict) {
        context.issues.push({ code: 'custom', input: value, message: verdict.message });
        return z.NEVER;
      }
      return verdict.text;
    }),
  );
}

/** A whole number (a JSON number, not a string) within [min, max]. */
export function integer(label: string, { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}) {
  const refused = () => translate('server:input.intRange', { field: translate(label), min: String(min), max: String(max) });
  return present(
    label,
    z
      .number({ error: () => translate('server:crud.notInteger', { field: translate(label) }) })
      .int({ error: () => translate('server:crud.notInteger', { field: translate(label) }) })
      .min(min, { error: refused })
      .max(max, { error: refused }),
  );
}

/** A record's dataVersion as the screen read it: the optimistic lock every change of a record carries. */
export const version = () => integer('server:bodySchema.fields.dataVersion');

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). Whether it is past is the handler's business rule. */
export function calendarDay(label: string) {
  return present(label, z.custom<Given>().refine(isCalendarDay, { error: () => translate('server:crud.notDate', { field: translate(label) }) })).transform(
    (day) => day as string,
  );
}

/** An instant as ISO 8601 text, parsed to a Date. */
export function dateTime(label: string) {
  return present(
    label,
    z.string({ error: () => translate('server:crud.notDatetime', { field: translate(label) }) }).transform((value, context) => {
      const time = new Date(value);
      if (Number.isNaN(time.getTime())) {
        context.issues.push({ code: 'custom', input: value, message: translate('server:crud.notDatetime', { field: translate(label) }) });
        return z.NEVER;
      }
      return time;
    }),
  );
}

/** One of a fixed set of codes (a dictionary's values, a verdict); the refusal names the value. */
export function oneOf<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return present(label, z.enum(values, { error: (issue) => translate('server:bodySchema.notOneOf', { field: translate(label), value: String(issue.input) }) }));
}

/** true or false, as JSON booleans. */
export function bool(label: string) {
  return present(label, z.boolean({ error: () => translate('server:crud.notBoolean', { field: translate(label) }) }));
}

/** The field may be left out (absent, null, '' or spaces): the handler then gets undefined. */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (leftOut(value) ? undefined : value), schema.optional());
}

/** Parses a body with a route's schema; the first refusal becomes the protocol's VALIDATION_FAILED naming its field. */
export function parseWithSchema<T>(schema: z.ZodType<T>, body: unknown): T {
  // A call with no body is an empty object: its required fields then say which is missing.
  const value = body === undefined ? {} : body;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw validationError(translate('server:validation.bodyNotObject'));
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw aboutField(validationError(issue.message), issue.path.join('.'));
}

/**
 * A list call's paging, spread into its body schema (`z.object({ ...paging, status: ... })`): pageNum from 1,
 * pageSize from 1 to MAX_PAGE_SIZE, each a JSON whole number; left out, the first page of DEFAULT_PAGE_SIZE rows.
 * The refusals are server/crud/query.ts pagingOf's, so a page call says the same whichever way it reads its body.
 */
export const paging = {
  pageNum: pageField(() => translate('server:crud.pageNum'), Number.MAX_SAFE_INTEGER, 1),
  pageSize: pageField(() => translate('server:crud.pageSize', { max: String(MAX_PAGE_SIZE) }), MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
};

function pageField(refused: () => string, max: number, otherwise: number) {
  return z.preprocess(
    (value) => (absent(value) ? undefined : value),
    z
      .number({ error: refused })
      .int({ error: refused })
      .min(1, { error: refused })
      .max(max, { error: refused })
      .optional()
      .transform((value) => value ?? otherwise),
  );
}
