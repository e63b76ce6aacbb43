/**
 * The shared input patterns (spec 5.4), written once for the forms and for the server's validation.
 * antd is imported for its types only, so the server can load this module without antd at runtime.
 */
import type { RuleObject } from 'antd/es/form';
import zhCN from '../../locales/zh-CN/validation.json' with { type: 'json' };
import enUS from '../../locales/en-US/validation.json' with { type: 'json' };
import { dayOf } from './dates';

export type ValidatorName =
  | 'mobile'
  | 'email'
  | 'corpName'
  | 'money'
  | 'idCard'
  | 'landline'
  | 'taxId'
  | 'noSymbol'
  | 'url'
  | 'amount'
  | 'ratio'
  | 'amountYi'
  | 'amountYuan'
  | 'bankCard'
  | 'personName';

export type Lang = 'zh-CN' | 'en-US';

export interface Validator {
  readonly name: ValidatorName;
  readonly test: (value: string) => boolean;
  /** An i18next key in the `validation` namespace (locales/<lang>/validation.json). */
  readonly messageKey: `validation:${ValidatorName}`;
}

interface DecimalShape {
  /** Most integer digits; omitted for no limit. */
  maxIntDigits?: number;
  maxFracDigits: number;
  /** Whether "012" is refused; "0" and "0.5" stay valid either way. */
  noLeadingZero: boolean;
}

function decimalTest({ maxIntDigits, maxFracDigits, noLeadingZero }: DecimalShape): (value: string) => boolean {
  const rest = maxIntDigits === undefined ? '*' : `{0,${maxIntDigits - 1}}`;
  const int = noLeadingZero ? `(?:0|[1-9]\\d${rest})` : `\\d${maxIntDigits === undefined ? '+' : `{1,${maxIntDigits}}`}`;
  const pattern = new RegExp(`^${int}(?:\\.\\d{1,${maxFracDigits}})?$`);
  return (value) => pattern.test(value);
}

function patternTest(pattern: RegExp): (value: string) => boolean {
  return (value) => pattern.test(value);
}

const MOBILE = /^1[3-9]\d{9}$/;

const EMAIL_MAX_LENGTH = 254;
const EMAIL = /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

// Area code 0 + 2 or 3 digits (010, 021, 0571), a 7- or 8-digit number, an optional extension.
const LANDLINE = /^0[1-9]\d{1,2}-\d{7,8}(?:-\d{1,6})?$/;

const TAX_ID = /^(?:[A-Za-z0-9]{15}|[A-Za-z0-9]{18}|[A-Za-z0-9]{20})$/;

// CJK Unified Ideographs and Extension A: the characters found in company and personal names.
const NO_SYMBOL = /^[\u3400-\u4dbf\u4e00-\u9fffA-Za-z0-9]+$/;

const IPV4_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const DOMAIN = '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})';
const URL_PATTERN = new RegExp(`^https?://(?:localhost|(?:${IPV4_OCTET}\\.){3}${IPV4_OCTET}|${DOMAIN})(?::\\d{1,5})?(?:[/?#]\\S*)?$`, 'i');

// Bank accounts: personal cards are 16 to 19 digits, corporate settlement accounts as short as 9 and as long as 30.
const BANK_CARD = /^\d{9,30}$/;

// A person's name as written on an ID card: CJK or Latin letters, the middle dot of transliterated
// names (阿卜杜·热合曼), inner spaces or dots of Latin names; 2 to 30 characters.
const PERSON_NAME = /^[\u3400-\u4dbf\u4e00-\u9fffA-Za-z](?:[\u3400-\u4dbf\u4e00-\u9fffA-Za-z·. ]{0,28})[\u3400-\u4dbf\u4e00-\u9fffA-Za-z]$/;

const RATIO = /^(?:100(?:\.0{1,2})?|[1-9]?\d(?:\.\d{1,2})?)$/;

const CORP_NAME_MAX_LENGTH = 80;

function isCorpName(value: string): boolean {
  // Characters, not UTF-16 units, and a name of blanks is no name.
  return value.trim() !== '' && Array.from(value).length <= CORP_NAME_MAX_LENGTH;
}

const ID_CARD_18 = /^[1-9]\d{5}((?:18|19|20)\d{2})(\d{2})(\d{2})\d{3}[\dXx]$/;
// First-generation cards: the birthdate is yyMMdd and every holder was born in the 1900s.
const ID_CARD_15 = /^[1-9]\d{5}(\d{2})(\d{2})(\d{2})\d{3}$/;
const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK_CHARS = '10X98765432';

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const daysInMonth = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth[month - 1];
}

/** The check character of an 18-digit ID card (GB 11643), from its first 17 digits. */
export function idCardCheckChar(first17: string): string {
  const sum = ID_CARD_WEIGHTS.reduce((total, weight, i) => total + weight * Number(first17[i]), 0);
  return ID_CARD_CHECK_CHARS[sum % 11];
}

/** A birth date is a day that has come: compared as YYYYMMDD with today's business day. */
function bornBy(year: number, month: number, day: number, today: Date): boolean {
  const born = year * 10000 + month * 100 + day;
  return born <= Number(dayOf(today).replaceAll('-', ''));
}

/** Spec 5.4: the pattern checks the birth date, which must be a real day and not after today. */
export function isIdCard(value: string, today: Date = new Date()): boolean {
  const long = ID_CARD_18.exec(value);
  if (long) {
    const [, year, month, day] = long.map(Number);
    return isCalendarDate(year, month, day) && bornBy(year, month, day, today) && idCardCheckChar(value.slice(0, 17)) === value[17].toUpperCase();
  }
  const short = ID_CARD_15.exec(value);
  if (!short) return false;
  const [, year, month, day] = short.map(Number);
  return isCalendarDate(1900 + year, month, day) && bornBy(1900 + year, month, day, today);
}

function define(name: ValidatorName, test: (value: string) => boolean): Validator {
  return { name, test, messageKey: `validation:${name}` };
}

export const validators: Readonly<Record<ValidatorName, Validator>> = {
  mobile: define('mobile', patternTest(MOBILE)),
  email: define('email', (value) => value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value)),
  corpName: define('corpName', isCorpName),
  // Money has no size limit; it only bounds the decimals and refuses padded integers like "012".
  money: define('money', decimalTest({ maxFracDigits: 2, noLeadingZero: true })),
  idCard: define('idCard', (value) => isIdCard(value)),
  landline: define('landline', patternTest(LANDLINE)),
  taxId: define('taxId', patternTest(TAX_ID)),
  noSymbol: define('noSymbol', patternTest(NO_SYMBOL)),
  url: define('url', patternTest(URL_PATTERN)),
  amount: define('amount', decimalTest({ maxIntDigits: 14, maxFracDigits: 2, noLeadingZero: true })),
  ratio: define('ratio', patternTest(RATIO)),
  // The 亿 and yuan amounts only count digits, as the spec states them; leading zeros are not refused.
  amountYi: define('amountYi', decimalTest({ maxIntDigits: 6, maxFracDigits: 4, noLeadingZero: false })),
  amountYuan: define('amountYuan', decimalTest({ maxIntDigits: 14, maxFracDigits: 2, noLeadingZero: false })),
  bankCard: define('bankCard', patternTest(BANK_CARD)),
  personName: define('personName', patternTest(PERSON_NAME)),
};

const messages: Record<Lang, Record<ValidatorName, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

/** The message text for a rule; the server uses it to answer in Chinese without an i18n runtime. */
export function validationMessage(name: ValidatorName, lang: Lang = 'zh-CN'): string {
  return messages[lang][name];
}

/**
 * Whether a value passes a rule. Finite numbers are checked in their decimal form, because JSON
 * bodies carry amounts as numbers; any other non-string fails.
 */
export function isValid(name: ValidatorName, value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && validators[name].test(String(value));
  return typeof value === 'string' && validators[name].test(value);
}

/**
 * An antd Form rule. Empty values pass: whether a field is required is a separate rule.
 * Without `t` the message is the zh-CN text.
 */
export function antdRule(name: ValidatorName, t?: (key: string) => string): RuleObject {
  const { messageKey } = validators[name];
  return {
    validator: (_rule: RuleObject, value: unknown): Promise<void> => {
      if (value === undefined || value === null || value === '' || isValid(name, value)) return Promise.resolve();
      return Promise.reject(new Error(t ? t(messageKey) : validationMessage(name)));
    },
  };
}
