/**
 * 重新提交 of a returned change (spec §4.5, issue 37 item 5), over real HTTP: a director's 驳回
 * returns a change to its submitter, who changes it (approvals/resubmit) and resubmits it (the
 * completion of their own step). The edited values are what the approval applies; bad values are
 * refused with the message a first submission gets and change nothing; only the submitter, and only
 * while the change is back with them, may change it; nothing reaches the record before the end.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

const BASE = '/op/v1/corporations/changes';
const WF = '/op/v1/workflow';
const RESUBMIT = '/op/v1/approvals/resubmit';

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
type Rec = Record<string, unknown> & { id: string; dataVersion: number; pendingChange: Change | null };
interface Task {
  id: string;
  instanceId: string;
  taskDefinitionKey: string;
  summary: string | null;
}
interface Transition {
  instance: { status: string; currentActivity: string | null };
  task: Task | null;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let admin: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [handler, director, admin, auditor] = await Promise.all(['op_handler', 'op_director', 'op_admin', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});

const RUN = randomUUID().slice(0, 8).toUpperCase();
let seq = 0;
const creditCode = () => `9135${RUN}RSB${String((seq += 1)).padStart(3, '0')}`;
const ADDRESS = '福建省厦门市思明区鹭江道1号';

const complete = (client: ApiClient, taskId: string, outcome: 'PASS' | 'REJECT', remark?: string) =>
  dataOf<Transition>(client, `${WF}/tasks/complete`, { taskId, outcome, remark });
const find = (api: string, id: string) => dataOf<Rec>(auditor, `${BASE}/${api}/find-by-id`, { id });
const changeOf = async (instanceId: string) =>
  (await dataOf<{ change: Change; record: Rec | null }>(auditor, '/op/v1/approvals/find-by-instance', { instanceId })).change;
const history = async (instanceId: string) =>
  (
    await dataOf<{ history: Array<{ action: string; taskDefinitionKey: string; username: string }> }>(auditor, `${WF}/instances/history`, { instanceId })
  ).history.map((e) => `${e.action}:${e.taskDefinitionKey}:${e.username}`);
const summaryOf = async (instanceId: string) => (await dataOf<{ summary: string | null }>(auditor, `${WF}/instances/find-by-id`, { instanceId })).summary;
const openTask = async (instanceId: string) => (await dataOf<{ currentTask: Task | null }>(auditor, `${WF}/instances/find-by-id`, { instanceId })).currentTask;

function admissionBody(client: ApiClient, corpName: string) {
  return {
    corpName,
    creditCode: creditCode(),
    legalPersonName: '陈重提',
    legalPersonIdCard: client.encrypt('11010519491231002X'),
    managerName: '林管理',
    managerMobile: client.encrypt('13812345678'),
    registeredAddress: ADDRESS,
  };
}

/** A core enterprise admitted through its process. */
async function admitted(): Promise<Rec> {
  const proposal = await dataOf<Proposal>(handler, `${BASE}/core-admissions/save`, admissionBody(handler, `重新提交建设集团${RUN}${seq + 1}有限公司`));
  await complete(director, proposal.taskId, 'PASS');
  return find('core-admissions', proposal.change.recordId);
}

/** A change of the record's address, submitted, and returned by the director with a reason: the submitter's step is open again. */
async function returned(rec: Rec, address: string): Promise<Proposal> {
  const proposal = await dataOf<Proposal>(handler, `${BASE}/core-admissions/update-by-id`, {
    id: rec.id,
    dataVersion: rec.dataVersion,
    registeredAddress: address,
  });
  const back = await complete(director, proposal.taskId, 'REJECT', '地址与营业执照不一致');
  expect(back.task?.taskDefinitionKey).toBe('Edit');
  return proposal;
}

describe('a returned change, changed and resubmitted by its submitter', () => {
  it('applies the edited values at approval, and nothing before the end', async () => {
    const rec = await admitted();
    const proposal = await returned(rec, '福建省厦门市思明区鹭江道2号');
    const resubmitted = await dataOf<{ change: Change }>(handler, RESUBMIT, {
      instanceId: proposal.instanceId,
      registeredAddress: '福建省厦门市思明区鹭江道88号',
      legalPersonName: '陈改正',
    });
    expect(resubmitted.change.proposed).toEqual({ registeredAddress: '福建省厦门市思明区鹭江道88号', legalPersonName: '陈改正' });
    expect((await changeOf(proposal.instanceId)).proposed).toEqual({ registeredAddress: '福建省厦门市思明区鹭江道88号', legalPersonName: '陈改正' });
    // Revised, not applied: the record is as it was, and the change is still the one running.
    expect(await find('core-admissions', rec.id)).toMatchObject({ registeredAddress: ADDRESS, legalPersonName: '陈重提', dataVersion: rec.dataVersion });

    // The submitter's step completed is the resubmission: the director's review opens again.
    const task = await openTask(proposal.instanceId);
    const again = await complete(handler, task!.id, 'PASS', '已按营业执照修改');
    expect(again.task?.taskDefinitionKey).toBe('Approve');
    expect(await find('core-admissions', rec.id)).toMatchObject({ registeredAddress: ADDRESS, legalPersonName: '陈重提' });
    expect(await history(proposal.instanceId)).toEqual(['START:Edit:op_handler', 'PASS:Edit:op_handler', 'REJECT:Approve:op_director', 'PASS:Edit:op_handler']);

    await complete(director, again.task!.id, 'PASS');
    expect(await find('core-admissions', rec.id)).toMatchObject({
      registeredAddress: '福建省厦门市思明区鹭江道88号',
      legalPersonName: '陈改正',
      pendingChange: null,
    });
  });

  it("drops a field set back to the record's value, and refuses a resubmission that changes nothing", async () => {
    const rec = await admitted();
    const proposal = await returned(rec, '福建省厦门市思明区鹭江道3号');
    const both = await dataOf<{ change: Change }>(handler, RESUBMIT, {
      instanceId: proposal.instanceId,
      registeredAddress: ADDRESS,
      legalPersonName: '陈另名',
    });
    expect(both.change.proposed).toEqual({ legalPersonName: '陈另名' });
    const none = await handler.call(RESUBMIT, { json: { instanceId: proposal.instanceId, registeredAddress: ADDRESS, legalPersonName: '陈重提' } });
    expect(refusalOf(none)).toMatchObject({ code: 'VALIDATION_FAILED', message: '没有修改任何内容，无需提交审批' });
    expect((await changeOf(proposal.instanceId)).proposed).toEqual({ legalPersonName: '陈另名' });
  });

  it('refuses bad values with the message a first submission gets, and changes nothing', async () => {
    const rec = await admitted();
    const other = await admitted();
    const proposal = await returned(rec, '福建省厦门市思明区鹭江道4号');
    const before = await changeOf(proposal.instanceId);
    const bad: Array<Record<string, unknown>> = [
      { registeredAddress: '' },
      { legalPersonName: 'x'.repeat(31) },
      { legalPersonIdCard: handler.encrypt('123') },
      { registeredAddress: '福'.repeat(201) },
    ];
    for (const values of bad) {
      const first = refusalOf(
        await handler.call(`${BASE}/core-admissions/update-by-id`, { json: { id: other.id, dataVersion: other.dataVersion, ...values } }),
      );
      const again = refusalOf(await handler.call(RESUBMIT, { json: { instanceId: proposal.instanceId, ...values } }));
      expect(first.code).not.toBe('0');
      expect(again).toEqual(first);
    }
    expect(await changeOf(proposal.instanceId)).toEqual(before);
    expect((await openTask(proposal.instanceId))?.taskDefinitionKey).toBe('Edit');
    expect(await find('core-admissions', rec.id)).toMatchObject({ registeredAddress: ADDRESS, dataVersion: rec.dataVersion });
  });

  it('lets only the submitter change it, and only while it is back with them', async () => {
    const rec = await admitted();
    const proposal = await dataOf<Proposal>(handler, `${BASE}/core-admissions/update-by-id`, {
      id: rec.id,
      dataVersion: rec.dataVersion,
      registeredAddress: '福建省厦门市思明区鹭江道5号',
    });
    // With the director: not returned, so the submitter cannot change it under the reviewer's eyes.
    expect(
      refusalOf(await handler.call(RESUBMIT, { json: { instanceId: proposal.instanceId, registeredAddress: '福建省厦门市思明区鹭江道6号' } })),
    ).toMatchObject({ code: 'NOT_RETURNED' });
    await complete(director, proposal.taskId, 'REJECT', '请补充门牌号');
    // Returned: the administrator (who holds every permission) and the director are not its submitter; the auditor may change nothing.
    expect(
      refusalOf(await admin.call(RESUBMIT, { json: { instanceId: proposal.instanceId, registeredAddress: '福建省厦门市思明区鹭江道7号' } })),
    ).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(
      refusalOf(await director.call(RESUBMIT, { json: { instanceId: proposal.instanceId, registeredAddress: '福建省厦门市思明区鹭江道7号' } })),
    ).toMatchObject({ status: 403 });
    expect(
      refusalOf(await auditor.call(RESUBMIT, { json: { instanceId: proposal.instanceId, registeredAddress: '福建省厦门市思明区鹭江道7号' } })),
    ).toMatchObject({ status: 403 });
    expect((await changeOf(proposal.instanceId)).proposed).toEqual({ registeredAddress: '福建省厦门市思明区鹭江道5号' });
    // Once withdrawn it has ended: nothing to change.
    await dataOf(handler, `${WF}/instances/withdraw`, { instanceId: proposal.instanceId });
    expect(
      refusalOf(await handler.call(RESUBMIT, { json: { instanceId: proposal.instanceId, registeredAddress: '福建省厦门市思明区鹭江道8号' } })).code,
    ).toMatch(/^(NOT_RETURNED|NOT_FOUND)$/);
    expect(await find('core-admissions', rec.id)).toMatchObject({ registeredAddress: ADDRESS, pendingChange: null });
    expect(refusalOf(await handler.call(RESUBMIT, { json: {} }))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(refusalOf(await handler.call(RESUBMIT, { json: { instanceId: randomUUID() } })).code).toBe('NOT_FOUND');
  });

  it('revises a proposed creation: the new values make the record, a masked value left alone keeps the one proposed', async () => {
    const name = `重新提交新增集团${RUN}有限公司`;
    const proposal = await dataOf<Proposal>(handler, `${BASE}/core-admissions/save`, admissionBody(handler, `${name}（错名）`));
    await complete(director, proposal.taskId, 'REJECT', '企业名称有误');
    const shown = await changeOf(proposal.instanceId);
    // The form sends what it shows: the masked values back as masks are left out (src/lib/masking).
    const { legalPersonIdCard: _id, managerMobile: _mobile, ...plain } = shown.proposed;
    await dataOf(handler, RESUBMIT, { ...plain, instanceId: proposal.instanceId, corpName: name });
    const task = await openTask(proposal.instanceId);
    const resubmitted = await complete(handler, task!.id, 'PASS');
    // The director's task names the corrected corporation.
    expect(await summaryOf(proposal.instanceId)).toContain(name);
    await complete(director, resubmitted.task!.id, 'PASS');
    const created = await dataOf<Rec & { revealed?: Record<string, string> }>(admin, `${BASE}/core-admissions/find-by-id`, { id: proposal.change.recordId });
    expect(created).toMatchObject({ corpName: name, registeredAddress: ADDRESS });
    // Kept, not cleared: the record holds the ID card and mobile first proposed (both masked alike).
    expect(created.legalPersonIdCard).toBe(shown.proposed.legalPersonIdCard);
    expect(created.managerMobile).toBe(shown.proposed.managerMobile);
    expect(String(created.legalPersonIdCard)).toMatch(/\*/);
  });

  it("names the resubmitted values in the reviewer's task: the summary follows the revision", async () => {
    const rec = await admitted();
    const proposal = await dataOf<Proposal>(handler, `${BASE}/manager/update-by-id`, {
      id: rec.id,
      dataVersion: rec.dataVersion,
      managerName: '钱旧名',
      managerMobile: handler.encrypt('13912345678'),
    });
    await complete(director, proposal.taskId, 'REJECT', '管理员姓名有误');
    await dataOf(handler, RESUBMIT, { instanceId: proposal.instanceId, managerName: '钱新名' });
    expect((await changeOf(proposal.instanceId)).proposed).toMatchObject({ managerName: '钱新名' });
    expect(Object.keys((await changeOf(proposal.instanceId)).proposed).sort()).toEqual(['managerMobile', 'managerName']);
    const task = await openTask(proposal.instanceId);
    const again = await complete(handler, task!.id, 'PASS');
    expect(await summaryOf(proposal.instanceId)).toContain('钱新名');
    expect(await summaryOf(proposal.instanceId)).not.toContain('钱旧名');
    await complete(director, again.task!.id, 'PASS');
    expect(await find('manager', rec.id)).toMatchObject({ managerName: '钱新名' });
  });
});
