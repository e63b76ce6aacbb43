/**
 * The certificate calls' bodies as zod schemas (docs/developers/input.md), built from server/input/fields.ts:
 * each route's shape is declared once here and its handler typed from it. A refusal is VALIDATION_FAILED
 * naming the field's label and path, before anything is read or written. What is not shape (a day after
 * today, an invoice type the dictionary offers, the certificate's status) is the handlers' (applications.ts).
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CERT_STATUS, INVOICE_TYPE_DICT } from '../../src/lib/certificates';
import { isValid, validationMessage, type ValidatorName } from '../../src/lib/validators';
import type { Tx } from '../db/tx';
import { sysDictData } from '../db/schema';
import { aboutField, validationError } from '../errors';
import { translate } from '../i18n';
import { bool, calendarDay, id, oneOf, optional, text, version } from '../input/fields';

/** The server's labels of the certificate fields (server:cert.field.*), as its refusals have always named them. */
const label = (field: string) => `server:cert.field.${field}`;

/** A text field that must also pass one of the shared validators (a corporation's name, a credit code). */
function checkedText(field: string, validator: ValidatorName) {
  return text(label(field), 100).refine((value) => isValid(validator, value), {
    error: () => translate('server:crud.invalid', { field: translate(label(field)), message: validationMessage(validator) }),
  });
}

const validFrom = calendarDay(label('validFrom'));
const validTo = calendarDay(label('validTo'));
/** Which invoice type: whether the dictionary offers it is checked against it (invoiceTypeOffered). */
const invoiceType = text(label('invoiceType'), 100);
const remark = optional(text('certificates:fields.remark', 500));

/** The certificate list's filters; the paging and orderBy are read by the list's own readers, so they are kept. */
export const pageBody = z.looseObject({
  holderCorpName: optional(text('certificates:fields.holderCorpName', 100)),
  serialNo: optional(text('certificates:fields.serialNo', 100)),
  status: optional(oneOf('certificates:fields.status', Object.values(CERT_STATUS) as [string, ...string[]])),
  expiring: optional(bool('certificates:fields.expiring')),
});

/** A call that takes nothing (the invoice-type list): any object, its keys ignored. */
export const emptyBody = z.object({});

export const idBody = z.object({ id: id(label('id')) });
export const applicationIdBody = z.object({ id: id('server:input.fields.applicationId') });

/** 新增证书申请: the holder and the validity. */
export const createBody = z.object({
  holderCorpName: checkedText('holderCorpName', 'corpName'),
  holderCorpId: checkedText('holderCorpId', 'taxId'),
  validFrom,
  validTo,
  invoiceType,
  remark,
});

/** 续期 / 重新开通: a new end for a certificate. */
export const extendBody = z.object({ id: id(label('id')), validTo, invoiceType, remark });

/** 重新提交 of a returned application: first the version read, then what its kind may change. */
export const reviseVersionBody = z.object({ dataVersion: version() });
export const reviseCreateBody = z.object({ validFrom, validTo, invoiceType });
export const reviseExtensionBody = z.object({ validTo, invoiceType });

/** An invoice type the application form may offer: a code of invoice_type that is shown and enabled (the dictionary's, not the shape's). */
export async function invoiceTypeOffered(tx: Tx, value: string): Promise<string> {
  const [item] = await tx
    .select({ isShow: sysDictData.isShow, status: sysDictData.status })
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, INVOICE_TYPE_DICT), eq(sysDictData.dictValue, value)));
  if (!item || !item.isShow || item.status !== '0')
    throw aboutField(validationError(translate('server:cert.invoiceTypeUnavailable', { value })), 'invoiceType');
  return value;
}
