/**
 * Values for the generic resource tests (tests/server/resources.test.ts), made from a field's
 * declared rules alone: a valid value for every field of any declaration, and for each rule a value
 * that breaks only that rule, with the message the server answers for it. A new resource's fields
 * get theirs with no edit here, as long as its rules are of the kinds below.
 */
import type { AnyResource, FieldSchema } from '../../../src/crud/resource';
import { DEFAULT_MONEY_DIGITS } from '../../../src/crud/field-rules';
import { idCardCheckChar, isValid, validationMessage, type ValidatorName } from '../../../src/lib/validators';
import { addDays } from '../../../src/lib/dates';
import { translate } from '../../../server/i18n';

export type Mode = 'create' | 'update';
export type Row = Record<string, unknown>;

/** The enabled values of a dictionary type (the test reads them from the database). */
export type DictValues = (dictType: string) => readonly string[];

const CJK_DIGITS = '零一二三四五六七八九';
const cjkNumber = (n: number) => [...String(n)].map((d) => CJK_DIGITS[Number(d)]).join('');
const digits = (n: number, length: number) => String(n).padStart(length, '0').slice(-length);

/** A valid value of each shared validator; `n` makes it differ from the others made. */
const VALIDATOR_VALUES: Readonly<Record<ValidatorName, (n: number) => string>> = {
  mobile: (n) => `139${digits(n, 8)}`,
  email: (n) => `generic${n}@example.com`,
  corpName: (n) => `通用测试企业${cjkNumber(n)}`,
  money: (n) => `${n % 1000}.25`,
  idCard: (n) => {
    const first17 = `1101011990${digits((n % 12) + 1, 2)}${digits((n % 28) + 1, 2)}${digits(n, 3)}`;
    return first17 + idCardCheckChar(first17);
  },
  landline: (n) => `010-${digits(n, 8)}`,
  taxId: (n) => `91330100${digits(n, 10)}`,
  noSymbol: (n) => `通用测试${n}`,
  url: (n) => `https://example.com/generic/${n}`,
  amount: (n) => `${n % 1000}.25`,
  ratio: (n) => `${n % 100}.5`,
  amountYi: (n) => `${n % 1000}.125`,
  amountYuan: (n) => `${n % 1000}.25`,
  bankCard: (n) => `622202${digits(n, 12)}`,
  personName: (n) => `测试${cjkNumber(n % 1000)}`.slice(0, 30),
};

/**
 * A string matching a simple pattern: literals, escapes (\d \w \s and escaped characters), classes
 * ([A-Z0-9_]), the quantifiers ? * + {n} {m,n}, groups ((...) and (?:...)) and alternation; digits
 * vary with `n`, so values stay unique. A quantified atom is made once (or {m,n}'s bound, at most 6),
 * a quantified group its minimum number of times (none for * and ?), an alternation its first branch.
 * Negated classes and lookarounds are beyond it: such a field needs a validator or a simpler pattern.
 */
export function matchingString(source: string, n: number): string {
  const counter = [...String(n)].reverse();
  let used = 0;
  const nextDigit = () => counter[used++] ?? '0';
  let i = 0;

  /** Past the rest of an alternation (from its `|`) to the `)` closing its group, or the end. */
  const skipBranches = () => {
    let depth = 0;
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '[') i = source.indexOf(']', i + 1) + 1;
      else if (c === '(') {
        depth += 1;
        i += 1;
      } else if (c === ')') {
        if (depth === 0) return;
        depth -= 1;
        i += 1;
      } else i += 1;
    }
  };

  /** A sequence up to the `)` closing its group (or the end), as a maker of its text. */
  const sequence = (): (() => string) => {
    const parts: Array<() => string> = [];
    while (i < source.length && source[i] !== ')') {
      const c = source[i];
      if (c === '^' || c === '$') {
        i += 1;
        continue;
      }
      if (c === '|') {
        skipBranches();
        break;
      }
      let atom: () => string;
      let group = false;
      if (c === '(') {
        if (source[i + 1] === '?' && source[i + 2] !== ':') throw new Error(`pattern ${source}: lookarounds and named groups are not generated`);
        i += source[i + 1] === '?' ? 3 : 1;
        atom = sequence();
        if (source[i] !== ')') throw new Error(`pattern ${source}: unclosed group`);
        i += 1;
        group = true;
      } else if (c === '\\') {
        const e = source[i + 1];
        atom = e === 'd' ? nextDigit : e === 'w' ? () => 'a' : e === 's' ? () => ' ' : () => e;
        i += 2;
      } else if (c === '[') {
        const end = source.indexOf(']', i);
        const body = source.slice(i + 1, end);
        if (body.startsWith('^')) throw new Error(`pattern ${source}: negated classes are not generated`);
        atom = /0-9|\\d/.test(body) ? nextDigit : () => (body[0] === '\\' ? body[1] : body[0]);
        i = end + 1;
      } else if (c === '.') {
        atom = () => 'a';
        i += 1;
      } else {
        atom = () => c;
        i += 1;
      }
      let times = 1;
      const q = source[i];
      if (q === '?' || q === '*' || q === '+') {
        // An atom once, which each of them allows; a group its minimum.
        if (group && q !== '+') times = 0;
        i += 1;
      } else if (q === '{') {
        const end = source.indexOf('}', i);
        const [min, max] = source.slice(i + 1, end).split(',');
        times = max === undefined || max === '' || group ? Number(min) : Math.max(Number(min), Math.min(Number(max), 6));
        i = end + 1;
      }
      const make = atom;
      parts.push(() => Array.from({ length: times }, () => make()).join(''));
    }
    return () => parts.map((part) => part()).join('');
  };

  const whole = sequence();
  if (i < source.length) throw new Error(`pattern ${source}: unbalanced )`);
  return whole();
}

function fitLength(schema: FieldSchema, text: string): string {
  let value = text;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) value = value.slice(value.length - schema.maxLength);
  while (schema.minLength !== undefined && value.trim().length < schema.minLength) value = `x${value}`;
  return value;
}

/**
 * A key of another record (a corporation's id, a dictionary's type): plain text no validator or
 * pattern describes, matched exactly when searched or bounded by nothing. Its value is taken from an
 * existing row, since the rules cannot say which records exist.
 */
export function isReference(schema: FieldSchema): boolean {
  const plain = schema.type === 'string' && !schema.validator && !schema.pattern && !schema.unique && schema.required === true;
  return plain && (schema.search === 'eq' || schema.maxLength === undefined);
}

/**
 * A valid value of one field, `n` making it differ from the others made; undefined for a field
 * better left out (an optional image, a reference with no row to take it from).
 */
export function validValue(schema: FieldSchema, n: number, dictValues: DictValues, sample?: Row, name?: string): unknown {
  switch (schema.type) {
    case 'dict': {
      const values = dictValues(schema.dictType ?? '');
      if (!values.length) throw new Error(`dictionary ${schema.dictType} has no enabled values`);
      const value = schema.defaultValue !== undefined && values.includes(String(schema.defaultValue)) ? String(schema.defaultValue) : values[n % values.length];
      return schema.multiple ? [value] : value;
    }
    case 'boolean':
      return schema.defaultValue ?? n % 2 === 0;
    case 'integer': {
      const min = schema.min ?? 0;
      const span = (schema.max ?? min + 1000) - min + 1;
      return min + (n % span);
    }
    case 'money': {
      const { integer, decimal } = schema.money ?? DEFAULT_MONEY_DIGITS;
      const min = Math.max(schema.min ?? 0, 0);
      const top = Math.min(schema.max ?? 10 ** Math.min(integer, 6) - 1, 10 ** Math.min(integer, 6) - 1);
      const whole = min + (n % Math.max(1, top - min));
      return decimal > 0 ? `${whole}.${'5'.padEnd(decimal, '0')}` : String(whole);
    }
    case 'datetime':
      return new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
    case 'date':
      return addDays('2026-01-01', n % 3650);
    case 'image':
      return undefined;
    case 'reference':
      // A well-formed id that names no record: refused naming the field, after which the suite takes the field from a stored row (submit).
      // Several references (multiple) are a list of such ids.
      if (sample && name && sample[name]) return sample[name];
      return schema.multiple ? [`00000000-0000-4000-8000-${digits(n, 12)}`] : `00000000-0000-4000-8000-${digits(n, 12)}`;
    case 'richText':
      return `<p>通用测试正文 ${n}</p>`;
    default: {
      if (schema.validator) return VALIDATOR_VALUES[schema.validator](n);
      if (schema.pattern) return matchingString(schema.pattern.source, n);
      if (isReference(schema)) return sample && name ? sample[name] : undefined;
      return fitLength(schema, `通用${n.toString(36)}`);
    }
  }
}

export const writable = (resource: AnyResource, mode: Mode) =>
  Object.entries(resource.fields).filter(([, s]) => !s.readOnly && (mode === 'create' || !s.createOnly));

/** A body of valid values for every writable field (sensitive ones in plain text: the caller encrypts them). */
export function validRecord(resource: AnyResource, mode: Mode, n: number, dictValues: DictValues, sample?: Row): Row {
  const record: Row = {};
  for (const [name, schema] of writable(resource, mode)) {
    const value = validValue(schema, n, dictValues, sample, name);
    if (value !== undefined) record[name] = value;
  }
  return record;
}

export interface Breaker {
  rule: string;
  field: string;
  value: unknown;
  /** The message the server answers (zh-CN). */
  message: string;
}

const ruleMessage = (label: string, key: string, params: Record<string, string> = {}) =>
  translate('server:crud.rule', { field: label, message: translate(key, params) });

/** The first value of the candidates the validator refuses within the field's length bounds. */
function validatorBreaker(schema: FieldSchema): string | undefined {
  const candidates = ['!', '#@', '0', '1', 'x!', 'abc'];
  return candidates.find((v) => !isValid(schema.validator!, v) && (schema.maxLength === undefined || v.length <= schema.maxLength));
}

/** For each rule a field declares, a value breaking that rule alone and the message it earns. */
export function breakersOf(name: string, schema: FieldSchema): Breaker[] {
  const label = translate(schema.label);
  const out: Breaker[] = [];
  const add = (rule: string, value: unknown, message: string) => out.push({ rule, field: name, value, message });
  if (schema.required) add('required', schema.type === 'dict' && schema.multiple ? [] : '', translate('server:crud.required', { field: label }));
  if (schema.type === 'integer') add('integer', 'abc', translate('server:crud.notInteger', { field: label }));
  if (schema.type === 'boolean') add('boolean', 'yes', translate('server:crud.notBoolean', { field: label }));
  if (schema.type === 'date') {
    add('date', '2026-02-30', translate('server:crud.notDate', { field: label }));
    add('date format', '2026-1-5', translate('server:crud.notDate', { field: label }));
  }
  if (schema.type === 'dict') {
    add('dictionary', schema.multiple ? ['__none__'] : '__none__', translate('server:crud.notInDict', { field: label, value: '__none__' }));
  }
  // The one money rule's refusal (server:validation.money): a money value with a sign, too many digits or decimals.
  const digits = schema.money ?? DEFAULT_MONEY_DIGITS;
  const moneyMessage = translate('server:validation.money', { field: label, integer: String(digits.integer), decimal: String(digits.decimal) });
  if (schema.type === 'integer' || schema.type === 'money') {
    // Below a money field's min of 0 is a negative amount: the money rule refuses its sign first.
    if (schema.min !== undefined)
      add(
        'min',
        schema.type === 'money' ? String(schema.min - 1) : schema.min - 1,
        schema.type === 'money' && schema.min - 1 < 0 ? moneyMessage : ruleMessage(label, 'kit:rules.min', { min: String(schema.min) }),
      );
    if (schema.max !== undefined)
      add('max', schema.type === 'money' ? String(schema.max + 1) : schema.max + 1, ruleMessage(label, 'kit:rules.max', { max: String(schema.max) }));
  }
  if (schema.type === 'money') {
    add('money integer digits', '1'.repeat(digits.integer + 1), moneyMessage);
    add('money decimals', `1.${'1'.repeat(digits.decimal + 1)}`, moneyMessage);
    add('money sign', '+1', moneyMessage);
    add('money exponent', '1e2', moneyMessage);
  }
  const textual = schema.type === 'string' || schema.type === 'text';
  if (textual && !schema.sensitive) {
    if (schema.maxLength !== undefined)
      add('maxLength', 'x'.repeat(schema.maxLength + 1), translate('server:crud.tooLong', { field: label, max: String(schema.maxLength) }));
    if (schema.minLength !== undefined && schema.minLength > 1 && !schema.validator) {
      add('minLength', 'x'.repeat(schema.minLength - 1), ruleMessage(label, 'kit:rules.minLength', { min: String(schema.minLength) }));
    }
    if (schema.pattern && !schema.validator) {
      const value = '#'.repeat(Math.max(schema.minLength ?? 1, 1));
      if (!new RegExp(schema.pattern.source, schema.pattern.flags).test(value)) add('pattern', value, ruleMessage(label, schema.pattern.message));
    }
  }
  if (schema.validator && textual) {
    const value = validatorBreaker(schema);
    const key = schema.sensitive ? 'server:realname.invalid' : 'server:crud.invalid';
    if (value !== undefined) add('validator', value, translate(key, { field: label, message: validationMessage(schema.validator) }));
  }
  return out;
}
