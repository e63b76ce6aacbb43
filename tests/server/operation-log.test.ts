/**
 * The operation log of changes (issue 20 item 5) over real HTTP: every write through the kit, an
 * approvable resource's proposal and its approved application, the workflow engine's moves and a
 * business route writes exactly one entry in its own transaction (who, from where, which record,
 * which action, the fields before and after, secrets masked); a refused write leaves none; the
 * table refuses UPDATE and DELETE even to SQL; the API offers no write; the auditor reads and
 * exports it, the handler cannot.
 */
import { and, eq, sql } from 'drizzle-orm';
import { pgTable, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteModule } from '../../server/app';
import { crudRoutes } from '../../server/crud/routes';
import { operationLogs, sysDictData } from '../../server/db/schema';
import { changeOf, MASKED } from '../../server/operation-log/record';
import { defineResource } from '../../src/crud/resource';
import { PERMISSIONS } from '../../src/features/certificates/permissions';
import { OPERATION_ACTION, operationLogResource, WORKFLOW_LOG_RESOURCE } from '../../src/resources/operation-log';
import { dataOf, passwordOf, refusalOf, signInAs, type ApiClient } from './client';
import { startServer, type TestServer } from './server';
import { TEST_CREATE_PROCESS, TEST_UPDATE_PROCESS } from './test-processes';

const LOG = operationLogResource.apiBase;
const DICT = '/op/v1/sys/dict-datas';
const TREE = '/op/v1/group/units';
const API = '/op/v1/test/log-partners';
const WF = '/op/v1/workflow';

const partners = pgTable('test_log_partners', {
  id: text('id').primaryKey(),
  partnerName: text('partner_name').notNull(),
  mobile: text('mobile'),
  dataVersion: integer('data_version').notNull().default(0),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  createBy: text('create_by'),
  updateBy: text('update_by'),
});

// An approvable test resource on the two test-only processes of tests/server/test-processes.ts.
const partnerResource = defineResource({
  name: 'testLogPartners',
  apiBase: API,
  menuUri: 'test:log-partners',
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
  approval: { create: TEST_CREATE_PROCESS, update: TEST_UPDATE_PROCESS },
});
const routes: RouteModule = (api, ctx) => crudRoutes(api, ctx, { resource: partnerResource, table: partners });

type Entry = typeof operationLogs.$inferSelect;
interface Task {
  id: string;
}
interface Proposal {
  change: { recordId: string };
  instanceId: string;
  taskId: string;
}

let srv: TestServer;
let admin: ApiClient;
let handler: ApiClient;
let director: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  // Private: it registers test routes of its own.
  srv = await startServer({ extraRoutes: [routes] });
  await srv.database.db.execute(sql`CREATE TABLE test_log_partners (
    id text PRIMARY KEY, partner_name text NOT NULL UNIQUE, mobile text, data_version integer NOT NULL DEFAULT 0,
    create_time timestamptz NOT NULL DEFAULT now(), update_time timestamptz NOT NULL DEFAULT now(), create_by text, update_by text)`);
  [admin, handler, director, auditor] = await Promise.all(['op_admin', 'op_handler', 'op_director', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});
afterAll(() => srv.close());

const entries = (recordId: string, action?: string) =>
  srv.database.db
    .select()
    .from(operationLogs)
    .where(action ? and(eq(operationLogs.recordId, recordId), eq(operationLogs.action, action)) : eq(operationLogs.recordId, recordId))
    .orderBy(operationLogs.createTime);

async function onlyEntry(recordId: string, action: string): Promise<Entry> {
  const found = await entries(recordId, action);
  expect(found, `${action} entries of ${recordId}`).toHaveLength(1);
  return found[0];
}

const complete = (client: ApiClient, taskId: string, outcome: 'PASS' | 'REJECT', remark?: string) =>
  dataOf<{ instance: { id: string; status: string }; task: Task | null }>(client, `${WF}/tasks/complete`, { taskId, outcome, remark });

describe('the kit', () => {
  it('logs a create, an update and a delete once each: who, address, record, before and after', async () => {
    const created = await dataOf<{ id: string; dataVersion: number }>(admin, `${DICT}/save`, {
      dictType: 'sys_yes_no',
      dictLabel: '也许',
      dictValue: 'M',
      dictSort: 9,
      status: '0',
    });
    const create = await onlyEntry(created.id, OPERATION_ACTION.create);
    expect(create).toMatchObject({ userId: 'u-op-admin', username: 'op_admin', ipAddress: '127.0.0.1', resource: 'dict-datas', before: null });
    expect(create.after).toMatchObject({ dictType: 'sys_yes_no', dictLabel: '也许', dictValue: 'M', dictSort: 9 });
    // bookkeeping is not a change
    expect(Object.keys(create.after as object)).not.toContain('dataVersion');

    await dataOf(admin, `${DICT}/update-by-id`, { id: created.id, dataVersion: created.dataVersion, dictLabel: '或许' });
    const update = await onlyEntry(created.id, OPERATION_ACTION.update);
    expect(update.before).toEqual({ dictLabel: '也许' });
    expect(update.after).toEqual({ dictLabel: '或许' });
    expect(update.fields).toBe('dictLabel');

    expect(await dataOf(admin, `${DICT}/remove-by-ids`, { ids: [created.id] })).toBe(1);
    const remove = await onlyEntry(created.id, OPERATION_ACTION.delete);
    expect(remove.before).toMatchObject({ dictLabel: '或许', dictValue: 'M' });
    expect(remove.after).toBeNull();
  });

  it('leaves no entry for a refused write, and none when the entry cannot be written the write is undone', async () => {
    const refused = await admin.call(`${DICT}/save`, { json: { dictType: 'sys_yes_no', dictLabel: '重复', dictValue: 'Y', dictSort: 1, status: '0' } });
    expect(refusalOf(refused).code).not.toBe('0');
    const duplicates = await srv.database.db
      .select()
      .from(operationLogs)
      .where(sql`${operationLogs.after} ->> 'dictLabel' = '重复'`);
    expect(duplicates).toEqual([]);

    // The entry is part of the write: when it fails, the row it records is not written either.
    const { db } = srv.database;
    await db.execute(sql`ALTER TABLE sys_operation_logs ADD CONSTRAINT no_more_entries CHECK (false) NOT VALID`);
    try {
      const answer = await admin.call(`${DICT}/save`, { json: { dictType: 'sys_yes_no', dictLabel: '回滚', dictValue: 'R', dictSort: 1, status: '0' } });
      expect(answer.body.code).not.toBe('0');
    } finally {
      await db.execute(sql`ALTER TABLE sys_operation_logs DROP CONSTRAINT no_more_entries`);
    }
    expect(
      await db
        .select()
        .from(sysDictData)
        .where(and(eq(sysDictData.dictType, 'sys_yes_no'), eq(sysDictData.dictValue, 'R'))),
    ).toEqual([]);
  });
});

describe('an approvable resource and the workflow engine', () => {
  it('logs the proposal, each step, and the approved write as the approver', async () => {
    const proposal = await dataOf<Proposal>(handler, `${API}/save`, { partnerName: '日志合作方', mobile: '13800000001' });
    const id = proposal.change.recordId;
    const propose = await onlyEntry(id, OPERATION_ACTION.propose);
    expect(propose).toMatchObject({ username: 'op_handler', resource: 'testLogPartners', before: null });
    expect(propose.after).toMatchObject({ partnerName: '日志合作方', mobile: '13800000001' });
    // nothing is written yet, so nothing is logged as a create
    expect(await entries(id, OPERATION_ACTION.create)).toEqual([]);

    const start = await onlyEntry(proposal.instanceId, OPERATION_ACTION.workflowStart);
    expect(start).toMatchObject({ resource: WORKFLOW_LOG_RESOURCE, username: 'op_handler' });
    expect(start.after).toMatchObject({ status: 'RUNNING', businessKey: id, processKey: TEST_CREATE_PROCESS });

    const task = { id: proposal.taskId }; // saving submitted it: the task is the director's review
    const approved = await complete(director, task!.id, 'PASS', '同意');
    expect(approved.instance.status).toBe('APPROVED');
    const passes = await entries(proposal.instanceId, OPERATION_ACTION.workflowPass);
    expect(passes.map((e) => e.username)).toEqual(['op_handler', 'op_director']);
    expect(passes[1].before).toMatchObject({ status: 'RUNNING' });
    expect(passes[1].after).toMatchObject({ status: 'APPROVED', currentActivity: null, remark: '同意' });

    const create = await onlyEntry(id, OPERATION_ACTION.create);
    expect(create).toMatchObject({ username: 'op_director', resource: 'testLogPartners', before: null });
    expect(create.after).toMatchObject({ partnerName: '日志合作方', mobile: '13800000001' });
  });

  it('logs a reject and a withdrawal, and the record stays unwritten', async () => {
    const proposal = await dataOf<Proposal>(handler, `${API}/save`, { partnerName: '驳回合作方' });
    const task = { id: proposal.taskId }; // saving submitted it: the task is the director's review
    const back = await complete(director, task!.id, 'REJECT', '资料不全');
    const reject = await onlyEntry(proposal.instanceId, OPERATION_ACTION.workflowReject);
    expect(reject).toMatchObject({ username: 'op_director' });
    expect(reject.after).toMatchObject({ remark: '资料不全' });
    await complete(handler, back.task!.id, 'REJECT', '撤回');
    const withdraw = await onlyEntry(proposal.instanceId, OPERATION_ACTION.workflowWithdraw);
    expect(withdraw.after).toMatchObject({ status: 'REJECTED' });
    expect(await entries(proposal.change.recordId, OPERATION_ACTION.create)).toEqual([]);
  });
});

describe('business routes', () => {
  it('logs a group-tree unit added and renamed, with the name before and after', async () => {
    const corp = await dataOf<{ id: string }>(handler, '/op/v1/corporations/save', {
      corpName: '日志测试集团有限公司',
      creditCode: '91110000MA01LOG01X',
      corpTypes: ['CORE_ENTERPRISE'],
    });
    expect((await onlyEntry(corp.id, OPERATION_ACTION.create)).resource).toBe('corporations');
    const group = await dataOf<{ id: string; dataVersion: number }>(handler, `${TREE}/save`, { kind: 'GROUP', corpId: corp.id });
    expect((await onlyEntry(group.id, OPERATION_ACTION.create)).after).toMatchObject({ unitName: '日志测试集团有限公司', kind: 'GROUP' });
    // A group is named by its corporation; a branch has a name of its own, renamed in the tree.
    const unit = await dataOf<{ id: string; dataVersion: number }>(handler, `${TREE}/save`, {
      kind: 'BRANCH',
      parentId: group.id,
      unitName: '日志测试第一分公司',
    });
    expect((await onlyEntry(unit.id, OPERATION_ACTION.create)).after).toMatchObject({ unitName: '日志测试第一分公司', kind: 'BRANCH' });
    await dataOf(handler, `${TREE}/rename`, { id: unit.id, dataVersion: unit.dataVersion, unitName: '日志测试华北分公司' });
    const rename = await onlyEntry(unit.id, OPERATION_ACTION.update);
    expect(rename).toMatchObject({
      resource: 'group-units',
      username: 'op_handler',
      before: { unitName: '日志测试第一分公司' },
      after: { unitName: '日志测试华北分公司' },
    });
  });

  it('logs a password change without the password or its hash', async () => {
    const client = await signInAs(srv.baseUrl, 'op_director2');
    const answer = await client.call('/op/v1/staffs/password', {
      json: { originalPassword: client.encrypt(passwordOf('op_director2')), newPassword: client.encrypt('Better@2026!') },
    });
    expect(answer.body.code, answer.text).toBe('0');
    const [entry] = await srv.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, OPERATION_ACTION.passwordChange), eq(operationLogs.username, 'op_director2')));
    expect(entry).toMatchObject({ resource: 'users', before: { passwordHash: MASKED }, after: { passwordHash: MASKED } });
    expect(JSON.stringify(entry)).not.toMatch(/Better@2026|scrypt|\$/);
    // the rule by itself: secret names and declared sensitive fields never keep a value
    expect(JSON.stringify(changeOf({ after: { authToken: 't0ken', mobile: '138' }, sensitive: ['mobile'] }))).not.toMatch(/t0ken|138/);
  });
});

describe('the log itself', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
    const { db } = srv.database;
    const [entry] = await db.select().from(operationLogs).limit(1);
    // The database's own refusal (drizzle wraps it: the trigger's message is the cause's).
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = await db.execute(statement).then(
        () => null,
        (e: unknown) => e as { cause?: { message?: string } },
      );
      return error?.cause?.message ?? null;
    };
    expect(await refusal(sql`UPDATE sys_operation_logs SET username = 'x' WHERE id = ${entry.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM sys_operation_logs WHERE id = ${entry.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`TRUNCATE sys_operation_logs`)).toMatch(/append-only/);
    expect((await db.select().from(operationLogs).where(eq(operationLogs.id, entry.id)))[0]).toEqual(entry);
  });

  it('offers no write through the API; the auditor searches and exports it, the handler cannot read it', async () => {
    const [entry] = await srv.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.resource, 'group-units'), eq(operationLogs.action, OPERATION_ACTION.update)))
      .limit(1);
    for (const path of ['save', 'update-by-id', 'remove-by-ids']) {
      expect(refusalOf(await admin.call(`${LOG}/${path}`, { json: { id: entry.id, ids: [entry.id], dataVersion: 0 } })).code).toBe('NOT_FOUND');
    }
    const found = await dataOf<{ records: Entry[]; total: number }>(auditor, `${LOG}/page`, {
      username: 'op_handler',
      action: OPERATION_ACTION.update,
      resource: 'group-units',
      recordId: entry.recordId,
      createTimeStart: new Date(Date.now() - 3600_000).toISOString(),
      createTimeEnd: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(found.total).toBe(1);
    expect(found.records[0].id).toBe(entry.id);
    const exported = await auditor.call(`${LOG}/export`, { json: { resource: 'group-units' } });
    expect(exported.body.code, exported.text).toBe('0');
    expect(refusalOf(await handler.call(`${LOG}/page`, { json: {} })).status).toBe(403);
    expect(refusalOf(await handler.call(`${LOG}/export`, { json: {} })).status).toBe(403);
  });
});
