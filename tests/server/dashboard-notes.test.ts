/**
 * The dashboard's credit-note figures (issue 21): each equals what the test recomputes in
 * JavaScript, in whole fen, from the raw rows of credit_notes and quota_ledger of the same database
 * (the demo's notes: due soon, overdue, financed, split, redeemed); and a seeded fixture moves each
 * figure by exactly what it should: a split note counts once as issued while its children count as
 * outstanding, an overdue financed child, one due in five days, a recycle written by the ledger's writer.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTSTANDING_STATUSES } from '../../src/lib/credit-notes';
import type { CountAmount, DashboardOverview, NoteSection } from '../../src/lib/dashboard';
import { QUOTA_MOVEMENT } from '../../src/lib/quotas';
import { corporations, creditNotes, quotaAccounts, quotaLedger } from '../../server/db/schema';
import { recordMovement } from '../../server/quotas/requests';
import { lastMonths } from '../../server/dashboard/notes';
import { dataOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';
import { fenOf, yuan } from '../../src/lib/money';
import { addDays, dayOf } from '../../src/lib/dates';

const OVERVIEW = '/op/v1/dashboard/overview';

let srv: TestServer;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  auditor = await signInAs(srv.baseUrl, 'op_auditor');
}, 300_000); // the demo world is seeded through its approvals: slow on a shared machine

const notesOf = async () => (await dataOf<DashboardOverview>(auditor, OVERVIEW, {})).notes;

interface Tally {
  count: number;
  fen: bigint;
}
const tally = (): Tally => ({ count: 0, fen: 0n });
const add = (t: Tally, amount: string) => {
  t.count += 1;
  t.fen += fenOf(amount);
};
const wire = (t: Tally): CountAmount => ({ count: t.count, amount: yuan(t.fen) });
/** A local time's calendar month, as the server's dayOf reads it (the server runs in this process). */
const monthOf = (time: Date) => dayOf(time.getTime()).slice(0, 7);

/** The whole section recomputed from every note and every ledger row. */
async function expected(today: string) {
  const { db } = srv.database;
  const notes = await db.select().from(creditNotes);
  // The ranking names a supplier as it is called now; a holder no longer on file by the name its notes carry.
  const current = new Map((await db.select({ id: corporations.id, corpName: corporations.corpName }).from(corporations)).map((c) => [c.id, c.corpName]));
  const recycles = await db.select().from(quotaLedger).where(eq(quotaLedger.movement, QUOTA_MOVEMENT.recycle));
  const months = lastMonths(today);
  expect(months).toHaveLength(12);
  expect(months[11]).toBe(today.slice(0, 7));
  const byMonth = new Map(months.map((m) => [m, { issued: tally(), redeemed: tally() }]));
  const [outstanding, financed, dueSoon, overdue, issuedThisYear, redeemedThisYear] = [tally(), tally(), tally(), tally(), tally(), tally()];
  const maturity = { overdue: tally(), d7: tally(), d15: tally(), d30: tally() };
  const holders = new Map<string, Tally & { name: string }>();
  for (const note of notes) {
    if (note.parentId === null && note.issueDate <= today) {
      if (note.issueDate.slice(0, 4) === today.slice(0, 4)) add(issuedThisYear, note.amount);
      const month = byMonth.get(note.issueDate.slice(0, 7));
      if (month) add(month.issued, note.amount);
    }
    if (!OUTSTANDING_STATUSES.includes(note.status)) continue;
    add(outstanding, note.amount);
    if (note.status === 'FINANCED') add(financed, note.amount);
    if (note.dueDate < today) {
      add(overdue, note.amount);
      add(maturity.overdue, note.amount);
    } else if (note.dueDate <= addDays(today, 30)) {
      add(dueSoon, note.amount);
      add(note.dueDate <= addDays(today, 7) ? maturity.d7 : note.dueDate <= addDays(today, 15) ? maturity.d15 : maturity.d30, note.amount);
    }
    const holder = holders.get(note.holderCorpId) ?? { ...tally(), name: current.get(note.holderCorpId) ?? note.holderName };
    add(holder, note.amount);
    holders.set(note.holderCorpId, holder);
  }
  for (const row of recycles) {
    if (monthOf(row.createTime).slice(0, 4) === today.slice(0, 4)) add(redeemedThisYear, row.amount);
    const month = byMonth.get(monthOf(row.createTime));
    if (month) add(month.redeemed, row.amount);
  }
  const topHolders = [...holders]
    .sort(([a, x], [b, y]) => (x.fen === y.fen ? (a < b ? -1 : 1) : x.fen > y.fen ? -1 : 1))
    .slice(0, 10)
    .map(([corpId, h]) => ({ corpId, name: h.name, ...wire(h) }));
  return {
    today,
    outstanding: wire(outstanding),
    financed: wire(financed),
    dueSoon: wire(dueSoon),
    overdue: wire(overdue),
    maturity: { overdue: wire(maturity.overdue), d7: wire(maturity.d7), d15: wire(maturity.d15), d30: wire(maturity.d30) },
    issuedThisYear: wire(issuedThisYear),
    redeemedThisYear: wire(redeemedThisYear),
    byMonth: months.map((month) => ({ month, issued: wire(byMonth.get(month)!.issued), redeemed: wire(byMonth.get(month)!.redeemed) })),
    topHolders,
  } satisfies NoteSection;
}

const plus = (a: CountAmount, count: number, amount: string): CountAmount => ({ count: a.count + count, amount: yuan(fenOf(a.amount) + fenOf(amount)) });

describe('the dashboard credit-note figures', () => {
  it('equal the aggregates recomputed in JavaScript from the demo notes and ledger, and the demo fills every panel', async () => {
    const notes = await notesOf();
    expect(notes.today).toBe(dayOf(Date.now()));
    expect(notes).toEqual(await expected(notes.today));
    expect(notes.outstanding.count).toBeGreaterThanOrEqual(5);
    expect(notes.dueSoon.count).toBeGreaterThanOrEqual(1);
    expect(notes.overdue.count).toBeGreaterThanOrEqual(1);
    expect(notes.financed.count).toBeGreaterThanOrEqual(1);
    expect(notes.redeemedThisYear.count).toBeGreaterThanOrEqual(1);
    expect(notes.topHolders.length).toBeGreaterThanOrEqual(5);
    expect(notes.byMonth.filter((m) => m.issued.count > 0).length).toBeGreaterThanOrEqual(2);
    // The demo's split note: its parent is issued once, its two children are what is outstanding.
    const all = await srv.database.db.select().from(creditNotes);
    expect(all.some((n) => n.parentId !== null)).toBe(true);
  }, 60_000);

  it('move by exactly a seeded split note, its overdue and due-soon children and one recycle', async () => {
    const before = await notesOf();
    const { today } = before;
    const { db } = srv.database;
    const [account] = await db.select().from(quotaAccounts).where(eq(quotaAccounts.unitId, 'unit-demo-group')).limit(1);
    const base = {
      groupId: account.groupId,
      issuerUnitId: account.unitId,
      issuerName: '中建华东建设集团有限公司',
      quotaAccountId: account.id,
      productName: '测试产品',
      issueDate: today,
    };
    // The fixture's own ids, numbers and holder: the shared server may hold another run's fixture.
    const run = randomUUID().slice(0, 8);
    const holder = { holderCorpId: `corp-dashboard-fixture-${run}`, holderName: '驾驶舱测试供应商' };
    const [root, a, b] = [`dash-${run}-root`, `dash-${run}-a`, `dash-${run}-b`];
    // 90, 60 and 30 million on a fresh world; in parts of 30 million enough to top any holder already there (an earlier fixture's).
    const topFen = before.topHolders.length > 0 ? fenOf(before.topHolders[0].amount) : 0n;
    let parts = 1n;
    while (3n * parts * fenOf('30000000.00') <= topFen) parts += 1n;
    const [whole, financedPart, dueSoonPart] = [3n, 2n, 1n].map((n) => yuan(n * parts * fenOf('30000000.00')));
    await db.transaction(async (tx) => {
      await tx.insert(creditNotes).values([
        { ...base, ...holder, id: root, noteNo: `CNDASH${run}1`, rootId: root, amount: whole, dueDate: addDays(today, 90), status: 'SPLIT' },
        {
          ...base,
          ...holder,
          id: a,
          noteNo: `CNDASH${run}2`,
          parentId: root,
          rootId: root,
          amount: financedPart,
          dueDate: addDays(today, -3),
          status: 'FINANCED',
        },
        { ...base, ...holder, id: b, noteNo: `CNDASH${run}3`, parentId: root, rootId: root, amount: dueSoonPart, dueDate: addDays(today, 5), status: 'ISSUED' },
      ]);
    });
    const withUsed = (await db.select().from(quotaAccounts)).find((acc) => fenOf(acc.used) >= fenOf('1234.56'));
    expect(withUsed, 'the demo has used quota to recycle').toBeTruthy();
    await db.transaction((tx) => recordMovement(tx, withUsed!.id, QUOTA_MOVEMENT.recycle, fenOf('1234.56'), 'op_handler', `CNDASH${run}2`));

    const after = await notesOf();
    expect(after).toEqual(await expected(today));
    expect(after.issuedThisYear).toEqual(plus(before.issuedThisYear, 1, whole)); // the root once, not its children
    expect(after.outstanding).toEqual(plus(before.outstanding, 2, whole)); // the children, not the closed root
    expect(after.financed).toEqual(plus(before.financed, 1, financedPart));
    expect(after.overdue).toEqual(plus(before.overdue, 1, financedPart));
    expect(after.maturity.overdue).toEqual(plus(before.maturity.overdue, 1, financedPart));
    expect(after.dueSoon).toEqual(plus(before.dueSoon, 1, dueSoonPart));
    expect(after.maturity.d7).toEqual(plus(before.maturity.d7, 1, dueSoonPart));
    expect(after.maturity.d15).toEqual(before.maturity.d15);
    expect(after.redeemedThisYear).toEqual(plus(before.redeemedThisYear, 1, '1234.56'));
    const month = (s: NoteSection) => s.byMonth.find((m) => m.month === today.slice(0, 7))!;
    expect(month(after).issued).toEqual(plus(month(before).issued, 1, whole));
    expect(month(after).redeemed).toEqual(plus(month(before).redeemed, 1, '1234.56'));
    expect(after.topHolders[0]).toEqual({ corpId: holder.holderCorpId, name: '驾驶舱测试供应商', count: 2, amount: whole });
    expect(after.topHolders.length).toBeLessThanOrEqual(10);
  }, 60_000);
});

describe('lastMonths', () => {
  it('counts back across a year boundary, oldest first', () => {
    expect(lastMonths('2026-03-15', 4)).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
    expect(lastMonths('2026-12-01')).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
  });
});
