/**
 * A resource's record body, derived from its declaration's field rules (src/crud/resource.ts FieldSchema,
 * the rules the browser's forms apply too: src/crud/field-rules.ts): the zod schema of its create body and of
 * its update body, which the generic save and update-by-id calls (and staff's and roles') declare as their
 * `body`, so the guard checks a record where it checks every other body, before the handler runs.
 *
 *   const body = recordBody(resource, 'update', { id: id('server:input.fields.recordId'), dataVersion: version() });
 *   route(api, { ..., body, handler: ({ body: { id, dataVersion, values, sent } }) => ... });
 *
 * Which fields: the writable ones (never readOnly, createOnly only on create), sensitive ones left to
 * server/sensitive (they arrive encrypted, and readSealed reads them from `sent`). On create every required
 * field must be present, and a field left out takes its declared default, as the form would have sent it; on
 * update an absent field keeps its value, but a required one cannot be emptied. Unknown and read-only keys are
 * ignored: forms send the whole record back. Every refusal is VALIDATION_FAILED naming the field (data.field)
 * with the message of server:crud (or the money rule's); the first field of the declaration's order that fails
 * is the one answered.
 *
 * Built once per resource and mode (cached), at the routes' registration: never per request.
 */
import { z } from 'zod';
import type { AnyResource, FieldSchema } from '../../src/crud/resource';
import { DEFAULT_MONEY_DIGITS, ruleFailure } from '../../src/crud/field-rules';
import { isCalendarDay } from '../../src/lib/dates';
import { CONTENT_FILE_ID, contentHasSubstance } from '../../src/lib/html-policy';
import { isValid, validationMessage } from '../../src/lib/validators';
import { translate } from '../i18n';
import { id, parseWithSchema, version } from '../input/fields';
import { sanitizeContentHtml } from '../security/sanitize-html';
import { moneyVerdict } from '../validation';
import { fieldLabel } from './field-label';
import { REFERENCE_ID } from './reference-targets';

export type Mode = 'create' | 'update';
type Row = Record<string, unknown>;

/** Fields a caller may write in this mode: never readOnly ones, and createOnly ones only on create. */
export function writableFields(resource: AnyResource, mode: Mode): Array<[string, FieldSchema]> {
  return Object.entries(resource.fields).filter(([, s]) => !s.readOnly && (mode === 'create' || !s.createOnly));
}

/** What a declared field is written as (RecordInput.values), by its declaration. */
type WrittenAs<S extends FieldSchema> = S extends { multiple: true }
  ? string[]
  : S extends { type: 'integer' }
    ? number
    : S extends { type: 'boolean' }
      ? boolean
      : S extends { type: 'datetime' }
        ? Date
        : S extends { required: true }
          ? string
          : // An optional text, image or reference sent empty is cleared; rich text that sanitises to nothing too.
            S extends { type: 'text' | 'image' | 'reference' | 'richText' }
            ? string | null
            : string;

/** The fields the schema reads in this mode: writable (not readOnly; createOnly on create only), not sensitive. */
type ReadKeys<F, M extends Mode> = {
  [K in keyof F]: F[K] extends { readOnly: true } | { sensitive: true } ? never : M extends 'update' ? (F[K] extends { createOnly: true } ? never : K) : K;
}[keyof F] &
  string;
/** The fields a checked body always holds: the required ones of a create (an update's absent field keeps its value). */
type HeldKeys<F, M extends Mode> = M extends 'create' ? { [K in keyof F]: F[K] extends { required: true } ? K : never }[keyof F] : never;

/**
 * A declaration's checked values, typed from its fields (staff's `values.username` is a string); any declaration
 * (the generic routes' AnyResource) gets a Row.
 */
export type RecordValues<F extends Record<string, FieldSchema>, M extends Mode> = string extends keyof F
  ? Row
  : { [K in Extract<ReadKeys<F, M>, HeldKeys<F, M>>]: WrittenAs<F[K]> } & { [K in Exclude<ReadKeys<F, M>, HeldKeys<F, M>>]?: WrittenAs<F[K]> };

/** A record body once checked. */
export interface RecordInput<V = Row> {
  /**
   * The writable fields' values as they are written: text trimmed, an amount as its decimal string, a time as a
   * Date, rich text sanitised, a list without repeats, a cleared optional value null. A field that keeps its
   * value (absent on update, or an optional one left empty that cannot be cleared) is not a key.
   */
  values: V;
  /**
   * The body as sent. Sealed (sensitive) values arrive encrypted and are read from it by server/sensitive
   * (sensitive-fields.ts readSealed); owned fields are checked against what was sent, declared here or not (owned-fields.ts).
   */
  sent: Row;
}

/** An update's record: its id and the version the caller read, beside its values. */
export type UpdateInput = RecordInput & { id: string; dataVersion: number };

/** A field's value refused: the message of server:crud naming the field in the caller's language, rendered when refused. */
const refusal =
  (schema: FieldSchema, key: string, params: Record<string, string> = {}) =>
  () =>
    translate(key, { field: fieldLabel(schema), ...params });

/** The declared value rules (length, pattern, range, money digits), checked by the one function the form uses too. */
function declaredRules(schema: FieldSchema) {
  return (value: unknown, context: z.RefinementCtx) => {
    const failure = ruleFailure(schema, value);
    if (failure) {
      const message = translate('server:crud.rule', { field: fieldLabel(schema), message: translate(failure.key, failure.params) });
      context.addIssue({ code: 'custom', input: value, message });
    }
  };
}

/** A list of strings each of which `each` accepts, checked as a whole (the refusal names the field, not its nth element), without repeats. */
function stringList(refused: () => string, each: (item: string) => boolean) {
  return z
    .array(z.unknown(), { error: refused })
    .refine((list): list is string[] => list.every((item) => typeof item === 'string' && each(item)), { error: refused })
    .transform((list) => [...new Set(list)]);
}

/** What a present (non-empty) value of the field must be, and the form it is written in. */
function valueSchema(schema: FieldSchema): z.ZodType {
  const notString = refusal(schema, 'server:crud.notString');
  const notReferenceId = refusal(schema, 'server:crud.notReferenceId');
  // Only the form of an id here: whether it names a record the field may take is checked in the write's transaction (references.ts).
  if (schema.type === 'reference' && schema.multiple) return stringList(notReferenceId, (item) => REFERENCE_ID.test(item));
  if (schema.type === 'dict' && schema.multiple) return stringList(notString, (item) => item !== '');
  switch (schema.type) {
    case 'integer': {
      const notInteger = refusal(schema, 'server:crud.notInteger');
      return z.number({ error: notInteger }).int({ error: notInteger }).superRefine(declaredRules(schema));
    }
    case 'money':
      // The one money rule of every route (server/validation.ts) in the declared digits; zero is a value here,
      // a declared min says otherwise. Then the declared range.
      return z.unknown().transform((value, context) => {
        const verdict = moneyVerdict(value, fieldLabel(schema), { digits: schema.money ?? DEFAULT_MONEY_DIGITS, allowZero: true });
        if ('message' in verdict) {
          context.issues.push({ code: 'custom', input: value, message: verdict.message });
          return z.NEVER;
        }
        declaredRules(schema)(verdict.text, context);
        return verdict.text;
      });
    case 'boolean':
      return z.boolean({ error: refusal(schema, 'server:crud.notBoolean') });
    case 'reference':
      return z.string({ error: notReferenceId }).regex(REFERENCE_ID, { error: notReferenceId });
    case 'image': {
      const notFileId = refusal(schema, 'server:crud.notFileId');
      return z.string({ error: notFileId }).regex(CONTENT_FILE_ID, { error: notFileId });
    }
    case 'richText': {
      const max = schema.maxLength;
      return (
        z
          .string({ error: notString })
          // Stored as the policy leaves it: what is read back holds nothing executable, whoever shows it.
          .transform(sanitizeContentHtml)
          .refine((html) => max === undefined || html.length <= max, { error: refusal(schema, 'server:crud.tooLong', { max: String(max) }) })
          // Rich text that sanitises to nothing (only a script, empty paragraphs) is empty: '' here, refused or cleared below.
          .transform((html) => (contentHasSubstance(html) ? html : ''))
      );
    }
    case 'datetime': {
      const notDatetime = refusal(schema, 'server:crud.notDatetime');
      return z.string({ error: notDatetime }).transform((value, context) => {
        const time = new Date(value);
        if (!Number.isNaN(time.getTime())) return time;
        context.issues.push({ code: 'custom', input: value, message: notDatetime() });
        return z.NEVER;
      });
    }
    case 'date':
      // Stored as the day itself: read through a Date it would shift by the server's zone.
      return z.unknown().refine(isCalendarDay, { error: refusal(schema, 'server:crud.notDate') });
    default: {
      // 'string', 'text' and a single 'dict' value: text, trimmed, then its length, validator and declared rules.
      let text = z.string({ error: notString }).trim();
      if (schema.maxLength !== undefined)
        text = text.max(schema.maxLength, { error: refusal(schema, 'server:crud.tooLong', { max: String(schema.maxLength) }) });
      const validator = schema.validator;
      const checked = validator
        ? text.refine((value) => isValid(validator, value), { error: refusal(schema, 'server:crud.invalid', { message: validationMessage(validator) }) })
        : text;
      return checked.superRefine(declaredRules(schema));
    }
  }
}

const isEmpty = (schema: FieldSchema, value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  // An empty list is empty only for a field that takes a list; elsewhere it is a wrong value (a money field refuses it as money).
  (schema.multiple === true && Array.isArray(value) && value.length === 0);

/**
 * One field of the body: its create default, then what an empty value means (refused when required; cleared
 * when the field can be; otherwise kept, undefined), then a present value's checks.
 */
function fieldSchema(schema: FieldSchema, mode: Mode): z.ZodType {
  const required = refusal(schema, 'server:crud.required');
  // Free text (remarks), an image and an optional reference can be cleared; other optional fields keep their value or column default.
  const clearable = schema.type === 'text' || schema.type === 'image' || schema.type === 'reference';
  return (
    z
      .unknown()
      // An absent key must reach the rule below (create's required and default): zod passes an absent key to a
      // schema only when its input is defaulted, so this one's default is absence itself.
      .prefault(undefined)
      .transform((sent, context) => {
        // A create that leaves a field out takes its declared default, as the form would have sent it.
        const value = mode === 'create' && sent === undefined && schema.defaultValue !== undefined ? schema.defaultValue : sent;
        if (!isEmpty(schema, value)) return value;
        if (schema.required && (mode === 'create' || value !== undefined)) {
          context.issues.push({ code: 'custom', input: value, message: required() });
          return z.NEVER;
        }
        if (value !== undefined && clearable) return schema.multiple ? [] : null;
        return undefined;
      })
      .pipe(valueSchema(schema).nullish())
      .transform((value, context) => {
        if (value !== '') return value;
        if (schema.required) {
          context.issues.push({ code: 'custom', input: value, message: required() });
          return z.NEVER;
        }
        return null;
      })
  );
}

/** Each writable, non-sensitive field's schema, by name, in the declaration's order. */
type FieldShape = Record<string, z.ZodType>;
const SHAPES = new WeakMap<AnyResource, Partial<Record<Mode, FieldShape>>>();

function fieldShape(resource: AnyResource, mode: Mode): FieldShape {
  const cached = SHAPES.get(resource)?.[mode];
  if (cached) return cached;
  // Sensitive values arrive encrypted and are read by server/sensitive (readSealed), from `sent`.
  const shape = Object.fromEntries(writableFields(resource, mode).flatMap(([name, schema]) => (schema.sensitive ? [] : [[name, fieldSchema(schema, mode)]])));
  SHAPES.set(resource, { ...SHAPES.get(resource), [mode]: shape });
  return shape;
}

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body of a resource's create or update: its writable fields by their rules, with `extra`'s keys (the
 * update's id and version, staff's roles ...) checked first, in one schema. The handler gets `extra`'s parsed
 * values beside the record's `values` and the body as `sent`.
 */
export function recordBody<F extends Record<string, FieldSchema>, M extends Mode, E extends z.ZodRawShape = Record<never, never>>(
  resource: AnyResource & { fields: F },
  mode: M,
  extra?: E,
): z.ZodType<z.output<z.ZodObject<E>> & RecordInput<RecordValues<F, M>>> {
  const fields = fieldShape(resource, mode);
  const clash = Object.keys(extra ?? {}).find((key) => Object.hasOwn(fields, key));
  // A declared field named like a call's own key would be read twice, by two rules: refused when the route is declared.
  if (clash) throw new Error(`Resource "${resource.name}": field "${clash}" is also a key of its ${mode} call's body`);
  const whole = z.looseObject({ ...extra, ...fields });
  // The body as sent is kept beside the checked values (RecordInput.sent): checked by the whole, then taken apart.
  return z.custom<Row>(isRecord).transform((sent, context) => {
    const checked = whole.safeParse(sent);
    if (!checked.success) {
      for (const issue of checked.error.issues) context.issues.push({ code: 'custom', input: issue.input, message: issue.message, path: issue.path });
      return z.NEVER;
    }
    const parsed = checked.data as Row;
    const values = Object.fromEntries(Object.keys(fields).flatMap((name) => (parsed[name] === undefined ? [] : [[name, parsed[name]]])));
    const own = Object.fromEntries(Object.keys(extra ?? {}).map((key) => [key, parsed[key]]));
    // The values are what the fields' schemas made of the body: of the types RecordValues says, field by field.
    return { ...(own as z.output<z.ZodObject<E>>), values: values as RecordValues<F, M>, sent };
  });
}

interface Bodies {
  create?: z.ZodType<RecordInput>;
  /** The record alone, for an update whose id and version another key carries (a resubmitted change). */
  update?: z.ZodType<RecordInput>;
  versioned?: z.ZodType<UpdateInput>;
}
const BODIES = new WeakMap<AnyResource, Bodies>();

function cachedBody<K extends keyof Bodies>(resource: AnyResource, kind: K, build: () => NonNullable<Bodies[K]>): NonNullable<Bodies[K]> {
  const bodies = BODIES.get(resource) ?? {};
  BODIES.set(resource, bodies);
  return (bodies[kind] ??= build());
}

/** A resource's create body, or its update's record without id and version, derived once. */
export const recordBodyOf = (resource: AnyResource, mode: Mode): z.ZodType<RecordInput> => cachedBody(resource, mode, () => recordBody(resource, mode));

/** The generic update-by-id's body: the record's id and the version the caller read, then its fields; derived once. */
export const updateBodyOf = (resource: AnyResource): z.ZodType<UpdateInput> =>
  cachedBody(resource, 'versioned', () => recordBody(resource, 'update', { id: id('server:input.fields.recordId'), dataVersion: version() }));

/** A body read by the resource's derived schema where no route declared it (a resubmitted change, a seed's proposal): the same checks, the same refusals. */
export function readRecord(resource: AnyResource, body: Row, mode: Mode): RecordInput {
  return parseWithSchema(recordBodyOf(resource, mode), body);
}
