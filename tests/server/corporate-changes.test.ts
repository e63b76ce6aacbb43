/**
 * The six corporate-change processes over real HTTP, as one table: for each, approving applies the
 * change to the corporation (or bank account), a reject then withdrawal leaves the record exactly as
 * it was, a second pending change is refused, the wrong role is refused; renaming takes two reviews
 * by two different directors (four-eyes) and keeps the old name until the second.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

const BASE = '/op/v1/corporations/changes';
const WF = '/op/v1/workflow';

interface Change {
  id: string;
  recordId: string;
  action: string;
  status: string;
  proposed: Record<string, unknown>;
}
interface Proposal {
  change: Change;
  instanceId: string;
  taskId: string;
}
type Rec = Record<string, unknown> & { id: string; dataVersion: number; pendingChange: Change | null; changes?: Change[] };
interface Task {
  id: string;
  taskDefinitionKey: string;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let director2: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [handler, director, director2, auditor] = await Promise.all(['op_handler', 'op_director', 'op_director2', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});

const complete = (client: ApiClient, taskId: string, outcome: 'PASS' | 'REJECT', remark?: string) =>
  dataOf<{ instance: { status: string }; task: Task | null }>(client, `${WF}/tasks/complete`, { taskId, outcome, remark });
const find = (api: string, id: string) => dataOf<Rec>(auditor, `${BASE}/${api}/find-by-id`, { id });
const strip = ({ pendingChange: _p, changes: _c, ...rest }: Rec) => rest;

let seq = 0;
/** Credit codes are unique: this run's carry its mark, on a server other files (and this file again) write to. */
const RUN = randomUUID().slice(0, 8).toUpperCase();
const creditCode = () => `9133${RUN}CHG${String((seq += 1)).padStart(3, '0')}`;

/** A core enterprise admitted through Process_CI_CORE_ADMIT_CREATE: handler submits, a director approves. */
async function admitted(name = `测试建设集团${seq + 1}有限公司`): Promise<Rec> {
  const proposal = await dataOf<Proposal>(handler, `${BASE}/core-admissions/save`, {
    corpName: name,
    creditCode: creditCode(),
    legalPersonName: '王建国',
    legalPersonIdCard: handler.encrypt('11010519491231002X'),
    managerName: '李管理',
    managerMobile: handler.encrypt('13812345678'),
    registeredAddress: '上海市浦东新区世纪大道100号',
  });
  const task = { id: proposal.taskId }; // saving submitted it: the task is the director's review
  await complete(director, task!.id, 'PASS');
  return find('core-admissions', proposal.change.recordId);
}

/** A bank account of a fresh core enterprise, added directly (accounts are created by the corporations area). */
async function bankAccount(): Promise<Rec> {
  const corp = await admitted();
  const saved = await dataOf<{ id: string }>(handler, '/op/v1/corporations/bank-accounts/save', {
    corpId: corp.id,
    bankName: '中国工商银行',
    branchName: '上海分行',
    accountName: String(corp.corpName),
    accountNo: handler.encrypt('6222021234567890123'),
    usage: 'GENERAL',
  });
  return find('account', saved.id);
}

interface Case {
  processKey: string;
  api: string;
  record: () => Promise<Rec>;
  /** The body of the change (beside id and dataVersion). */
  change: (client: ApiClient) => Record<string, unknown>;
  /** What the record shows once approved. */
  applied: Record<string, unknown>;
  /** Reviews after the handler's submit: one director, or two different ones. */
  reviewers: () => ApiClient[];
  /** What its task says: the summary and the record's own number (业务编号), by its process's summary rule. */
  names: (rec: Rec) => { summary: string; businessNo: string };
}

const CASES: Case[] = [
  {
    processKey: 'Process_CI_CORE_ADMIT_UPDATE',
    api: 'core-admissions',
    record: () => admitted(),
    change: () => ({ registeredAddress: '上海市黄浦区中山东一路1号', legalPersonName: '赵新' }),
    applied: { registeredAddress: '上海市黄浦区中山东一路1号', legalPersonName: '赵新', admissionStatus: 'ADMITTED' },
    reviewers: () => [director],
    names: (rec) => ({ summary: `核心企业信息变更：${String(rec.corpName)}`, businessNo: String(rec.creditCode) }),
  },
  {
    processKey: 'Process_CORP_MANAGER_UPDATE',
    api: 'manager',
    record: () => admitted(),
    change: (client) => ({ managerName: '钱新管', managerMobile: client.encrypt('13900001111') }),
    applied: { managerName: '钱新管', managerMobile: '1390****1111' },
    reviewers: () => [director],
    names: (rec) => ({ summary: `管理员变更：${String(rec.corpName)}，新管理员 钱新管`, businessNo: String(rec.corpName) }),
  },
  {
    processKey: 'Process_CORP_RENAMING',
    api: 'renaming',
    record: () => admitted(),
    change: () => ({ corpName: '更名后建设集团有限公司' }),
    applied: { corpName: '更名后建设集团有限公司' },
    reviewers: () => [director, director2],
    names: (rec) => ({ summary: `企业自主更名：${String(rec.corpName)} → 更名后建设集团有限公司`, businessNo: String(rec.creditCode) }),
  },
  {
    processKey: 'PROCESS_ACCOUNT_TEMP',
    api: 'account',
    record: () => bankAccount(),
    change: (client) => ({ bankName: '中国建设银行', branchName: '浦东支行', accountNo: client.encrypt('6217001234000099887') }),
    applied: { bankName: '中国建设银行', branchName: '浦东支行', accountNo: '6217****9887' },
    reviewers: () => [director],
    // Named as it is now: the holder, and the bank and last four digits of the account the change is about.
    names: (rec) => ({ summary: `账户信息变更：${String(rec.holderName)}，中国工商银行 尾号 0123`, businessNo: '中国工商银行 尾号 0123' }),
  },
  {
    processKey: 'PROCESS_ACCOUNT_USAGE_TEMP',
    api: 'account-usage',
    record: () => bankAccount(),
    change: () => ({ usage: 'SETTLEMENT' }),
    applied: { usage: 'SETTLEMENT' },
    reviewers: () => [director],
    names: (rec) => ({ summary: `变更账户用途：${String(rec.holderName)}，中国工商银行 尾号 0123`, businessNo: '中国工商银行 尾号 0123' }),
  },
];

const propose = (c: Case, rec: Rec) =>
  handler.call(`${BASE}/${c.api}/update-by-id`, { json: { id: rec.id, dataVersion: rec.dataVersion, ...c.change(handler) } });

describe('the demo world', () => {
  it("seeds corporate changes waiting in op_handler's and op_director's to-do lists, and ended ones in the histories", async () => {
    const todo = async (client: ApiClient) =>
      (
        await dataOf<{ records: Array<{ processKey: string; taskDefinitionKey: string; summary: string; businessKey: string }> }>(
          client,
          `${WF}/tasks/todo/page`,
          { pageSize: 500 },
        )
      ).records;
    const CHANGE_KEYS = [
      'Process_CI_CORE_ADMIT_CREATE',
      'Process_CI_CORE_ADMIT_UPDATE',
      'Process_CORP_MANAGER_UPDATE',
      'Process_CORP_RENAMING',
      'PROCESS_ACCOUNT_TEMP',
      'PROCESS_ACCOUNT_USAGE_TEMP',
    ];
    // The demo's own: changes of its corporations and accounts, and its new core enterprise (浙江之江, 91330000MA2ZJCORE8);
    // the cases below (this run's or an earlier one's on the shared server) change records of their own.
    const admission = (await dataOf<Change[]>(auditor, `${BASE}/core-admissions/pending-creations`, {})).find(
      (p) => p.proposed.creditCode === '91330000MA2ZJCORE8',
    );
    expect(admission?.proposed).toMatchObject({ corpName: '浙江之江建设集团有限公司' });
    const demo = (businessKey: string) => /^(acct-)?corp-demo-/.test(businessKey) || businessKey === admission!.recordId;
    const mine = (tasks: Awaited<ReturnType<typeof todo>>) =>
      tasks
        .filter((t) => CHANGE_KEYS.includes(t.processKey) && demo(t.businessKey))
        .map((t) => `${t.processKey}:${t.taskDefinitionKey}`)
        .sort();
    // Saving a change submitted it: only the one a director returned waits with the handler.
    expect(mine(await todo(handler))).toEqual(['PROCESS_ACCOUNT_USAGE_TEMP:Edit']);
    expect(mine(await todo(director))).toEqual([
      'PROCESS_ACCOUNT_TEMP:Approve',
      'Process_CI_CORE_ADMIT_CREATE:Approve',
      'Process_CI_CORE_ADMIT_UPDATE:Approve',
      'Process_CORP_MANAGER_UPDATE:Approve',
    ]);
    // op_director did the renaming's initial review: four-eyes leaves its second review to op_director2.
    expect(mine(await todo(director2))).toEqual(expect.arrayContaining(['Process_CORP_RENAMING:SecondReview']));
    const renamed = await find('renaming', 'corp-demo-supplier-20');
    expect(renamed).toMatchObject({ corpName: '重庆山城建材有限公司', pendingChange: null });
    const west = await find('renaming', 'corp-demo-core-west');
    expect(west).toMatchObject({ corpName: '西南交通建设集团有限公司', pendingChange: { proposed: { corpName: '西南交通建设投资集团有限公司' } } });
    expect((await find('manager', 'corp-demo-supplier-06')).changes!.map((c) => c.status)).toEqual(['REJECTED']);
  });
});

describe.each(CASES)('$processKey', (c) => {
  it('its task names the record, its party and its number, and the proposer by name, in the lists, the view and the history', async () => {
    const rec = await find(c.api, (await c.record()).id);
    const { instanceId, taskId } = await dataOf<Proposal>(handler, `${BASE}/${c.api}/update-by-id`, {
      id: rec.id,
      dataVersion: rec.dataVersion,
      ...c.change(handler),
    });
    const named = { ...c.names(rec), startPersonName: '经办人张三' };
    expect(await dataOf(auditor, `${WF}/instances/find-by-id`, { instanceId })).toMatchObject(named);
    // Submitted by saving: the task is in the reviewer's 待办, not the handler's.
    expect((await dataOf<{ records: Array<{ id: string }> }>(handler, `${WF}/tasks/todo/page`, { pageSize: 50, businessKey: rec.id })).records).toEqual([]);
    const todo = await dataOf<{ records: Array<{ id: string }> }>(c.reviewers()[0], `${WF}/tasks/todo/page`, { pageSize: 50, businessKey: rec.id });
    expect(todo.records.find((t) => t.id === taskId)).toMatchObject(named);
    const started = await dataOf<{ records: Array<{ id: string }> }>(handler, `${WF}/tasks/started/page`, { pageSize: 50, businessKey: rec.id });
    expect(started.records.find((i) => i.id === instanceId)).toMatchObject(named);
    const history = await dataOf<{ history: Array<{ personName: string }> }>(auditor, `${WF}/instances/history`, { instanceId });
    // 发起 and the submission (the first step's pass), both the handler's.
    expect(history.history.map((h) => h.personName)).toEqual(['经办人张三', '经办人张三']);
    expect((await find(c.api, rec.id)).changes![0]).toMatchObject({ createBy: 'op_handler', createByName: '经办人张三' });
    await dataOf(handler, `${WF}/instances/withdraw`, { instanceId, remark: '撤回' });
    // The record is as it was, and its history says the change was withdrawn, and why.
    const after = await find(c.api, rec.id);
    expect(strip(after)).toEqual(strip(rec));
    expect(after.changes![0]).toMatchObject({ status: 'REJECTED', withdrawn: true, endRemark: '撤回' });
  });

  it('approved, applies the change (and not before the last review)', async () => {
    const before = await find(c.api, (await c.record()).id);
    const proposal = dataOf<Proposal>(handler, `${BASE}/${c.api}/update-by-id`, { id: before.id, dataVersion: before.dataVersion, ...c.change(handler) });
    const { change, taskId, instanceId } = await proposal;
    const instance = await dataOf<{ processKey: string; businessKey: string }>(auditor, `${WF}/instances/find-by-id`, { instanceId });
    expect(instance).toMatchObject({ processKey: c.processKey, businessKey: before.id });
    let task: { id: string } | null = { id: taskId }; // saving submitted it: the director's review
    for (const [i, reviewer] of c.reviewers().entries()) {
      expect(strip(await find(c.api, before.id))).toEqual(strip(before));
      ({ task } = await complete(reviewer, task!.id, 'PASS', `第${i + 1}审通过`));
    }
    expect(task).toBeNull();
    const after = await find(c.api, before.id);
    expect(after).toMatchObject({ ...c.applied, dataVersion: before.dataVersion + 1, pendingChange: null });
    expect(after.changes!.find((h) => h.id === change.id)).toMatchObject({ status: 'APPROVED' });
  });

  it('rejected and withdrawn, leaves the record exactly as it was', async () => {
    const before = await find(c.api, (await c.record()).id);
    const { taskId } = await dataOf<Proposal>(handler, `${BASE}/${c.api}/update-by-id`, {
      id: before.id,
      dataVersion: before.dataVersion,
      ...c.change(handler),
    });
    const task = { id: taskId }; // saving submitted it: the task is the director's review
    const back = await complete(c.reviewers()[0], task!.id, 'REJECT', '材料不符');
    await complete(handler, back.task!.id, 'REJECT', '撤回申请');
    expect(strip(await find(c.api, before.id))).toEqual(strip(before));
  });

  it('refuses a second pending change and the wrong role, changing nothing', async () => {
    const before = await find(c.api, (await c.record()).id);
    const first = await dataOf<Proposal>(handler, `${BASE}/${c.api}/update-by-id`, { id: before.id, dataVersion: before.dataVersion, ...c.change(handler) });
    expect(refusalOf(await propose(c, before))).toMatchObject({ code: 'APPROVAL_PENDING', message: '该记录已有审批中的变更，请待审批结束后再提交' });
    // A director may not propose, nor the handler approve, nor the auditor do either.
    expect(
      refusalOf(await director.call(`${BASE}/${c.api}/update-by-id`, { json: { id: before.id, dataVersion: before.dataVersion, ...c.change(director) } }))
        .status,
    ).toBe(403);
    expect(
      refusalOf(await auditor.call(`${BASE}/${c.api}/update-by-id`, { json: { id: before.id, dataVersion: before.dataVersion, ...c.change(auditor) } })).status,
    ).toBe(403);
    const task = { id: first.taskId }; // saving submitted it: the task is the director's review
    expect(refusalOf(await handler.call(`${WF}/tasks/complete`, { json: { taskId: task!.id, outcome: 'PASS' } }))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(refusalOf(await auditor.call(`${WF}/tasks/complete`, { json: { taskId: task!.id, outcome: 'PASS' } })).status).toBe(403);
    expect(refusalOf(await handler.call(`${WF}/instances/start`, { json: { processKey: c.processKey, businessKey: before.id } })).code).toBe('PROCESS_OWNED');
    expect(strip(await find(c.api, before.id))).toEqual(strip(before));
  });
});

describe('Process_CI_CORE_ADMIT_CREATE', () => {
  it('a new core enterprise exists, admitted, only once approved; withdrawn, none exists', async () => {
    const corp = await admitted('准入通过建设集团有限公司');
    expect(corp).toMatchObject({ corpName: '准入通过建设集团有限公司', admissionStatus: 'ADMITTED', managerMobile: '1381****5678', pendingChange: null });
    const types = await dataOf<{ corpTypes: string[] }>(auditor, '/op/v1/corporations/find-by-id', { id: corp.id });
    expect(types.corpTypes).toEqual(['CORE_ENTERPRISE']);

    const proposal = await dataOf<Proposal>(handler, `${BASE}/core-admissions/save`, {
      corpName: '准入撤回建设集团有限公司',
      creditCode: creditCode(),
      legalPersonName: '王撤回',
      legalPersonIdCard: handler.encrypt('11010519491231002X'),
      managerName: '李管理',
      managerMobile: handler.encrypt('13812345678'),
      registeredAddress: '上海市徐汇区1号',
    });
    const pending = await dataOf<Change[]>(auditor, `${BASE}/core-admissions/pending-creations`, {});
    expect(pending.find((p) => p.id === proposal.change.id)?.proposed).toMatchObject({ corpName: '准入撤回建设集团有限公司', managerMobile: '1381****5678' });
    expect(JSON.stringify(pending)).not.toContain('13812345678');
    const task = { id: proposal.taskId }; // saving submitted it: the task is the director's review
    const back = await complete(director, task!.id, 'REJECT', '资质不足');
    await complete(handler, back.task!.id, 'REJECT', '撤回');
    expect(refusalOf(await auditor.call(`${BASE}/core-admissions/find-by-id`, { json: { id: proposal.change.recordId } })).code).toBe('NOT_FOUND');
  });

  it('refuses the director and the auditor a new admission, and a duplicate credit code', async () => {
    const corp = await admitted();
    for (const client of [director, auditor]) {
      expect(refusalOf(await client.call(`${BASE}/core-admissions/save`, { json: { corpName: '越权建设集团有限公司' } })).status).toBe(403);
    }
    const dup = await handler.call(`${BASE}/core-admissions/save`, {
      json: {
        corpName: '重复代码集团有限公司',
        creditCode: corp.creditCode,
        legalPersonName: '王某',
        legalPersonIdCard: handler.encrypt('11010519491231002X'),
        managerName: '李某',
        managerMobile: handler.encrypt('13812345678'),
        registeredAddress: '上海',
      },
    });
    expect(refusalOf(dup).code).toBe('DUPLICATE');
  });

  it('refuses a second admission of a credit code still in approval, and the handler at the director step', async () => {
    const body = (client: ApiClient, corpName: string, code: string) => ({
      corpName,
      creditCode: code,
      legalPersonName: '王在审',
      legalPersonIdCard: client.encrypt('11010519491231002X'),
      managerName: '李管理',
      managerMobile: client.encrypt('13812345678'),
      registeredAddress: '上海市静安区1号',
    });
    const code = creditCode();
    const first = await dataOf<Proposal>(handler, `${BASE}/core-admissions/save`, body(handler, '在审准入建设集团有限公司', code));
    const again = refusalOf(await handler.call(`${BASE}/core-admissions/save`, { json: body(handler, '再次准入建设集团有限公司', code) }));
    expect(again).toMatchObject({ code: 'DUPLICATE' });
    // two at once: exactly one is proposed
    const raced = creditCode();
    const answers = await Promise.all(
      ['并发准入甲建设集团有限公司', '并发准入乙建设集团有限公司'].map((name) =>
        handler.call(`${BASE}/core-admissions/save`, { json: body(handler, name, raced) }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual(['0', 'DUPLICATE']);
    const task = { id: first.taskId }; // saving submitted it: the task is the director's review
    expect(refusalOf(await handler.call(`${WF}/tasks/complete`, { json: { taskId: task!.id, outcome: 'PASS' } }))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    const pending = await dataOf<Change[]>(auditor, `${BASE}/core-admissions/pending-creations`, {});
    expect(pending.filter((p) => p.proposed.creditCode === code).map((p) => p.id)).toEqual([first.change.id]);
    expect(refusalOf(await auditor.call(`${BASE}/core-admissions/find-by-id`, { json: { id: first.change.recordId } })).code).toBe('NOT_FOUND');
  });
});

describe('Process_CORP_RENAMING four-eyes', () => {
  it('one director cannot do both reviews; the name stays until the second director passes', async () => {
    const before = await admitted();
    const { taskId } = await dataOf<Proposal>(handler, `${BASE}/renaming/update-by-id`, {
      id: before.id,
      dataVersion: before.dataVersion,
      corpName: '四眼原则建设集团有限公司',
    });
    let task: { id: string } | null = { id: taskId }; // saving submitted it: the director's review
    ({ task } = await complete(director, task!.id, 'PASS', '初审通过'));
    expect(task).toMatchObject({ taskDefinitionKey: 'SecondReview' });
    expect(refusalOf(await director.call(`${WF}/tasks/complete`, { json: { taskId: task!.id, outcome: 'PASS' } })).code).toBe('FOUR_EYES');
    expect((await find('renaming', before.id)).corpName).toBe(before.corpName);
    ({ task } = await complete(director2, task!.id, 'PASS', '复审通过'));
    expect((await find('renaming', before.id)).corpName).toBe('四眼原则建设集团有限公司');
  });

  it('a renaming and an administrator change of one corporation cannot run together', async () => {
    const before = await admitted();
    await dataOf<Proposal>(handler, `${BASE}/renaming/update-by-id`, { id: before.id, dataVersion: before.dataVersion, corpName: '并发更名建设集团有限公司' });
    const manager = await handler.call(`${BASE}/manager/update-by-id`, { json: { id: before.id, dataVersion: before.dataVersion, managerName: '并发管' } });
    expect(refusalOf(manager).code).toBe('APPROVAL_PENDING');
  });
});
