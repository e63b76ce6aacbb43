/**
 * The credit-note section: every figure an aggregate of credit_notes or of the quota ledger, as they
 * stand. Outstanding is ISSUED or FINANCED (a split note is closed, its amount lives in its
 * children); issued counts root notes only (parent_id null: what issuance made), so a split never
 * counts twice; redeemed is the ledger's RECYCLE movements, the rows a payment audit writes when a
 * note is paid. Days and months are the server's calendar (dayOf, the process's time zone), the same
 * calendar that issues notes and computes overdue.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, lt, max, sql, type SQL } from 'drizzle-orm';
import { OUTSTANDING_STATUSES, NOTE_STATUS } from '../../src/lib/credit-notes';
import type { CountAmount, MaturityBucket, NoteSection, NotesMonth } from '../../src/lib/dashboard';
import { QUOTA_MOVEMENT } from '../../src/lib/quotas';
import { creditNotes, quotaLedger, quotaRecycleBins } from '../db/schema';
import type { Tx } from '../db/tx';
import { qualified } from '../db/qualified';
import { dashboardSource } from './source';
import { countAmount, intCount, moneySum, numericSum } from './sql';
import { addDays, dayOf } from '../../src/lib/dates';

const n = creditNotes;
const l = quotaLedger;
const MONTHS = 12;
const TOP_HOLDERS = 10;
/**
 * The zone dayOf's calendar is in; the ledger's timestamps are bucketed in it. A literal, not a
 * parameter: the month expression must read the same in SELECT and GROUP BY, and two parameters
 * ($1, $2) would make Postgres see two different expressions.
 */
const SERVER_ZONE = sql.raw(`'${Intl.DateTimeFormat().resolvedOptions().timeZone.replaceAll("'", "''")}'`);

const outstanding = inArray(n.status, [...OUTSTANDING_STATUSES]);
const isRoot = isNull(n.parentId);
const recycled = eq(l.movement, QUOTA_MOVEMENT.recycle);
/** The ledger row's time on the server's calendar (a timestamp without zone). */
const localTime = sql`(${l.createTime} at time zone ${SERVER_ZONE})`;
const monthOfIssue = sql<string>`to_char(${n.issueDate}, 'YYYY-MM')`;
const monthOfRecycle = sql<string>`to_char(${localTime}, 'YYYY-MM')`;

/** The last `count` months ('YYYY-MM'), oldest first, ending with today's. */
export function lastMonths(today: string, count = MONTHS): string[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

const none = (): CountAmount => ({ count: 0, amount: '0.00' });

/**
 * Notes paid (RECYCLE movements) since the year's and the twelve months' first day: from the quota
 * ledger's rows, or from their quarter-hour sums that the database keeps with each row
 * (quota_recycle_bins, schema-dashboard.ts). A bin lies within one day of the server's calendar.
 */
async function redeemed(tx: Tx, yearStart: string, firstDay: string, from: 'rows' | 'bins') {
  if (from === 'rows') {
    const [redeemedThisYear] = await tx
      .select(countAmount(l.amount))
      .from(l)
      .where(and(recycled, sql`${localTime} >= ${yearStart}::timestamp`));
    const redeemedByMonth = await tx
      .select({ month: monthOfRecycle, count: intCount(), amount: moneySum(l.amount) })
      .from(l)
      .where(and(recycled, sql`${localTime} >= ${firstDay}::timestamp`))
      .groupBy(monthOfRecycle);
    return { redeemedThisYear, redeemedByMonth };
  }
  const b = quotaRecycleBins;
  const localBin = sql`(${b.bin} at time zone ${SERVER_ZONE})`;
  const monthOfBin = sql<string>`to_char(${localBin}, 'YYYY-MM')`;
  const count = sql<number>`coalesce(sum(${b.movements}), 0)::int`;
  const [redeemedThisYear] = await tx
    .select({ count, amount: moneySum(b.amount) })
    .from(b)
    .where(sql`${localBin} >= ${yearStart}::timestamp`);
  const redeemedByMonth = await tx
    .select({ month: monthOfBin, count, amount: moneySum(b.amount) })
    .from(b)
    .where(sql`${localBin} >= ${firstDay}::timestamp`)
    .groupBy(monthOfBin);
  return { redeemedThisYear, redeemedByMonth };
}

/** The credit-note section with the notes paid read from the ledger's rows: what the summaries must always equal (tests). */
export const noteSectionFromRows = (tx: Tx, now: Date) => noteSection(tx, now, 'rows');

export const noteSource = dashboardSource({
  key: 'notes',
  load: (tx, now) => noteSection(tx, now, 'bins'),
});

async function noteSection(tx: Tx, now: Date, from: 'rows' | 'bins'): Promise<NoteSection> {
  const today = dayOf(now.getTime());
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const due = (from: number, to: number): SQL => and(outstanding, gte(n.dueDate, addDays(today, from)), lte(n.dueDate, addDays(today, to)))!;
  const overdue = and(outstanding, lt(n.dueDate, today))!;
  const buckets: Record<MaturityBucket, SQL> = { overdue, d7: due(0, 7), d15: due(8, 15), d30: due(16, 30) };

  const [figures] = await tx
    .select({
      outstanding: countAmount(n.amount, outstanding),
      financed: countAmount(n.amount, and(outstanding, eq(n.status, NOTE_STATUS.financed))),
      dueSoon: countAmount(n.amount, due(0, 30)),
      overdue: countAmount(n.amount, overdue),
      issuedThisYear: countAmount(n.amount, and(isRoot, gte(n.issueDate, yearStart), lte(n.issueDate, today))),
    })
    .from(n);
  const [maturity] = await tx
    .select({
      overdue: countAmount(n.amount, buckets.overdue),
      d7: countAmount(n.amount, buckets.d7),
      d15: countAmount(n.amount, buckets.d15),
      d30: countAmount(n.amount, buckets.d30),
    })
    .from(n);

  const months = lastMonths(today);
  const firstDay = `${months[0]}-01`;
  const issuedByMonth = await tx
    .select({ month: monthOfIssue, count: intCount(), amount: moneySum(n.amount) })
    .from(n)
    .where(and(isRoot, gte(n.issueDate, firstDay), lte(n.issueDate, today)))
    .groupBy(monthOfIssue);
  const { redeemedThisYear, redeemedByMonth } = await redeemed(tx, yearStart, firstDay, from);
  const byMonth = months.map((month): NotesMonth => ({
    month,
    issued: pick(issuedByMonth, month),
    redeemed: pick(redeemedByMonth, month),
  }));

  const topHolders = await tx
    // A ranking of suppliers as they are now: their current name, the notes' own (as issued) only for one no longer on file.
    .select({
      corpId: n.holderCorpId,
      name: sql<string>`coalesce((select c.corp_name from corporations c where c.id = ${qualified(n.holderCorpId)}), ${max(n.holderName)})`,
      count: intCount(),
      amount: moneySum(n.amount),
    })
    .from(n)
    .where(outstanding)
    .groupBy(n.holderCorpId)
    .orderBy(desc(numericSum(n.amount)), asc(n.holderCorpId))
    .limit(TOP_HOLDERS);

  return {
    today,
    outstanding: figures.outstanding,
    financed: figures.financed,
    dueSoon: figures.dueSoon,
    overdue: figures.overdue,
    maturity,
    issuedThisYear: figures.issuedThisYear,
    redeemedThisYear,
    byMonth,
    topHolders,
  };
}

function pick(rows: Array<{ month: string } & CountAmount>, month: string): CountAmount {
  const row = rows.find((r) => r.month === month);
  return row ? { count: row.count, amount: row.amount } : none();
}
