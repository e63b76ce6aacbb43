/**
 * The bodies of the bill calls (server/bills/routes.ts), one zod schema each, built from the shared
 * fields of server/input/fields.ts; the service's methods take what they hand back, already checked.
 * Only the body's shape is here: whether a period has ended, a bill's status, an invoice type being
 * shown, an account being the corporation's stay with the service.
 */
import { z } from 'zod';
import { BILL_STATUSES, isPeriod, type BillStatus } from '../../src/lib/bills';
import { id, oneOf, optional, paging, text, version, calendarDay } from '../input/fields';
import { translate } from '../i18n';

const label = (name: string) => `bills:fields.${name}`;
const required = (name: string) => () => translate('server:crud.required', { field: translate(label(name)) });

/** A billing month, YYYY-MM of this century. */
const period = text(label('period'), 7).refine(isPeriod, { error: () => translate('bills:server.periodInvalid') });
const remark = optional(text(label('remark'), 500));

export const pageBody = z.object({
  ...paging,
  corpName: optional(text(label('corpName'), 100)),
  period: optional(period),
  status: optional(oneOf(label('status'), BILL_STATUSES as readonly [BillStatus, ...BillStatus[]])),
});

/** One bill by its id, or by the instance that reviews it (the task page knows only the instance). */
export const billRefBody = z
  .object({ id: optional(id(label('id'))), instanceId: optional(text(label('instanceId'), 100)) })
  .refine((body) => body.id !== undefined || body.instanceId !== undefined, { path: ['id'], error: required('id') });

export const idBody = z.object({ id: id(label('id')) });
export const periodBody = z.object({ period });

export const submitBody = z.object({ id: id(label('id')), dataVersion: version(), remark });
export type SubmitBody = z.infer<typeof submitBody>;

/** paidDate left out is today. */
export const payBody = z.object({ id: id(label('id')), dataVersion: version(), paidDate: optional(calendarDay(label('paidDate'))), remark });
export type PayBody = z.infer<typeof payBody>;

/** The buyer's title, tax id and address default to the corporation record's. */
export const invoiceBody = z.object({
  id: id(label('id')),
  dataVersion: version(),
  invoiceType: text(label('invoiceType'), 50),
  title: optional(text(label('title'), 200)),
  taxId: optional(text(label('taxId'), 50)),
  address: optional(text(label('address'), 300)),
  bankAccountId: id(label('bankAccountId')),
  remark,
});
export type InvoiceBody = z.infer<typeof invoiceBody>;
