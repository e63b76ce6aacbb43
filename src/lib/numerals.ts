/**
 * Chinese capital numerals for amounts (大写金额, spec 9), in the forms banks accept on vouchers.
 *
 * Conventions, so that two screens never write the same amount two ways:
 * - 整 follows 元 only: 100 → 壹佰元整, 10.50 → 壹拾元伍角 (bank rules allow omitting 整 after 角; we always omit it).
 * - 零 is written for zeros inside a 4-digit section and for zeros that span a whole section
 *   (100010000 → 壹亿零壹万元整, 100001000 → 壹亿零壹仟元整), but not for the trailing zeros of a
 *   section followed by a non-zero thousands digit (10101000 → 壹仟零壹拾万壹仟元整), the way the
 *   amount is read aloud. Likewise no 零 after 元 when 角 is non-zero (1680.32 → 壹仟陆佰捌拾元叁角贰分),
 *   but 零 is required when 角 is zero and a later place is not (10000.01 → 壹万元零壹分).
 * - An amount below one yuan has no 元 part: 0.05 → 伍分. Zero is 零元整. Negatives are prefixed 负.
 * - Extra fraction digits are rounded half-up (as the money helper does) and the range is checked
 *   on the rounded value.
 */
import { parseDecimal, roundDecimal, type Decimal, type NumericInput } from './money';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
// Sections of four digits; the fourth is 万 of 亿 (1e12 is 壹万亿), the 亿 being written once after it.
const SECTION_UNITS = ['', '万', '亿', '万'];
const FRACTION_UNITS = ['角', '分', '厘', '毫'];

interface CapitalOptions {
  /** Integer digits allowed: the amount must stay below 10^maxIntDigits. */
  maxIntDigits: number;
  fractionDigits: number;
  label: string;
}

function convert(value: NumericInput, { maxIntDigits, fractionDigits, label }: CapitalOptions): string {
  const parsed = parseDecimal(value);
  if (!parsed) throw new RangeError(`${label}: not a finite decimal number: ${String(value)}`);
  const rounded = roundDecimal(parsed, fractionDigits);
  if (rounded.int.length > maxIntDigits) {
    throw new RangeError(`${label}: the amount must be below 1e${maxIntDigits}, got ${String(value)}`);
  }
  return (rounded.negative ? '负' : '') + spell(rounded);
}

function spell({ int, frac }: Decimal): string {
  const hasYuan = int !== '0';
  const fraction = spellFraction(frac, hasYuan);
  if (!hasYuan) return fraction === '' ? '零元整' : fraction;
  return `${spellInteger(int)}元${fraction === '' ? '整' : fraction}`;
}

function spellInteger(int: string): string {
  let text = '';
  // Position (units = 0) of the last non-zero digit written, to decide whether a 零 is owed.
  let previous = -1;
  for (let i = 0; i < int.length; i++) {
    const position = int.length - 1 - i;
    const digit = Number(int[i]);
    if (digit !== 0) {
      if (previous !== -1 && owesZero(previous, position)) text += '零';
      text += DIGITS[digit] + SMALL_UNITS[position % 4];
      previous = position;
    }
    if (position % 4 === 0 && position > 0) text += sectionUnit(int, position);
  }
  return text;
}

/** The unit closing the section that ends at `position`, or nothing when that unit would say nothing. */
function sectionUnit(int: string, position: number): string {
  const end = int.length - position;
  if (position === 8) {
    // 亿 closes everything above it too: 1e12 is 壹万亿, and 10001e8 is 壹万零壹亿.
    return /[1-9]/.test(int.slice(0, end)) ? '亿' : '';
  }
  return /[1-9]/.test(int.slice(Math.max(0, end - 4), end)) ? SECTION_UNITS[position / 4] : '';
}

/** Whether zeros lie between the digit at `previous` and the one at `position` that must be read as 零. */
function owesZero(previous: number, position: number): boolean {
  if (previous - position === 1) return false;
  // A zero in the current section is read; so is a gap that swallows a whole section.
  const zeroInOwnSection = position % 4 !== 3;
  const wholeSectionSkipped = previous - position > 4;
  return zeroInOwnSection || wholeSectionSkipped;
}

function spellFraction(frac: string, hasYuan: boolean): string {
  let text = '';
  // After 元 a zero 角 is read (壹元零伍分); before the first digit of an amount below one yuan it is not (伍分).
  let zeroPending = false;
  let written = hasYuan;
  for (let i = 0; i < frac.length; i++) {
    const digit = Number(frac[i]);
    if (digit === 0) {
      zeroPending = written;
      continue;
    }
    if (zeroPending) text += '零';
    text += DIGITS[digit] + FRACTION_UNITS[i];
    zeroPending = false;
    written = true;
  }
  return text;
}

/**
 * The operator shell's conversion: 2 fraction digits (角分), amounts below 1e16 (exclusive;
 * 1e16 would need the unit 京, which vouchers never use).
 */
export function toChineseCapital(value: NumericInput): string {
  return convert(value, { maxIntDigits: 16, fractionDigits: 2, label: 'toChineseCapital' });
}

/** The amount-to-uppercase helper: up to 4 fraction digits (角分厘毫), amounts below 1e15. */
export function amountToChinese(value: NumericInput): string {
  return convert(value, { maxIntDigits: 15, fractionDigits: 4, label: 'amountToChinese' });
}
