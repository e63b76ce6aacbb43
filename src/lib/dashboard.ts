/**
 * The data dashboard's wire shape (spec 2.4, DOMAIN.md "What operators look at first"): one section
 * per data source, each assembled on the server from SQL aggregates (server/dashboard). Amounts are
 * decimal strings in yuan; counts are integers. A later area (credit notes, financing) adds its
 * section here and one module on the server; the screen shows the sections it receives.
 */
import { fenOf } from './money';

export const DASHBOARD_API = '/op/v1/dashboard';

/** How often the screen reloads its figures on its own (issue 21: every minute). */
export const DASHBOARD_REFRESH_MS = 60_000;

/** Quota balances summed from the ledger's deltas: occupied is frozen plus used. */
export interface QuotaFigures {
  granted: string;
  dispatched: string;
  occupied: string;
  available: string;
}

/** One core enterprise (a group tree): quota granted to its group from outside, what its whole tree holds. */
export interface QuotaByCore extends QuotaFigures {
  groupId: string;
  groupName: string;
  /** Units of the tree holding any quota. */
  units: number;
}

/** One unit of a core enterprise's tree, over all grantors: granted includes what was dispatched to it. */
export interface QuotaByUnit extends QuotaFigures {
  groupId: string;
  groupName: string;
  unitId: string;
  unitName: string;
  unitKind: string;
}

export interface QuotaByGrantor {
  grantorName: string;
  kind: string;
  granted: string;
}

/**
 * How many units the quota panel is sent: the ones granted the most. The panel is an overview of where
 * the quota sits (the group's own account first, then its largest branches and departments); ten is what
 * an operator reads at a glance there, as the top holders' ten, while a large group has thousands of units
 * (5,000 at a year's scale), each of which the ledger list (额度台账) pages and searches.
 */
export const QUOTA_TOP_UNITS = 10;

export interface QuotaSection {
  /** `units`: the units of every core enterprise's tree holding any quota, of which `topUnits` names the first. */
  totals: QuotaFigures & { accounts: number; movements: number; units: number };
  byCore: QuotaByCore[];
  /** The QUOTA_TOP_UNITS units granted the most, largest first (ties: group id, unit id). */
  topUnits: QuotaByUnit[];
  byGrantor: QuotaByGrantor[];
}

export interface PendingByProcess {
  processKey: string;
  handler: number;
  director: number;
  total: number;
  /** When the longest-waiting open task of the process arrived (ISO time). */
  oldest: string;
}

export interface TaskSection {
  pending: number;
  /** Open tasks nobody has claimed yet. */
  unclaimed: number;
  oldest: string | null;
  byProcess: PendingByProcess[];
  /** Instances that ended in the last 30 days. */
  ended30d: { approved: number; rejected: number };
}

export interface CountOf {
  code: string;
  count: number;
}

export interface CorporationSection {
  total: number;
  /** A corporation of several types counts once under each. */
  byType: CountOf[];
  /** Core enterprises by admission status. */
  coreAdmission: CountOf[];
  /** Suppliers attached to a core enterprise's group as member customers. */
  memberSuppliers: number;
}

export interface ProductSection {
  total: number;
  byCategory: Array<{ category: string; offerType: string; count: number }>;
  agreements: number;
}

/** A number of notes (or ledger movements) and their amount in yuan. */
export interface CountAmount {
  count: number;
  amount: string;
}

/** One calendar month ('YYYY-MM'): notes issued (root notes by issue date) and quota recycled by redemption. */
export interface NotesMonth {
  month: string;
  issued: CountAmount;
  redeemed: CountAmount;
}

/** How far off the due dates of outstanding notes are, from overdue to 30 days ahead. */
export const MATURITY_BUCKETS = ['overdue', 'd7', 'd15', 'd30'] as const;
export type MaturityBucket = (typeof MATURITY_BUCKETS)[number];

/** A holder (a supplier) by the outstanding notes it holds. */
export interface TopHolder extends CountAmount {
  corpId: string;
  name: string;
}

/**
 * The credit-note section (DOMAIN.md "Credit notes"): outstanding is ISSUED or FINANCED (a split
 * note's amount lives in its children); issued counts the notes issuance made (root notes), never
 * their split children; redeemed is the quota ledger's RECYCLE movements, which payment audits write.
 */
export interface NoteSection {
  /** The server's calendar day the windows are counted from ('YYYY-MM-DD'). */
  today: string;
  outstanding: CountAmount;
  /** Outstanding and FINANCED: the financing share is this over outstanding. */
  financed: CountAmount;
  /** Outstanding, due from today to today + 30 days. */
  dueSoon: CountAmount;
  /** Outstanding, due before today. */
  overdue: CountAmount;
  maturity: Record<MaturityBucket, CountAmount>;
  issuedThisYear: CountAmount;
  redeemedThisYear: CountAmount;
  /** The last 12 calendar months, oldest first, every month present. */
  byMonth: NotesMonth[];
  /** The 10 holders with the most outstanding, largest first. */
  topHolders: TopHolder[];
}

export interface DashboardSections {
  notes: NoteSection;
  quotas: QuotaSection;
  tasks: TaskSection;
  corporations: CorporationSection;
  products: ProductSection;
}

export interface DashboardOverview extends DashboardSections {
  /** When the figures were read (ISO time): one read-only snapshot of the database. */
  generatedAt: string;
}

/**
 * `part` as a percentage of `whole` (decimal strings in yuan), exact to 4 decimal places, truncated:
 * "47000000.00" of "88000000.00" → "53.4090". Zero when the whole is zero. For formatPercent.
 */
export function shareOf(part: string, whole: string): string {
  const [p, w] = [fenOf(part), fenOf(whole)];
  if (w === 0n) return '0';
  const scaled = (p * 1_000_000n) / w; // percent × 10^4
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(5, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`;
}
