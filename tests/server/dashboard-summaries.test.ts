/**
 * The dashboard's ledger summaries (issue 42): quota_ledger_totals, quota_unit_totals and quota_recycle_bins, kept by the
 * database in the transaction that appends each ledger row, answer exactly what the raw rows answer.
 * After a series of movements (a grant and a dispatch through their approvals; a freeze, an
 * occupation, a release and a recycle as the notes' writers record them) the quota section and the
 * credit-note section read from the summaries equal the same sections read from every ledger row, in
 * one repeatable-read snapshot, and the summary rows equal the ledger's own group-by, row for row.
 *
 * The same for the credit-note, task and corporation panels (credit_note_*_totals, workflow_end_bins,
 * workflow_open_task_counts, corporation_*_counts): after an issuance, a split, a payment and its audit (a redemption), a
 * financing, a task started, claimed and approved, and a corporation registered and admitted, each panel read
 * from the summaries equals the panel counted from the raw rows, at several clock readings (so the
 * 30-day window's partial quarter hour falls in different places), and every summary row equals what
 * dashboard_summaries_rebuild() makes again from the rows.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fenOf } from '../../src/lib/money';
import { QUOTA_MOVEMENT } from '../../src/lib/quotas';
import { corporationSectionFromRows, corporationSource } from '../../server/dashboard/corporations';
import { noteSectionFromRows, noteSource } from '../../server/dashboard/notes';
import { taskSectionFromRows, taskSource } from '../../server/dashboard/tasks';
import { quotaSectionFromLedger, quotaSource } from '../../server/dashboard/quotas';
import { corporations, creditNotes, quotaAccounts } from '../../server/db/schema';
import { DEMO_CORP, DEMO_UNIT } from '../../server/corporations/demo-seed';
import { ADMISSION_STATUS, CORP_TYPE } from '../../src/lib/corporations';
import { NOTE_STATUS } from '../../src/lib/credit-notes';
import { addDays, dayOf } from '../../src/lib/dates';
import { REDEMPTION_CALLS } from '../../src/lib/redemption';
import { randomUUID } from 'node:crypto';
import { recordMovement } from '../../server/quotas/requests';
import { dataOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

const API = '/op/v1/quotas';
const TERM = `${new Date().getFullYear() + 2}-06-30`;

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [handler, director] = await Promise.all(['op_handler', 'op_director'].map((u) => signInAs(srv.baseUrl, u)));
}, 300_000);

const approve = async (submitted: { taskId: string }) => {
  const answer = await director.call('/op/v1/workflow/tasks/complete', { json: { taskId: submitted.taskId, outcome: 'PASS', remark: '同意' } });
  expect(answer.body.code, answer.text).toBe('0');
};

/** PGlite answers {rows}, postgres-js an array. */
const rowsOf = (result: unknown): unknown[] => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows);

/** Both readings of both sections in one snapshot: other files' writes on the shared server cannot fall between them. */
async function bothReadings() {
  const now = new Date();
  return srv.database.db.transaction(
    async (tx) => ({
      quotas: { summaries: await quotaSource.load(tx, now), rows: await quotaSectionFromLedger(tx) },
      notes: { summaries: await noteSource.load(tx, now), rows: await noteSectionFromRows(tx, now) },
      tasks: await Promise.all(
        // Now, and clock readings that put the window's start at other points of a quarter hour and across days.
        [0, 7 * 60_000 + 31_000, -13 * 60_000, -86_400_000 * 3.3].map(async (shift) => {
          const at = new Date(now.getTime() + shift);
          return { summaries: await taskSource.load(tx, at), rows: await taskSectionFromRows(tx, at) };
        }),
      ),
      corporations: { summaries: await corporationSource.load(tx, now), rows: await corporationSectionFromRows(tx) },
      // Summary rows that differ from the ledger's own sums (either side missing counts as a difference).
      totalsOff: rowsOf(
        await tx.execute(sql`
          select coalesce(t.account_id, l.account_id) as account_id from quota_ledger_totals t
            full join (select account_id, count(*)::int as n, sum(d_granted) as g, sum(d_dispatched) as d, sum(d_frozen) as f, sum(d_used) as u from quota_ledger group by account_id) l
              on l.account_id = t.account_id
           where t.movements is distinct from l.n or t.d_granted is distinct from l.g or t.d_dispatched is distinct from l.d or t.d_frozen is distinct from l.f or t.d_used is distinct from l.u`),
      ),
      // Per-unit rows (the quota panel's ranking) that differ from the ledger's rows summed by their accounts' unit.
      unitTotalsOff: rowsOf(
        await tx.execute(sql`
          select coalesce(u.unit_id, l.unit_id) as unit_id from quota_unit_totals u
            full join (select a.unit_id, a.group_id, count(*)::int as n, sum(d_granted) as g, sum(d_dispatched) as d, sum(d_frozen) as f, sum(d_used) as u
                         from quota_ledger q join quota_accounts a on a.id = q.account_id group by a.unit_id, a.group_id) l
              on l.unit_id = u.unit_id
           where u.group_id is distinct from l.group_id or u.movements is distinct from l.n or u.d_granted is distinct from l.g
              or u.d_dispatched is distinct from l.d or u.d_frozen is distinct from l.f or u.d_used is distinct from l.u`),
      ),
      // The largest lists' row counts (list_row_counts, over their shards) against the tables' own counts.
      rowCountsOff: rowsOf(
        await tx.execute(sql`
          select t.name from (values ('credit_notes', (select count(*) from credit_notes)), ('workflow_instances', (select count(*) from workflow_instances)),
              ('sys_operation_logs', (select count(*) from sys_operation_logs)), ('corporations', (select count(*) from corporations)),
              ('financing_applications', (select count(*) from financing_applications))
              union all select 'credit_payments/' || s, (select count(*) from credit_payments where status = s) from unnest(array['PENDING', 'APPROVED', 'REJECTED']) as s) as t(name, n)
           where t.n is distinct from coalesce((select sum(rows) from list_row_counts c where c.table_name = t.name), 0)`),
      ),
      binsOff: rowsOf(
        await tx.execute(sql`
          select coalesce(b.bin, r.bin) as bin from quota_recycle_bins b
            full join (select date_bin('15 minutes', create_time, timestamptz '2000-01-01 00:00:00+00') as bin, count(*)::int as n, sum(amount) as a from quota_ledger where movement = 'RECYCLE' group by 1) r
              on r.bin = b.bin
           where b.movements is distinct from r.n or b.amount is distinct from r.a`),
      ),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The new summaries' tables, each with its key: what dashboard_summaries_rebuild() must make again from the rows, row for row. */
const SUMMARY_TABLES = {
  credit_note_due_totals: 'due_date, status',
  credit_note_issue_totals: 'issue_date',
  credit_note_holder_totals: 'holder_corp_id',
  workflow_end_bins: 'bin, status',
  workflow_open_task_counts: 'process_key, working_role, claimed',
  corporation_admission_counts: 'admission_status',
  corporation_type_counts: 'corp_type, admission_status',
} as const;

/** Each summary table as the triggers left it and as a rebuild from every row makes it, in one transaction rolled back. */
async function keptAndRebuilt() {
  const read = async (tx: Pick<typeof srv.database.db, 'execute'>) =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(SUMMARY_TABLES).map(
          async ([table, key]) => [table, rowsOf(await tx.execute(sql.raw(`select * from ${table} order by ${key}`)))] as const,
        ),
      ),
    );
  let result: { kept: Record<string, unknown[]>; rebuilt: Record<string, unknown[]> } | undefined;
  await srv.database.db
    .transaction(async (tx) => {
      const kept = await read(tx);
      await tx.execute(sql`select dashboard_summaries_rebuild()`);
      result = { kept, rebuilt: await read(tx) };
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!result) throw error;
    });
  return result!;
}

function expectPanelsEqual(read: Awaited<ReturnType<typeof bothReadings>>) {
  expect(read.notes.summaries).toEqual(read.notes.rows);
  for (const reading of read.tasks) expect(reading.summaries).toEqual(reading.rows);
  expect(read.corporations.summaries).toEqual(read.corporations.rows);
}

describe('the dashboard summaries', () => {
  it('equal the raw rows on the demo world as first started', async () => {
    const read = await bothReadings();
    expect(read.totalsOff).toEqual([]);
    expect(read.unitTotalsOff).toEqual([]);
    expect(read.binsOff).toEqual([]);
    expect(read.quotas.summaries).toEqual(read.quotas.rows);
    expectPanelsEqual(read);
    expect(read.rowCountsOff).toEqual([]);
    expect(read.quotas.summaries.totals.movements).toBeGreaterThan(0);
    expect(read.notes.summaries.outstanding.count).toBeGreaterThan(0);
    expect(read.tasks[0].summaries.ended30d.approved).toBeGreaterThan(0);
    expect(read.corporations.summaries.total).toBeGreaterThan(0);
    expect(read.notes.summaries.redeemedThisYear.count).toBeGreaterThan(0);
  });

  it('stay equal to the raw rows after a grant, a dispatch, a freeze, an occupation, a release and a recycle', async () => {
    const before = await bothReadings();
    const { id: groupId } = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'GROUP', corpId: 'corp-demo-core-north' });
    const branch = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'BRANCH', parentId: groupId, unitName: '驾驶舱汇总分公司' });
    await approve(
      await dataOf<{ taskId: string }>(handler, `${API}/requests/apply`, {
        kind: 'PLATFORM',
        unitId: groupId,
        // More than any demo unit holds, so the group and its branch rank among the top units read below.
        amount: '990000000.07',
        termEnd: TERM,
        reason: '驾驶舱汇总',
      }),
    );
    const [root] = await srv.database.db.select().from(quotaAccounts).where(eq(quotaAccounts.unitId, groupId));
    await approve(
      await dataOf<{ taskId: string }>(handler, `${API}/requests/dispatch`, {
        accountId: root.id,
        reason: '下发',
        lines: [{ unitId: branch.id, amount: '400000000.03' }],
      }),
    );
    const [child] = await srv.database.db.select().from(quotaAccounts).where(eq(quotaAccounts.unitId, branch.id));
    await srv.database.db.transaction(async (tx) => {
      await recordMovement(tx, child.id, QUOTA_MOVEMENT.freeze, fenOf('3000.01'), 'op_handler', 'DASH-SUM-1');
      await recordMovement(tx, child.id, QUOTA_MOVEMENT.occupy, fenOf('2000.02'), 'op_handler', 'DASH-SUM-2');
      await recordMovement(tx, child.id, QUOTA_MOVEMENT.release, fenOf('0.01'), 'op_handler', 'DASH-SUM-3');
      await recordMovement(tx, child.id, QUOTA_MOVEMENT.recycle, fenOf('500.99'), 'op_handler', 'DASH-SUM-4');
    });

    const after = await bothReadings();
    expect(after.totalsOff).toEqual([]);
    expect(after.unitTotalsOff).toEqual([]);
    expect(after.binsOff).toEqual([]);
    expect(after.quotas.summaries).toEqual(after.quotas.rows);
    expect(after.notes.summaries).toEqual(after.notes.rows);
    // The movements happened: the summaries moved with them (a grant, a dispatch out and in, four more).
    expect(after.quotas.summaries.totals.movements).toBeGreaterThanOrEqual(before.quotas.summaries.totals.movements + 7);
    // The group's own account ranks above the branch it dispatched to (it was granted more); both are among the top units.
    const ranked = after.quotas.summaries.topUnits.map((u) => u.unitId);
    expect(ranked.indexOf(groupId)).toBeGreaterThanOrEqual(0);
    expect(ranked.indexOf(groupId)).toBeLessThan(ranked.indexOf(branch.id));
    expect(after.quotas.summaries.topUnits.find((u) => u.unitId === branch.id)!.granted).toBe('400000000.03');
    expect(after.quotas.summaries.totals.units).toBeGreaterThanOrEqual(before.quotas.summaries.totals.units + 2);
    expect(after.notes.summaries.redeemedThisYear.count).toBeGreaterThanOrEqual(before.notes.summaries.redeemedThisYear.count + 1);
  });

  it('credit-note, task and corporation panels stay equal to the raw rows after an issuance, a split, a redemption, a financing, a task approved and a corporation admitted', async () => {
    const before = await bothReadings();
    const db = srv.database.db;
    const run = randomUUID().slice(0, 8).toUpperCase();
    const today = dayOf(Date.now());
    const [account] = await db.select().from(quotaAccounts).where(eq(quotaAccounts.unitId, DEMO_UNIT.projectDepts[1])).limit(1);
    // Issuance, as the final approval leaves it: the amount frozen and occupied, the note written.
    const issue = async (no: number, amount: string, dueInDays: number) => {
      const id = randomUUID();
      const noteNo = `CNSUM${run}${no}`;
      await db.transaction(async (tx) => {
        await recordMovement(tx, account.id, QUOTA_MOVEMENT.freeze, fenOf(amount), 'op_handler', noteNo);
        await recordMovement(tx, account.id, QUOTA_MOVEMENT.occupy, fenOf(amount), 'op_handler', noteNo);
        await tx.insert(creditNotes).values({
          id,
          noteNo,
          rootId: id,
          groupId: DEMO_UNIT.group,
          issuerUnitId: DEMO_UNIT.projectDepts[1],
          issuerName: '汇总签发单位',
          quotaAccountId: account.id,
          holderCorpId: DEMO_CORP.supplier(3),
          holderName: '汇总供应商',
          amount,
          issueDate: today,
          dueDate: addDays(today, dueInDays),
          productName: '汇总产品',
          status: NOTE_STATUS.issued,
        });
      });
      return id;
    };
    const split = await issue(1, '9000.09', 5);
    const paid = await issue(2, '1234.56', 12);
    const financed = await issue(3, '777.01', -2);

    // A split through the API: the note closes, its amount lives in its two children (another holder's and the remainder).
    const splitAnswer = await handler.call('/op/v1/credit-notes/notes/split', { json: { noteId: split, toCorpId: DEMO_CORP.supplier(5), amount: '1000.03' } });
    expect(splitAnswer.body.code, splitAnswer.text).toBe('0');
    // A payment and its audit: the note redeemed, its quota recycled.
    const payment = await dataOf<{ id: string }>(handler, REDEMPTION_CALLS.addPayment, {
      payerUnitId: DEMO_UNIT.projectDepts[1],
      amount: '1234.56',
      valueDate: today,
      bankSerialNo: `SUM${run}${Date.now()}`,
      noteIds: [paid],
    });
    await dataOf(director, REDEMPTION_CALLS.audit, { id: payment.id, outcome: 'PASS', opinion: '到账一致' });
    // A financing's effect on the note, as its lender's approval writes it.
    await db.update(creditNotes).set({ status: NOTE_STATUS.financed }).where(eq(creditNotes.id, financed));
    // A task started and approved: a grant's approval.
    const { id: groupId } = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'GROUP', corpId: DEMO_CORP.westCore });
    const started = await dataOf<{ taskId: string }>(handler, `${API}/requests/apply`, {
      kind: 'PLATFORM',
      unitId: groupId,
      amount: '50000.00',
      termEnd: TERM,
      reason: '驾驶舱汇总任务',
    });
    const midway = await bothReadings();
    expectPanelsEqual(midway);
    expect(midway.tasks[0].summaries.pending).toBeGreaterThanOrEqual(before.tasks[0].summaries.pending + 1);
    // Claimed before it is approved: the open task moves from unclaimed to claimed (workflow_open_task_counts' claimed key).
    const claim = await director.call('/op/v1/workflow/tasks/claim', { json: { taskId: started.taskId } });
    expect(claim.body.code, claim.text).toBe('0');
    expectPanelsEqual(await bothReadings());
    const { kept: whileClaimed, rebuilt: rebuiltWhileClaimed } = await keptAndRebuilt();
    expect(whileClaimed).toEqual(rebuiltWhileClaimed);
    await approve(started);
    // A corporation registered, then admitted as a core enterprise with a second type.
    const corpId = randomUUID();
    await db.insert(corporations).values({
      id: corpId,
      corpName: `汇总准入企业${run}`,
      creditCode: `91SUM${run}${String(Date.now()).slice(-5)}`,
      corpTypes: [CORP_TYPE.supplier],
      createBy: 'op_handler',
      updateBy: 'op_handler',
    });
    await db
      .update(corporations)
      .set({ corpTypes: [CORP_TYPE.supplier, CORP_TYPE.core], admissionStatus: ADMISSION_STATUS.admitted })
      .where(eq(corporations.id, corpId));

    const after = await bothReadings();
    expectPanelsEqual(after);
    expect(after.rowCountsOff).toEqual([]);
    const { kept, rebuilt } = await keptAndRebuilt();
    expect(kept).toEqual(rebuilt);
    // The moves happened, and the summaries moved with them.
    const n = (c: { count: number }) => c.count;
    expect(n(after.notes.summaries.issuedThisYear)).toBeGreaterThanOrEqual(n(before.notes.summaries.issuedThisYear) + 3);
    // Outstanding: the split's two children and the financed note (the split parent closed, the paid note redeemed).
    expect(n(after.notes.summaries.outstanding)).toBeGreaterThanOrEqual(n(before.notes.summaries.outstanding) + 3);
    expect(n(after.notes.summaries.financed)).toBeGreaterThanOrEqual(n(before.notes.summaries.financed) + 1);
    expect(n(after.notes.summaries.overdue)).toBeGreaterThanOrEqual(n(before.notes.summaries.overdue) + 1);
    expect(after.tasks[0].summaries.ended30d.approved).toBeGreaterThanOrEqual(before.tasks[0].summaries.ended30d.approved + 1);
    expect(after.corporations.summaries.total).toBeGreaterThanOrEqual(before.corporations.summaries.total + 1);
    const core = (read: typeof after) => read.corporations.summaries.coreAdmission.find((c) => c.code === ADMISSION_STATUS.admitted)?.count ?? 0;
    expect(core(after)).toBeGreaterThanOrEqual(core(before) + 1);
  });
});
