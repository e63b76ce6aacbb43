/**
 * Money and number formatting (spec 5.6 and 9).
 *
 * Every function here works on the decimal string of a value, never on float arithmetic:
 * `Math.round(1.005 * 100) / 100` is 1 because 1.005 is stored as 1.00499999…, and operators
 * expect the amount they typed to round the way they learnt at school.
 */

/** What the formatters accept: numbers, decimal strings (as the server sends them) and bigints. */
export type NumericInput = number | string | bigint | null | undefined;

/** A finite decimal split into sign, integer digits (no leading zeros, at least "0") and fraction digits. */
export interface Decimal {
  negative: boolean;
  int: string;
  frac: string;
}

const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

// Beyond this a string exponent cannot be a finite double either, and expanding it would build a huge string.
const MAX_EXPONENT = 400;

/**
 * Parses a value into its exact decimal digits, or null when it is empty or not a finite number.
 * Numbers go through `String(n)`, the shortest representation that round-trips, so 0.1 + 0.2 is
 * read as 0.30000000000000004 and 1.005 as 1.005 (not as the binary value underneath).
 * Thousands separators are not accepted: a grouped string is display text, not a number.
 */
export function parseDecimal(value: NumericInput): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return normalise(value < 0n, (value < 0n ? -value : value).toString(), '');
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const match = DECIMAL_PATTERN.exec(String(value).trim());
  if (!match) return null;
  const [, sign, intDigits = '', fracDigits = '', exponentText] = match;
  if (intDigits === '' && fracDigits === '') return null;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  const digits = intDigits + fracDigits;
  const point = intDigits.length + exponent;
  if (point <= 0) return normalise(sign === '-', '0', '0'.repeat(-point) + digits);
  if (point >= digits.length) return normalise(sign === '-', digits + '0'.repeat(point - digits.length), '');
  return normalise(sign === '-', digits.slice(0, point), digits.slice(point));
}

function normalise(negative: boolean, int: string, frac: string): Decimal {
  const trimmedInt = int.replace(/^0+(?=\d)/, '');
  // -0 and -0.000 are zero: a sign on nothing would only confuse a reader.
  const isZero = /^0*$/.test(trimmedInt + frac);
  return { negative: negative && !isZero, int: trimmedInt, frac };
}

/** The guard for a decimal-places argument (spec 8: RangeError outside 0 to 20, like Number#toFixed). */
export function assertDigits(digits: number): void {
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) {
    throw new RangeError(`digits must be an integer from 0 to 20, got ${String(digits)}`);
  }
}

/**
 * Rounds half-up (half away from zero, the usual 四舍五入 for amounts, so -1.005 gives -1.01)
 * to `digits` places. A carry can lengthen the integer part: 9.995 → 10.00.
 */
export function roundDecimal(value: Decimal, digits: number): Decimal {
  assertDigits(digits);
  if (value.frac.length <= digits) return { ...value, frac: value.frac.padEnd(digits, '0') };
  const kept = value.int + value.frac.slice(0, digits);
  const roundsUp = value.frac[digits] >= '5';
  const scaled = (BigInt(kept) + (roundsUp ? 1n : 0n)).toString().padStart(digits + 1, '0');
  const int = scaled.slice(0, scaled.length - digits);
  return normalise(value.negative, int, scaled.slice(scaled.length - digits));
}

function joinDecimal({ negative, int, frac }: Decimal, group: boolean): string {
  const intText = group ? groupThousands(int) : int;
  return `${negative ? '-' : ''}${intText}${frac === '' ? '' : `.${frac}`}`;
}

function groupThousands(intDigits: string): string {
  return intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function zero(decimals: number): Decimal {
  return { negative: false, int: '0', frac: '0'.repeat(decimals) };
}

/**
 * Number#toFixed without its binary surprises: `toFixedSafe(1.005, 2)` is "1.01".
 * Throws RangeError for digits outside 0..20 and for input that is not a finite number
 * (unlike the money formatters, a caller asking for a fixed string must not get a silent zero).
 */
export function toFixedSafe(value: NumericInput, digits: number): string {
  assertDigits(digits);
  const parsed = parseDecimal(value);
  if (!parsed) throw new RangeError(`not a finite decimal number: ${String(value)}`);
  return joinDecimal(roundDecimal(parsed, digits), false);
}

/**
 * The money helper (spec 5.6): half-up rounding to `decimals` places, thousands grouped with commas.
 * Empty or non-numeric input shows as zero with the requested decimals ("0.00").
 */
export function formatMoney(value: NumericInput, decimals = 2): string {
  assertDigits(decimals);
  const parsed = parseDecimal(value);
  return joinDecimal(parsed ? roundDecimal(parsed, decimals) : zero(decimals), true);
}

// Dividing by 10^places is moving the decimal point: exact, unlike a float division.
function shiftLeft(parsed: Decimal, places: number): Decimal {
  const digits = parsed.int.padStart(places + 1, '0');
  return normalise(parsed.negative, digits.slice(0, -places), digits.slice(-places) + parsed.frac);
}

function formatShifted(value: NumericInput, places: number): string {
  const parsed = parseDecimal(value);
  if (!parsed) return formatMoney(null);
  return joinDecimal(roundDecimal(shiftLeft(parsed, places), 2), true);
}

/** Amounts in units of 万 with 2 decimals (spec 9): 12345678 → "1,234.57". */
export function formatWan(value: NumericInput): string {
  return formatShifted(value, 4);
}

/** Amounts in units of 亿 with 2 decimals, as 万 (spec 9): 1234567890 → "12.35". */
export function formatYi(value: NumericInput): string {
  return formatShifted(value, 8);
}

export type AmountUnit = 'yuan' | 'wan' | 'yi' | 'thousand' | 'million' | 'billion';

/**
 * How a language reads large amounts: Chinese in 万 and 亿 (spec 9), English in thousands, millions
 * and billions ("264.76万" is "2.65 million"). A locale file names its scheme; the arithmetic is here.
 */
export type AmountScheme = 'wan' | 'thousands';

/** The scheme's units from the largest, each with the places its decimal point moves. */
const SCHEME_UNITS: Record<AmountScheme, ReadonlyArray<readonly [AmountUnit, number]>> = {
  wan: [
    ['yi', 8],
    ['wan', 4],
  ],
  thousands: [
    ['billion', 9],
    ['million', 6],
    ['thousand', 3],
  ],
};

/** The places a scheme's chart axes are drawn in: 万 for Chinese, millions for English. */
export const AXIS_PLACES: Record<AmountScheme, number> = { wan: 4, thousands: 6 };

/** An amount in units of 10^places, 2 decimals, exact: formatScaled(2647600, 6) → "2.65". */
export function formatScaled(value: NumericInput, places: number): string {
  return formatShifted(value, places);
}

/**
 * A headline amount in the largest unit of the scheme it reaches (元, 万 from 10,000, 亿 from
 * 100,000,000; or thousand, million, billion), 2 decimals: 350000000 → { text: "3.50", unit: "yi" }.
 * The unit's label is the caller's (locale) to show.
 */
export function amountWithUnit(value: NumericInput, scheme: AmountScheme = 'wan'): { text: string; unit: AmountUnit } {
  const parsed = parseDecimal(value);
  const intDigits = parsed ? parsed.int.length : 1;
  for (const [unit, places] of SCHEME_UNITS[scheme]) if (intDigits > places) return { text: formatShifted(value, places), unit };
  return { text: formatMoney(value), unit: 'yuan' };
}

/** A bank card number grouped by 4 with spaces (spec 9). Existing spaces are ignored; masked digits stay as they are. */
export function formatBankCard(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .replace(/\s+/g, '')
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** Money with a ¥ prefix; a negative amount reads "-¥1,234.00" (the sign before the symbol, as on statements). */
export function formatCurrency(value: NumericInput, decimals = 2): string {
  const money = formatMoney(value, decimals);
  return money.startsWith('-') ? `-¥${money.slice(1)}` : `¥${money}`;
}

/**
 * A percentage. The input is already in percent units, the way the server sends ratios
 * (12.5 means 12.5%, not 1250%), so only rounding and the % sign are added: 12.5 → "12.50%".
 * Empty or non-numeric input gives "0.00%", like the money helper.
 */
export function formatPercent(value: NumericInput, decimals = 2): string {
  assertDigits(decimals);
  const parsed = parseDecimal(value);
  return `${joinDecimal(parsed ? roundDecimal(parsed, decimals) : zero(decimals), false)}%`;
}

/**
 * Thousands separators without rounding: every fraction digit is kept ("1,234,567.891").
 * Empty or non-numeric input gives "0", in line with the money helper.
 */
export function formatThousands(value: NumericInput): string {
  const parsed = parseDecimal(value);
  return joinDecimal(parsed ?? zero(0), true);
}

/**
 * An amount of yuan with at most two decimals as whole fen, exactly (a bigint); null for anything
 * else (more decimals, a sign, text). For comparing and drawing amounts without binary floats.
 */
export function toFen(value: NumericInput): bigint | null {
  const parsed = parseDecimal(value);
  if (!parsed || parsed.negative) return null;
  const frac = parsed.frac.replace(/0+$/, '');
  if (frac.length > 2) return null;
  return BigInt(parsed.int) * 100n + BigInt(frac.padEnd(2, '0') || '0');
}

/** Whole fen as a yuan decimal string with two decimals (12n → "0.12"). */
export function fenToYuan(fen: bigint): string {
  const digits = fen.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Fen as the wire's decimal string ("-12.30" for a negative). */
export const yuan = (fen: bigint): string => (fen < 0n ? `-${fenToYuan(-fen)}` : fenToYuan(fen));

/** A database numeric (or any decimal string) as fen; a value with more decimals is a fault. */
export function fenOf(value: string | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  const negative = value.trim().startsWith('-');
  const fen = toFen(negative ? value.trim().slice(1) : value);
  if (fen === null) throw new RangeError(`not an amount: ${value}`);
  return negative ? -fen : fen;
}

/**
 * Digits a typed amount may have (spec 5.4's amount: 14 integer digits, 2 decimals). Fourteen keeps
 * every money input well inside the numeric(16,2) and numeric(18,2) columns that store it.
 */
export const MONEY_INPUT_DIGITS = { integer: 14, decimal: 2 } as const;
export interface MoneyDigits {
  integer: number;
  decimal: number;
}

/**
 * The one rule for an amount a person types or a caller sends (issue 37): plain digits, no sign, no
 * exponent, no leading dot or trailing dot, no padding zeros, no spaces, no thousands separators, at most
 * `digits.integer` integer and `digits.decimal` fraction digits. Returns the value as a decimal string,
 * or null when it breaks the rule. A JSON number is read in its shortest decimal form, so 100 passes
 * and 1e21 (written "1e+21") or 0.1 + 0.2 (0.30000000000000004) do not. Whether zero is allowed is
 * the caller's business rule, not the format's.
 */
export function moneyInputText(value: unknown, digits: MoneyDigits = MONEY_INPUT_DIGITS): string | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value);
  const integer = `(?:0|[1-9]\\d{0,${Math.max(0, digits.integer - 1)}})`;
  const fraction = digits.decimal > 0 ? `(?:\\.\\d{1,${digits.decimal}})?` : '';
  return new RegExp(`^${integer}${fraction}$`).test(text) ? text : null;
}

/** An amount of yuan under the one rule, in whole fen; null when it breaks the rule. */
export function moneyInputFen(value: unknown): bigint | null {
  const text = moneyInputText(value);
  return text === null ? null : toFen(text);
}
