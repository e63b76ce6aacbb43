/**
 * Signed steps over real HTTP (spec 4.3): tasks/complete refuses the pass of a step the registry
 * marks `sign` until the worker verified an SMS code over that step's scope (taskSignScope) since
 * the task opened and within the code's validity; a reject needs no signature; a corporation with
 * signing switched off passes at once. The task lookup says who may work a task now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPS } from '../../server/db/seed-data/personas';
import { CONFIG_KEY } from '../../src/lib/codes';
import { SMS_CODE_TTL_MS, SMS_RESEND_WAIT_MS } from '../../src/lib/sms-sign';
import { stepNeedsSignature, taskSignScope } from '../../src/workflows/task-sign';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { smsCodesFor } from './demo-outbox';
import { startServer, type TestServer } from './server';
import { testRecords } from './test-records';

const API = '/op/v1/workflow';
const SIGN = '/op/v1/authentication/signature';
const SIGNATURE_REQUIRED = { status: 200, code: 'SIGNATURE_REQUIRED', message: '该环节需短信验证码签署，请先完成签署' };

interface Task {
  id: string;
  processKey: string;
  taskDefinitionKey: string;
  instanceId: string;
  businessKey: string;
  dataVersion: number;
  workable?: boolean;
}
interface Transition {
  instance: { id: string; status: string; currentActivity: string | null };
  task: Task | null;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let director2: ApiClient;
let auditor: ApiClient;
let admin: ApiClient;
let offset = 0;

beforeAll(async () => {
  // Private: it moves the server's clock and registers test routes.
  srv = await startServer({ now: () => Date.now() + offset, extraRoutes: [testRecords] });
  [handler, director, director2, auditor, admin] = await Promise.all(
    ['op_handler', 'op_director', 'op_director2', 'op_auditor', 'op_admin'].map((u) => signInAs(srv.baseUrl, u)),
  );
});
afterAll(() => srv.close());

const ok = <T>(client: ApiClient, path: string, json?: unknown) => dataOf<T>(client, `${API}/${path}`, json);
const complete = (client: ApiClient, task: Task, outcome: 'PASS' | 'REJECT', remark?: string) =>
  client.call(`${API}/tasks/complete`, { json: { taskId: task.id, outcome, remark } });

let seq = 0;
/** A real-name admission of a test record (tests/server/test-records.ts), submitted: its open task is the director's signed InitialReview. */
async function atInitialReview(): Promise<Task> {
  // The start is the submission: the open task is already the director's.
  const { task } = await ok<Transition>(handler, 'test/start', { processKey: 'Process_CORP_ADMIT', businessKey: `SIGN-${(seq += 1)}`, summary: '实名认证' });
  expect(task).toMatchObject({ taskDefinitionKey: 'InitialReview' });
  return ok<Task>(director, 'tasks/find-by-id', { taskId: task!.id });
}

/** Signs as the SMS modal does: waits out the resend wait, asks for a code, reads it from the demo outbox, verifies it. */
async function sign(
  client: ApiClient,
  username: string,
  scope: { businessKeys: string[]; businessType: string; productType: string },
  corpName: string = CORPS[1].corpName,
) {
  offset += SMS_RESEND_WAIT_MS + 1000;
  expect((await client.call(`${SIGN}/sms/apply`, { json: scope })).body.code).toBe('0');
  const code = smsCodesFor(srv.filesDir, username).at(-1);
  expect((await client.call(`${SIGN}/sms/verify`, { json: { ...scope, corpName, verifyCode: code } })).body.code).toBe('0');
}

describe('a signed step', () => {
  it('is marked in the registry: real-name initial review and the three final approvals of issuance', () => {
    expect(stepNeedsSignature('Process_CORP_ADMIT', 'InitialReview')).toBe(true);
    expect(stepNeedsSignature('Process_CORP_ADMIT', 'SecondReview')).toBe(false);
    for (const step of ['FinalOperatorReview', 'FinalSingleReview', 'FinalDirectorReview']) expect(stepNeedsSignature('Process_CREDIT_ISSUE', step)).toBe(true);
    expect(stepNeedsSignature('Process_CREDIT_ISSUE', 'CoreDirectorReview')).toBe(false);
  });

  it('refuses a pass without the signature and changes nothing; passes once the worker signed its scope', async () => {
    const task = await atInitialReview();
    expect(refusalOf(await complete(director, task, 'PASS', '初审通过'))).toEqual(SIGNATURE_REQUIRED);
    const still = await ok<Task>(director, 'tasks/find-by-id', { taskId: task.id });
    expect(still).toMatchObject({ status: 'TODO', dataVersion: task.dataVersion, workable: true });

    await sign(director, 'op_director', taskSignScope(task));
    const passed = await complete(director, task, 'PASS', '初审通过');
    expect(passed.body).toMatchObject({ code: '0', data: { instance: { currentActivity: 'SecondReview' } } });
  });

  it("does not count another user's signature, another record's or another step's", async () => {
    const task = await atInitialReview();
    await sign(director2, 'op_director2', taskSignScope(task), CORPS[0].corpName);
    await sign(director, 'op_director', { ...taskSignScope(task), businessKeys: ['OTHER-RECORD'] });
    await sign(director, 'op_director', { ...taskSignScope(task), productType: 'SecondReview' });
    expect(refusalOf(await complete(director, task, 'PASS'))).toEqual(SIGNATURE_REQUIRED);
  });

  it('does not count a signature older than the task, nor one whose code has expired', async () => {
    const first = await atInitialReview();
    await sign(director, 'op_director', taskSignScope(first));
    // A reject needs no signature: it returns the record to the handler, who submits it again.
    expect((await complete(director, first, 'REJECT', '证照模糊')).body.code).toBe('0');
    const [resubmit] = (await ok<{ records: Task[] }>(handler, 'tasks/todo/page', { businessKey: first.businessKey })).records;
    const { task: next } = await ok<Transition>(handler, 'tasks/complete', { taskId: resubmit.id, outcome: 'PASS', remark: '已补充' });
    const again = await ok<Task>(director, 'tasks/find-by-id', { taskId: next!.id });
    expect(refusalOf(await complete(director, again, 'PASS'))).toEqual(SIGNATURE_REQUIRED);

    await sign(director, 'op_director', taskSignScope(again));
    offset += SMS_CODE_TTL_MS + 1000;
    expect(refusalOf(await complete(director, again, 'PASS'))).toEqual(SIGNATURE_REQUIRED);
  });

  it('passes at once when signing is switched off for the worker’s corporation', async () => {
    const task = await atInitialReview();
    const set = (names: string[]) =>
      admin.call('/op/v1/sys/configs/update-value-by-config-key', { json: { configKey: CONFIG_KEY.smsSignOpenCorps, configValue: JSON.stringify(names) } });
    expect((await set(CORPS.filter((c) => c.corpName !== CORPS[1].corpName).map((c) => c.corpName))).body.code).toBe('0');
    try {
      expect((await complete(director, task, 'PASS')).body.code).toBe('0');
    } finally {
      await set(CORPS.map((c) => c.corpName));
    }
  });
});

describe('the task lookup', () => {
  it('says whether the reader may work the task now: its working role yes, the auditor and the other role no', async () => {
    const task = await atInitialReview();
    expect(await ok<Task>(director, 'tasks/find-by-id', { taskId: task.id })).toMatchObject({ id: task.id, workable: true, businessKey: task.businessKey });
    expect(await ok<Task>(auditor, 'tasks/find-by-id', { taskId: task.id })).toMatchObject({ workable: false });
    expect(await ok<Task>(handler, 'tasks/find-by-id', { taskId: task.id })).toMatchObject({ workable: false });
    const instance = await ok<{ currentTask: Task }>(auditor, 'instances/find-by-id', { instanceId: task.instanceId });
    expect(instance.currentTask).toMatchObject({ id: task.id, workable: false });
    expect(refusalOf(await auditor.call(`${API}/tasks/find-by-id`, { json: { taskId: 'no-such-task' } }))).toEqual({
      status: 200,
      code: 'NOT_FOUND',
      message: '任务不存在',
    });
  });
});
