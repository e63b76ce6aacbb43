/**
 * The approval workflows over real HTTP (spec §4.5, §6): each process's steps when every step passes,
 * a reject back to the handler's first step and a withdrawal, four-eyes, the working roles, the
 * auditor's read-only view, double completion, history, the task lists and the end-of-instance hook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errors from '../../locales/zh-CN/errors.json';
import server from '../../locales/zh-CN/server.json';
import type { RouteModule } from '../../server/app';
import { CONFIG_KEY } from '../../src/lib/codes';
import type { InstanceEndEvent } from '../../server/workflow/engine';
import { PROCESS_DEFINITIONS, PROCESS_KEYS } from '../../src/workflows/registry';
import { AREA_PROCESS_KEYS } from './test-processes';
import { signInAs, type ApiClient, dataOf, refusalOf } from './client';
import { startServer, type TestServer } from './server';
import { testRecords, testRecordStatus } from './test-records';

const API = '/op/v1/workflow';

interface Task {
  id: string;
  instanceId: string;
  processKey: string;
  taskDefinitionKey: string;
  activityType: string;
  workingRole: string;
  status: string;
  assigneeId: string | null;
  assigneeName: string | null;
  outcome: string | null;
  remark: string | null;
  dataVersion: number;
  businessKey: string;
  processName: string;
  taskName: string;
  routePath: string | null;
  createTime: string;
}
interface Instance {
  id: string;
  processKey: string;
  businessKey: string;
  status: string;
  currentActivity: string | null;
  variables: Record<string, string>;
  startPersonName: string;
  processName: string;
  endTime: string | null;
}
interface Transition {
  instance: Instance;
  task: Task | null;
}
interface HistoryEntry {
  taskDefinitionKey: string;
  activityType: string;
  action: string;
  username: string;
  personName: string;
  remark: string | null;
  createTime: string;
  taskName: string;
}
interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let director2: ApiClient;
let auditor: ApiClient;
let admin: ApiClient;
const ended: Array<Pick<InstanceEndEvent['instance'], 'businessKey' | 'status'> & { actor: string }> = [];

/** A module of another area hooking onto the end of its process, as real-name admission will. */
const endHooks: RouteModule = (_api, ctx) => {
  ctx.workflow.onInstanceEnd('Process_CORP_ADMIT', (event) => {
    ended.push({ businessKey: event.instance.businessKey, status: event.status, actor: event.actor.username });
  });
  ctx.workflow.onInstanceEnd('Process_BILL_MANAGE', (event) => {
    if (event.instance.businessKey === 'BILL-HOOK-FAILS') throw new Error('the record refused its new status');
  });
};

beforeAll(async () => {
  // Private: it registers test routes and hooks of its own.
  srv = await startServer({ extraRoutes: [endHooks, testRecords] });
  [handler, director, director2, auditor, admin] = await Promise.all(
    ['op_handler', 'op_director', 'op_director2', 'op_auditor', 'op_admin'].map((u) => signInAs(srv.baseUrl, u)),
  );
  // Step sequences only: SMS signing is switched off here; tests/server/workflow-sign.test.ts covers signed steps.
  const off = await admin.call('/op/v1/sys/configs/update-value-by-config-key', { json: { configKey: CONFIG_KEY.smsSignOpenCorps, configValue: '[]' } });
  expect(off.body.code).toBe('0');
});
afterAll(() => srv.close());

const ok = <T>(client: ApiClient, path: string, json?: unknown) => dataOf<T>(client, `${API}/${path}`, json);
const call = (client: ApiClient, path: string, json?: unknown) => client.call(`${API}/${path}`, { json });
const refusal = refusalOf;

let keySeq = 0;
const newBusinessKey = (prefix: string) => `${prefix}-${(keySeq += 1)}`;

/** Starts an instance for a record of its own (tests/server/test-records.ts): the generic start starts nothing. */
const start = (processKey: string, businessKey = newBusinessKey(processKey), variables?: Record<string, string>, by = handler) =>
  ok<Transition>(by, 'test/start', { processKey, businessKey, businessType: 'TEST', summary: `摘要 ${businessKey}`, variables });
const complete = (by: ApiClient, task: Task, outcome: 'PASS' | 'REJECT', remark?: string, variables?: Record<string, string>) =>
  ok<Transition>(by, 'tasks/complete', { taskId: task.id, outcome, remark, variables });
const history = (instanceId: string) => ok<{ instance: Instance; history: HistoryEntry[] }>(auditor, 'instances/history', { instanceId });
const todo = (client: ApiClient, filters: Record<string, unknown> = {}) => ok<Page<Task>>(client, 'tasks/todo/page', { pageSize: 500, ...filters });
const pendingCount = async (client: ApiClient) => (await ok<{ count: number }>(client, 'tasks/pending-count')).count;

type Role = 'handler' | 'director';
type Step = [key: string, role: Role];
const DEFAULT: Step[] = [
  ['Edit', 'handler'],
  ['Approve', 'director'],
];
/** The spec §4.5 steps, written out here (not read from the registry) so the engine is checked against the spec. */
const STEPS: Record<string, Step[]> = {
  Process_CORP_ADMIT: [
    ['Submit', 'handler'],
    ['InitialReview', 'director'],
    ['SecondReview', 'director'],
  ],
  Process_CREDIT_REDEEM_REGISTER_BIZ: [
    ['Register', 'handler'],
    ['Approve', 'director'],
  ],
  Process_BILL_MANAGE: [
    ['ModifyStatus', 'handler'],
    ['Approve', 'director'],
  ],
  Process_AUTH_SOFT_CA_REOPEN: [
    ['ReopenEdit', 'handler'],
    ['ReopenApprove', 'director'],
  ],
  Process_ABS_CERTIFICATE_CODE: [
    ['MaterialReview', 'handler'],
    ['TransferReview', 'director'],
  ],
  Process_CORP_RENAMING: [
    ['Submit', 'handler'],
    ['InitialReview', 'director'],
    ['SecondReview', 'director'],
  ],
};
const ISSUE_VARIANTS: Array<[mode: string, givenAtStart: boolean, final: Step]> = [
  ['DOUBLE_OPERATOR', true, ['FinalOperatorReview', 'handler']],
  ['SINGLE', false, ['FinalSingleReview', 'director']],
  ['DOUBLE_DIRECTOR', true, ['FinalDirectorReview', 'director']],
];
/**
 * The processes whose first step is work of its own (a document set's material review): they start
 * with it open in the starter's 待办. Every other start is the starter's submission (spec §4.5): the
 * first step passes at once in the starter's name and the instance waits at the review.
 */
const OPEN_AT_START = AREA_PROCESS_KEYS.filter((k) => PROCESS_DEFINITIONS[k].submitsAtStart === false);
const firstOpen = (processKey: string) => (OPEN_AT_START.includes(processKey) ? 0 : 1);
/**
 * Every process, walked through the test seam: a key its business module owns is started through the
 * owner's handle, whose listeners find no record of theirs and touch nothing (tests/server/test-records.ts);
 * the modules' own tests walk them again with real records.
 */
const SCENARIOS: Array<{ name: string; processKey: string; steps: Step[]; atStart?: Record<string, string>; atCoreReview?: Record<string, string> }> = [
  ...AREA_PROCESS_KEYS.filter((k) => k !== 'Process_CREDIT_ISSUE').map((processKey) => ({
    name: processKey,
    processKey,
    steps: STEPS[processKey] ?? DEFAULT,
  })),
  ...ISSUE_VARIANTS.map(([mode, givenAtStart, final]) => ({
    name: `Process_CREDIT_ISSUE (${mode}, chosen ${givenAtStart ? 'at start' : 'at the core director review'})`,
    processKey: 'Process_CREDIT_ISSUE',
    steps: [['Submit', 'handler'], ['CoreDirectorReview', 'director'], final] as Step[],
    ...(givenAtStart ? { atStart: { finalApproveMode: mode } } : { atCoreReview: { finalApproveMode: mode } }),
  })),
];

/** Who works each step: the handler, and a different director for each review step (four-eyes). */
function workers(steps: Step[]): ApiClient[] {
  let reviews = 0;
  return steps.map(([, role]) => (role === 'handler' ? handler : [director, director2][reviews++]));
}

describe('every process, step by step', () => {
  it('every process is owned by its business module, and the generic start starts none (PROCESS_OWNED)', async () => {
    const definitions = await ok<Array<{ processKey: string; owner: string | null }>>(handler, 'process-definitions/list');
    // A process no module owns could never be started: an area that declares one must also start it.
    const owned = definitions.filter((d) => d.owner !== null && d.owner !== 'test records').map((d) => d.processKey);
    expect([...owned].sort()).toEqual([...AREA_PROCESS_KEYS].sort());
    for (const processKey of AREA_PROCESS_KEYS) {
      expect(refusal(await call(handler, 'instances/start', { processKey, businessKey: 'ANY-RECORD' })).code, processKey).toBe('PROCESS_OWNED');
    }
    expect((await ok<Page<Instance>>(auditor, 'instances/page', { businessKey: 'ANY-RECORD' })).total).toBe(0);
  });

  it.each(SCENARIOS)('$name: passes through its steps to APPROVED, with history', async ({ processKey, steps, atStart, atCoreReview }) => {
    const by = workers(steps);
    let { instance, task } = await start(processKey, undefined, atStart);
    const first = firstOpen(processKey);
    expect(instance).toMatchObject({ processKey, status: 'RUNNING', currentActivity: steps[first][0], startPersonName: '经办人张三' });
    // A submitting start passed the handler's step already: nothing waits in the starter's own 待办.
    if (first === 1) expect((await todo(handler, { businessKey: instance.businessKey })).total).toBe(0);
    for (let i = first; i < steps.length; i += 1) {
      expect(task).toMatchObject({ taskDefinitionKey: steps[i][0], workingRole: steps[i][1], status: 'TODO' });
      const variables = steps[i][0] === 'CoreDirectorReview' ? atCoreReview : undefined;
      ({ instance, task } = await complete(by[i], task!, 'PASS', `第${i + 1}步通过`, variables));
    }
    expect(task).toBeNull();
    expect(instance).toMatchObject({ status: 'APPROVED', currentActivity: null });
    expect(instance.endTime).not.toBeNull();

    const { history: entries } = await history(instance.id);
    expect(entries.map((e) => [e.action, e.taskDefinitionKey, e.username])).toEqual([
      ['START', steps[0][0], 'op_handler'],
      ...steps.map(([key], i) => ['PASS', key, by[i] === handler ? 'op_handler' : by[i] === director ? 'op_director' : 'op_director2']),
    ]);
    // The submission is in the history as the starter's pass of the first step, with who and when.
    expect(entries[1]).toMatchObject({ action: 'PASS', taskDefinitionKey: steps[0][0], personName: '经办人张三' });
    expect(entries[1].createTime).toBeTruthy();
    expect(entries.at(-1)?.remark).toBe(`第${steps.length}步通过`);
  });

  it.each(SCENARIOS)(
    "$name: a reject at the last step returns to the handler's first step; a reject there ends it REJECTED",
    async ({ processKey, steps, atStart, atCoreReview }) => {
      const by = workers(steps);
      const businessKey = newBusinessKey(`${processKey}-reject`);
      let { instance, task } = await start(processKey, businessKey, atStart);
      for (let i = firstOpen(processKey); i < steps.length - 1; i += 1) {
        ({ instance, task } = await complete(by[i], task!, 'PASS', undefined, steps[i][0] === 'CoreDirectorReview' ? atCoreReview : undefined));
      }
      ({ instance, task } = await complete(by.at(-1)!, task!, 'REJECT', '资料不全，退回修改'));
      expect(instance).toMatchObject({ status: 'RUNNING', currentActivity: steps[0][0] });
      expect(task).toMatchObject({ taskDefinitionKey: steps[0][0], workingRole: 'handler', assigneeName: '经办人张三' });
      expect((await todo(handler, { businessKey })).records.map((t) => [t.id, (t as Task & { returnedReason: string | null }).returnedReason])).toEqual([
        [task!.id, '资料不全，退回修改'],
      ]);
      // Back with the starter, 我发起的 offers 撤回 again.
      const mine = await ok<Page<Instance & { withdrawable: boolean }>>(handler, 'tasks/started/page', { businessKey, pageSize: 500 });
      expect(mine.records.find((i) => i.id === instance.id)?.withdrawable).toBe(true);

      ({ instance, task } = await complete(handler, task!, 'REJECT', '撤回申请'));
      expect(task).toBeNull();
      expect(instance).toMatchObject({ status: 'REJECTED', currentActivity: null });
      const actions = (await history(instance.id)).history.map((e) => `${e.action}:${e.taskDefinitionKey}`);
      expect(actions.slice(-2)).toEqual([`REJECT:${steps.at(-1)![0]}`, `REJECT:${steps[0][0]}`]);
    },
  );
});

describe('issuance final-approval choice', () => {
  it('refuses to pass the core director review until the form is chosen, and takes only the declared values', async () => {
    const { task } = await start('Process_CREDIT_ISSUE');
    const missing = await call(director, 'tasks/complete', { taskId: task!.id, outcome: 'PASS' });
    expect(refusal(missing)).toEqual({ status: 200, code: 'VALIDATION_FAILED', message: '请先选择终审方式' });
    const bad = await call(director, 'tasks/complete', { taskId: task!.id, outcome: 'PASS', variables: { finalApproveMode: 'TRIPLE' } });
    expect(refusal(bad).message).toBe('变量 finalApproveMode 的值无效：TRIPLE');
    const unknown = await call(director, 'tasks/complete', { taskId: task!.id, outcome: 'PASS', variables: { other: 'x' } });
    expect(refusal(unknown).message).toBe('流程 Process_CREDIT_ISSUE 不接受变量 other');
    // Nothing moved: the task is still open at the same version.
    const still = (await todo(director, { processKey: 'Process_CREDIT_ISSUE' })).records.find((t) => t.id === task!.id);
    expect(still).toMatchObject({ status: 'TODO', dataVersion: task!.dataVersion });
  });

  it('takes the choice only where the process allows it', async () => {
    // Back at Submit after a reject, the handler's resubmission may not choose the form.
    const review = await start('Process_CREDIT_ISSUE');
    const atSubmit = await complete(director, review.task!, 'REJECT', '请重新核对');
    expect(atSubmit.task?.taskDefinitionKey).toBe('Submit');
    const refused = await call(handler, 'tasks/complete', { taskId: atSubmit.task!.id, outcome: 'PASS', variables: { finalApproveMode: 'SINGLE' } });
    expect(refusal(refused).message).toBe('变量 finalApproveMode 不能在此环节设置');
    expect(
      refusal(await call(handler, 'test/start', { processKey: 'Process_BILL_MANAGE', businessKey: 'B-VAR', variables: { finalApproveMode: 'SINGLE' } }))
        .message,
    ).toBe('流程 Process_BILL_MANAGE 不接受变量 finalApproveMode');
  });
});

describe('four-eyes', () => {
  it('one director may not do both reviews of a real-name admission; another director may', async () => {
    let { task } = await start('Process_CORP_ADMIT');
    ({ task } = await complete(director, task!, 'PASS', '初审通过'));
    expect(task?.taskDefinitionKey).toBe('SecondReview');

    const fourEyes = { status: 200, code: 'FOUR_EYES', message: '同一人不能审核同一流程的两个审核环节' };
    expect(refusal(await call(director, 'tasks/claim', { taskId: task!.id }))).toEqual(fourEyes);
    expect(refusal(await call(director, 'tasks/complete', { taskId: task!.id, outcome: 'PASS' }))).toEqual(fourEyes);
    expect((await todo(director)).records.map((t) => t.id)).not.toContain(task!.id);
    expect((await todo(director2)).records.map((t) => t.id)).toContain(task!.id);

    const { instance } = await complete(director2, task!, 'PASS', '复审通过');
    expect(instance.status).toBe('APPROVED');
  });

  it('holds across rounds: after a reject, the second reviewer may not take the first review', async () => {
    let { task } = await start('Process_CORP_ADMIT');
    ({ task } = await complete(director, task!, 'PASS'));
    ({ task } = await complete(director2, task!, 'REJECT', '复审驳回'));
    ({ task } = await complete(handler, task!, 'PASS', '已补充'));
    expect(task?.taskDefinitionKey).toBe('InitialReview');
    expect(refusal(await call(director2, 'tasks/complete', { taskId: task!.id, outcome: 'PASS' })).code).toBe('FOUR_EYES');
    ({ task } = await complete(director, task!, 'PASS', '同一环节可再审'));
    expect(task?.taskDefinitionKey).toBe('SecondReview');
  });

  it('binds the admin too, though the admin may work either role', async () => {
    // the handler submits (the admin submitting would bar it from every review: maker-checker)
    let { task } = await start('Process_CORP_ADMIT');
    ({ task } = await complete(admin, task!, 'PASS'));
    expect(refusal(await call(admin, 'tasks/complete', { taskId: task!.id, outcome: 'PASS' })).code).toBe('FOUR_EYES');
  });
});

describe('working roles and permissions', () => {
  const forbidden = { status: 403, code: 'FORBIDDEN', message: errors.FORBIDDEN };

  it('refuses a director on a handler step and a handler on a director step with 403', async () => {
    const { task: review } = await start('Process_CREDIT_REDEEM_REGISTER_BIZ');
    expect(refusal(await call(handler, 'tasks/claim', { taskId: review!.id }))).toEqual(forbidden);
    expect(refusal(await call(handler, 'tasks/complete', { taskId: review!.id, outcome: 'PASS' }))).toEqual(forbidden);
    // Returned to the handler's Register step: a director may not work it.
    const { task } = await complete(director, review!, 'REJECT', '退回');
    expect(task?.taskDefinitionKey).toBe('Register');
    expect(refusal(await call(director, 'tasks/complete', { taskId: task!.id, outcome: 'PASS' }))).toEqual(forbidden);
    expect(forbidden.message).toBe('您暂无权限操作此页面！');
  });

  it('lets only holders of workflow:task:start start, and directors hold none', async () => {
    expect(refusal(await call(director, 'instances/start', { processKey: 'Process_CREDIT_AGREEMENT', businessKey: 'X-1' }))).toEqual(forbidden);
    expect(refusal(await call(director, 'test/start', { processKey: 'Process_CREDIT_AGREEMENT', businessKey: 'X-1' }))).toEqual(forbidden);
  });

  it('gives the auditor history and lists but no action', async () => {
    const { instance, task } = await start('Process_BILL_MANAGE');
    expect(refusal(await call(auditor, 'test/start', { processKey: 'Process_BILL_MANAGE', businessKey: 'AUD-1' }))).toEqual(forbidden);
    expect(refusal(await call(auditor, 'tasks/claim', { taskId: task!.id }))).toEqual(forbidden);
    expect(refusal(await call(auditor, 'tasks/complete', { taskId: task!.id, outcome: 'PASS' }))).toEqual(forbidden);
    expect((await history(instance.id)).history.map((e) => e.action)).toEqual(['START', 'PASS']);
    const all = await ok<Page<Instance>>(auditor, 'instances/page', { processKey: 'Process_BILL_MANAGE', pageSize: 500 });
    expect(all.records.map((i) => i.id)).toContain(instance.id);
    expect(await ok<Instance | null>(auditor, 'instances/find-by-business-key', { businessKey: instance.businessKey })).toMatchObject({ id: instance.id });
    expect((await todo(auditor)).total).toBe(0);
    expect(await pendingCount(auditor)).toBe(0);
  });

  it('lists every instance (全部流程) only for who may read them all: the auditor and admin, filtered by process, status and date; a handler or director gets 403 (issue 25)', async () => {
    const { instance } = await start('Process_LMT_APPLY_AUDIT');
    for (const worker of [handler, director]) expect(refusal(await call(worker, 'instances/page', {}))).toEqual(forbidden);
    const running = await ok<Page<Instance>>(auditor, 'instances/page', { processKey: 'Process_LMT_APPLY_AUDIT', status: 'RUNNING', pageSize: 500 });
    expect(running.records.map((i) => i.id)).toContain(instance.id);
    expect(running.records.every((i) => i.processKey === 'Process_LMT_APPLY_AUDIT' && i.status === 'RUNNING')).toBe(true);
    expect(
      (await ok<Page<Instance>>(auditor, 'instances/page', { processKey: 'Process_LMT_APPLY_AUDIT', status: 'APPROVED', pageSize: 500 })).records.map(
        (i) => i.id,
      ),
    ).not.toContain(instance.id);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await ok<Page<Instance>>(auditor, 'instances/page', { createTimeStart: future })).total).toBe(0);
    expect((await ok<Page<Instance>>(admin, 'instances/page', { businessKey: instance.businessKey })).total).toBe(1);
    // One record's instances stay readable by its workers (a corporation's history of changes).
    expect((await ok<{ records: Instance[] }>(handler, 'instances/of-business-key', { businessKey: instance.businessKey })).records.map((i) => i.id)).toEqual([
      instance.id,
    ]);
  });

  it('claims: the holder keeps it, another of the same role is told who holds it', async () => {
    const { task } = await start('Process_CREDIT_REDEEM_REGISTER_BIZ');
    const claimed = await ok<Task>(director, 'tasks/claim', { taskId: task!.id });
    expect(claimed).toMatchObject({ assigneeName: '主管李四', dataVersion: task!.dataVersion + 1 });
    expect(refusal(await call(director2, 'tasks/claim', { taskId: task!.id }))).toEqual({
      status: 200,
      code: 'TASK_CLAIMED',
      message: '该任务已被 主管李四 签收',
    });
    expect(refusal(await call(director2, 'tasks/complete', { taskId: task!.id, outcome: 'PASS' })).code).toBe('TASK_CLAIMED');
    expect((await todo(director2)).records.map((t) => t.id)).not.toContain(task!.id);
    const { instance } = await complete(director, claimed, 'PASS');
    expect((await history(instance.id)).history.map((e) => `${e.action}:${e.username}`)).toEqual([
      'START:op_handler',
      'PASS:op_handler',
      'CLAIM:op_director',
      'PASS:op_director',
    ]);
  });
});

describe('completion is once only', () => {
  it('refuses to complete a completed task and changes nothing', async () => {
    const { task } = await start('Process_BILL_MANAGE');
    const first = await complete(director, task!, 'PASS');
    const again = await call(director, 'tasks/complete', { taskId: task!.id, outcome: 'PASS' });
    expect(refusal(again)).toEqual({ status: 200, code: 'TASK_COMPLETED', message: server.workflow.taskCompleted });
    expect((await history(first.instance.id)).history).toHaveLength(3);
  });

  it('lets exactly one of two simultaneous completions through', async () => {
    const { task } = await start('Process_BILL_MANAGE');
    const answers = await Promise.all([director, director2].map((d) => call(d, 'tasks/complete', { taskId: task!.id, outcome: 'PASS' })));
    expect(answers.map((a) => a.body.code).sort()).toEqual(['0', expect.stringMatching(/^(TASK_COMPLETED|TASK_CLAIMED|DATA_VERSION_CONFLICT)$/)].sort());
    const winner = answers.find((a) => a.body.code === '0')!.body.data as Transition;
    const { history: entries } = await history(winner.instance.id);
    expect(entries.filter((e) => e.action === 'PASS' && e.taskDefinitionKey === 'Approve')).toHaveLength(1);
  });

  it('refuses a stale dataVersion', async () => {
    const { task } = await start('Process_BILL_MANAGE');
    const stale = await call(director, 'tasks/complete', { taskId: task!.id, outcome: 'PASS', dataVersion: task!.dataVersion + 7 });
    expect(refusal(stale)).toEqual({ status: 200, code: 'DATA_VERSION_CONFLICT', message: errors.DATA_VERSION_CONFLICT });
  });
});

describe('bad input changes nothing', () => {
  it.each([
    [{ businessKey: 'K' }, '流程不能为空'],
    [{ processKey: 'Process_NOPE', businessKey: 'K' }, '流程不存在：Process_NOPE'],
    [{ processKey: 'Process_BILL_MANAGE' }, '业务编号不能为空'],
    [{ processKey: 'Process_BILL_MANAGE', businessKey: 'K'.repeat(101) }, '业务编号长度不能超过 100 个字符'],
    [{ processKey: 'Process_BILL_MANAGE', businessKey: 'K', variables: ['x'] }, '流程变量 variables 必须是键值均为文本的对象'],
  ])('start %j: %s', async (body, message) => {
    expect(refusal(await call(handler, 'test/start', body))).toEqual({ status: 200, code: 'VALIDATION_FAILED', message });
  });

  it('refuses a second running instance for the same record', async () => {
    await start('Process_BILL_MANAGE', 'BILL-ONCE');
    expect(refusal(await call(handler, 'test/start', { processKey: 'Process_BILL_MANAGE', businessKey: 'BILL-ONCE' }))).toEqual({
      status: 200,
      code: 'WORKFLOW_ALREADY_RUNNING',
      message: '该业务已有审批中的流程，请勿重复发起',
    });
    expect((await ok<Page<Instance>>(auditor, 'instances/page', { businessKey: 'BILL-ONCE' })).total).toBe(1);
  });

  it('refuses a reject without a remark, an unknown outcome and an unknown task', async () => {
    const { instance, task } = await start('Process_CREDIT_REDEEM_REGISTER_BIZ');
    expect(refusal(await call(director, 'tasks/complete', { taskId: task!.id, outcome: 'REJECT', remark: '  ' }))).toEqual({
      status: 200,
      code: 'VALIDATION_FAILED',
      message: '驳回时请填写审批意见',
    });
    expect(refusal(await call(director, 'tasks/complete', { taskId: task!.id, outcome: 'OK' })).message).toBe('审批结果的值不在可选范围内：OK');
    expect(refusal(await call(director, 'tasks/complete', { taskId: 'no-such-task', outcome: 'PASS' }))).toEqual({
      status: 200,
      code: 'NOT_FOUND',
      message: '任务不存在',
    });
    expect(refusal(await call(auditor, 'instances/history', { instanceId: 'no-such' }))).toEqual({ status: 200, code: 'NOT_FOUND', message: '流程实例不存在' });
    expect((await history(instance.id)).history).toHaveLength(2);
  });
});

describe('task lists and the pending count', () => {
  it('counts what is waiting for a director and lists it with the names of process and step', async () => {
    const before = await pendingCount(director);
    // A page-type process; its final review is an operator's (DOUBLE_OPERATOR), so the director's count returns.
    const { task: review } = await start('Process_CREDIT_ISSUE', undefined, { finalApproveMode: 'DOUBLE_OPERATOR' });
    expect(await pendingCount(director)).toBe(before + 1);
    const listed = (await todo(director, { processKey: 'Process_CREDIT_ISSUE' })).records.find((t) => t.id === review!.id);
    expect(listed).toMatchObject({ processName: '白条签发', taskName: '核心主管审核', routePath: '/op/process/Process_CREDIT_ISSUE/taskCoreDirectorReview' });
    await complete(director, review!, 'PASS');
    expect(await pendingCount(director)).toBe(before);
  });

  it('pages done and started lists and filters by processKey and createTime range', async () => {
    const { instance, task } = await start('Process_ABS_CERTIFICATE_CODE');
    await complete(handler, task!, 'PASS');
    const done = await ok<Page<Task>>(handler, 'tasks/done/page', { processKey: 'Process_ABS_CERTIFICATE_CODE', pageNum: 1, pageSize: 2 });
    expect(done).toMatchObject({ pageNum: 1, pageSize: 2 });
    expect(done.records[0]).toMatchObject({ instanceId: instance.id, taskDefinitionKey: 'MaterialReview', outcome: 'PASS', taskName: '资料审核' });
    const started = await ok<Page<Instance>>(handler, 'tasks/started/page', { processKey: 'Process_ABS_CERTIFICATE_CODE', pageSize: 500 });
    expect(started.records.map((i) => i.id)).toContain(instance.id);
    expect(started.records.every((i) => i.processKey === 'Process_ABS_CERTIFICATE_CODE')).toBe(true);
    expect((await ok<Page<Instance>>(director, 'tasks/started/page', { processKey: 'Process_ABS_CERTIFICATE_CODE' })).total).toBe(0);
    const past = { createTimeStart: '2000-01-01T00:00:00Z', createTimeEnd: '2000-12-31T00:00:00Z' };
    expect((await todo(director, { processKey: 'Process_ABS_CERTIFICATE_CODE', ...past })).total).toBe(0);
    expect((await todo(director, { processKey: 'Process_ABS_CERTIFICATE_CODE', createTimeStart: '2000-01-01T00:00:00Z' })).total).toBeGreaterThan(0);
    expect(refusal(await call(director, 'tasks/todo/page', { createTimeStart: 'yesterday' })).message).toBe('创建时间起必须是 ISO 8601 时间');
    expect(refusal(await call(director, 'tasks/todo/page', { pageSize: 501 })).code).toBe('VALIDATION_FAILED');
  });

  it('lists every process definition with its steps and working roles', async () => {
    const list = await ok<
      Array<{ processKey: string; processName: string; type: string; activities: Record<string, { label: string; workingRole: string; url: string | null }> }>
    >(auditor, 'process-definitions/list');
    expect(list.map((d) => d.processKey).sort()).toEqual([...PROCESS_KEYS].sort());
    expect(list.find((d) => d.processKey === 'Process_CORP_ADMIT')).toMatchObject({
      processName: '实名认证',
      type: 'page',
      activities: { InitialReview: { label: '初审', workingRole: 'director', url: '/op/admit/realname/oapprove' } },
    });
  });
});

describe('撤回 from 我发起的 (issue 37 item 5)', () => {
  const withdraw = (by: ApiClient, instanceId: string, remark?: string) => call(by, 'instances/withdraw', { instanceId, remark });

  it("lets the starter withdraw before anyone else acted: the instance ends REJECTED, the review leaves the director's 待办", async () => {
    const { instance, task } = await start('Process_CREDIT_REDEEM_REGISTER_BIZ');
    expect((await todo(director)).records.map((t) => t.id)).toContain(task!.id);
    const listed = await ok<Page<Instance & { withdrawable: boolean }>>(handler, 'tasks/started/page', {
      processKey: 'Process_CREDIT_REDEEM_REGISTER_BIZ',
      pageSize: 500,
    });
    expect(listed.records.find((i) => i.id === instance.id)?.withdrawable).toBe(true);
    // Only the starter: a director (who could work the open task) may not withdraw it.
    expect(refusal(await withdraw(director, instance.id))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const answer = await withdraw(handler, instance.id, '金额填错，撤回重报');
    expect(answer.body.code).toBe('0');
    expect((answer.body.data as Transition).instance).toMatchObject({ status: 'REJECTED', currentActivity: null });
    expect((await todo(director)).records.map((t) => t.id)).not.toContain(task!.id);
    const entries = (await history(instance.id)).history;
    expect(entries.map((e) => `${e.action}:${e.taskDefinitionKey}:${e.username}`)).toEqual([
      'START:Register:op_handler',
      'PASS:Register:op_handler',
      'WITHDRAW:Approve:op_handler',
    ]);
    expect(entries.at(-1)?.remark).toBe('金额填错，撤回重报');
    // 我发起的 reads it withdrawn (已撤回), no longer withdrawable.
    const after = await ok<Page<Instance & { withdrawable: boolean; withdrawn: boolean }>>(handler, 'tasks/started/page', {
      processKey: 'Process_CREDIT_REDEEM_REGISTER_BIZ',
      pageSize: 500,
    });
    expect(after.records.find((i) => i.id === instance.id)).toMatchObject({ withdrawable: false, withdrawn: true });
    expect(refusal(await withdraw(handler, instance.id))).toEqual({ status: 200, code: 'WITHDRAW_TOO_LATE', message: server.workflow.withdrawEnded });
  });

  it('refuses a late withdrawal once a reviewer acted, and changes nothing', async () => {
    let { instance, task } = await start('Process_CORP_ADMIT');
    ({ instance, task } = await complete(director, task!, 'PASS', '初审通过'));
    const listed = await ok<Page<Instance & { withdrawable: boolean }>>(handler, 'tasks/started/page', { processKey: 'Process_CORP_ADMIT', pageSize: 500 });
    expect(listed.records.find((i) => i.id === instance.id)?.withdrawable).toBe(false);
    const late = await withdraw(handler, instance.id);
    expect(refusal(late)).toEqual({ status: 200, code: 'WITHDRAW_TOO_LATE', message: server.workflow.withdrawTooLate });
    expect(server.workflow.withdrawTooLate).toMatch(/不能撤回/);
    const found = await ok<Instance & { currentTask: Task | null }>(auditor, 'instances/find-by-business-key', {
      businessKey: instance.businessKey,
      processKey: 'Process_CORP_ADMIT',
    });
    expect(found).toMatchObject({ status: 'RUNNING', currentActivity: 'SecondReview', currentTask: { id: task!.id, status: 'TODO' } });
  });

  it('lets the submitter withdraw what a director returned to them, with the reason kept in the history', async () => {
    const { instance, task } = await start('Process_BILL_MANAGE');
    const back = await complete(director, task!, 'REJECT', '金额有误');
    expect(back.task).toMatchObject({ taskDefinitionKey: 'ModifyStatus', assigneeName: '经办人张三' });
    expect((await ok<Transition>(handler, 'instances/withdraw', { instanceId: instance.id })).instance.status).toBe('REJECTED');
    const entries = (await history(instance.id)).history;
    expect(entries.map((e) => e.action)).toEqual(['START', 'PASS', 'REJECT', 'WITHDRAW']);
    expect(entries[2].remark).toBe('金额有误');
    expect(entries[3].remark).toBe(server.workflow.withdrawnRemark);
  });

  it('refuses an unknown instance and a missing id', async () => {
    expect(refusal(await withdraw(handler, 'no-such'))).toEqual({ status: 200, code: 'NOT_FOUND', message: '流程实例不存在' });
    expect(refusal(await call(handler, 'instances/withdraw', {})).code).toBe('VALIDATION_FAILED');
  });

  it("a withdrawal and a director's pass at the same moment: exactly one wins", async () => {
    for (let round = 0; round < 4; round += 1) {
      const { instance, task } = await start('Process_BILL_MANAGE');
      const [withdrawn, passed] = await Promise.all([withdraw(handler, instance.id), call(director, 'tasks/complete', { taskId: task!.id, outcome: 'PASS' })]);
      const wins = [withdrawn, passed].filter((a) => a.body.code === '0');
      expect(wins).toHaveLength(1);
      const loser = wins[0] === withdrawn ? passed : withdrawn;
      expect(loser.body.code).toMatch(/^(WITHDRAW_TOO_LATE|TASK_COMPLETED|DATA_VERSION_CONFLICT)$/);
      const { instance: after, history: entries } = await history(instance.id);
      expect(after.status).toBe(wins[0] === withdrawn ? 'REJECTED' : 'APPROVED');
      expect(entries.filter((e) => e.action === 'WITHDRAW' || (e.action === 'PASS' && e.taskDefinitionKey === 'Approve'))).toHaveLength(1);
    }
  });
});

describe('the end-of-instance hook', () => {
  it('tells the owning module how each instance of its process ended', async () => {
    const approved = newBusinessKey('ADMIT-HOOK');
    let { task } = await start('Process_CORP_ADMIT', approved);
    ({ task } = await complete(director, task!, 'PASS'));
    await complete(director2, task!, 'PASS');
    const withdrawn = newBusinessKey('ADMIT-HOOK');
    await ok(handler, 'instances/withdraw', { instanceId: (await start('Process_CORP_ADMIT', withdrawn)).instance.id, remark: '撤回' });
    expect(ended.filter((e) => e.businessKey === approved || e.businessKey === withdrawn)).toEqual([
      { businessKey: approved, status: 'APPROVED', actor: 'op_director2' },
      { businessKey: withdrawn, status: 'REJECTED', actor: 'op_handler' },
    ]);
    expect([await testRecordStatus(srv.database.db, approved), await testRecordStatus(srv.database.db, withdrawn)]).toEqual(['APPROVED', 'REJECTED']);
  });

  it('undoes the completion when a hook fails, so record and approval never disagree', async () => {
    const { task } = await start('Process_BILL_MANAGE', 'BILL-HOOK-FAILS');
    const answer = await call(director, 'tasks/complete', { taskId: task!.id, outcome: 'PASS' });
    expect(answer.status).toBe(500);
    const found = await ok<Instance & { currentTask: Task | null }>(auditor, 'instances/find-by-business-key', {
      businessKey: 'BILL-HOOK-FAILS',
      processKey: 'Process_BILL_MANAGE',
    });
    expect(found).toMatchObject({ status: 'RUNNING', currentActivity: 'Approve', currentTask: { id: task!.id, status: 'TODO' } });
  });
});
