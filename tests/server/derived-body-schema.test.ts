/**
 * A resource's record body is derived from its field rules (issue 39 item 3; server/crud/body-schema.ts), for every
 * declared resource, enumerated from the registry: a resource declared tomorrow is held here with no edit. Per
 * resource and mode: a body of valid values (made from the rules alone, ./generic/values.ts) passes; each field,
 * sent a value of the wrong type and one beyond its bounds, is refused VALIDATION_FAILED naming that field with
 * its message; on create a required field left out is refused and a default is taken, on update an absent field
 * keeps its value (no key) and a required one cannot be emptied. No server: the schema is what the guard parses.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MONEY_DIGITS } from '../../src/crud/field-rules';
import type { AnyResource, FieldSchema } from '../../src/crud/resource';
import { validationMessage } from '../../src/lib/validators';
import { readRecord, recordBodyOf, updateBodyOf, writableFields, type Mode } from '../../server/crud/body-schema';
import { ApiError } from '../../server/errors';
import { translate } from '../../server/i18n';
import { parseWithSchema } from '../../server/input/fields';
import { RESOURCES } from '../../server/resources/registry';
import { validValue, type Row } from './generic/values';

const MODES: readonly Mode[] = ['create', 'update'];

/** The fields the derived schema reads: writable in the mode, sensitive ones left to server/sensitive. */
const checkedFields = (resource: AnyResource, mode: Mode) => writableFields(resource, mode).filter(([, schema]) => !schema.sensitive);

/**
 * A valid value of every checked field. The schema checks a dictionary value's form, a reference's and an image's
 * id form (their records are the write's transaction's business), so any well-formed one does here.
 */
function validBody(resource: AnyResource, mode: Mode, n: number): Row {
  return Object.fromEntries(
    checkedFields(resource, mode).map(([name, schema]) => {
      if (schema.type === 'image') return [name, `file-${n}`];
      // A plain key of another record (ordered by nothing the rules say): any text within its bounds.
      const value = validValue(schema, n, () => ['D1'], undefined, name) ?? `k${n}`;
      // A pattern's shortest match may be under the field's minimum: said again until long enough (a `+` class still matches).
      return [name, typeof value === 'string' && schema.minLength && value ? value.repeat(Math.ceil(schema.minLength / value.length)) : value];
    }),
  );
}

interface Refusal {
  code: string;
  field?: string;
  message: string;
}

function refusalOf(resource: AnyResource, mode: Mode, body: Row): Refusal | undefined {
  try {
    readRecord(resource, body, mode);
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { code: error.code, field: error.field, message: error.message };
  }
}

const say = (schema: FieldSchema, key: string, params: Record<string, string> = {}) => translate(key, { field: translate(schema.label), ...params });
const moneySaid = (schema: FieldSchema) => {
  const { integer, decimal } = schema.money ?? DEFAULT_MONEY_DIGITS;
  return say(schema, 'server:validation.money', { integer: String(integer), decimal: String(decimal) });
};
const ruleSaid = (schema: FieldSchema, key: string, params: Record<string, string>) =>
  translate('server:crud.rule', { field: translate(schema.label), message: translate(key, params) });

/** A value of the wrong type for the field, and the message it earns. */
function wrongType(schema: FieldSchema): [unknown, string] {
  if (schema.type === 'reference') return [schema.multiple ? 'not-a-list' : 42, say(schema, 'server:crud.notReferenceId')];
  if (schema.type === 'dict' && schema.multiple) return ['not-a-list', say(schema, 'server:crud.notString')];
  switch (schema.type) {
    case 'integer':
      return ['abc', say(schema, 'server:crud.notInteger')];
    case 'money':
      return [true, moneySaid(schema)];
    case 'boolean':
      return ['yes', say(schema, 'server:crud.notBoolean')];
    case 'image':
      return [42, say(schema, 'server:crud.notFileId')];
    case 'datetime':
      return [42, say(schema, 'server:crud.notDatetime')];
    case 'date':
      return [42, say(schema, 'server:crud.notDate')];
    default:
      return [42, say(schema, 'server:crud.notString')];
  }
}

/** A value of the right type beyond the field's bounds (length, range, digits, form), and its message; none for a field that declares no bound. */
function outOfRange(schema: FieldSchema): [unknown, string] | undefined {
  const tooLong = (max: number) => say(schema, 'server:crud.tooLong', { max: String(max) });
  if (schema.type === 'reference') return [schema.multiple ? ['x'.repeat(65)] : 'x'.repeat(65), say(schema, 'server:crud.notReferenceId')];
  if (schema.type === 'dict' && schema.multiple) return [['D1', ''], say(schema, 'server:crud.notString')];
  switch (schema.type) {
    case 'integer':
      if (schema.max !== undefined) return [schema.max + 1, ruleSaid(schema, 'kit:rules.max', { max: String(schema.max) })];
      if (schema.min !== undefined) return [schema.min - 1, ruleSaid(schema, 'kit:rules.min', { min: String(schema.min) })];
      return [Number.MAX_SAFE_INTEGER + 2, say(schema, 'server:crud.notInteger')];
    case 'money':
      return ['1'.repeat((schema.money ?? DEFAULT_MONEY_DIGITS).integer + 1), moneySaid(schema)];
    case 'boolean':
      return undefined;
    case 'image':
      return ['x'.repeat(65), say(schema, 'server:crud.notFileId')];
    case 'datetime':
      return ['2026-13-45T99:00:00Z', say(schema, 'server:crud.notDatetime')];
    case 'date':
      return ['2026-02-30', say(schema, 'server:crud.notDate')];
    case 'richText':
      return schema.maxLength === undefined ? undefined : [`<p>${'x'.repeat(schema.maxLength)}</p>`, tooLong(schema.maxLength)];
    default:
      if (schema.maxLength !== undefined) return ['x'.repeat(schema.maxLength + 1), tooLong(schema.maxLength)];
      if (schema.validator) return ['!', say(schema, 'server:crud.invalid', { message: validationMessage(schema.validator) })];
      return undefined;
  }
}

const cases = RESOURCES.flatMap((resource) => MODES.filter((mode) => checkedFields(resource, mode).length).map((mode) => ({ resource, mode })));

describe('every resource body is derived from its field rules', () => {
  it('covers every declared resource that has fields to write', () => {
    expect(RESOURCES.length).toBeGreaterThan(20);
    expect(new Set(cases.map((c) => c.resource.name)).size).toBeGreaterThan(20);
  });

  it.each(cases.map((c) => [c.resource.name, c.mode, c] as const))('%s %s: a valid body passes, each field refused by type and by bounds', (_n, _m, c) => {
    const { resource, mode } = c;
    const body = validBody(resource, mode, 7);
    const { values, sent } = readRecord(resource, body, mode);
    expect(sent).toEqual(body);
    // Every field sent is a value written (trimmed text and decimal strings are what was sent here; times are Dates).
    for (const [name, schema] of checkedFields(resource, mode)) {
      if (schema.type === 'datetime') expect(values[name]).toEqual(new Date(String(body[name])));
      else expect(values[name], name).toEqual(body[name]);
    }
    for (const [name, schema] of checkedFields(resource, mode)) {
      for (const [value, message] of [wrongType(schema), outOfRange(schema)].filter((x): x is [unknown, string] => x !== undefined)) {
        expect(refusalOf(resource, mode, { ...body, [name]: value }), `${name} = ${JSON.stringify(value)}`).toEqual({
          code: 'VALIDATION_FAILED',
          field: name,
          message,
        });
      }
    }
  });

  it('has bounds to break in most fields: the out-of-range cases are not vacuous', () => {
    const fields = cases.flatMap(({ resource, mode }) => checkedFields(resource, mode).map(([, schema]) => schema));
    expect(fields.filter((schema) => outOfRange(schema)).length).toBeGreaterThan(fields.length / 2);
  });
});

describe('required and absent', () => {
  it('on create, refuses a required field left out and takes a declared default', () => {
    let required = 0;
    let defaulted = 0;
    for (const resource of RESOURCES) {
      const body = validBody(resource, 'create', 11);
      for (const [name, schema] of checkedFields(resource, 'create')) {
        const { [name]: _left, ...without } = body;
        if (schema.defaultValue !== undefined) {
          defaulted += 1;
          // An empty default is no value: the column's own default stands, as when the form sends it empty.
          const taken = readRecord(resource, without, 'create').values;
          if (schema.defaultValue === '') expect(taken, `${resource.name}.${name}`).not.toHaveProperty(name);
          else expect(taken[name], `${resource.name}.${name}`).toEqual(schema.defaultValue);
        } else if (schema.required) {
          required += 1;
          expect(refusalOf(resource, 'create', without)).toEqual({ code: 'VALIDATION_FAILED', field: name, message: say(schema, 'server:crud.required') });
          expect(refusalOf(resource, 'create', { ...without, [name]: null })).toMatchObject({ field: name, message: say(schema, 'server:crud.required') });
        }
      }
    }
    expect(required).toBeGreaterThan(20);
    expect(defaulted).toBeGreaterThan(3);
  });

  it('on update, an absent field keeps its value, a required one cannot be emptied, an optional text is cleared', () => {
    let emptied = 0;
    for (const resource of RESOURCES) {
      const fields = checkedFields(resource, 'update');
      if (!fields.length) continue;
      // Nothing sent: nothing written, required fields and defaults alike.
      expect(readRecord(resource, {}, 'update').values).toEqual({});
      for (const [name, schema] of fields) {
        const empty = schema.multiple ? [] : '';
        if (schema.required) {
          emptied += 1;
          expect(refusalOf(resource, 'update', { [name]: empty })).toEqual({
            code: 'VALIDATION_FAILED',
            field: name,
            message: say(schema, 'server:crud.required'),
          });
          expect(refusalOf(resource, 'update', { [name]: '   ' })).toMatchObject({ field: name, message: say(schema, 'server:crud.required') });
        } else if (schema.type === 'text' || schema.type === 'image' || schema.type === 'reference') {
          expect(readRecord(resource, { [name]: empty }, 'update').values).toEqual({ [name]: schema.multiple ? [] : null });
        } else {
          // Another optional field left empty keeps what it holds.
          expect(readRecord(resource, { [name]: empty }, 'update').values).toEqual({});
        }
      }
    }
    expect(emptied).toBeGreaterThan(20);
  });

  it('never reads a read-only, a sensitive or (on update) a create-only field, and ignores unknown keys', () => {
    for (const resource of RESOURCES) {
      for (const mode of MODES) {
        const checked = new Set(checkedFields(resource, mode).map(([name]) => name));
        const others = Object.keys(resource.fields).filter((name) => !checked.has(name));
        const body = { ...validBody(resource, mode, 13), ...Object.fromEntries(others.map((name) => [name, 'sent anyway'])), notAField: 1 };
        const { values, sent } = readRecord(resource, body, mode);
        expect(
          Object.keys(values).filter((name) => !checked.has(name)),
          resource.name,
        ).toEqual([]);
        // What the schema does not read stays in the body as sent, for server/sensitive and the owned-field check.
        for (const name of others) expect(sent[name]).toBe('sent anyway');
      }
    }
  });
});

describe('the update call', () => {
  it("checks the record's id and version before its fields, and is derived once per resource", () => {
    const resource = RESOURCES.find((r) => checkedFields(r, 'update').some(([, s]) => s.required))!;
    const [name] = checkedFields(resource, 'update').find(([, s]) => s.required)!;
    const refused = (body: Row) => {
      try {
        parseWithSchema(updateBodyOf(resource), body);
        return undefined;
      } catch (error) {
        return (error as ApiError).field;
      }
    };
    expect(refused({ dataVersion: 1, [name]: '' })).toBe('id');
    expect(refused({ id: 'r1', [name]: '' })).toBe('dataVersion');
    expect(refused({ id: 'r1', dataVersion: 1, [name]: '' })).toBe(name);
    expect(parseWithSchema(updateBodyOf(resource), { id: 'r1', dataVersion: 3 })).toMatchObject({ id: 'r1', dataVersion: 3, values: {} });
    expect(updateBodyOf(resource)).toBe(updateBodyOf(resource));
    expect(recordBodyOf(resource, 'create')).toBe(recordBodyOf(resource, 'create'));
  });
});
