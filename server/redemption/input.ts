/**
 * The bodies of the redemption calls (server/redemption/routes.ts) and of a returned registration's
 * 重新提交, one zod schema each, built from the shared fields of server/input/fields.ts. Only the
 * body's shape is here: a day not in the future, a payer or note or file that exists, the notes'
 * match to the payment and an opinion for a reject stay with payments.ts and registrations.ts.
 */
import { z } from 'zod';
import { AUDIT_OUTCOME, MAX_MATCHED_NOTES, PAYMENT_STATUSES, REGISTRATION_STATUS, isBankSerial, type PaymentStatus } from '../../src/lib/redemption';
import { translate } from '../i18n';
import { calendarDay, id, ids, money, oneOf, optional, paging, text, version } from '../input/fields';

const label = (name: string) => `redemption:fields.${name}`;
const remark = optional(text(label('remark'), 500));
const REGISTRATION_STATUSES = Object.values(REGISTRATION_STATUS) as [string, ...string[]];

export const paymentsPageBody = z.object({
  ...paging,
  status: optional(oneOf(label('status'), PAYMENT_STATUSES as readonly [PaymentStatus, ...PaymentStatus[]])),
});

export const registrationsPageBody = z.object({ ...paging, status: optional(oneOf(label('status'), REGISTRATION_STATUSES)) });

export const idBody = z.object({ id: id(label('id')) });

/** The payer whose outstanding notes a payment may take; left out, every issuer's. */
export const matchableBody = z.object({ issuerUnitId: optional(id(label('issuerUnitId'))) });

/** 登记付款: a bank transfer from an issuing unit and the notes it pays. */
export const addPaymentBody = z.object({
  payerUnitId: id(label('payerUnitId')),
  amount: money(label('amount')),
  valueDate: calendarDay(label('valueDate')),
  bankSerialNo: text(label('bankSerialNo'), 40).refine(isBankSerial, { error: () => translate('redemption:server.serialInvalid') }),
  noteIds: ids(label('noteIds'), MAX_MATCHED_NOTES),
  remark,
});
export type AddPaymentBody = z.infer<typeof addPaymentBody>;

/** 付款审核: PASS or REJECT, with an opinion (a reject's is required, payments.ts says so). */
export const auditBody = z.object({
  id: id(label('id')),
  outcome: oneOf(label('outcome'), [AUDIT_OUTCOME.pass, AUDIT_OUTCOME.reject]),
  opinion: optional(text(label('opinion'), 500)),
});
export type AuditBody = z.infer<typeof auditBody>;

/** What a registration says of the payment outside the platform: when, with which evidence. */
const evidence = { paidDate: calendarDay(label('paidDate')), evidenceFileId: id(label('evidenceFileId')), remark };

export const registerBody = z.object({ noteId: id(label('noteId')), ...evidence });
export type RegisterBody = z.infer<typeof registerBody>;

/** 重新提交 of a returned registration: the same evidence, at the version the submitter read (the note stays). */
export const reviseBody = z.object({ dataVersion: version(), ...evidence });
