/**
 * The dashboard's ledger summaries (issue 42): quota_ledger_totals and quota_recycle_bins, kept by the
 * database in the transaction that appends each ledger row, answer exactly what the raw rows answer.
 * After a series of movements (a grant and a dispatch through their approvals; a freeze, an
 * occupation, a release and a recycle as the notes' writers record them) the quota section and the
 * credit-note section read from the summaries equal the same sections read from every ledger row, in
 * one repeatable-read snapshot, and the summary rows equal the ledger's own group-by, row for row.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fenOf } from '../../src/lib/money';
import { QUOTA_MOVEMENT } from '../../src/lib/quotas';
import { noteSectionFromRows, noteSource } from '../../server/dashboard/notes';
import { quotaSectionFromLedger, quotaSource } from '../../server/dashboard/quotas';
import { quotaAccounts } from '../../server/db/schema';
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
      // Summary rows that differ from the ledger's own sums (either side missing counts as a difference).
      totalsOff: rowsOf(
        await tx.execute(sql`
          select coalesce(t.account_id, l.account_id) as account_id from quota_ledger_totals t
            full join (select account_id, count(*)::int as n, sum(d_granted) as g, sum(d_dispatched) as d, sum(d_frozen) as f, sum(d_used) as u from quota_ledger group by account_id) l
              on l.account_id = t.account_id
           where t.movements is distinct from l.n or t.d_granted is distinct from l.g or t.d_dispatched is distinct from l.d or t.d_frozen is distinct from l.f or t.d_used is distinct from l.u`),
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

describe('the dashboard summaries', () => {
  it('equal the raw rows on the demo world as first started', async () => {
    const read = await bothReadings();
    expect(read.totalsOff).toEqual([]);
    expect(read.binsOff).toEqual([]);
    expect(read.quotas.summaries).toEqual(read.quotas.rows);
    expect(read.notes.summaries).toEqual(read.notes.rows);
    expect(read.quotas.summaries.totals.movements).toBeGreaterThan(0);
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
        amount: '1000000.07',
        termEnd: TERM,
        reason: '驾驶舱汇总',
      }),
    );
    const [root] = await srv.database.db.select().from(quotaAccounts).where(eq(quotaAccounts.unitId, groupId));
    await approve(
      await dataOf<{ taskId: string }>(handler, `${API}/requests/dispatch`, {
        accountId: root.id,
        reason: '下发',
        lines: [{ unitId: branch.id, amount: '400000.03' }],
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
    expect(after.binsOff).toEqual([]);
    expect(after.quotas.summaries).toEqual(after.quotas.rows);
    expect(after.notes.summaries).toEqual(after.notes.rows);
    // The movements happened: the summaries moved with them (a grant, a dispatch out and in, four more).
    expect(after.quotas.summaries.totals.movements).toBeGreaterThanOrEqual(before.quotas.summaries.totals.movements + 7);
    const unit = after.quotas.summaries.byUnit.find((u) => u.unitId === branch.id)!;
    expect(unit.granted).toBe('400000.03');
    expect(after.notes.summaries.redeemedThisYear.count).toBeGreaterThanOrEqual(before.notes.summaries.redeemedThisYear.count + 1);
  });
});
