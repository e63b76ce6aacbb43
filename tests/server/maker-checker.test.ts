/**
 * Maker-checker over every process of the registry (issue 26): whoever completed an edit (submit)
 * step of an instance cannot complete an approve step of it, the role admin included. op_admin, who
 * may work both roles, works every handler step; at every review step it is refused with its own
 * code and message, the task is absent from its to-do list and pending count, and the task lookup
 * says why; a director then passes the step, so each row walks its process to the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_KEY } from '../../src/lib/codes';
import { isActivityType, isReviewStep } from '../../src/workflows/activities';
import { FINAL_APPROVE_MODE, findProcessDefinition, PROCESS_KEYS, variableGivenAt } from '../../src/workflows/registry';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { startServer, type TestServer } from './server';
import { testRecords } from './test-records';

const API = '/op/v1/workflow';

interface Task {
  id: string;
  taskDefinitionKey: string;
  activityType: string;
  workable?: boolean;
  unworkableReason?: string | null;
}
interface Transition {
  instance: { id: string; status: string };
  task: Task | null;
}

let srv: TestServer;
let admin: ApiClient;
let directors: ApiClient[];

beforeAll(async () => {
  // Private: it registers test routes of its own.
  srv = await startServer({ extraRoutes: [testRecords] });
  admin = await signInAs(srv.baseUrl, 'op_admin');
  directors = [await signInAs(srv.baseUrl, 'op_director'), await signInAs(srv.baseUrl, 'op_director2')];
  // Step sequences only: signing is covered by the sign tests.
  const off = await admin.call('/op/v1/sys/configs/update-value-by-config-key', { json: { configKey: CONFIG_KEY.smsSignOpenCorps, configValue: '[]' } });
  expect(off.body.code).toBe('0');
});
afterAll(() => srv.close());

const ok = <T>(client: ApiClient, path: string, json?: unknown) => dataOf<T>(client, `${API}/${path}`, json);
const todoIds = async (client: ApiClient) => (await ok<{ records: Task[] }>(client, 'tasks/todo/page', { pageSize: 500 })).records.map((t) => t.id);
const pending = async (client: ApiClient) => (await ok<{ count: number }>(client, 'tasks/pending-count')).count;

const ROWS: Array<{ name: string; processKey: string; variables?: Record<string, string> }> = PROCESS_KEYS.flatMap((processKey) =>
  processKey === 'Process_CREDIT_ISSUE'
    ? [FINAL_APPROVE_MODE.DOUBLE_OPERATOR, FINAL_APPROVE_MODE.SINGLE, FINAL_APPROVE_MODE.DOUBLE_DIRECTOR].map((mode) => ({
        name: `${processKey} (${mode})`,
        processKey,
        variables: { [FINAL_APPROVE_MODE.variable]: mode },
      }))
    : [{ name: processKey, processKey }],
);

const covered: string[] = [];
let rowSeq = 0;

describe('maker-checker', () => {
  it('covers every process of the registry', () => {
    expect(new Set(ROWS.map((r) => r.processKey))).toEqual(new Set(PROCESS_KEYS));
  });

  it.each(ROWS)('$name: the admin who submitted is refused every review step, a director passes it', async ({ processKey, variables }) => {
    const businessKey = `MC-${processKey}-${(rowSeq += 1)}`;
    // The generic start starts nothing: each row's instance carries a test record (tests/server/test-records.ts).
    let { instance, task } = await ok<Transition>(admin, 'test/start', { processKey, businessKey, businessType: 'TEST', variables });
    let reviews = 0;
    for (let guard = 0; task && guard < 10; guard++) {
      expect(isActivityType(task.activityType)).toBe(true);
      if (!isReviewStep(task.activityType as never)) {
        ({ instance, task } = await ok<Transition>(admin, 'tasks/complete', { taskId: task.id, outcome: 'PASS' }));
        continue;
      }
      reviews++;
      // refused by the server, with its own code and message
      const refused = await admin.call(`${API}/tasks/complete`, { json: { taskId: task.id, outcome: 'PASS' } });
      expect(refusalOf(refused)).toEqual({ status: 200, code: 'MAKER_CHECKER', message: '您已提交该申请，不能审批' });
      expect(refusalOf(await admin.call(`${API}/tasks/claim`, { json: { taskId: task.id } })).code).toBe('MAKER_CHECKER');
      // not offered, and the task view is told why
      expect(await todoIds(admin)).not.toContain(task.id);
      expect(await ok<Task>(admin, 'tasks/find-by-id', { taskId: task.id })).toMatchObject({ workable: false, unworkableReason: 'MAKER_CHECKER' });
      const current = await ok<{ currentTask: Task }>(admin, 'instances/find-by-id', { instanceId: instance.id });
      expect(current.currentTask).toMatchObject({ id: task.id, workable: false, unworkableReason: 'MAKER_CHECKER' });
      // a director who may work it sees it and passes it
      let passedBy: ApiClient | undefined;
      for (const director of directors) {
        const view = await ok<Task>(director, 'tasks/find-by-id', { taskId: task.id });
        if (!view.workable) {
          expect(view.unworkableReason).toBe('FOUR_EYES');
          continue;
        }
        expect(view.unworkableReason).toBeNull();
        expect(await todoIds(director)).toContain(task.id);
        passedBy = director;
        break;
      }
      expect(passedBy, `no director may pass ${task.taskDefinitionKey}`).toBeDefined();
      const given = Object.fromEntries(
        Object.entries(variables ?? {}).filter(([name]) => variableGivenAt(findProcessDefinition(processKey)!, name, task!.taskDefinitionKey)),
      );
      ({ instance, task } = await ok<Transition>(passedBy!, 'tasks/complete', { taskId: task.id, outcome: 'PASS', variables: given }));
    }
    expect(instance.status).toBe('APPROVED');
    expect(reviews).toBeGreaterThan(0);
    covered.push(processKey);
  });

  it('leaves no barred task in the admin pending count', async () => {
    // every instance above ended; one more waits at its review step
    // Starting it is the admin's submission: the review it opens is barred to them, so their count does not grow.
    const before = await pending(admin);
    const { task: review } = await ok<Transition>(admin, 'test/start', {
      processKey: 'Process_CREDIT_AGREEMENT',
      businessKey: 'MC-PENDING',
      businessType: 'TEST',
    });
    expect(review?.taskDefinitionKey).toBe('Approve');
    expect(await pending(admin)).toBe(before);
    expect(await todoIds(directors[0])).toContain(review!.id);
    console.info(`maker-checker covered ${new Set(covered).size} processes: ${[...new Set(covered)].join(', ')}`);
  });
});
