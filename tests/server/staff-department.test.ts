/**
 * Staff accounts belong to a department of the organisation tree (issue 38 item 5): the account form's
 * choices are the tree's departments by name; an account must name an existing, enabled department
 * (refused otherwise, nothing written); the user list shows the department's name and filters by it;
 * 组织机构 lists a department's members, and refuses removing one that still has members; the demo
 * personas are placed; every change is in the operation log.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CALLS, staffResource } from '../../src/resources/staff';
import { orgResource } from '../../src/resources/orgs';
import { operationLogs, users } from '../../server/db/schema';
import { sysOrgs } from '../../server/db/schema';
import { ApiClient, dataOf, refusalOf, signInAs } from './client';
import { startServer, type TestServer } from './server';

let srv: TestServer;
let admin: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await startServer();
  [admin, auditor] = await Promise.all(['op_admin', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});
afterAll(async () => {
  await srv.close();
});

const ORGS = orgResource.apiBase;
let seq = 0;
const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${seq++}`;

interface Account {
  id: string;
  username: string;
  orgId: string | null;
  orgName: string | null;
  orgIdLabel: string | null;
  dataVersion: number;
}
interface Member {
  id: string;
  personName: string;
  positionNames: string;
}

const create = (values: Record<string, unknown>) =>
  admin.call<Account>(STAFF_CALLS.save, { json: { username: uniqueName('dept'), personName: '部门测试', password: admin.encrypt('Init@2026!'), ...values } });

async function newOrg(parentId: string | null = 'org-hq', status = '0') {
  const code = uniqueName('D')
    .toUpperCase()
    .replace(/[^A-Z0-9_-]/g, '');
  return dataOf<{ id: string; orgName: string; dataVersion: number }>(admin, `${ORGS}/save`, {
    parentId,
    orgName: `测试部门${code}`,
    orgCode: code,
    orderNum: 99,
    status,
  });
}

describe('staff departments', () => {
  it('offers the organisation tree by name in the form’s choices', async () => {
    const options = await dataOf<{ orgs: Array<{ id: string; parentId: string | null; orgName: string; status: string }> }>(admin, STAFF_CALLS.options, {});
    const byId = new Map(options.orgs.map((o) => [o.id, o]));
    expect(byId.get('org-ops-review')).toMatchObject({ parentId: 'org-ops', orgName: '业务审核组', status: '0' });
    expect(byId.get('org-hq')).toMatchObject({ parentId: null, orgName: '供应链金融服务平台运营中心' });
  });

  it('places the demo personas in departments, named in the user list', async () => {
    const page = await dataOf<{ records: Account[] }>(admin, `${staffResource.apiBase}/page`, { pageNum: 1, pageSize: 100 });
    const of = (username: string) => page.records.find((r) => r.username === username);
    expect(of('op_handler')).toMatchObject({ orgId: 'org-ops-review', orgName: '业务审核组', orgIdLabel: '业务审核组' });
    expect(of('op_director')).toMatchObject({ orgId: 'org-ops', orgName: '运营管理部' });
    expect(of('op_auditor')).toMatchObject({ orgId: 'org-audit', orgName: '审计部' });
  });

  it('creates and moves an account in a department, logged with the department before and after', async () => {
    const created = await create({ orgId: 'org-risk' });
    expect(created.body.code, created.text).toBe('0');
    const account = created.body.data!;
    expect(account).toMatchObject({ orgId: 'org-risk', orgName: '风险管理部' });
    const moved = await dataOf<Account>(admin, STAFF_CALLS.update, {
      id: account.id,
      dataVersion: account.dataVersion,
      personName: '部门测试',
      orgId: 'org-east',
    });
    expect(moved).toMatchObject({ orgId: 'org-east', orgName: '华东运营分公司' });
    const [entry] = await srv.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.recordId, account.id), eq(operationLogs.action, 'UPDATE')));
    expect(entry.before).toMatchObject({ orgId: 'org-risk', orgName: '风险管理部' });
    expect(entry.after).toMatchObject({ orgId: 'org-east', orgName: '华东运营分公司' });
  });

  it('refuses an account with no, an unknown or a disabled department, and writes nothing', async () => {
    const disabled = await newOrg('org-hq', '1');
    const count = async () => (await srv.database.db.select({ id: users.id }).from(users)).length;
    const before = await count();
    expect(refusalOf(await create({}))).toMatchObject({ code: 'VALIDATION_FAILED', message: '请选择所属部门' });
    expect(refusalOf(await create({ orgId: 'org-nowhere' }))).toMatchObject({ code: 'VALIDATION_FAILED', message: '部门不存在：org-nowhere' });
    expect(refusalOf(await create({ orgId: ['org-hq'] }))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(refusalOf(await create({ orgId: disabled.id }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `部门“${disabled.orgName}”已停用，不能加入人员`,
    });
    expect(await count()).toBe(before);
    const handler = await dataOf<Account>(admin, `${staffResource.apiBase}/find-by-id`, { id: 'u-op-handler' });
    const refused = await admin.call(STAFF_CALLS.update, {
      json: { id: handler.id, dataVersion: handler.dataVersion, personName: '经办人张三', orgId: 'org-nowhere' },
    });
    expect(refused.status).toBeLessThan(500);
    expect(refusalOf(refused).message).toBe('部门不存在：org-nowhere');
    expect((await dataOf<Account>(admin, `${staffResource.apiBase}/find-by-id`, { id: 'u-op-handler' })).orgId).toBe('org-ops-review');
  });

  it('filters the user list by department', async () => {
    const page = await dataOf<{ records: Account[]; total: number }>(admin, `${staffResource.apiBase}/page`, {
      pageNum: 1,
      pageSize: 100,
      orgId: 'org-ops-review',
    });
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records.every((r) => r.orgId === 'org-ops-review')).toBe(true);
    expect(page.records.map((r) => r.username)).toEqual(expect.arrayContaining(['op_handler', 'op_newbie']));
  });

  it('lists a department’s members by name and position, for readers too', async () => {
    const members = await dataOf<Member[]>(auditor, `${ORGS}/members`, { id: 'org-ops-review' });
    expect(members.map((m) => m.personName)).toEqual(expect.arrayContaining(['经办人张三', '新员工周八']));
    expect(members.find((m) => m.personName === '经办人张三')!.positionNames).toBe('系统授权经办');
    expect(refusalOf(await admin.call(`${ORGS}/members`, { json: { id: 'org-nowhere' } })).status).toBeLessThan(500);
    expect(refusalOf(await admin.call(`${ORGS}/members`, { json: { id: 'org-nowhere' } })).message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('refuses removing a department that still has members, and removes it once empty', async () => {
    const org = await newOrg();
    const account = (await create({ orgId: org.id })).body.data!;
    expect(refusalOf(await admin.call(`${ORGS}/remove-by-ids`, { json: { ids: [org.id] } }))).toMatchObject({
      code: 'ORG_HAS_MEMBERS',
      message: '机构下仍有人员，不允许删除',
    });
    expect(await srv.database.db.select({ id: sysOrgs.id }).from(sysOrgs).where(eq(sysOrgs.id, org.id))).toHaveLength(1);
    expect((await dataOf<Member[]>(admin, `${ORGS}/members`, { id: org.id })).map((m) => m.id)).toEqual([account.id]);
    await dataOf(admin, STAFF_CALLS.update, { id: account.id, dataVersion: account.dataVersion, personName: '部门测试', orgId: 'org-hq' });
    expect((await admin.call(`${ORGS}/remove-by-ids`, { json: { ids: [org.id] } })).body.code).toBe('0');
  });
});
