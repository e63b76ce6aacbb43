/**
 * The pure rules of corporations and the group tree (DOMAIN.md "The parties", "Corporations and the
 * group tree"), shared by the pages and the server: codes, what may hang under what, the display of
 * bank account numbers and the micro-payment check of a bank-account verification.
 */
import { formatBankCard, toFen } from './money';

/** A corporation's types (dictionary corp_type); one corporation may hold several. */
export const CORP_TYPE = { core: 'CORE_ENTERPRISE', supplier: 'SUPPLIER', finance: 'FINANCE_INSTITUTION', platform: 'PLATFORM' } as const;
export const CORP_TYPE_DICT = 'corp_type';

/** Admission of a core enterprise (dictionary corp_admission_status). */
export const ADMISSION_STATUS = { none: 'NOT_APPLIED', pending: 'PENDING', admitted: 'ADMITTED', rejected: 'REJECTED' } as const;
export const ADMISSION_STATUS_DICT = 'corp_admission_status';

/**
 * A corporation's real-name status as 企业管理 shows it (dictionary corp_realname_status): its
 * admission's status (src/lib/realname.ts), or NONE (未认证) while no admission is filed for it.
 */
export const CORP_REALNAME_NONE = 'NONE';
export const CORP_REALNAME_DICT = 'corp_realname_status';

/** Purposes of a bank account (dictionary corp_account_usage). */
export const ACCOUNT_USAGE = { settlement: 'SETTLEMENT', repayment: 'REPAYMENT', general: 'GENERAL' } as const;
export const ACCOUNT_USAGE_DICT = 'corp_account_usage';

/** Kinds of verification (dictionary corp_verification_kind) and their states (corp_verification_status). */
export const VERIFICATION_KIND = { identity: 'IDENTITY', company: 'COMPANY', bankAccount: 'BANK_ACCOUNT', address: 'ADDRESS' } as const;
export type VerificationKind = (typeof VERIFICATION_KIND)[keyof typeof VERIFICATION_KIND];
export const VERIFICATION_KINDS: readonly VerificationKind[] = Object.values(VERIFICATION_KIND);
export const VERIFICATION_STATUS = { authenticating: 'AUTHENTICATING', failure: 'FAILURE', success: 'SUCCESS' } as const;
export type VerificationStatus = (typeof VERIFICATION_STATUS)[keyof typeof VERIFICATION_STATUS];
export const VERIFICATION_KIND_DICT = 'corp_verification_kind';
export const VERIFICATION_STATUS_DICT = 'corp_verification_status';

/** A bank account's micro payment: between these amounts (yuan), confirmed back within this many tries. */
export const MICRO_PAYMENT_MIN = '0.01';
export const MICRO_PAYMENT_MAX = '0.99';
export const MICRO_PAYMENT_TRIES = 3;

/** Whether a confirmed amount is a well-formed yuan amount in the micro-payment range. */
export function isMicroPaymentAmount(amount: string): boolean {
  const fen = toFen(amount);
  return fen !== null && fen >= toFen(MICRO_PAYMENT_MIN)! && fen <= toFen(MICRO_PAYMENT_MAX)!;
}

/** Whether a confirmed amount is the paid one ("0.5" and "0.50" are the same amount). */
export function sameAmount(a: string, b: string): boolean {
  const fa = toFen(a);
  return fa !== null && fa === toFen(b);
}

/** Tries left after `attempts` wrong confirmations; at 0 the payment is spent and a new one is needed. */
export const triesLeft = (attempts: number) => Math.max(0, MICRO_PAYMENT_TRIES - attempts);

/** Units of the group tree (dictionary group_unit_kind). */
export const UNIT_KIND = { group: 'GROUP', branch: 'BRANCH', projectDept: 'PROJECT_DEPT', member: 'MEMBER_CUSTOMER' } as const;
export type UnitKind = (typeof UNIT_KIND)[keyof typeof UNIT_KIND];
export const UNIT_KIND_DICT = 'group_unit_kind';

/**
 * What may hang under what: a group is a root; a branch or subsidiary under a group or another
 * branch; a project department under a branch or the group itself; a supplier joins a group directly
 * as its member customer. Anything else is refused on both sides.
 */
export const ALLOWED_PARENTS: Readonly<Record<UnitKind, readonly UnitKind[]>> = {
  GROUP: [],
  BRANCH: [UNIT_KIND.group, UNIT_KIND.branch],
  PROJECT_DEPT: [UNIT_KIND.group, UNIT_KIND.branch],
  MEMBER_CUSTOMER: [UNIT_KIND.group],
};

export function canHangUnder(kind: UnitKind, parentKind: UnitKind | null): boolean {
  return parentKind === null ? kind === UNIT_KIND.group : ALLOWED_PARENTS[kind].includes(parentKind);
}

/** A unit of a group tree as the move rule reads it. */
export interface TreeUnit {
  id: string;
  groupId: string;
  parentId: string | null;
  kind: string;
}

/** Why a move breaks the tree's rules (a key of corporations:tree.server), the same for the tree page and the server. */
export type MoveRuleBroken = 'otherGroup' | 'intoItself' | 'badParent';

/**
 * Whether `unit` may move under `parent`, `units` being its group's units (for what lies below it):
 * a move stays within its group, never goes under the unit itself or below it, and keeps what may
 * hang under what. What a unit still holds (quota, notes) is the server's to add: it needs the data.
 */
export function moveRuleBroken(unit: TreeUnit, parent: TreeUnit, units: readonly TreeUnit[]): MoveRuleBroken | null {
  if (parent.groupId !== unit.groupId) return 'otherGroup';
  const below = new Set([unit.id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const u of units) {
      if (u.parentId && below.has(u.parentId) && !below.has(u.id)) {
        below.add(u.id);
        grew = true;
      }
    }
  }
  if (below.has(parent.id)) return 'intoItself';
  if (!canHangUnder(unit.kind as UnitKind, parent.kind as UnitKind)) return 'badParent';
  return null;
}

/** An account number in groups of four (6222 0212 3456 7890 123), masked or not, as spec 9 shows it. */
export const groupAccountNo = formatBankCard;
