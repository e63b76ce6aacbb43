/**
 * Securitisation and the central registry (DOMAIN.md "Securitisation (ABS) and registration"): the
 * rules the screens and the server share. An asset package pools financed notes under a
 * programme's eligibility rules; its figures (total, weighted average remaining tenor, concentration
 * by debtor) are computed here from the notes, in whole fen and whole days, never in binary floats.
 */
import { fenToYuan, formatPercent, toFen } from './money';
import { addYears, daysBetween } from './dates';

export const ABS_API = '/op/v1/abs';
export const ZD_API = '/op/v1/zd-registrations';

/** 构建中 → 已锁定 → 已发行 → 已结清; only a package being built takes or gives up notes. */
export const PACKAGE_STATUS = { building: 'BUILDING', locked: 'LOCKED', issued: 'ISSUED', settled: 'SETTLED' } as const;
export type PackageStatus = (typeof PACKAGE_STATUS)[keyof typeof PACKAGE_STATUS];
export const PACKAGE_STATUS_DICT = 'abs_package_status';
/** The one status each status may move to. */
export const NEXT_PACKAGE_STATUS: Readonly<Record<PackageStatus, PackageStatus | null>> = {
  BUILDING: 'LOCKED',
  LOCKED: 'ISSUED',
  ISSUED: 'SETTLED',
  SETTLED: null,
};
/** The call that moves a package on, by the status it leaves. */
export const PACKAGE_ACTION: Readonly<Record<PackageStatus, 'lock' | 'issue' | 'settle' | null>> = {
  BUILDING: 'lock',
  LOCKED: 'issue',
  ISSUED: 'settle',
  SETTLED: null,
};

/** The programme's milestones, in the order they happen (dictionary abs_issue_node). */
export const ISSUE_NODES = ['PROJECT', 'ACCEPTED', 'APPROVED', 'ISSUED', 'ESTABLISHED', 'REDEEMED'] as const;
export type IssueNode = (typeof ISSUE_NODES)[number];

/** The rule an ineligible note breaks (locale abs:rules.*). */
export const ELIGIBILITY_RULE = {
  notFinanced: 'NOT_FINANCED',
  overdue: 'OVERDUE',
  tenorShort: 'TENOR_SHORT',
  tenorLong: 'TENOR_LONG',
  inAnotherPackage: 'IN_ANOTHER_PACKAGE',
  concentration: 'CONCENTRATION',
} as const;
export type EligibilityRule = (typeof ELIGIBILITY_RULE)[keyof typeof ELIGIBILITY_RULE];

/** A programme's rules: remaining tenor in days, and the largest share of the pool one debtor may hold (0 < share ≤ 1, four decimals). */
export interface PackageRules {
  minTenorDays: number;
  maxTenorDays: number;
  maxDebtorShare: string;
}

/** What the rules read of a note. The debtor is the note's issuer: the unit that owes its amount. */
export interface PoolNote {
  id: string;
  amount: string;
  dueDate: string;
  status: string;
  debtorId: string;
  debtorName: string;
  /** The package holding it already, if any. */
  packageId?: string | null;
}

export const FINANCED_STATUS = 'FINANCED';

/** Share as parts per 10,000 (the four decimals the package stores), or null when not a share in (0, 1]. */
export function shareBasisPoints(share: string): number | null {
  if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(share.trim())) return null;
  const [whole, frac = ''] = share.trim().split('.');
  const bp = Number(whole) * 10_000 + Number(frac.padEnd(4, '0'));
  return bp > 0 && bp <= 10_000 ? bp : null;
}

/** The first rule the note itself breaks for this package (its package, status, due date); null when it may be in it. */
export function noteRefusal(note: PoolNote, rules: PackageRules, today: string, packageId?: string): EligibilityRule | null {
  if (note.packageId && note.packageId !== packageId) return ELIGIBILITY_RULE.inAnotherPackage;
  if (note.status !== FINANCED_STATUS) return ELIGIBILITY_RULE.notFinanced;
  const days = daysBetween(today, note.dueDate);
  if (days < 0) return ELIGIBILITY_RULE.overdue;
  if (days < rules.minTenorDays) return ELIGIBILITY_RULE.tenorShort;
  if (days > rules.maxTenorDays) return ELIGIBILITY_RULE.tenorLong;
  return null;
}

/**
 * The rule a pool breaks as a whole: a debtor above the programme's cap. One note is a pool too, its
 * debtor holding 100% of it (issue 37: a one-note pool showed 100.00% against 60% and was issued), so
 * under a cap below 1 a package starts with notes of several debtors, added together.
 */
export function poolRefusal(pool: readonly PoolNote[], rules: PackageRules): EligibilityRule | null {
  return pool.length > 0 && exceedsConcentration(pool, rules.maxDebtorShare) ? ELIGIBILITY_RULE.concentration : null;
}

/** The first rule a note breaks for this package with the pool as it stands: its own rules, then the pool's with it added. */
export function eligibilityRefusal(note: PoolNote, rules: PackageRules, pool: readonly PoolNote[], today: string, packageId?: string): EligibilityRule | null {
  return noteRefusal(note, rules, today, packageId) ?? poolRefusal([...pool.filter((p) => p.id !== note.id), note], rules);
}

/** What stops a package's pool from being locked or issued: the first note that broke its rules since, or the pool's cap. */
export function packageRefusal(
  pool: readonly (PoolNote & { noteNo: string })[],
  rules: PackageRules,
  today: string,
  packageId: string,
): { rule: EligibilityRule; noteNo?: string } | null {
  for (const note of pool) {
    const rule = noteRefusal(note, rules, today, packageId);
    if (rule) return { rule, noteNo: note.noteNo };
  }
  const rule = poolRefusal(pool, rules);
  return rule ? { rule } : null;
}

/**
 * The issue nodes a package must have registered before it moves on (its status follows them): it is
 * issued only once its programme is 获批 and 发行 is dated, settled once 兑付 is.
 */
export const NODES_BEFORE: Readonly<Partial<Record<'issue' | 'settle', readonly IssueNode[]>>> = { issue: ['APPROVED', 'ISSUED'], settle: ['REDEEMED'] };
/** Nodes that record the issue and after: they belong to a pool that is fixed (locked or later). */
export const NODES_AFTER_LOCK: readonly IssueNode[] = ['ISSUED', 'ESTABLISHED', 'REDEEMED'];

/** Whether some debtor holds more than the allowed share of the pool (exact: fen × 10,000 against total × basis points). */
export function exceedsConcentration(pool: readonly PoolNote[], maxDebtorShare: string): boolean {
  const bp = BigInt(shareBasisPoints(maxDebtorShare) ?? 10_000);
  const total = pool.reduce((s, n) => s + (toFen(n.amount) ?? 0n), 0n);
  if (total === 0n) return false;
  return concentrationOf(pool).some((d) => d.fen * 10_000n > total * bp);
}

export interface DebtorShare {
  debtorId: string;
  debtorName: string;
  fen: bigint;
  amount: string;
  noteCount: number;
  /** Share of the pool, a decimal string with four places (0.2500). */
  share: string;
}

/** Each debtor's part of the pool, largest first. */
export function concentrationOf(pool: readonly PoolNote[]): DebtorShare[] {
  const total = pool.reduce((s, n) => s + (toFen(n.amount) ?? 0n), 0n);
  const byDebtor = new Map<string, DebtorShare>();
  for (const note of pool) {
    const row = byDebtor.get(note.debtorId) ?? { debtorId: note.debtorId, debtorName: note.debtorName, fen: 0n, amount: '0.00', noteCount: 0, share: '0.0000' };
    row.fen += toFen(note.amount) ?? 0n;
    row.noteCount += 1;
    byDebtor.set(note.debtorId, row);
  }
  return [...byDebtor.values()]
    .map((row) => ({ ...row, amount: fenToYuan(row.fen), share: total === 0n ? '0.0000' : ratio(row.fen, total) }))
    .sort((a, b) => (a.fen === b.fen ? a.debtorName.localeCompare(b.debtorName) : a.fen > b.fen ? -1 : 1));
}

/** A share of four decimals ('0.6154', as the package and its figures store it) as a percentage for people: '61.54%'. */
export function sharePercent(share: string): string {
  const [whole, frac = ''] = share.trim().split('.');
  const bp = BigInt(whole || '0') * 10_000n + BigInt(frac.padEnd(4, '0').slice(0, 4) || '0');
  return formatPercent(`${bp / 100n}.${String(bp % 100n).padStart(2, '0')}`);
}

/** part / whole to four decimals, rounded half up, as a string. */
function ratio(part: bigint, whole: bigint): string {
  const scaled = (part * 100_000n) / whole;
  const rounded = (scaled + 5n) / 10n;
  return `${rounded / 10_000n}.${String(rounded % 10_000n).padStart(4, '0')}`;
}

export interface PoolFigures {
  noteCount: number;
  total: string;
  /** Amount-weighted average remaining tenor in days, one decimal ('0.0' for an empty pool). */
  weightedTenorDays: string;
  concentration: DebtorShare[];
  /** The largest debtor's share ('0.0000' for an empty pool). */
  topShare: string;
}

export function poolFigures(pool: readonly PoolNote[], today: string): PoolFigures {
  const total = pool.reduce((s, n) => s + (toFen(n.amount) ?? 0n), 0n);
  const weighted = pool.reduce((s, n) => s + (toFen(n.amount) ?? 0n) * BigInt(Math.max(0, daysBetween(today, n.dueDate))), 0n);
  const tenths = total === 0n ? 0n : (weighted * 10n * 2n + total) / (2n * total);
  const concentration = concentrationOf(pool);
  return {
    noteCount: pool.length,
    total: fenToYuan(total),
    weightedTenorDays: `${tenths / 10n}.${tenths % 10n}`,
    concentration,
    topShare: concentration[0]?.share ?? '0.0000',
  };
}

/** Central-registry registrations (中登登记). */
export const REGISTRATION_TYPE = { transfer: 'TRANSFER', pledge: 'PLEDGE' } as const;
export const REGISTRATION_TYPE_DICT = 'zd_registration_type';
export const REGISTRATION_STATUS = { registered: 'REGISTERED', cancelled: 'CANCELLED' } as const;
export const REGISTRATION_STATUS_DICT = 'zd_registration_status';
export const REGISTRATION_ACTION = { register: 'REGISTER', amend: 'AMEND', extend: 'EXTEND', cancel: 'CANCEL' } as const;
export type RegistrationAction = (typeof REGISTRATION_ACTION)[keyof typeof REGISTRATION_ACTION];
export const REGISTRATION_ACTION_DICT = 'zd_registration_action';
/** What a registration covers: notes picked one by one, or an asset package's notes. */
export const REGISTRATION_SUBJECT = { notes: 'NOTES', package: 'PACKAGE' } as const;
export const MIN_PERIOD_YEARS = 1;
export const MAX_PERIOD_YEARS = 30;
/** A registration expiring within this many days is flagged in the list. */
export const EXPIRY_WARNING_DAYS = 30;

/** The day a registration of `years` starting `start` (YYYY-MM-DD) expires: the same calendar day, `years` later (29 Feb → 28 Feb). */
export const expiryOf = (start: string, years: number): string => addYears(start, years);

export function expiringSoon(expireDate: string, status: string, today: string): boolean {
  if (status !== REGISTRATION_STATUS.registered) return false;
  const days = daysBetween(today, expireDate);
  return days >= 0 && days <= EXPIRY_WARNING_DAYS;
}
