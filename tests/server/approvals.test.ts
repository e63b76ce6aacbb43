/**
 * Approvable resources (README "Add an approvable resource") over real HTTP, on a test-only resource
 * bound to two test-only processes (tests/server/test-processes.ts): a save is proposed, never written; the approved end of
 * the instance that carries it applies it, a reject or withdrawal leaves the record exactly as it
 * was; one pending change per record (also under concurrent saves); bound keys are refused by the
 * generic start; and the replays (a made-up business key, a withdrawn certificate reopening
 * started again by id, an approved creation replayed) are each refused with nothing changed.
 */
import { sql } from 'drizzle-orm';
import { pgTable, text, integer, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteModule } from '../../server/app';
import { crudRoutes } from '../../server/crud/routes';
import { defineResource } from '../../src/crud/resource';
import { certDateOf } from '../../src/lib/certificates';
import { businessToday } from '../../src/lib/dates';
import { PERMISSIONS } from '../../src/features/certificates/permissions';
import { PROCESS_KEYS } from '../../src/workflows/registry';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { startServer, type TestServer } from './server';
import { TEST_CREATE_PROCESS, TEST_UPDATE_PROCESS } from './test-processes';

const API = '/op/v1/test/partners';
const WF = '/op/v1/workflow';
const CREATE_KEY = TEST_CREATE_PROCESS;
const UPDATE_KEY = TEST_UPDATE_PROCESS;

const partners = pgTable('test_partners', {
  id: text('id').primaryKey(),
  partnerName: text('partner_name').notNull(),
  mobile: text('mobile'),
  dataVersion: integer('data_version').notNull().default(0),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  createBy: text('create_by'),
  updateBy: text('update_by'),
});

// Labels reuse existing locale keys: the kit translates them on the server for its messages.
const partnerResource = defineResource({
  name: 'testPartners',
  apiBase: API,
  menuUri: 'test:partners',
  title: 'resources:config.title',
  permissions: {
    list: PERMISSIONS.certificate.list,
    query: PERMISSIONS.certificate.query,
    add: PERMISSIONS.certificate.add,
    edit: PERMISSIONS.certificate.renew,
    remove: PERMISSIONS.certificate.reopen,
  },
  fields: {
    partnerName: { type: 'string', label: 'resources:config.fields.configName', required: true, maxLength: 40, unique: true },
    mobile: { type: 'string', label: 'resources:config.fields.configKey', validator: 'mobile' },
  },
  approval: { create: CREATE_KEY, update: UPDATE_KEY },
});

const routes: RouteModule = (api, ctx) => crudRoutes(api, ctx, { resource: partnerResource, table: partners });

interface Change {
  id: string;
  recordId: string;
  action: string;
  processKey: string;
  instanceId: string;
  proposed: Record<string, unknown>;
  previous: Record<string, unknown>;
  status: string;
}
interface Proposal {
  change: Change;
  instanceId: string;
  taskId: string;
}
interface Partner {
  id: string;
  partnerName: string;
  mobile: string | null;
  dataVersion: number;
  updateTime: string;
  pendingChange: Change | null;
  changes?: Change[];
}
interface Task {
  id: string;
  instanceId: string;
  taskDefinitionKey: string;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let auditor: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  // Private: it registers test routes of its own.
  srv = await startServer({ extraRoutes: [routes] });
  await srv.database.db.execute(sql`CREATE TABLE test_partners (
    id text PRIMARY KEY, partner_name text NOT NULL UNIQUE, mobile text, data_version integer NOT NULL DEFAULT 0,
    create_time timestamptz NOT NULL DEFAULT now(), update_time timestamptz NOT NULL DEFAULT now(), create_by text, update_by text)`);
  [handler, director, auditor, admin] = await Promise.all(['op_handler', 'op_director', 'op_auditor', 'op_admin'].map((u) => signInAs(srv.baseUrl, u)));
});
afterAll(() => srv.close());

const call = (client: ApiClient, path: string, json: unknown) => client.call(`${API}/${path}`, { json });
const find = (id: string) => dataOf<Partner>(auditor, `${API}/find-by-id`, { id });
const page = () => dataOf<{ records: Partner[]; total: number }>(auditor, `${API}/page`, { pageSize: 100 });
const complete = (client: ApiClient, taskId: string, outcome: 'PASS' | 'REJECT', remark?: string) =>
  dataOf<{ instance: { status: string }; task: Task | null }>(client, `${WF}/tasks/complete`, { taskId, outcome, remark });

/** Passes the handler's Edit and the director's Approve: the instance ends approved. */
async function approve(proposal: Proposal) {
  const task = { id: proposal.taskId }; // saving submitted it: the task is the director's review
  return complete(director, task!.id, 'PASS', '同意');
}

let seq = 0;
/** A partner that exists: proposed and approved. */
async function existing(name = `合作方${(seq += 1)}`): Promise<Partner> {
  const proposal = await dataOf<Proposal>(handler, `${API}/save`, { partnerName: name, mobile: '13800000001' });
  await approve(proposal);
  return find(proposal.change.recordId);
}

describe('an approvable resource', () => {
  it('a creation is proposed (no record yet) and exists, as proposed, once approved', async () => {
    const proposal = await dataOf<Proposal>(handler, `${API}/save`, { partnerName: '新合作方甲', mobile: '13912345678' });
    expect(proposal.change).toMatchObject({
      action: 'create',
      processKey: CREATE_KEY,
      status: 'RUNNING',
      proposed: { partnerName: '新合作方甲', mobile: '13912345678' },
    });
    expect(refusalOf(await call(auditor, 'find-by-id', { id: proposal.change.recordId })).code).toBe('NOT_FOUND');
    const pending = await dataOf<Change[]>(auditor, `${API}/pending-creations`, {});
    expect(pending.map((c) => c.id)).toContain(proposal.change.id);
    // The proposer by name: the list's 审批中的新增 names a person, not a login.
    expect(pending.find((c) => c.id === proposal.change.id)).toMatchObject({ createBy: 'op_handler', createByName: '经办人张三' });

    const instance = await dataOf<{ instance: { businessKey: string; processKey: string } }>(auditor, `${WF}/instances/find-by-id`, {
      instanceId: proposal.instanceId,
    });
    expect(instance).toMatchObject({ businessKey: proposal.change.recordId, processKey: CREATE_KEY });

    const ended = await approve(proposal);
    expect(ended.instance.status).toBe('APPROVED');
    const created = await find(proposal.change.recordId);
    expect(created).toMatchObject({ partnerName: '新合作方甲', mobile: '13912345678', dataVersion: 0, pendingChange: null });
    expect(created.changes!.map((c) => [c.action, c.status])).toEqual([['create', 'APPROVED']]);
  });

  it('an update shows as pending beside the current values; rejected and withdrawn, the record is exactly as it was', async () => {
    const before = await existing();
    const proposal = await dataOf<Proposal>(handler, `${API}/update-by-id`, {
      id: before.id,
      dataVersion: before.dataVersion,
      partnerName: before.partnerName,
      mobile: '13700000002',
    });
    expect(proposal.change).toMatchObject({ action: 'update', proposed: { mobile: '13700000002' }, previous: { mobile: '13800000001' } });

    const shown = (await page()).records.find((p) => p.id === before.id)!;
    expect(shown).toMatchObject({
      mobile: '13800000001',
      dataVersion: before.dataVersion,
      pendingChange: { id: proposal.change.id, proposed: { mobile: '13700000002' } },
    });
    const view = await dataOf<{ resource: string; change: Change; record: Partner }>(director, '/op/v1/approvals/find-by-instance', {
      instanceId: proposal.instanceId,
    });
    expect(view).toMatchObject({ resource: 'testPartners', change: { id: proposal.change.id }, record: { id: before.id, mobile: '13800000001' } });

    const task = { id: proposal.taskId }; // saving submitted it: the task is the director's review
    const back = await complete(director, task!.id, 'REJECT', '号码有误');
    expect(back.task).toMatchObject({ taskDefinitionKey: 'Register' });
    expect((await find(before.id)).mobile).toBe('13800000001');
    await complete(handler, back.task!.id, 'REJECT', '撤回');

    const after = await find(before.id);
    const { pendingChange: _a, changes, ...afterRecord } = after;
    const { pendingChange: _b, changes: _c, ...beforeRecord } = before;
    expect(afterRecord).toEqual(beforeRecord);
    expect(changes!.map((c) => [c.action, c.status])).toEqual([
      ['update', 'REJECTED'],
      ['create', 'APPROVED'],
    ]);
  });

  it('approved, the update applies only the fields it changed, one version on', async () => {
    const before = await existing();
    const proposal = await dataOf<Proposal>(handler, `${API}/update-by-id`, {
      id: before.id,
      dataVersion: before.dataVersion,
      partnerName: `${before.partnerName}（更名）`,
    });
    expect(Object.keys(proposal.change.proposed)).toEqual(['partnerName']);
    await approve(proposal);
    expect(await find(before.id)).toMatchObject({
      partnerName: `${before.partnerName}（更名）`,
      mobile: '13800000001',
      dataVersion: before.dataVersion + 1,
      pendingChange: null,
    });
  });

  it('refuses a second change, a removal and an unchanged save while one is pending, with a clear message', async () => {
    const before = await existing();
    const proposal = await dataOf<Proposal>(handler, `${API}/update-by-id`, { id: before.id, dataVersion: before.dataVersion, mobile: '13600000003' });
    const second = refusalOf(await call(handler, 'update-by-id', { id: before.id, dataVersion: before.dataVersion, mobile: '13600000004' }));
    expect(second).toEqual({ status: 200, code: 'APPROVAL_PENDING', message: '该记录已有审批中的变更，请待审批结束后再提交' });
    expect(refusalOf(await call(handler, 'remove-by-ids', { ids: [before.id] })).code).toBe('APPROVAL_PENDING');
    await approve(proposal);
    const now = await find(before.id);
    expect(refusalOf(await call(handler, 'update-by-id', { id: now.id, dataVersion: now.dataVersion, mobile: now.mobile })).message).toBe(
      '没有修改任何内容，无需提交审批',
    );
  });

  it('of two simultaneous changes of one record exactly one is proposed', async () => {
    const before = await existing();
    const answers = await Promise.all(
      ['13500000005', '13500000006', '13500000007'].map((mobile) => call(handler, 'update-by-id', { id: before.id, dataVersion: before.dataVersion, mobile })),
    );
    expect(answers.filter((a) => a.body.code === '0')).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== '0').map((a) => a.body.code)).toEqual(expect.arrayContaining(['APPROVAL_PENDING']));
    expect((await find(before.id)).changes!.filter((c) => c.status === 'RUNNING')).toHaveLength(1);
  });

  it('refuses bad input, the wrong role and the generic start of a bound key, writing nothing', async () => {
    const before = await existing();
    expect(refusalOf(await call(handler, 'save', { partnerName: '坏号码', mobile: '123' })).code).toBe('VALIDATION_FAILED');
    expect(refusalOf(await call(handler, 'save', { partnerName: before.partnerName })).code).toBe('DUPLICATE');
    expect(refusalOf(await call(auditor, 'update-by-id', { id: before.id, dataVersion: before.dataVersion, mobile: '13400000008' })).status).toBe(403);
    expect(refusalOf(await call(director, 'save', { partnerName: '主管新增' })).status).toBe(403);
    for (const processKey of [CREATE_KEY, UPDATE_KEY]) {
      const refused = refusalOf(await handler.call(`${WF}/instances/start`, { json: { processKey, businessKey: before.id } }));
      expect(refused).toEqual({ status: 200, code: 'PROCESS_OWNED', message: `流程 ${processKey} 由其业务模块发起，请在对应的业务页面提交` });
    }
    const definitions = await dataOf<Array<{ processKey: string; owner: string | null }>>(handler, `${WF}/process-definitions/list`);
    expect(definitions.filter((d) => d.owner !== null).map((d) => d.processKey)).toEqual(
      expect.arrayContaining([CREATE_KEY, UPDATE_KEY, 'Process_AUTH_SOFT_CA_CREATE']),
    );
    expect(definitions.find((d) => d.processKey === CREATE_KEY)?.owner).toBe('resource testPartners');
    expect(await find(before.id)).toEqual(before);
    expect((await dataOf<{ total: number }>(auditor, `${WF}/instances/page`, { businessKey: before.id })).total).toBe(1);
  });
});

describe('the replays of the issue, each refused with nothing changed', () => {
  const CERT = '/op/v1/certificates';
  const inDays = (days: number) => certDateOf(businessToday().add(days, 'day'));
  const cert = (id: string) =>
    dataOf<{ status: string; serialNo: string | null; validTo: string | null; dataVersion: number; applications: Array<{ id: string; status: string }> }>(
      auditor,
      `${CERT}/find-by-id`,
      { id },
    );

  const instancesOf = async (businessKey: string) =>
    (await dataOf<{ records: Array<{ id: string; status: string }> }>(auditor, `${WF}/instances/page`, { businessKey, pageSize: 50 })).records.map(
      ({ id, status }) => ({ id, status }),
    );

  it('a made-up business key, for every process of the registry, owned or not', async () => {
    const definitions = await dataOf<Array<{ processKey: string; owner: string | null }>>(handler, `${WF}/process-definitions/list`);
    const before = await dataOf<{ total: number }>(auditor, `${WF}/instances/page`, { pageSize: 1 });
    const pendingBefore = await dataOf<{ count: number }>(handler, `${WF}/tasks/pending-count`);
    for (const processKey of PROCESS_KEYS) {
      const owner = definitions.find((d) => d.processKey === processKey)!.owner;
      // op_admin works every step: a refusal never hangs on the caller's role.
      for (const client of [handler, admin]) {
        const refused = refusalOf(await client.call(`${WF}/instances/start`, { json: { processKey, businessKey: 'MADE-UP-0001', summary: '虚构业务' } }));
        expect(refused).toEqual(
          owner
            ? { status: 200, code: 'PROCESS_OWNED', message: `流程 ${processKey} 由其业务模块发起，请在对应的业务页面提交` }
            : { status: 200, code: 'PROCESS_UNOWNED', message: `流程 ${processKey} 尚无承接它的业务模块，没有业务记录的审批不能发起` },
        );
      }
    }
    // Issuance is the credit-note area's now: started from its issuance data, never from here.
    expect(definitions.find((d) => d.processKey === 'Process_CREDIT_ISSUE')!.owner).toBe('credit-notes');
    expect((await dataOf<{ total: number }>(auditor, `${WF}/instances/page`, { businessKey: 'MADE-UP-0001' })).total).toBe(0);
    expect((await dataOf<{ total: number }>(auditor, `${WF}/instances/page`, { pageSize: 1 })).total).toBe(before.total);
    expect(await dataOf<{ count: number }>(handler, `${WF}/tasks/pending-count`)).toEqual(pendingBefore);
  });

  it('a reopening rejected and withdrawn, started again by its application id', async () => {
    const started = await dataOf<{ application: { id: string }; taskId: string; instanceId: string }>(handler, `${CERT}/reopen`, {
      id: 'cert-demo-4',
      validTo: inDays(400),
      invoiceType: 'VAT_NORMAL',
    });
    const task = { id: started.taskId }; // saving submitted it: the task is the director's review
    const back = await complete(director, task!.id, 'REJECT', '不予开通');
    await complete(handler, back.task!.id, 'REJECT', '撤回');
    const before = await cert('cert-demo-4');
    const refused = refusalOf(
      await handler.call(`${WF}/instances/start`, { json: { processKey: 'Process_AUTH_SOFT_CA_REOPEN', businessKey: started.application.id } }),
    );
    expect(refused.code).toBe('PROCESS_OWNED');
    expect(await cert('cert-demo-4')).toEqual(before);
    expect(await instancesOf(started.application.id)).toEqual([{ id: started.instanceId, status: 'REJECTED' }]);
    expect(before.applications.find((a) => a.id === started.application.id)!.status).toBe('REJECTED');
  });

  it('an approved creation replayed', async () => {
    const created = await dataOf<{ certificate: { id: string }; application: { id: string }; taskId: string }>(handler, `${CERT}/save`, {
      holderCorpName: '重放测试有限公司',
      holderCorpId: '91310000MA1FL9999X',
      validFrom: inDays(0),
      validTo: inDays(365),
      invoiceType: 'VAT_NORMAL',
    });
    const task = { id: created.taskId }; // saving submitted it: the task is the director's review
    await complete(director, task!.id, 'PASS');
    const before = await cert(created.certificate.id);
    expect(before.status).toBe('VALID');
    const refused = refusalOf(
      await handler.call(`${WF}/instances/start`, { json: { processKey: 'Process_AUTH_SOFT_CA_CREATE', businessKey: created.application.id } }),
    );
    expect(refused.code).toBe('PROCESS_OWNED');
    expect(await cert(created.certificate.id)).toEqual(before);
    expect((await instancesOf(created.application.id)).map((i) => i.status)).toEqual(['APPROVED']);
  });
});
