/**
 * The to-do's kept bars (workflow_task_bars, migration workflow_task_bars; issue 42) under concurrent
 * moves on a real PostgreSQL server: the PGlite runs serialise every transaction on one connection.
 * Two server processes share one database. Each round, the administrator (both roles) and the handler
 * submit a corporation's admission at once, one on each process; then, at once, two directors pass the
 * administrator's submission (one wins), the administrator tries it too (maker-checker refuses), and
 * the administrator passes the handler's. After every round the bars the triggers kept equal the bars
 * the history implies (the rules' old SQL, over the raw history), and each persona's to-do badge equals
 * the old definition's count.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityTypesOf } from '../../src/workflows/activities';
import { dataOf, signInAs, type ApiClient } from './client';
import { POSTGRES_MISSING, postgresBinDir } from './postgres';
import { startTwoProcesses, type ServerProcess, type TwoProcesses } from './processes';

const BASE = '/op/v1/corporations/changes/core-admissions';
const WF = '/op/v1/workflow';
const ROUNDS = 6;
const quoted = (types: string[]) => types.map((t) => `'${t}'`).join(', ');
const REVIEW = quoted(activityTypesOf('director'));
const MAKER = quoted(activityTypesOf('handler'));
/** Four-eyes or maker-checker over task t and user u, from the raw history: the rules' SQL before the bars were kept. */
const BARRED_BY_HISTORY = `t.activity_type IN (${REVIEW}) AND EXISTS (SELECT 1 FROM workflow_history h WHERE h.instance_id = t.instance_id AND h.user_id = u.id
  AND h.action IN ('PASS', 'REJECT') AND (h.activity_type IN (${MAKER}) OR (h.activity_type IN (${REVIEW}) AND h.task_definition_key <> t.task_definition_key)))`;

const binDir = postgresBinDir();
if (!binDir) console.warn(POSTGRES_MISSING);

describe.skipIf(!binDir)('the kept to-do bars under moves at once, on PostgreSQL through two server processes', () => {
  let two: TwoProcesses;
  let a: ServerProcess;
  let b: ServerProcess;
  let client: pg.Client;
  let admin: ApiClient;
  let handler: ApiClient;
  let directorA: ApiClient;
  let director2B: ApiClient;
  let adminB: ApiClient;

  beforeAll(async () => {
    two = await startTwoProcesses(binDir!, 'bars_race');
    ({ a, b, db: client } = two);
    [admin, handler, directorA, director2B, adminB] = await Promise.all([
      signInAs(a.baseUrl, 'op_admin'),
      signInAs(b.baseUrl, 'op_handler'),
      signInAs(a.baseUrl, 'op_director'),
      signInAs(b.baseUrl, 'op_director2'),
      signInAs(b.baseUrl, 'op_admin'),
    ]);
  }, 300_000);

  afterAll(() => two?.stop());

  const keptBars = async () =>
    (await client.query<{ bar: string }>(`SELECT task_id || ' ' || user_id AS bar FROM workflow_task_bars ORDER BY 1`)).rows.map((r) => r.bar);
  const historyBars = async () =>
    (
      await client.query<{ bar: string }>(
        `SELECT t.id || ' ' || u.id AS bar FROM workflow_tasks t, (SELECT DISTINCT user_id AS id FROM workflow_history) u
          WHERE t.status = 'TODO' AND ${BARRED_BY_HISTORY} ORDER BY 1`,
      )
    ).rows.map((r) => r.bar);
  /** A persona's to-do count by the old definition: its roles' open tasks, unclaimed or its own, that the history does not bar it from. */
  const historyCount = async (userId: string, roles: string[]) =>
    (
      await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM workflow_tasks t, (SELECT $1::text AS id) u
          WHERE t.status = 'TODO' AND t.working_role = ANY($2) AND (t.assignee_id IS NULL OR t.assignee_id = u.id) AND NOT (${BARRED_BY_HISTORY})`,
        [userId, roles],
      )
    ).rows[0].n;
  const badge = async (who: ApiClient) => (await dataOf<{ count: number }>(who, `${WF}/tasks/pending-count`)).count;

  const propose = (who: ApiClient, name: string, code: string) =>
    dataOf<{ instanceId: string; taskId: string }>(who, `${BASE}/save`, {
      corpName: name,
      creditCode: code,
      legalPersonName: '赵并发',
      legalPersonIdCard: who.encrypt('11010519491231002X'),
      managerName: '钱并发',
      managerMobile: who.encrypt('13812345678'),
      registeredAddress: '广东省深圳市南山区科技园1号',
    });
  const pass = (who: ApiClient, taskId: string) => who.call(`${WF}/tasks/complete`, { json: { taskId, outcome: 'PASS', remark: '并发通过' } });

  it('keeps the bars the history implies, round after round of submissions and passes at once', async () => {
    const run = randomUUID().slice(0, 6).toUpperCase();
    const winners = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      // Two submissions at once, one on each process: two tasks opened, each with its bars, in concurrent transactions.
      const [byAdmin, byHandler] = await Promise.all([
        propose(admin, `并发规则管理建设${run}${round}有限公司`, `9144${run}BARA${String(round).padStart(4, '0')}`),
        propose(handler, `并发规则经办建设${run}${round}有限公司`, `9144${run}BARH${String(round).padStart(4, '0')}`),
      ]);
      expect(await keptBars(), `round ${round}, submitted`).toEqual(await historyBars());
      // The administrator submitted: maker-checker keeps its review out of the administrator's to-do, the count says so.
      const adminTodo = await dataOf<{ records: Array<{ id: string }> }>(admin, `${WF}/tasks/todo/page`, { pageSize: 500 });
      expect(adminTodo.records.map((r) => r.id)).not.toContain(byAdmin.taskId);
      expect(adminTodo.records.map((r) => r.id)).toContain(byHandler.taskId);

      // At once: both directors pass the administrator's submission, the administrator tries it (refused), and passes the handler's.
      const [first, second, own, other] = await Promise.all([
        pass(directorA, byAdmin.taskId),
        pass(director2B, byAdmin.taskId),
        pass(adminB, byAdmin.taskId),
        pass(admin, byHandler.taskId),
      ]);
      const wins = [first, second].filter((answer) => answer.body?.code === '0');
      expect(wins, `round ${round}: ${first.text} / ${second.text}`).toHaveLength(1);
      winners.add(wins[0] === first ? 'op_director' : 'op_director2');
      for (const loser of [first, second].filter((answer) => answer.body?.code !== '0')) {
        expect(loser.status, `${loser.text}\n${a.output().slice(-3000)}\n${b.output().slice(-3000)}`).toBeLessThan(500);
        expect(loser.body.code).toMatch(/^(TASK_COMPLETED|DATA_VERSION_CONFLICT)$/);
      }
      expect(own.body.code, own.text).toMatch(/^(MAKER_CHECKER|TASK_COMPLETED|DATA_VERSION_CONFLICT)$/);
      expect(other.body.code, other.text).toBe('0');
      expect(await keptBars(), `round ${round}, passed`).toEqual(await historyBars());
      // Every round leaves one open task barred to the administrator: a submission still waiting, so the bars are not all gone.
      const pending = await propose(admin, `并发规则待审建设${run}${round}有限公司`, `9144${run}BARW${String(round).padStart(4, '0')}`);
      expect(await keptBars()).toContain(`${pending.taskId} u-op-admin`);
    }
    expect(await keptBars()).toEqual(await historyBars());
    expect(await badge(admin)).toBe(await historyCount('u-op-admin', ['handler', 'director']));
    expect(await badge(directorA)).toBe(await historyCount('u-op-director', ['director']));
    expect(await badge(handler)).toBe(await historyCount('u-op-handler', ['handler']));
    console.info(`bars race on PostgreSQL: the directors' race won by ${[...winners].join(', ')}`);
  }, 300_000);
});
