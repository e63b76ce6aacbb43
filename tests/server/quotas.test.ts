/**
 * The quota ledger over real HTTP (DOMAIN.md "Quotas", README "Quotas"): the demo world's dispatched
 * quotas, each of the request kinds through its process (only the approved end moves money, a
 * withdrawal writes nothing), 50 simultaneous approvals against an account that affords 10, exact
 * decimal sums, the group tree's holdings check, and the ledger's page and export.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fenOf, yuan } from '../../src/lib/money';
import { QUOTA_PROCESS_KEYS } from '../../src/lib/quotas';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { exportFinished } from './export-job';
import { sharedServer, type TestServer } from './server';
import { PERSONAS } from '../../server/db/seed-data/personas';

const PERSON_NAMES: Record<string, string> = Object.fromEntries(PERSONAS.map((p) => [p.username, p.personName]));

const API = '/op/v1/quotas';
const WF = '/op/v1/workflow';
const TERM = `${new Date().getFullYear() + 2}-06-30`;

interface Account {
  id: string;
  kind: string;
  grantorName: string;
  unitId: string;
  unitName: string;
  parentId: string | null;
  granted: string;
  dispatched: string;
  frozen: string;
  used: string;
  available: string;
  movements: number;
}
interface Submitted {
  request: { id: string; type: string; status: string; processKey: string; accountId: string | null };
  instanceId: string;
  taskId: string;
}
interface Page<T> {
  records: T[];
  total: number;
}
interface LedgerRow {
  movement: string;
  amount: string;
  availableAfter: string;
  counterpartUnit: string | null;
  createBy: string | null;
  createByName: string | null;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [handler, director, auditor] = await Promise.all(['op_handler', 'op_director', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});

/** Every account, page after page: on the shared server other files' groups hold accounts too, and the page orders by group. */
async function accounts(filters: Record<string, unknown> = {}): Promise<Account[]> {
  const all: Account[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await dataOf<Page<Account>>(auditor, `${API}/accounts/page`, { pageSize: 500, pageNum, ...filters });
    all.push(...page.records);
    if (page.records.length < 500 || all.length >= page.total) return all;
  }
}
const account = (id: string) => dataOf<Account>(auditor, `${API}/accounts/find-by-id`, { id });
const ledger = (accountId: string, filters: Record<string, unknown> = {}) =>
  dataOf<Page<LedgerRow>>(auditor, `${API}/ledger/page`, { accountId, pageSize: 100, ...filters });
const submit = (path: string, body: unknown) => dataOf<Submitted>(handler, `${API}/requests/${path}`, body);
const complete = (client: ApiClient, taskId: string, outcome: 'PASS' | 'REJECT', remark?: string) =>
  client.call(`${WF}/tasks/complete`, { json: { taskId, outcome, remark } });
const approve = async (s: Submitted) => {
  const answer = await complete(director, s.taskId, 'PASS', '同意');
  expect(answer.body.code, answer.text).toBe('0');
};

/** A fresh group (on a core enterprise of the demo) with two branches and a project department under the first. */
async function newGroup(corpId: string) {
  const group = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'GROUP', corpId });
  const branch = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'BRANCH', parentId: group.id, unitName: '测试一分公司' });
  const branch2 = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'BRANCH', parentId: group.id, unitName: '测试二分公司' });
  const dept = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'PROJECT_DEPT', parentId: branch.id, unitName: '测试项目部' });
  return { group: group.id, branch: branch.id, branch2: branch2.id, dept: dept.id };
}

async function platformAccount(unitId: string, amount: string): Promise<Account> {
  await approve(await submit('apply', { kind: 'PLATFORM', unitId, amount, termEnd: TERM, reason: '测试额度' }));
  return (await accounts()).find((a) => a.unitId === unitId && a.kind === 'PLATFORM')!;
}

describe('the demo world', () => {
  it('holds a bank quota dispatched down 中建华东 and quota requests waiting for op_director', async () => {
    const all = await accounts();
    const group = all.find((a) => a.unitId === 'unit-demo-group' && a.grantorName.includes('工商银行'))!;
    expect(group).toMatchObject({ kind: 'FINANCE', granted: '50000000.00', dispatched: '35000000.00' });
    const east = all.find((a) => a.unitId === 'unit-demo-branch-east' && a.parentId === group.id)!;
    expect(east).toMatchObject({ granted: '20000000.00', dispatched: '6000000.00' });
    // The demo's credit notes freeze and occupy part of what is left (server/credit-notes/demo-seed.ts): whatever
    // they hold, available is what the four balances leave, to the fen.
    const fen = (v: string) => BigInt(v.replace('.', ''));
    for (const a of [group, east]) expect(fen(a.available)).toBe(fen(a.granted) - fen(a.dispatched) - fen(a.frozen) - fen(a.used));
    expect(fen(group.frozen) + fen(group.used)).toBeGreaterThan(0n);
    expect(all.some((a) => a.kind === 'THIRD_PARTY')).toBe(true);
    expect(all.some((a) => a.kind === 'PLATFORM' && a.unitId === 'unit-demo-group')).toBe(false);
    // Asked for by process: the demo's tasks are the oldest of a list other files add to.
    for (const processKey of ['PROCESS_LMT_FIN_APPLY_MODIFY_AUDIT', 'Process_LMT_FINANCE_DISPATCH_AUDIT']) {
      const todo = await dataOf<Page<{ processKey: string }>>(director, `${WF}/tasks/todo/page`, { processKey, pageSize: 200 });
      expect(
        todo.records.map((t) => t.processKey),
        processKey,
      ).toContain(processKey);
    }
  });

  it('owns all twelve quota processes: the generic start refuses them', async () => {
    expect(QUOTA_PROCESS_KEYS).toHaveLength(12);
    const answer = await handler.call(`${WF}/instances/start`, { json: { processKey: 'Process_LMT_APPLY_AUDIT', businessKey: 'x' } });
    expect(answer.body.code).toBe('PROCESS_OWNED');
  });
});

describe('requests move money only when approved', () => {
  it('apply, dispatch to a branch and on to a project department, re-dispatch: balances and ledger follow', async () => {
    const units = await newGroup('corp-demo-core-west');
    const root = await platformAccount(units.group, '1000.00');
    expect(root).toMatchObject({ granted: '1000.00', available: '1000.00', movements: 1 });

    const d1 = await submit('dispatch', {
      accountId: root.id,
      reason: '下发',
      lines: [
        { unitId: units.branch, amount: '600.00' },
        { unitId: units.branch2, amount: '100.10' },
      ],
    });
    expect(d1.request.processKey).toBe('Process_LMT_DISPATCH_AUDIT');
    expect((await account(root.id)).dispatched).toBe('0.00'); // nothing moves before approval
    await approve(d1);
    expect(await account(root.id)).toMatchObject({ dispatched: '700.10', available: '299.90' });
    const branch = (await accounts()).find((a) => a.unitId === units.branch)!;
    expect(branch).toMatchObject({ granted: '600.00', available: '600.00', parentId: root.id });

    await approve(await submit('dispatch', { accountId: branch.id, reason: '下发项目部', lines: [{ unitId: units.dept, amount: '250.00' }] }));
    expect(await account(branch.id)).toMatchObject({ dispatched: '250.00', available: '350.00' });

    // Re-dispatch: the first branch is cut to 500 (its own dispatch stays), the second raised to 300.10.
    const r = await submit('redispatch', {
      accountId: root.id,
      reason: '重新下发',
      lines: [
        { unitId: units.branch, amount: '500.00' },
        { unitId: units.branch2, amount: '300.10' },
      ],
    });
    expect(r.request.processKey).toBe('Process_LMT_AFRESH_DISPATCH_AUDIT');
    await approve(r);
    expect(await account(root.id)).toMatchObject({ dispatched: '800.10', available: '199.90' });
    expect(await account(branch.id)).toMatchObject({ granted: '500.00', available: '250.00' });

    const rows = (await ledger(root.id)).records;
    expect(rows.map((row) => row.movement)).toEqual(['DISPATCH_OUT', 'DISPATCH_OUT', 'DISPATCH_OUT', 'DISPATCH_OUT', 'GRANT']);
    expect(rows[0]).toMatchObject({ availableAfter: '199.90' });
    // 操作人 by the person's name from their staff record, the username kept beside it.
    for (const row of rows) expect(row.createByName).toBe(PERSON_NAMES[row.createBy!]);
    expect((await ledger(root.id, { movement: 'GRANT' })).total).toBe(1);
    // An approval writes all its movements in one statement (server/quotas/ledger.ts moveTogether): each row's 可用余额 is still
    // what its account had right after that movement, in the order the movements were made (a cut taken back before a gift).
    for (const id of [root.id, branch.id]) {
      const { rows: moves } = (await srv.database.db.execute(
        sql`SELECT d_granted, d_dispatched, d_frozen, d_used, available_after FROM quota_ledger WHERE account_id = ${id} ORDER BY id`,
      )) as unknown as { rows: Array<Record<string, string>> };
      let available = 0n;
      for (const move of moves) {
        available += fenOf(move.d_granted) - fenOf(move.d_dispatched) - fenOf(move.d_frozen) - fenOf(move.d_used);
        expect(move.available_after).toBe(yuan(available));
      }
      expect(yuan(available)).toBe((await account(id)).available);
    }
    const redispatched = (await ledger(root.id)).records.slice(0, 2);
    expect(redispatched.map((row) => [row.movement, row.amount])).toEqual([
      ['DISPATCH_OUT', '200.00'],
      ['DISPATCH_OUT', '-100.00'],
    ]);

    // A re-dispatch that would take back what the branch passed down is refused 额度不足 at submission,
    // naming what it can give back and the lowest total, amounts as the screens print them.
    const over = await handler.call(`${API}/requests/redispatch`, {
      json: { accountId: root.id, reason: 'x', lines: [{ unitId: units.branch, amount: '100.00' }] },
    });
    expect(refusalOf(over)).toMatchObject({ code: 'QUOTA_INSUFFICIENT' });
    expect(over.body.message).toBe(
      '额度不足：“测试一分公司”最多可收回 ¥250.00（已下发、冻结、已用及审批中占用的部分不能收回，最低可调至 ¥250.00），本次收回 ¥400.00',
    );
    expect(await account(branch.id)).toMatchObject({ granted: '500.00' });
    expect(
      (await submit('redispatch', { accountId: root.id, reason: '收回至最低', lines: [{ unitId: units.branch, amount: '250.00' }] })).request.processKey,
    ).toBe('Process_LMT_AFRESH_DISPATCH_AUDIT');
  });

  it('a rejected and then withdrawn application writes nothing', async () => {
    const before = await accounts();
    const s = await submit('apply', {
      kind: 'FINANCE',
      grantorId: 'corp-demo-factoring',
      unitId: 'unit-demo-group',
      amount: '5000.00',
      termEnd: TERM,
      reason: '保理授信',
    });
    expect(s.request.processKey).toBe('PROCESS_LMT_FIN_APPLY_AUDIT');
    expect((await complete(director, s.taskId, 'REJECT', '材料不全')).body.code).toBe('0');
    const todo = await dataOf<Page<{ id: string; instanceId: string }>>(handler, `${WF}/tasks/todo/page`, { pageSize: 500 });
    const back = todo.records.find((t) => t.instanceId === s.instanceId)!;
    expect((await complete(handler, back.id, 'REJECT', '撤回')).body.code).toBe('0');
    expect(await accounts()).toEqual(before);
    const found = await dataOf<{ request: { status: string } }>(auditor, `${API}/requests/find-by-id`, { id: s.request.id });
    expect(found.request.status).toBe('REJECTED');
  });

  it('modify changes the granted total through its process; a cut below what is dispatched is refused', async () => {
    const units = await newGroup('corp-demo-core-north');
    const root = await platformAccount(units.group, '100.00');
    await approve(await submit('dispatch', { accountId: root.id, reason: 'x', lines: [{ unitId: units.branch, amount: '60.00' }] }));
    const cut = await handler.call(`${API}/requests/modify`, { json: { accountId: root.id, amount: '50.00', termEnd: TERM, reason: '调减' } });
    expect(refusalOf(cut).code).toBe('QUOTA_INSUFFICIENT');
    const m = await submit('modify', { accountId: root.id, amount: '70.00', termEnd: TERM, reason: '调减至 70' });
    expect(m.request.processKey).toBe('Process_LMT_APPLY_MODIFY_AUDIT');
    await approve(m);
    expect(await account(root.id)).toMatchObject({ granted: '70.00', dispatched: '60.00', available: '10.00', movements: 3 });
    expect((await ledger(root.id)).records[0]).toMatchObject({ movement: 'ADJUST', amount: '-30.00', availableAfter: '10.00' });
  });

  it('refuses bad input naming the field, a third-party dispatch, and a reader', async () => {
    const bad = async (path: string, body: unknown, client = handler) => refusalOf(await client.call(`${API}/requests/${path}`, { json: body }));
    expect(await bad('apply', { kind: 'PLATFORM', unitId: 'unit-demo-group', amount: '1.005', termEnd: TERM, reason: 'x' })).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await bad('apply', { kind: 'PLATFORM', unitId: 'unit-demo-group', amount: 'abc', termEnd: TERM, reason: 'x' })).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await bad('apply', { kind: 'PLATFORM', unitId: 'unit-demo-group', amount: '1', termEnd: '2020-01-01', reason: 'x' })).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await bad('apply', { kind: 'PLATFORM', unitId: 'unit-demo-branch-east', amount: '1', termEnd: TERM, reason: 'x' })).toMatchObject({
      code: 'QUOTA_UNIT_NOT_GROUP',
    });
    expect(
      await bad('apply', { kind: 'FINANCE', grantorId: 'corp-demo-bank-icbc', unitId: 'unit-demo-group', amount: '1', termEnd: TERM, reason: 'x' }),
    ).toMatchObject({ code: 'QUOTA_ACCOUNT_EXISTS' });
    expect(
      await bad('apply', { kind: 'FINANCE', grantorId: 'corp-demo-supplier-01', unitId: 'unit-demo-group', amount: '1', termEnd: TERM, reason: 'x' }),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(
      await bad('apply', { kind: 'THIRD_PARTY', grantorId: 'corp-demo-factoring', unitId: 'unit-demo-group', amount: '1', termEnd: TERM, reason: 'x' }),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    const tri = (await accounts({ kind: 'THIRD_PARTY' }))[0];
    expect(await bad('dispatch', { accountId: tri.id, reason: 'x', lines: [{ unitId: 'unit-demo-branch-east', amount: '1' }] })).toMatchObject({
      code: 'QUOTA_NOT_DISPATCHABLE',
    });
    const group = (await accounts()).find((a) => a.unitId === 'unit-demo-group' && a.grantorName.includes('工商银行'))!;
    expect(await bad('dispatch', { accountId: group.id, reason: 'x', lines: [{ unitId: 'unit-demo-dept-hz', amount: '1' }] })).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(
      await bad('dispatch', {
        accountId: group.id,
        reason: 'x',
        lines: [
          { unitId: 'unit-demo-branch-east', amount: '1' },
          { unitId: 'unit-demo-branch-east', amount: '2' },
        ],
      }),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await bad('dispatch', { accountId: group.id, reason: 'x', lines: [{ unitId: 'unit-demo-branch-east', amount: '99999999.00' }] })).toMatchObject({
      code: 'QUOTA_INSUFFICIENT',
    });
    expect(await bad('apply', { kind: 'PLATFORM', unitId: 'unit-demo-group', amount: '1', termEnd: TERM, reason: 'x' }, auditor)).toMatchObject({
      status: 403,
    });
  });
});

interface TreeNode {
  unitId: string;
  granted: string;
  available: string;
  reserved: string;
  children?: TreeNode[];
}
const treeOf = async (id: string) => {
  const found = await dataOf<{ account: Account & { reserved: string }; tree: TreeNode[] }>(auditor, `${API}/accounts/tree`, { id });
  const flat: TreeNode[] = [];
  const walk = (nodes: TreeNode[]) => nodes.forEach((n) => (flat.push(n), walk(n.children ?? [])));
  walk(found.tree);
  return { account: found.account, node: (unitId: string) => flat.find((n) => n.unitId === unitId)! };
};

describe('running requests hold back what they will take', () => {
  it('a dispatch, a re-dispatch and a modification count what running requests hold, as the dispatch screen shows it', async () => {
    const units = await newGroup('corp-demo-core-north');
    const root = await platformAccount(units.group, '100.00');
    await approve(await submit('dispatch', { accountId: root.id, reason: '首次下发', lines: [{ unitId: units.branch, amount: '40.00' }] }));
    const branch = (await accounts()).find((a) => a.unitId === units.branch)!;

    // A running dispatch of 50.00 holds 50.00 of the root's 60.00: a second one of 20.00 is refused when made.
    const first = await submit('dispatch', { accountId: root.id, reason: '下发二分公司', lines: [{ unitId: units.branch2, amount: '50.00' }] });
    let view = await treeOf(root.id);
    expect(view.account).toMatchObject({ available: '60.00', reserved: '50.00' });
    const second = await handler.call(`${API}/requests/dispatch`, {
      json: { accountId: root.id, reason: 'x', lines: [{ unitId: units.branch, amount: '20.00' }] },
    });
    expect(refusalOf(second).code).toBe('QUOTA_INSUFFICIENT');
    expect(second.body.message).toBe('额度不足：可用额度 ¥60.00 中 ¥50.00 已被审批中的申请占用，可下发 ¥10.00，本次需要 ¥20.00');
    // A modification cutting the root below what is dispatched and held is refused the same way.
    expect(refusalOf(await handler.call(`${API}/requests/modify`, { json: { accountId: root.id, amount: '85.00', termEnd: TERM, reason: '调减' } })).code).toBe(
      'QUOTA_INSUFFICIENT',
    );
    expect((await submit('dispatch', { accountId: root.id, reason: '余量', lines: [{ unitId: units.branch, amount: '10.00' }] })).request.type).toBe(
      'DISPATCH',
    );

    // A running re-dispatch cutting the branch from 40.00 to 15.00 holds 25.00 of the branch: the branch
    // can then pass down only 15.00, and a second cut can take back only what is left.
    await approve(first);
    const cut = await submit('redispatch', { accountId: root.id, reason: '调减一分公司', lines: [{ unitId: units.branch, amount: '15.00' }] });
    view = await treeOf(root.id);
    expect(view.node(units.branch)).toMatchObject({ granted: '40.00', available: '40.00', reserved: '25.00' });
    const down = await handler.call(`${API}/requests/dispatch`, {
      json: { accountId: branch.id, reason: 'x', lines: [{ unitId: units.dept, amount: '20.00' }] },
    });
    expect(down.body.message).toBe('额度不足：可用额度 ¥40.00 中 ¥25.00 已被审批中的申请占用，可下发 ¥15.00，本次需要 ¥20.00');
    const again = await handler.call(`${API}/requests/redispatch`, {
      json: { accountId: root.id, reason: 'x', lines: [{ unitId: units.branch, amount: '0.00' }] },
    });
    expect(again.body.message).toBe(
      '额度不足：“测试一分公司”最多可收回 ¥15.00（已下发、冻结、已用及审批中占用的部分不能收回，最低可调至 ¥25.00），本次收回 ¥40.00',
    );

    // Withdrawn (rejected), a request holds nothing any more.
    expect((await complete(director, cut.taskId, 'REJECT', '不调')).body.code).toBe('0');
    const todo = await dataOf<Page<{ id: string; instanceId: string }>>(handler, `${WF}/tasks/todo/page`, { pageSize: 500 });
    expect((await complete(handler, todo.records.find((t) => t.instanceId === cut.instanceId)!.id, 'REJECT', '撤回')).body.code).toBe('0');
    expect((await treeOf(root.id)).node(units.branch)).toMatchObject({ reserved: '0.00' });
    expect((await submit('dispatch', { accountId: branch.id, reason: '下发项目部', lines: [{ unitId: units.dept, amount: '20.00' }] })).request.type).toBe(
      'DISPATCH',
    );
  });
});

describe('money moves exactly once', () => {
  it('50 dispatch submissions at once against an account that affords 10: exactly 10 are accepted, 40 answer 额度不足; the 10 approved at once move exactly 10', async () => {
    const units = await newGroup('corp-demo-core-west');
    const root = await platformAccount(units.group, '10.00');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        handler.call(`${API}/requests/dispatch`, { json: { accountId: root.id, reason: `第${i + 1}笔`, lines: [{ unitId: units.branch, amount: '1.00' }] } }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(10);
    expect(codes.filter((c) => c === 'QUOTA_INSUFFICIENT')).toHaveLength(40);
    // Each refused one saw the accepted ones hold the whole account.
    for (const a of answers.filter((x) => x.body.code !== '0'))
      expect(a.body.message).toBe('额度不足：可用额度 ¥10.00 中 ¥10.00 已被审批中的申请占用，可下发 ¥0.00，本次需要 ¥1.00');
    const accepted = answers.filter((a) => a.body.code === '0').map((a) => a.body.data as Submitted);
    const approvals = await Promise.all(accepted.map((s) => complete(director, s.taskId, 'PASS')));
    expect(approvals.map((a) => a.body.code)).toEqual(accepted.map(() => '0'));
    expect(await account(root.id)).toMatchObject({ granted: '10.00', dispatched: '10.00', available: '0.00', movements: 11 });
    const branch = (await accounts()).find((a) => a.unitId === units.branch)!;
    expect(branch).toMatchObject({ granted: '10.00', movements: 10 });
  }, 120_000);

  it('0.1 + 0.2 stays 0.30', async () => {
    const units = await newGroup('corp-demo-core-north');
    const root = await platformAccount(units.group, '0.30');
    await approve(await submit('dispatch', { accountId: root.id, reason: 'x', lines: [{ unitId: units.branch, amount: '0.1' }] }));
    await approve(await submit('dispatch', { accountId: root.id, reason: 'x', lines: [{ unitId: units.branch, amount: '0.2' }] }));
    expect(await account(root.id)).toMatchObject({ dispatched: '0.30', available: '0.00' });
  });
});

describe('the group tree asks the quota area', () => {
  it('a unit holding quota is neither moved nor removed; one without is', async () => {
    const moveOf = async (id: string, parentId: string) => {
      const tree = await dataOf<Array<{ id: string; dataVersion: number }>>(handler, '/op/v1/group/units/tree', {});
      const flat: Array<{ id: string; dataVersion: number; children?: unknown[] }> = [];
      const walk = (nodes: Array<{ id: string; dataVersion: number; children?: unknown[] }>) =>
        nodes.forEach((n) => (flat.push(n), walk((n.children ?? []) as typeof nodes)));
      walk(tree);
      const unit = flat.find((u) => u.id === id)!;
      return handler.call('/op/v1/group/units/move', { json: { id, dataVersion: unit.dataVersion, parentId } });
    };
    const held = await moveOf('unit-demo-dept-nj', 'unit-demo-branch-south');
    expect(refusalOf(held).code).toBe('GROUP_UNIT_HOLDS');
    expect(held.body.message).toContain('额度 ¥');
    const removed = await handler.call('/op/v1/group/units/remove', { json: { id: 'unit-demo-dept-gz' } });
    expect(refusalOf(removed).code).toBe('GROUP_UNIT_HOLDS');
    const units = await newGroup('corp-demo-core-west');
    expect((await moveOf(units.dept, units.branch2)).body.code).toBe('0');
  });
});

describe('the ledger page and its export', () => {
  it('exports the filtered ledger through the export job', async () => {
    const group = (await accounts()).find((a) => a.unitId === 'unit-demo-group' && a.grantorName.includes('工商银行'))!;
    // Exports are the admin's, as in every other area.
    const admin = await signInAs(srv.baseUrl, 'op_admin');
    const record = await dataOf<{ id: string }>(admin, `${API}/ledger/export`, { accountId: group.id, movement: 'DISPATCH_OUT' });
    expect((await exportFinished(admin, record.id)).status).toBe('SUCCESS');
    expect(refusalOf(await auditor.call(`${API}/ledger/export`, { json: { accountId: group.id } })).status).toBe(403);
    expect(refusalOf(await handler.call(`${API}/ledger/export`, { json: { accountId: group.id } })).status).toBe(403);
  });
});
