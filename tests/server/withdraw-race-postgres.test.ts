/**
 * 撤回 against a director's 通过 at the same moment, on a real PostgreSQL server (README "Workflow
 * API"): the PGlite run (workflow.test.ts) serialises every transaction on its one connection, so it
 * cannot show that the open task's guarded update decides the race. Here two server processes share
 * one PostgreSQL database, the submitter calls one and the director the other, at once: exactly one
 * wins, and the record, its change and the instance all say the same thing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, signInAs, type ApiClient } from './client';
import { POSTGRES_MISSING, postgresBinDir } from './postgres';
import { startTwoProcesses, type ServerProcess, type TwoProcesses } from './processes';

const BASE = '/op/v1/corporations/changes/core-admissions';
const WF = '/op/v1/workflow';
const ROUNDS = 8;

const binDir = postgresBinDir();
if (!binDir) console.warn(POSTGRES_MISSING);

describe.skipIf(!binDir)('撤回 and 通过 at once, on PostgreSQL through two server processes', () => {
  let two: TwoProcesses;
  let a: ServerProcess;
  let b: ServerProcess;
  let handler: ApiClient;
  let director: ApiClient;
  let auditor: ApiClient;

  beforeAll(async () => {
    two = await startTwoProcesses(binDir!, 'withdraw_race');
    ({ a, b } = two);
    [handler, director, auditor] = await Promise.all([
      signInAs(a.baseUrl, 'op_handler'),
      signInAs(b.baseUrl, 'op_director'),
      signInAs(b.baseUrl, 'op_auditor'),
    ]);
  }, 300_000);

  afterAll(() => two?.stop());

  it('lets exactly one of them win, round after round, whichever is sent first', async () => {
    const run = randomUUID().slice(0, 6).toUpperCase();
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const corpName = `并发撤回建设集团${run}${round}有限公司`;
      const proposal = await dataOf<{ change: { recordId: string }; instanceId: string; taskId: string }>(handler, `${BASE}/save`, {
        corpName,
        creditCode: `9144${run}RACE${String(round).padStart(4, '0')}`,
        legalPersonName: '赵并发',
        legalPersonIdCard: handler.encrypt('11010519491231002X'),
        managerName: '钱并发',
        managerMobile: handler.encrypt('13812345678'),
        registeredAddress: '广东省深圳市南山区科技园1号',
      });
      const withdraw = () => handler.call(`${WF}/instances/withdraw`, { json: { instanceId: proposal.instanceId, remark: '并发撤回' } });
      const pass = () => director.call(`${WF}/tasks/complete`, { json: { taskId: proposal.taskId, outcome: 'PASS', remark: '并发通过' } });
      // Both requests are in flight together; which leaves first alternates.
      const [withdrawn, passed] = round % 2 === 0 ? await Promise.all([withdraw(), pass()]) : (await Promise.all([pass(), withdraw()])).reverse();
      const wins = [withdrawn, passed].filter((answer) => answer.body?.code === '0');
      expect(wins, `round ${round}: ${withdrawn.text} / ${passed.text}`).toHaveLength(1);
      const withdrawWon = wins[0] === withdrawn;
      outcomes.add(withdrawWon ? 'withdrawn' : 'approved');
      const loser = withdrawWon ? passed : withdrawn;
      expect(loser.status, `round ${round}: ${loser.text}\n${a.output().slice(-4000)}\n${b.output().slice(-4000)}`).toBeLessThan(500);
      expect(loser.body.code).toMatch(/^(WITHDRAW_TOO_LATE|TASK_COMPLETED|DATA_VERSION_CONFLICT)$/);

      // The instance, its history, the change and the record agree with the winner.
      const { instance, history } = await dataOf<{ instance: { status: string }; history: Array<{ action: string; taskDefinitionKey: string }> }>(
        auditor,
        `${WF}/instances/history`,
        { instanceId: proposal.instanceId },
      );
      expect(instance.status).toBe(withdrawWon ? 'REJECTED' : 'APPROVED');
      expect(history.filter((e) => e.action === 'WITHDRAW' || (e.action === 'PASS' && e.taskDefinitionKey === 'Approve'))).toHaveLength(1);
      const found = await auditor.call(`${BASE}/find-by-id`, { json: { id: proposal.change.recordId } });
      if (withdrawWon) expect(found.body.code).not.toBe('0');
      else expect(found.body.data).toMatchObject({ corpName, pendingChange: null });
      const pending = await dataOf<Array<{ recordId: string }>>(auditor, `${BASE}/pending-creations`);
      expect(pending.some((c) => c.recordId === proposal.change.recordId)).toBe(false);
    }
    // Not a requirement of the rule, but a sign the race was run: over the rounds, both sides won at least once.
    console.info(`withdraw race on PostgreSQL: ${[...outcomes].join(', ')}`);
  }, 300_000);
});
