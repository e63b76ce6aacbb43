/**
 * The engine's transition hook (onTransition): every start, pass and reject is heard once, with the
 * step left and the step now open, inside the moving transaction, so a listener that throws leaves
 * the instance where it was. Driven as a table of step sequences over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteModule } from '../../server/app';
import type { TransitionEvent } from '../../server/workflow/engine';
import { CONFIG_KEY } from '../../src/lib/codes';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { startServer, type TestServer } from './server';
import { testRecords } from './test-records';

const API = '/op/v1/workflow';

interface Task {
  id: string;
  taskDefinitionKey: string;
}
interface Transition {
  instance: { id: string; status: string; currentActivity: string | null };
  task: Task | null;
}

type Heard = [outcome: string, from: string | null, to: string | null, status: string, actor: string, remark: string | null];
const heard = new Map<string, Heard[]>();
const FAILING_KEY = 'BILL-TRANSITION-FAILS';

const hooks: RouteModule = (_api, ctx) => {
  const listen = (event: TransitionEvent) => {
    const list = heard.get(event.instance.businessKey) ?? [];
    list.push([event.outcome, event.from, event.to, event.instance.status, event.actor.username, event.remark]);
    heard.set(event.instance.businessKey, list);
  };
  ctx.workflow.onTransition('Process_CORP_ADMIT', listen);
  ctx.workflow.onTransition('Process_BILL_MANAGE', (event) => {
    if (event.instance.businessKey === FAILING_KEY && event.outcome === 'PASS' && event.from === 'Approve') throw new Error('the record refused the move');
    listen(event);
  });
  // Removed listeners are not called: this one would make every CORP_ADMIT move fail.
  ctx.workflow.onTransition('Process_CORP_ADMIT', () => {
    throw new Error('removed before any move');
  })();
};

let srv: TestServer;
const clients: Record<string, ApiClient> = {};

beforeAll(async () => {
  // Private: it registers test routes and hooks of its own.
  srv = await startServer({ extraRoutes: [hooks, testRecords] });
  for (const username of ['op_handler', 'op_director', 'op_director2', 'op_admin']) clients[username] = await signInAs(srv.baseUrl, username);
  // Step sequences only: the SMS signature of signed steps is covered by the sign and real-name tests.
  const off = await clients.op_admin.call('/op/v1/sys/configs/update-value-by-config-key', {
    json: { configKey: CONFIG_KEY.smsSignOpenCorps, configValue: '[]' },
  });
  expect(off.body.code).toBe('0');
});
afterAll(() => srv.close());

type Step = [username: string, outcome: 'PASS' | 'REJECT', remark?: string];

interface Row {
  name: string;
  processKey: string;
  steps: Step[];
  expected: Heard[];
}

const table: Row[] = [
  {
    name: 'real-name admission passed through both reviews',
    processKey: 'Process_CORP_ADMIT',
    steps: [
      ['op_director', 'PASS'],
      ['op_director2', 'PASS'],
    ],
    expected: [
      ['START', null, 'Submit', 'RUNNING', 'op_handler', null],
      ['PASS', 'Submit', 'InitialReview', 'RUNNING', 'op_handler', null],
      ['PASS', 'InitialReview', 'SecondReview', 'RUNNING', 'op_director', null],
      ['PASS', 'SecondReview', null, 'APPROVED', 'op_director2', null],
    ],
  },
  {
    name: 'real-name admission rejected at the initial review, resubmitted',
    processKey: 'Process_CORP_ADMIT',
    steps: [
      ['op_director', 'REJECT', '执照模糊'],
      ['op_handler', 'PASS', '已重传'],
    ],
    expected: [
      ['START', null, 'Submit', 'RUNNING', 'op_handler', null],
      ['PASS', 'Submit', 'InitialReview', 'RUNNING', 'op_handler', null],
      ['REJECT', 'InitialReview', 'Submit', 'RUNNING', 'op_director', '执照模糊'],
      ['PASS', 'Submit', 'InitialReview', 'RUNNING', 'op_handler', '已重传'],
    ],
  },
  {
    name: 'real-name admission rejected at the second review, then withdrawn',
    processKey: 'Process_CORP_ADMIT',
    steps: [
      ['op_director', 'PASS'],
      ['op_director2', 'REJECT', '账号不符'],
      ['op_handler', 'REJECT', '撤回'],
    ],
    expected: [
      ['START', null, 'Submit', 'RUNNING', 'op_handler', null],
      ['PASS', 'Submit', 'InitialReview', 'RUNNING', 'op_handler', null],
      ['PASS', 'InitialReview', 'SecondReview', 'RUNNING', 'op_director', null],
      ['REJECT', 'SecondReview', 'Submit', 'RUNNING', 'op_director2', '账号不符'],
      ['REJECT', 'Submit', null, 'REJECTED', 'op_handler', '撤回'],
    ],
  },
  {
    name: 'bill handling, two steps',
    processKey: 'Process_BILL_MANAGE',
    steps: [['op_director', 'PASS']],
    expected: [
      ['START', null, 'ModifyStatus', 'RUNNING', 'op_handler', null],
      ['PASS', 'ModifyStatus', 'Approve', 'RUNNING', 'op_handler', null],
      ['PASS', 'Approve', null, 'APPROVED', 'op_director', null],
    ],
  },
];

let seq = 0;

describe('onTransition', () => {
  it.each(table)('hears $name', async ({ processKey, steps, expected }) => {
    const businessKey = `${processKey}-T${(seq += 1)}`;
    // The start is the submission: it is heard as START and the first step's PASS, by the handler.
    let { task } = await dataOf<Transition>(clients.op_handler, `${API}/test/start`, { processKey, businessKey });
    for (const [username, outcome, remark] of steps) {
      ({ task } = await dataOf<Transition>(clients[username], `${API}/tasks/complete`, { taskId: task!.id, outcome, remark }));
    }
    expect(heard.get(businessKey)).toEqual(expected);
  });

  it('a listener that throws undoes the move: the task stays open and nothing more is heard', async () => {
    const { task } = await dataOf<Transition>(clients.op_handler, `${API}/test/start`, { processKey: 'Process_BILL_MANAGE', businessKey: FAILING_KEY });
    const refused = await clients.op_director.call(`${API}/tasks/complete`, { json: { taskId: task!.id, outcome: 'PASS' } });
    expect(refusalOf(refused).status).toBe(500);
    const found = await dataOf<{ currentTask: { id: string; taskDefinitionKey: string; status: string } }>(
      clients.op_handler,
      `${API}/instances/find-by-business-key`,
      {
        businessKey: FAILING_KEY,
      },
    );
    expect(found.currentTask).toMatchObject({ id: task!.id, taskDefinitionKey: 'Approve', status: 'TODO' });
    expect(heard.get(FAILING_KEY)).toEqual([
      ['START', null, 'ModifyStatus', 'RUNNING', 'op_handler', null],
      ['PASS', 'ModifyStatus', 'Approve', 'RUNNING', 'op_handler', null],
    ]);
  });
});
