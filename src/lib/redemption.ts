/**
 * Redemption and recycling (DOMAIN.md "Credit notes"): a payment into the platform's settlement
 * account is matched to outstanding notes of the issuer that pays and audited (付款审核); an
 * approved audit marks the notes 已兑付 and recycles their quota. A note paid outside the platform is
 * registered through Process_CREDIT_REDEEM_REGISTER_BIZ with its evidence. The rules below are the
 * server's checks and the screens' hints alike; amounts are compared in whole fen, never as floats.
 */
import { NOTE_STATUS, OUTSTANDING_STATUSES } from './credit-notes';
import { parseAmount } from './quotas';
import { fenOf } from './money';

export const REDEMPTION_API = '/op/v1/credit-redemption';

export const REDEMPTION_CALLS = {
  payments: `${REDEMPTION_API}/payments/page`,
  payment: `${REDEMPTION_API}/payments/find-by-id`,
  payers: `${REDEMPTION_API}/payments/payers`,
  matchable: `${REDEMPTION_API}/notes/matchable`,
  addPayment: `${REDEMPTION_API}/payments/add`,
  audit: `${REDEMPTION_API}/payments/audit`,
  registrations: `${REDEMPTION_API}/registrations/page`,
  registration: `${REDEMPTION_API}/registrations/find-by-id`,
  register: `${REDEMPTION_API}/registrations/add`,
} as const;

/** A payment: 待审核 until audited, then 已通过 (notes redeemed, quota recycled) or 已驳回 (nothing changed). */
export const PAYMENT_STATUS = { pending: 'PENDING', approved: 'APPROVED', rejected: 'REJECTED' } as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];
export const PAYMENT_STATUSES: readonly PaymentStatus[] = Object.values(PAYMENT_STATUS);

/** An audit's verdict. */
export const AUDIT_OUTCOME = { pass: 'PASS', reject: 'REJECT' } as const;
export type AuditOutcome = (typeof AUDIT_OUTCOME)[keyof typeof AUDIT_OUTCOME];

/** A registration of a note paid outside the platform: RUNNING in its approval, then APPROVED or REJECTED. */
export const REGISTRATION_STATUS = { running: 'RUNNING', approved: 'APPROVED', rejected: 'REJECTED' } as const;

export const REDEEM_REGISTER_PROCESS = 'Process_CREDIT_REDEEM_REGISTER_BIZ';

/** Most notes one payment settles. */
export const MAX_MATCHED_NOTES = 50;

/** A bank serial number (流水号): 6 to 40 letters, digits or dashes. */
export const BANK_SERIAL_PATTERN = /^[A-Za-z0-9-]{6,40}$/;
export const isBankSerial = (value: unknown): value is string => typeof value === 'string' && BANK_SERIAL_PATTERN.test(value);

/** Whether a note may still be redeemed: issued or financed (overdue ones included), never split or redeemed. */
export const isRedeemable = (status: string): boolean => OUTSTANDING_STATUSES.includes(status) && status !== NOTE_STATUS.redeemed;

export interface MatchNote {
  noteNo: string;
  issuerUnitId: string;
  amount: string;
  status: string;
}

/** Why a match is refused: the locale key (namespace redemption, server.*) and its parameters. */
export interface MatchRefusal {
  key: 'noNotes' | 'tooManyNotes' | 'notRedeemable' | 'otherIssuer' | 'amountMismatch';
  params: Record<string, string>;
}

/** The sum of the notes' amounts, in fen. */
export const matchedFen = (notes: readonly Pick<MatchNote, 'amount'>[]): bigint => notes.reduce((sum, n) => sum + fenOf(n.amount), 0n);

/**
 * A payment of `amountFen` by the issuing unit `payerUnitId` may settle exactly these notes: at least
 * one, each still redeemable and issued by the payer, their amounts summing exactly to the payment.
 */
export function matchRefusal(amountFen: bigint, payerUnitId: string, notes: readonly MatchNote[]): MatchRefusal | null {
  if (notes.length === 0) return { key: 'noNotes', params: {} };
  if (notes.length > MAX_MATCHED_NOTES) return { key: 'tooManyNotes', params: { max: String(MAX_MATCHED_NOTES) } };
  const closed = notes.find((n) => !isRedeemable(n.status));
  if (closed) return { key: 'notRedeemable', params: { noteNo: closed.noteNo, status: closed.status } };
  const foreign = notes.find((n) => n.issuerUnitId !== payerUnitId);
  if (foreign) return { key: 'otherIssuer', params: { noteNo: foreign.noteNo } };
  const sum = matchedFen(notes);
  if (sum !== amountFen) return { key: 'amountMismatch', params: { paid: String(amountFen), matched: String(sum) } };
  return null;
}

/** A payment amount from the wire, as fen (null when not a positive amount of yuan with two decimals). */
export const paymentFen = (value: unknown): bigint | null => parseAmount(value);
