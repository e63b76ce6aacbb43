/**
 * Body readers of the certificate calls. Every refusal is a VALIDATION_FAILED with a Chinese message
 * naming the field, thrown before anything is read or written.
 */
import { and, eq } from 'drizzle-orm';
import { INVOICE_TYPE_DICT } from '../../src/lib/certificates';
import { isCalendarDay } from '../../src/lib/dates';
import { isValid, validationMessage, type ValidatorName } from '../../src/lib/validators';
import type { Tx } from '../db/tx';
import { sysDictData } from '../db/schema';
import { validationError } from '../errors';
import { translate } from '../i18n';
import { optionalText, type Body } from '../workflow/input';

const label = (field: string) => translate(`server:cert.field.${field}`);

export function requireCertText(body: Body, field: string, validator?: ValidatorName): string {
  const text = optionalText(body, field, 100);
  if (text === undefined) throw validationError(translate('server:crud.required', { field: label(field) }));
  if (validator && !isValid(validator, text)) {
    throw validationError(translate('server:crud.invalid', { field: label(field), message: validationMessage(validator) }));
  }
  return text;
}

export function requireCertDate(body: Body, field: string): string {
  const value = body[field];
  if (value === undefined || value === null || value === '') throw validationError(translate('server:crud.required', { field: label(field) }));
  if (!isCalendarDay(value)) throw validationError(translate('server:cert.notDate', { field: label(field) }));
  return value;
}

export const optionalRemark = (body: Body) => optionalText(body, 'remark', 500);

/** An invoice type the application form may offer: a code of invoice_type that is shown and enabled. */
export async function requireInvoiceType(tx: Tx, body: Body): Promise<string> {
  const value = body.invoiceType;
  if (value === undefined || value === null || value === '') throw validationError(translate('server:crud.required', { field: label('invoiceType') }));
  if (typeof value !== 'string') throw validationError(translate('server:crud.notString', { field: label('invoiceType') }));
  const [item] = await tx
    .select({ isShow: sysDictData.isShow, status: sysDictData.status })
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, INVOICE_TYPE_DICT), eq(sysDictData.dictValue, value)));
  if (!item || !item.isShow || item.status !== '0') throw validationError(translate('server:cert.invoiceTypeUnavailable', { value }));
  return value;
}
