/**
 * Bills (账单核算, DOMAIN.md "Credit notes" → Bills): the platform's service fees per corporation and
 * month. One set of rules for the server that enforces them and the screens that show them.
 *
 * What a bill charges: a core enterprise's month, over two bases —
 *   ISSUED    the notes its group issued in the month (root notes, by issue date), and
 *   FINANCED  the financings signed in the month with it as the core enterprise (by signing date),
 * each priced by the price policy in force for the core enterprise and the product (src/lib/products.ts):
 * a note by the tenor band holding its tenor (due date − issue date), a financing (which carries no
 * tenor) by the product's first band. The policy's service-fee rate is a percentage charged once on
 * the amount in the month it is issued or financed. An amount no policy prices is shown on the bill
 * as unpriced and charged nothing.
 *
 * A month is billed once it has ended, once: a bill is never recomputed behind its reviewer's back.
 *
 * Rounding rule (exact, never a float): a line's fee is basis × rate / 100 in whole fen, rounded half
 * up (0.5 fen and above to the next fen) once per line; the bill's fee is the sum of its lines' fees.
 *
 * Life of a bill (its `status`):
 *   DRAFT      generated, or withdrawn from its review: the handler may submit it;
 *   REVIEWING  submitted: Process_BILL_MANAGE runs (modifyStatus submit, director review); the
 *              status changes only when the instance ends — approved → CONFIRMED; a director's
 *              reject returns the task to the handler (the reason is kept on the bill, the status
 *              stays), who resubmits or withdraws it (the instance ends rejected → back to DRAFT);
 *   CONFIRMED  the corporation owes the fee;
 *   PAID       the payment was registered;
 *   INVOICED   its one invoice was made.
 */
import { fenToYuan, toFen } from './money';

export const BILL_API = '/op/v1/bills';
export const BILL_PROCESS_KEY = 'Process_BILL_MANAGE';
export const BILL_BUSINESS_TYPE = 'BILL';
export const BILL_PAGE = '/op/issue/bills';
export const BILL_DETAIL_PAGE = '/op/issue/bills/detail';

export const BILL_STATUS = { draft: 'DRAFT', reviewing: 'REVIEWING', confirmed: 'CONFIRMED', paid: 'PAID', invoiced: 'INVOICED' } as const;
export type BillStatus = (typeof BILL_STATUS)[keyof typeof BILL_STATUS];
export const BILL_STATUSES: readonly BillStatus[] = Object.values(BILL_STATUS);

export const BILL_BASIS = { issued: 'ISSUED', financed: 'FINANCED' } as const;
export type BillBasis = (typeof BILL_BASIS)[keyof typeof BILL_BASIS];

/** What may happen to a bill, and from which status. */
export const BILL_ACTION = { submit: 'submit', approve: 'approve', reject: 'reject', pay: 'pay', invoice: 'invoice' } as const;
export type BillAction = (typeof BILL_ACTION)[keyof typeof BILL_ACTION];

const TRANSITIONS: Readonly<Record<BillAction, { from: BillStatus; to: BillStatus }>> = {
  submit: { from: BILL_STATUS.draft, to: BILL_STATUS.reviewing },
  approve: { from: BILL_STATUS.reviewing, to: BILL_STATUS.confirmed },
  reject: { from: BILL_STATUS.reviewing, to: BILL_STATUS.draft },
  pay: { from: BILL_STATUS.confirmed, to: BILL_STATUS.paid },
  invoice: { from: BILL_STATUS.paid, to: BILL_STATUS.invoiced },
};

/** The status a bill moves to by `action`, or null when the action is not allowed from `status`. */
export function nextBillStatus(status: string, action: BillAction): BillStatus | null {
  const t = TRANSITIONS[action];
  return t.from === status ? t.to : null;
}

export const mayBill = (status: string, action: BillAction): boolean => nextBillStatus(status, action) !== null;

/** A period is a calendar month, 'YYYY-MM' (2000-01 … 2099-12). */
export function isPeriod(value: unknown): value is string {
  return typeof value === 'string' && /^20\d\d-(0[1-9]|1[0-2])$/.test(value);
}

/** The first day of the period and the first day of the next one (a half-open range of dates). */
export function periodRange(period: string): { from: string; to: string } {
  const [y, m] = period.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${period}-01`, to: `${next}-01` };
}

/** The period `months` months before `period` (or after, when negative). */
export function shiftPeriod(period: string, months: number): string {
  const [y, m] = period.split('-').map(Number);
  const index = y * 12 + (m - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The period a date ('YYYY-MM-DD…') falls in. */
export const periodOf = (day: string): string => day.slice(0, 7);

/** A bill's number: BL + period digits + six digits of a sequence, e.g. BL202610000012. */
export function billNumber(period: string, seq: number): string {
  return `BL${period.replace('-', '')}${String(seq).padStart(6, '0')}`;
}

/** An invoice's number: INV + date digits + six digits of a sequence. */
export function invoiceNumber(day: string, seq: number): string {
  return `INV${day.replaceAll('-', '')}${String(seq).padStart(6, '0')}`;
}

/** A percentage with at most two decimals (the policy's rate) in hundredths of a percent: '0.35' → 35n. */
export function rateHundredths(rate: string): bigint {
  const hundredths = toFen(rate);
  if (hundredths === null) throw new Error(`not a rate with two decimals: ${rate}`);
  return hundredths;
}

/**
 * The fee of one line in fen: basis (fen) × rate (hundredths of a percent) / 10 000, rounded half
 * up. basis ≥ 0 and rate ≥ 0, so half up is adding half the divisor before the integer division.
 */
export function lineFeeFen(basisFen: bigint, rate: string): bigint {
  const product = basisFen * rateHundredths(rate);
  return (product + 5000n) / 10000n;
}

/** A line's fee as a yuan decimal string. */
export function lineFee(basis: string, rate: string): string {
  const fen = toFen(basis);
  if (fen === null) throw new Error(`not an amount: ${basis}`);
  return fenToYuan(lineFeeFen(fen, rate));
}

/** The bill's fee: the sum of its lines' fees, in yuan. */
export function billFee(lines: ReadonlyArray<{ feeAmount: string }>): string {
  return fenToYuan(lines.reduce((sum, line) => sum + (toFen(line.feeAmount) ?? 0n), 0n));
}
