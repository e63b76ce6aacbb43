/**
 * The credit-note rules (DOMAIN.md "Credit notes") shared by the screens and the server: the three
 * application levels, the statuses of an application, a batch (issuance data) and a note, a note's
 * number, overdue computed from the due date, and a split's arithmetic in whole fen (src/lib/quotas).
 */
import { fenOf, yuan } from './money';

export const CREDIT_NOTE_API = '/op/v1/credit-notes';

/** Who applies: a project department, a branch or subsidiary, or the group itself. */
export const APPLY_LEVEL = { projectDept: 'PROJECT_DEPT', branch: 'BRANCH', group: 'GROUP' } as const;
export type ApplyLevel = (typeof APPLY_LEVEL)[keyof typeof APPLY_LEVEL];
export const APPLY_LEVELS: readonly ApplyLevel[] = Object.values(APPLY_LEVEL);

/**
 * An application: RUNNING while its documents are reviewed (PROCESS_CREDIT_CERTIFICATE_CODE),
 * APPROVED once they pass, BATCHED while its issuance data waits for the final approval, ISSUED when
 * that approves it; REJECTED by either review.
 */
export const APPLICATION_STATUS = { running: 'RUNNING', approved: 'APPROVED', batched: 'BATCHED', issued: 'ISSUED', rejected: 'REJECTED' } as const;

/** Issuance data: RUNNING in Process_CREDIT_ISSUE, then APPROVED (notes issued) or REJECTED (quota released). */
export const BATCH_STATUS = { running: 'RUNNING', approved: 'APPROVED', rejected: 'REJECTED' } as const;
/**
 * Where a batch's quota figures come from: LIVE (it runs: today's balance, labelled as such),
 * DECIDED (kept when its final approval ended) or NOT_KEPT (an earlier release decided it and its
 * ledger does not say: amounts only).
 */
export const BATCH_FIGURES = { live: 'LIVE', decided: 'DECIDED', notKept: 'NOT_KEPT' } as const;
export type BatchFigures = (typeof BATCH_FIGURES)[keyof typeof BATCH_FIGURES];

/**
 * A note: ISSUED (已签发), SPLIT (已拆分: closed, its amount now lives in its children), FINANCED
 * (已融资), REDEEMED (已兑付). OVERDUE (已逾期) is never stored: an outstanding note past its due date.
 */
export const NOTE_STATUS = { issued: 'ISSUED', split: 'SPLIT', financed: 'FINANCED', redeemed: 'REDEEMED', overdue: 'OVERDUE' } as const;
export const STORED_NOTE_STATUSES = [NOTE_STATUS.issued, NOTE_STATUS.split, NOTE_STATUS.financed, NOTE_STATUS.redeemed] as const;
/** Statuses whose note is still owed by its issuer (may fall overdue). */
export const OUTSTANDING_STATUSES: readonly string[] = [NOTE_STATUS.issued, NOTE_STATUS.financed];

/** How a holder got a note: at issuance, by a transfer of the whole, or by a split. */
export const HOLD_KIND = { issue: 'ISSUE', transfer: 'TRANSFER', split: 'SPLIT', keep: 'KEEP' } as const;

export const CREDIT_ISSUE_PROCESS = 'Process_CREDIT_ISSUE';
export const CREDIT_DOC_PROCESS = 'PROCESS_CREDIT_CERTIFICATE_CODE';
/** The document materials an application carries (dictionary doc_file_type). */
export const CREDIT_DOC_TYPES = { contract: 'BUSI_CONTRACT', invoice: 'INVOICE' } as const;

/** The note's number: CN, the issue date, a six-digit sequence (CN20261124000123). */
export function noteNumber(issueDate: string, sequence: number): string {
  return `CN${issueDate.replaceAll('-', '')}${String(sequence % 1_000_000).padStart(6, '0')}`;
}

/** The status the screens show: an outstanding note past its due date is overdue. */
export function effectiveStatus(status: string, dueDate: string, today: string): string {
  return OUTSTANDING_STATUSES.includes(status) && dueDate < today ? NOTE_STATUS.overdue : status;
}

/** What a split leaves: the part transferred and the remainder kept, exactly summing to the original. */
export function splitAmounts(original: string, part: bigint): { part: string; rest: string } | null {
  const whole = fenOf(original);
  if (part <= 0n || part >= whole) return null;
  return { part: yuan(part), rest: yuan(whole - part) };
}

/** The sum of amounts, exactly (decimal strings in, a decimal string out). */
export function sumAmounts(values: readonly string[]): string {
  return yuan(values.reduce((sum, v) => sum + fenOf(v), 0n));
}
