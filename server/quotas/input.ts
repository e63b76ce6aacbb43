/** Reading the quota calls' bodies: every refusal names its field and writes nothing. */
import { isQuotaDate, parseAmount } from '../../src/lib/quotas';
import { aboutField, validationError } from '../errors';
import { translate } from '../i18n';
import { optionalText, type Body } from '../workflow/input';

const label = (field: string) => translate(`quotas:fields.${field}`);

export function requireString(body: Body, field: string, max = 100): string {
  const value = optionalText(body, field, max);
  if (value === undefined) throw aboutField(validationError(translate('server:crud.required', { field: label(field) })), field);
  return value;
}

/** A positive amount of yuan with at most two decimals (zero too when allowed), in fen. */
export function requireAmount(body: Body, field = 'amount', allowZero = false): bigint {
  const value = body[field];
  if (value === undefined || value === null || value === '') throw aboutField(validationError(translate('server:crud.required', { field: label(field) })), field);
  const fen = parseAmount(value, allowZero);
  if (fen === null) throw aboutField(validationError(translate('quotas:server.amountInvalid', { field: label(field) })), field);
  return fen;
}

/** The term's last day, after today. */
export function requireTermEnd(body: Body, today: string): string {
  const value = body.termEnd;
  if (value === undefined || value === null || value === '') throw aboutField(validationError(translate('server:crud.required', { field: label('termEnd') })), 'termEnd');
  if (!isQuotaDate(value)) throw aboutField(validationError(translate('quotas:server.dateInvalid', { field: label('termEnd') })), 'termEnd');
  if (value <= today) throw aboutField(validationError(translate('quotas:server.termPast', { today })), 'termEnd');
  return value;
}

export const requireReason = (body: Body) => requireString(body, 'reason', 500);
