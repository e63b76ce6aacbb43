/** Body checks for routes: a failed check names the field (PROTOCOL.md §5, VALIDATION_FAILED). */
import { MONEY_INPUT_DIGITS, moneyInputText, type MoneyDigits } from '../src/lib/money';
import { translate } from './i18n';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How a money field reads: its digits (spec 5.4's amount unless a declaration says otherwise) and whether 0 is an answer. */
export interface MoneyOptions {
  digits?: MoneyDigits;
  allowZero?: boolean;
}

/**
 * The one server check of a typed amount (src/lib/money's moneyInputText): every route that takes money
 * reads it through here, in its body's schema (server/input/fields.ts money, a resource's money fields in
 * server/crud/body-schema.ts), so "1e2", "+1", ".5", " 1", "1,000", "-0" or a 20-digit amount get the same
 * VALIDATION_FAILED and the same message naming the field, before anything is read or written.
 * `label` is the field's name as the operator sees it. The verdict: the amount as its decimal string, or the message.
 */
export function moneyVerdict(value: unknown, label: string, options: MoneyOptions = {}): { text: string } | { message: string } {
  const digits = options.digits ?? MONEY_INPUT_DIGITS;
  const text = moneyInputText(value, digits);
  if (text === null)
    return { message: translate('server:validation.money', { field: label, integer: String(digits.integer), decimal: String(digits.decimal) }) };
  if (!options.allowZero && /^[0.]+$/.test(text)) return { message: translate('server:validation.moneyPositive', { field: label }) };
  return { text };
}
