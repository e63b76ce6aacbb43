/** Reading the quota calls' bodies: every refusal names its field and writes nothing. */
import { toFen } from '../../src/lib/money';
import { isCalendarDay } from '../../src/lib/dates';
import { aboutField, validationError } from '../errors';
import { translate } from '../i18n';
import { requireMoney } from '../validation';
import { optionalText, type Body } from '../workflow/input';

const label = (field: string) => translate(`quotas:fields.${field}`);

export function requireString(body: Body, field: string, max = 100): string {
  const value = optionalText(body, field, max);
  if (value === undefined) throw aboutField(validationError(translate('server:crud.required', { field: label(field) })), field);
  return value;
}

/** A positive amount of yuan (zero too when allowed) under the one money rule (server/validation.ts), in fen. */
export function requireAmount(body: Body, field = 'amount', allowZero = false): bigint {
  return toFen(requireMoney(body, field, label(field), { allowZero }))!;
}

/** The term's last day, after today. */
export function requireTermEnd(body: Body, today: string): string {
  const value = body.termEnd;
  if (value === undefined || value === null || value === '')
    throw aboutField(validationError(translate('server:crud.required', { field: label('termEnd') })), 'termEnd');
  if (!isCalendarDay(value)) throw aboutField(validationError(translate('quotas:server.dateInvalid', { field: label('termEnd') })), 'termEnd');
  if (value <= today) throw aboutField(validationError(translate('quotas:server.termPast', { today })), 'termEnd');
  return value;
}

export const requireReason = (body: Body) => requireString(body, 'reason', 500);
