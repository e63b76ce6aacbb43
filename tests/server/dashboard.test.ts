/**
 * The data dashboard over real HTTP (issue 21, spec 2.4): each figure equals what the test computes
 * itself from the raw rows of the same database (ledger rows summed in whole fen, tasks and
 * corporations counted in JavaScript), on the demo world and again after a quota grant moves through
 * its approval; and the call is refused to a persona without the dashboard's permission.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORP_TYPE } from '../../src/lib/corporations';
import { QUOTA_TOP_UNITS, type DashboardOverview } from '../../src/lib/dashboard';
import { fenOf, yuan } from '../../src/lib/money';
import { corporations, groupUnits, products, quotaAccounts, quotaLedger, workflowInstances, workflowTasks } from '../../server/db/schema';
import { unitNameOf } from '../../server/corporations/unit-name';
import { grantorNameOf } from '../../server/quotas/names';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

const OVERVIEW = '/op/v1/dashboard/overview';
const TERM = `${new Date().getFullYear() + 2}-06-30`;

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [handler, director, auditor] = await Promise.all(['op_handler', 'op_director', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});

const overview = (client: ApiClient = auditor) => dataOf<DashboardOverview>(client, OVERVIEW, {});

interface Sums {
  granted: bigint;
  dispatched: bigint;
  occupied: bigint;
  available: bigint;
}
const zero = (): Sums => ({ granted: 0n, dispatched: 0n, occupied: 0n, available: 0n });
const asYuan = (s: Sums) => ({ granted: yuan(s.granted), dispatched: yuan(s.dispatched), occupied: yuan(s.occupied), available: yuan(s.available) });

/** The quota figures recomputed from every ledger row, in JavaScript and whole fen. */
async function expectedQuotas() {
  const { db } = srv.database;
  const rows = await db
    .select({ ledger: quotaLedger, account: quotaAccounts, unitName: unitNameOf(groupUnits), grantorName: grantorNameOf(quotaAccounts) })
    .from(quotaLedger)
    .innerJoin(quotaAccounts, eq(quotaAccounts.id, quotaLedger.accountId))
    .innerJoin(groupUnits, eq(groupUnits.id, quotaAccounts.unitId));
  const totals = zero();
  const byGroup = new Map<string, Sums>();
  const byUnit = new Map<string, Sums & { groupId: string; unitName: string }>();
  const byGrantor = new Map<string, bigint>();
  for (const { ledger, account, grantorName, unitName } of rows) {
    const g = fenOf(ledger.dGranted);
    const d = fenOf(ledger.dDispatched);
    const o = fenOf(ledger.dFrozen) + fenOf(ledger.dUsed);
    const root = account.parentId === null;
    const group = byGroup.get(account.groupId) ?? zero();
    const unit = byUnit.get(account.unitId) ?? { ...zero(), groupId: account.groupId, unitName };
    for (const s of [totals, group]) {
      if (root) s.granted += g;
      if (root) s.dispatched += d;
      s.occupied += o;
      s.available += g - d - o;
    }
    unit.granted += g;
    unit.dispatched += d;
    unit.occupied += o;
    unit.available += g - d - o;
    if (root) byGrantor.set(grantorName, (byGrantor.get(grantorName) ?? 0n) + g);
    byGroup.set(account.groupId, group);
    byUnit.set(account.unitId, unit);
  }
  return { totals, byGroup, byUnit, byGrantor, movements: rows.length, accounts: new Set(rows.map((r) => r.account.id)).size };
}

/** The units granted the most, ranked in JavaScript from the recomputed sums: granted down, then group and unit id (C order, as the test database sorts). */
const topUnitsOf = (byUnit: Awaited<ReturnType<typeof expectedQuotas>>['byUnit']) =>
  [...byUnit]
    .sort(([aId, a], [bId, b]) =>
      a.granted !== b.granted ? (b.granted > a.granted ? 1 : -1) : a.groupId !== b.groupId ? (a.groupId < b.groupId ? -1 : 1) : aId < bId ? -1 : 1,
    )
    .slice(0, QUOTA_TOP_UNITS)
    .map(([unitId, s]) => ({ groupId: s.groupId, unitId, unitName: s.unitName, ...asYuan(s) }));

async function expectQuotasMatch(figures: DashboardOverview) {
  const expected = await expectedQuotas();
  expect(figures.quotas.totals).toEqual({
    ...asYuan(expected.totals),
    accounts: expected.accounts,
    movements: expected.movements,
    units: expected.byUnit.size,
  });
  expect(
    Object.fromEntries(
      figures.quotas.byCore.map(({ groupId, granted, dispatched, occupied, available }) => [groupId, { granted, dispatched, occupied, available }]),
    ),
  ).toEqual(Object.fromEntries([...expected.byGroup].map(([id, s]) => [id, asYuan(s)])));
  // The top units, in their order, with their names and figures; every unit holding quota counted.
  expect(
    figures.quotas.topUnits.map(({ groupId, unitId, unitName, granted, dispatched, occupied, available }) => ({
      groupId,
      unitId,
      unitName,
      granted,
      dispatched,
      occupied,
      available,
    })),
  ).toEqual(topUnitsOf(expected.byUnit));
  expect(Object.fromEntries(figures.quotas.byGrantor.map((g) => [g.grantorName, g.granted]))).toEqual(
    Object.fromEntries([...expected.byGrantor].map(([name, fen]) => [name, yuan(fen)])),
  );
}

/** The approvals figures recounted from the open tasks of running instances. */
async function expectTasksMatch(figures: DashboardOverview) {
  const rows = await srv.database.db
    .select({ task: workflowTasks, instanceStatus: workflowInstances.status, endTime: workflowInstances.endTime })
    .from(workflowTasks)
    .innerJoin(workflowInstances, eq(workflowInstances.id, workflowTasks.instanceId));
  const open = rows.filter((r) => r.task.status === 'TODO' && r.instanceStatus === 'RUNNING').map((r) => r.task);
  expect(figures.tasks.pending).toBe(open.length);
  expect(figures.tasks.unclaimed).toBe(open.filter((t) => t.assigneeId === null).length);
  const byProcess = new Map<string, { handler: number; director: number; total: number }>();
  for (const t of open) {
    const entry = byProcess.get(t.processKey) ?? { handler: 0, director: 0, total: 0 };
    entry.total += 1;
    if (t.workingRole === 'handler') entry.handler += 1;
    if (t.workingRole === 'director') entry.director += 1;
    byProcess.set(t.processKey, entry);
  }
  expect(
    Object.fromEntries(figures.tasks.byProcess.map(({ processKey, handler: h, director: d, total }) => [processKey, { handler: h, director: d, total }])),
  ).toEqual(Object.fromEntries(byProcess));
  const oldest = open.reduce<Date | null>((min, t) => (min === null || t.createTime < min ? t.createTime : min), null);
  expect(figures.tasks.oldest).toBe(oldest?.toISOString() ?? null);

  const instances = await srv.database.db.select().from(workflowInstances);
  const since = Date.parse(figures.generatedAt) - 30 * 86_400_000;
  const ended = instances.filter((i) => i.endTime !== null && i.endTime.getTime() >= since);
  expect(figures.tasks.ended30d).toEqual({
    approved: ended.filter((i) => i.status === 'APPROVED').length,
    rejected: ended.filter((i) => i.status === 'REJECTED').length,
  });
}

async function expectCorporationsMatch(figures: DashboardOverview) {
  const { db } = srv.database;
  const corps = await db.select().from(corporations);
  expect(figures.corporations.total).toBe(corps.length);
  const byType = new Map<string, number>();
  for (const c of corps) for (const type of c.corpTypes) byType.set(type, (byType.get(type) ?? 0) + 1);
  expect(Object.fromEntries(figures.corporations.byType.map((x) => [x.code, x.count]))).toEqual(Object.fromEntries(byType));
  const admission = new Map<string, number>();
  for (const c of corps.filter((x) => x.corpTypes.includes(CORP_TYPE.core))) admission.set(c.admissionStatus, (admission.get(c.admissionStatus) ?? 0) + 1);
  expect(Object.fromEntries(figures.corporations.coreAdmission.map((x) => [x.code, x.count]))).toEqual(Object.fromEntries(admission));
  const members = await db.select().from(groupUnits).where(eq(groupUnits.kind, 'MEMBER_CUSTOMER'));
  expect(figures.corporations.memberSuppliers).toBe(new Set(members.map((m) => m.corpId).filter(Boolean)).size);
  const prds = await db.select().from(products);
  expect(figures.products.total).toBe(prds.length);
  expect(figures.products.byCategory.reduce((sum, x) => sum + x.count, 0)).toBe(prds.length);
}

async function expectAllMatch(figures: DashboardOverview) {
  await expectQuotasMatch(figures);
  await expectTasksMatch(figures);
  await expectCorporationsMatch(figures);
}

describe('the dashboard figures', () => {
  it('equal the aggregates recomputed from the demo world, and the demo makes every chart non-trivial', async () => {
    const figures = await overview();
    await expectAllMatch(figures);
    expect(figures.quotas.topUnits.length).toBeGreaterThanOrEqual(5);
    expect(figures.quotas.byGrantor.length).toBeGreaterThanOrEqual(3);
    expect(figures.tasks.byProcess.length).toBeGreaterThanOrEqual(3);
    expect(figures.corporations.byType.length).toBeGreaterThanOrEqual(3);
    // 工商 50M + 招商 30M + 保理 8M, as the demo seeds them on its group; the server tests grant to groups of their own.
    expect(figures.quotas.byCore.find((c) => c.groupId === 'unit-demo-group')?.granted).toBe('88000000.00');
  });

  it('follow a quota grant through its approval: nothing before, the grant and the ended instance after', async () => {
    // A group of its own (on a core enterprise of the demo): a group holds one platform quota, and the demo's is read above.
    const { id: groupId } = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'GROUP', corpId: 'corp-demo-core-west' });
    const before = await overview();
    const submitted = await dataOf<{ taskId: string; request: { processKey: string } }>(handler, '/op/v1/quotas/requests/apply', {
      kind: 'PLATFORM',
      unitId: groupId,
      amount: '12345678.91',
      termEnd: TERM,
      reason: '平台授信额度',
    });
    const waiting = await overview(director);
    await expectAllMatch(waiting);
    expect(waiting.tasks.pending).toBe(before.tasks.pending + 1);
    expect(waiting.quotas.totals.granted).toBe(before.quotas.totals.granted); // an application moves no money

    const answer = await director.call('/op/v1/workflow/tasks/complete', { json: { taskId: submitted.taskId, outcome: 'PASS', remark: '同意' } });
    expect(answer.body.code, answer.text).toBe('0');
    const after = await overview();
    await expectAllMatch(after);
    expect(after.tasks.pending).toBe(before.tasks.pending);
    expect(after.tasks.ended30d.approved).toBe(before.tasks.ended30d.approved + 1);
    expect(after.quotas.totals.granted).toBe(yuan(fenOf(before.quotas.totals.granted) + fenOf('12345678.91')));
    expect(after.quotas.totals.movements).toBe(before.quotas.totals.movements + 1);
    const group = after.quotas.byCore.find((c) => c.groupId === groupId)!;
    // The new group held nothing before the grant: all it has available is the grant.
    expect(before.quotas.byCore.find((c) => c.groupId === groupId)).toBeUndefined();
    expect(fenOf(group.available)).toBe(fenOf('12345678.91'));
    expect(after.quotas.byGrantor.map((g) => g.kind)).toContain('PLATFORM');
  });
});

describe('one section alone (bench:scale times each area’s panels apart)', () => {
  it('answers that section only, with the figures the raw rows give; refuses a section that does not exist', async () => {
    const whole = await overview();
    const sections = Object.keys(whole).filter((key) => key !== 'generatedAt');
    expect(sections.length).toBeGreaterThanOrEqual(5);
    for (const section of sections) {
      const alone = await dataOf<Partial<DashboardOverview>>(auditor, OVERVIEW, { section });
      expect(Object.keys(alone).sort(), section).toEqual(['generatedAt', section].sort());
    }
    await expectQuotasMatch((await dataOf<DashboardOverview>(auditor, OVERVIEW, { section: 'quotas' })) as DashboardOverview);
    await expectTasksMatch((await dataOf<DashboardOverview>(auditor, OVERVIEW, { section: 'tasks' })) as DashboardOverview);
    const answer = await auditor.call(OVERVIEW, { json: { section: 'financing' } });
    expect(refusalOf(answer)).toEqual({ status: 200, code: 'VALIDATION_FAILED', message: '驾驶舱分区的值不在可选范围内：financing' });
  });
});

describe('the dashboard permission', () => {
  it('is refused to personas without index:home:data-dashboard, and answered to those with it', async () => {
    for (const username of ['op_handler', 'op_agent']) {
      const client = await signInAs(srv.baseUrl, username);
      expect(refusalOf(await client.call(OVERVIEW, { json: {} })), username).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    for (const username of ['op_admin', 'op_director', 'op_auditor']) {
      const client = await signInAs(srv.baseUrl, username);
      expect((await client.call(OVERVIEW, { json: {} })).body.code, username).toBe('0');
    }
  });
});
