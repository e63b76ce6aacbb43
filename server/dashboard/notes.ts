/**
 * The credit-note section: every figure an aggregate of credit_notes or of the quota ledger, as they
 * stand. Outstanding is ISSUED or FINANCED (a split note is closed, its amount lives in its
 * children); issued counts root notes only (parent_id null: what issuance made), so a split never
 * counts twice; redeemed is the ledger's RECYCLE movements, the rows a payment audit writes when a
 * note is paid. Days and months are the server's calendar (dayOf, the process's time zone), the same
 * calendar that issues notes and computes overdue.
 *
 * The dashboard reads the notes' figures from the sums the database keeps with each note's write
 * (credit_note_due_totals, credit_note_issue_totals, credit_note_holder_totals: a few thousand rows of
 * days and the ten first holders instead of 1,000,000 notes, issue 42); `noteSectionFromRows` reads
 * the same from the rows, and the tests hold the two equal.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, lt, max, sql, type SQL } from 'drizzle-orm';
import { OUTSTANDING_STATUSES, NOTE_STATUS } from '../../src/lib/credit-notes';
import type { CountAmount, MaturityBucket, NoteSection, NotesMonth, TopHolder } from '../../src/lib/dashboard';
import { QUOTA_MOVEMENT } from '../../src/lib/quotas';
import { creditNoteDueTotals, creditNoteHolderTotals, creditNoteIssueTotals, creditNotes, quotaLedger, quotaRecycleBins } from '../db/schema';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
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
 * (quota_recycle_bins, server/dashboard/schema.ts). A bin lies within one day of the server's calendar.
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

/** Where the notes' figures are read: the notes' own rows, or the sums the database keeps with them (server/dashboard/schema.ts). */
interface NoteSource {
  /** Notes by status and due date: `notes` is how many notes a row stands for (1 for a note itself). */
  due: { table: PgTable; notes: SQL; amount: AnyPgColumn; status: AnyPgColumn; dueDate: AnyPgColumn };
  /** Issued notes by issue date; `where` admits the issued ones (a note row may be a split's). */
  issued: { table: PgTable; notes: SQL; amount: AnyPgColumn; issueDate: AnyPgColumn; where?: SQL };
  topHolders: (tx: Tx) => Promise<TopHolder[]>;
  redeemed: 'rows' | 'bins';
}

const noteRows: NoteSource = {
  due: { table: n, notes: sql`1`, amount: n.amount, status: n.status, dueDate: n.dueDate },
  issued: { table: n, notes: sql`1`, amount: n.amount, issueDate: n.issueDate, where: isRoot },
  topHolders: (tx) =>
    tx
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
      .limit(TOP_HOLDERS),
  redeemed: 'rows',
};

const h = creditNoteHolderTotals;
const noteSummaries: NoteSource = {
  due: {
    table: creditNoteDueTotals,
    notes: sql`${creditNoteDueTotals.notes}`,
    amount: creditNoteDueTotals.amount,
    status: creditNoteDueTotals.status,
    dueDate: creditNoteDueTotals.dueDate,
  },
  issued: {
    table: creditNoteIssueTotals,
    notes: sql`${creditNoteIssueTotals.notes}`,
    amount: creditNoteIssueTotals.amount,
    issueDate: creditNoteIssueTotals.issueDate,
  },
  // Ten rows of the holders' sums in their ranking's order (credit_note_holder_totals_rank_idx); a name from the notes only for a holder no longer on file.
  topHolders: (tx) =>
    tx
      .select({
        corpId: h.holderCorpId,
        name: sql<string>`coalesce((select c.corp_name from corporations c where c.id = ${qualified(h.holderCorpId)}),
          (select max(x.holder_name) from credit_notes x where x.holder_corp_id = ${qualified(h.holderCorpId)} and ${inArray(sql`x.status`, [...OUTSTANDING_STATUSES])}))`,
        count: h.notes,
        amount: sql<string>`${h.amount}::numeric(18,2)::text`,
      })
      .from(h)
      .orderBy(desc(h.amount), asc(h.holderCorpId))
      .limit(TOP_HOLDERS),
  redeemed: 'bins',
};

/** The credit-note section read from the notes' and the ledger's rows: what the summaries must always equal (tests). */
export const noteSectionFromRows = (tx: Tx, now: Date) => noteSection(tx, now, noteRows);

export const noteSource = dashboardSource({
  key: 'notes',
  load: (tx, now) => noteSection(tx, now, noteSummaries),
});

/** A count and its amount over the source rows `where` admits, each row standing for `notes` notes. */
const summed = (notes: SQL, amount: AnyPgColumn, where?: SQL) => ({
  count: where ? sql<number>`coalesce(sum(${notes}) filter (where ${where}), 0)::int` : sql<number>`coalesce(sum(${notes}), 0)::int`,
  amount: moneySum(amount, where),
});

async function noteSection(tx: Tx, now: Date, source: NoteSource): Promise<NoteSection> {
  const today = dayOf(now.getTime());
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const d = source.due;
  const isOutstanding = inArray(d.status, [...OUTSTANDING_STATUSES]);
  const due = (from: number, to: number): SQL => and(isOutstanding, gte(d.dueDate, addDays(today, from)), lte(d.dueDate, addDays(today, to)))!;
  const overdue = and(isOutstanding, lt(d.dueDate, today))!;
  const buckets: Record<MaturityBucket, SQL> = { overdue, d7: due(0, 7), d15: due(8, 15), d30: due(16, 30) };
  const figure = (where: SQL) => summed(d.notes, d.amount, where);

  const [figures] = await tx
    .select({
      outstanding: figure(isOutstanding),
      financed: figure(and(isOutstanding, eq(d.status, NOTE_STATUS.financed))!),
      dueSoon: figure(due(0, 30)),
      overdue: figure(overdue),
      d7: figure(buckets.d7),
      d15: figure(buckets.d15),
      d30: figure(buckets.d30),
    })
    .from(d.table);

  const i = source.issued;
  const months = lastMonths(today);
  const firstDay = `${months[0]}-01`;
  const monthOfIssue = sql<string>`to_char(${i.issueDate}, 'YYYY-MM')`;
  const inYear = and(gte(i.issueDate, yearStart), lte(i.issueDate, today))!;
  const [issuedThisYear] = await tx.select(summed(i.notes, i.amount)).from(i.table).where(and(i.where, inYear));
  const issuedByMonth = await tx
    .select({ month: monthOfIssue, ...summed(i.notes, i.amount) })
    .from(i.table)
    .where(and(i.where, gte(i.issueDate, firstDay), lte(i.issueDate, today)))
    .groupBy(monthOfIssue);
  const { redeemedThisYear, redeemedByMonth } = await redeemed(tx, yearStart, firstDay, source.redeemed);
  const byMonth = months.map((month): NotesMonth => ({
    month,
    issued: pick(issuedByMonth, month),
    redeemed: pick(redeemedByMonth, month),
  }));

  return {
    today,
    outstanding: figures.outstanding,
    financed: figures.financed,
    dueSoon: figures.dueSoon,
    overdue: figures.overdue,
    maturity: { overdue: figures.overdue, d7: figures.d7, d15: figures.d15, d30: figures.d30 },
    issuedThisYear,
    redeemedThisYear,
    byMonth,
    topHolders: await source.topHolders(tx),
  };
}

function pick(rows: Array<{ month: string } & CountAmount>, month: string): CountAmount {
  const row = rows.find((r) => r.month === month);
  return row ? { count: row.count, amount: row.amount } : none();
}
