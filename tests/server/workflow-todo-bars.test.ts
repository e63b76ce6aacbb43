/**
 * Four-eyes and maker-checker kept as rows (workflow_task_bars, migration workflow_task_bars; issue 42):
 * the to-do list, its count and the badge read the kept bars and the kept open-task counts, where they
 * searched the history of every open task. Over many generated histories (several users of either
 * role, the admin holding both, rounds of rejects and resubmissions, claims and withdrawals, processes
 * of one and of two review steps and one whose first step is open work), driven through the engine
 * in-process, each actor's to-do list (its order, a deep page, a process's list), its total and the
 * badge are compared with the old definition computed from the raw history (the SQL the lists ran
 * before, kept below as the reference), the kept bars with the bars that definition implies, and every
 * claim or completion the engine accepts or refuses with whether the task was in that actor's to-do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { and, asc, desc, eq, exists, inArray, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/open';
import { workflowHistory, workflowInstances, workflowTaskBars, workflowTasks } from '../../server/db/schema';
import { ApiError } from '../../server/errors';
import { WorkflowEngine, type Actor, type OwnedProcess } from '../../server/workflow/engine';
import { WorkflowQueries } from '../../server/workflow/queries';
import { ROLE } from '../../src/lib/codes';
import { ACTIVITY_TYPES, activityTypesOf, workingRoleOf, type WorkingRole } from '../../src/workflows/activities';
import { findProcessDefinition } from '../../src/workflows/registry';
import { HISTORY_ACTION, TASK_STATUS } from '../../src/workflows/states';
import { startServer, type TestServer } from './server';

// ---- The reference: the to-do's definition as the lists ran it before the bars were kept (rules.ts, issue 42), over the raw history.

const REVIEW_TYPES = activityTypesOf('director');
const MAKER_TYPES = activityTypesOf('handler');

function referenceFourEyes(db: Db, userId: string): SQL {
  const otherReview = db
    .select({ one: sql`1` })
    .from(workflowHistory)
    .where(
      and(
        eq(workflowHistory.instanceId, workflowTasks.instanceId),
        eq(workflowHistory.userId, userId),
        inArray(workflowHistory.action, [HISTORY_ACTION.PASS, HISTORY_ACTION.REJECT]),
        inArray(workflowHistory.activityType, REVIEW_TYPES),
        ne(workflowHistory.taskDefinitionKey, workflowTasks.taskDefinitionKey),
      ),
    );
  return and(inArray(workflowTasks.activityType, REVIEW_TYPES), exists(otherReview))!;
}

function referenceMaker(db: Db, userId: string): SQL {
  const made = db
    .select({ one: sql`1` })
    .from(workflowHistory)
    .where(
      and(
        eq(workflowHistory.instanceId, workflowTasks.instanceId),
        eq(workflowHistory.userId, userId),
        inArray(workflowHistory.action, [HISTORY_ACTION.PASS, HISTORY_ACTION.REJECT]),
        inArray(workflowHistory.activityType, MAKER_TYPES),
      ),
    );
  return and(inArray(workflowTasks.activityType, REVIEW_TYPES), exists(made))!;
}

const rolesOf = (actor: Actor): WorkingRole[] =>
  (['handler', 'director'] as const).filter((role) =>
    actor.roles.some((r) => r.code === ROLE.ADMIN || r.code === (role === 'handler' ? ROLE.OP_HANDLER : ROLE.OP_DIRECTOR)),
  );

function referenceTodoCondition(db: Db, actor: Actor): SQL {
  const roles = rolesOf(actor);
  if (roles.length === 0) return sql`false`;
  return and(
    eq(workflowTasks.status, TASK_STATUS.TODO),
    inArray(workflowTasks.workingRole, roles),
    or(isNull(workflowTasks.assigneeId), eq(workflowTasks.assigneeId, actor.userId)),
    not(referenceFourEyes(db, actor.userId)),
    not(referenceMaker(db, actor.userId)),
  )!;
}

/** The actor's to-do by the reference, every task in the list's order (of one process, when given). */
async function referenceTodo(db: Db, actor: Actor, processKey?: string): Promise<string[]> {
  const rows = await db
    .select({ id: workflowTasks.id })
    .from(workflowTasks)
    .innerJoin(workflowInstances, eq(workflowInstances.id, workflowTasks.instanceId))
    .where(and(referenceTodoCondition(db, actor), processKey ? eq(workflowTasks.processKey, processKey) : undefined))
    .orderBy(desc(workflowTasks.createTime), asc(workflowTasks.id));
  return rows.map((r) => r.id);
}

/** The bars the reference implies: for every user in the history, the open tasks either rule bars them from. */
async function referenceBars(db: Db): Promise<string[]> {
  const people = await db.selectDistinct({ userId: workflowHistory.userId }).from(workflowHistory);
  const bars: string[] = [];
  for (const { userId } of people) {
    const rows = await db
      .select({ id: workflowTasks.id })
      .from(workflowTasks)
      .where(and(eq(workflowTasks.status, TASK_STATUS.TODO), or(referenceFourEyes(db, userId), referenceMaker(db, userId))));
    bars.push(...rows.map((r) => `${r.id} ${userId}`));
  }
  return bars.sort();
}

const keptBars = async (db: Db) => (await db.select().from(workflowTaskBars)).map((b) => `${b.taskId} ${b.userId}`).sort();

// ---- The generated histories.

/** A small seeded generator (mulberry32), so a failing history is told by its seed and made again. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] };
}

const role = (code: string) => ({ code, pkRole: `r-${code}`, roleName: code });
const person = (id: string, ...codes: string[]): Actor => ({ userId: `bars-${id}`, username: `bars_${id}`, personName: `规则${id}`, roles: codes.map(role) });
/** Two handlers, three directors, the admin (both roles by being admin) and one person given both roles. */
const PEOPLE: Actor[] = [
  person('h1', ROLE.OP_HANDLER),
  person('h2', ROLE.OP_HANDLER),
  person('d1', ROLE.OP_DIRECTOR),
  person('d2', ROLE.OP_DIRECTOR),
  person('d3', ROLE.OP_DIRECTOR),
  person('admin', ROLE.ADMIN),
  person('both', ROLE.OP_HANDLER, ROLE.OP_DIRECTOR),
];
const STARTERS = PEOPLE.filter((p) => rolesOf(p).includes('handler'));

/**
 * Processes of every shape the rules care about: two review steps (four-eyes between them), one review, a first step that is
 * open work (not submitted at start), and a handler step after a review (credit issuance by two operators: an edit type after a
 * review); each with the variables it needs at start.
 */
const PROCESSES: Array<{ processKey: string; variables?: Record<string, string> }> = [
  { processKey: 'Process_CORP_ADMIT' },
  { processKey: 'Process_BILL_MANAGE' },
  { processKey: 'Process_ABS_CERTIFICATE_CODE' },
  { processKey: 'Process_CREDIT_ISSUE', variables: { finalApproveMode: 'DOUBLE_OPERATOR' } },
  { processKey: 'Process_CREDIT_ISSUE', variables: { finalApproveMode: 'DOUBLE_DIRECTOR' } },
];

/** The refusals a random move may meet: the rules, a claim, a lost race, a late withdrawal. Anything else fails the test. */
const REFUSALS = new Set(['FORBIDDEN', 'MAKER_CHECKER', 'FOUR_EYES', 'TASK_CLAIMED', 'TASK_COMPLETED', 'WITHDRAW_TOO_LATE']);

let srv: TestServer;
let db: Db;
let engine: WorkflowEngine;
let queries: WorkflowQueries;
const owned = new Map<string, OwnedProcess>();

beforeAll(async () => {
  srv = await startServer();
  db = srv.database.db;
  // An engine of the test's own over the server's database: it owns the processes here, the server's modules never see its instances.
  engine = new WorkflowEngine(db);
  queries = new WorkflowQueries(db);
  for (const { processKey } of PROCESSES) if (!owned.has(processKey)) owned.set(processKey, engine.own(processKey, 'bars test'));
}, 120_000);

afterAll(() => srv?.close());

/** Each actor's to-do, total, deep page, a process's list and the badge against the reference; the kept bars against theirs. */
async function compareAll(context: string, processKey: string): Promise<void> {
  expect(await keptBars(db), `${context}: kept bars`).toEqual(await referenceBars(db));
  for (const actor of PEOPLE) {
    const at = `${context}, ${actor.username}`;
    const expected = await referenceTodo(db, actor);
    expect(expected.length, `${at}: the list fits one page of 500`).toBeLessThan(500);
    const page = await queries.todoPage(actor, { pageNum: 1, pageSize: 500 });
    expect(
      page.records.map((r) => r.id),
      at,
    ).toEqual(expected);
    expect(page.total, at).toBe(expected.length);
    expect(page, at).not.toHaveProperty('totalBounded');
    expect(await queries.pendingCount(actor), `${at}: badge`).toBe(expected.length);
    const deep = await queries.todoPage(actor, { pageNum: 3, pageSize: 2 });
    expect(
      deep.records.map((r) => r.id),
      `${at}: page 3 of 2`,
    ).toEqual(expected.slice(4, 6));
    const ofProcess = await referenceTodo(db, actor, processKey);
    const processPage = await queries.todoPage(actor, { pageNum: 1, pageSize: 500, processKey });
    expect(
      processPage.records.map((r) => r.id),
      `${at}: ${processKey}`,
    ).toEqual(ofProcess);
    expect(processPage.total, `${at}: ${processKey}`).toBe(ofProcess.length);
  }
}

interface OpenTask {
  id: string;
  instanceId: string;
  startUserId: string;
}

/** The open tasks of this history's instances. */
const openTasks = async (prefix: string): Promise<OpenTask[]> =>
  db
    .select({ id: workflowTasks.id, instanceId: workflowTasks.instanceId, startUserId: workflowInstances.startUserId })
    .from(workflowTasks)
    .innerJoin(workflowInstances, eq(workflowInstances.id, workflowTasks.instanceId))
    .where(and(eq(workflowTasks.status, TASK_STATUS.TODO), sql`${workflowInstances.businessKey} like ${`${prefix}%`}`))
    // By the record's key (one open task an instance), not the task's random id: a seed makes the same history again.
    .orderBy(asc(workflowInstances.businessKey));

/** Runs a move; a refusal of REFUSALS answers its code, anything else is thrown. */
async function attempt(move: () => Promise<unknown>): Promise<string> {
  try {
    await move();
    return 'OK';
  } catch (error) {
    if (error instanceof ApiError && REFUSALS.has(error.code)) return error.code;
    throw error;
  }
}

describe('the to-do from kept bars and counts equals the to-do from the history', () => {
  it('maps every activity type to its working role as src/workflows/activities.ts does (the triggers’ copy of the rule)', async () => {
    for (const type of ACTIVITY_TYPES) {
      const [{ role: sqlRole }] = await db.select({ role: sql<string>`workflow_working_role(${type})` }).from(sql`(select 1) as one`);
      expect(sqlRole, type).toBe(workingRoleOf(type));
    }
    const [{ role: unknown }] = await db.select({ role: sql<string | null>`workflow_working_role('someNewType')` }).from(sql`(select 1) as one`);
    expect(unknown).toBeNull();
  });

  it('the processes generated are of the shapes meant (two reviews; a first step open; an edit after a review)', () => {
    const types = (key: string) => Object.values(findProcessDefinition(key)!.activities).map((a) => workingRoleOf(a.type));
    expect(types('Process_CORP_ADMIT').filter((r) => r === 'director')).toHaveLength(2);
    expect(findProcessDefinition('Process_ABS_CERTIFICATE_CODE')!.submitsAtStart).toBe(false);
    expect(types('Process_CREDIT_ISSUE')).toContain('handler');
  });

  const SEEDS = [1, 2, 3, 4, 5, 6];
  const MOVES = 50;
  /** What the moves of every history met, by move and answer. */
  const seenAll = new Map<string, number>();

  it.each(SEEDS)(
    'history %i: every actor’s list, total, deep page, process list and badge, and the engine’s answers, agree with the reference',
    async (seed) => {
      const random = generator(seed);
      const prefix = `BARS-${seed}-`;
      const seen = new Map<string, number>();
      let started = 0;
      for (let move = 0; move < MOVES; move += 1) {
        const open = await openTasks(prefix);
        const process = random.pick(PROCESSES);
        if (open.length === 0 || random.next() < 0.2) {
          const by = random.pick(STARTERS);
          await owned.get(process.processKey)!.start(by, {
            businessKey: `${prefix}${(started += 1)}`,
            summary: `规则 ${seed}/${started}`,
            variables: process.variables,
          });
          seen.set('start', (seen.get('start') ?? 0) + 1);
        } else {
          const task = random.pick(open);
          const roll = random.next();
          const by = roll > 0.85 && random.next() < 0.7 ? PEOPLE.find((p) => p.userId === task.startUserId)! : random.pick(PEOPLE);
          const inTodo = (await referenceTodo(db, by)).includes(task.id);
          let kind: string;
          let answer: string;
          if (roll < 0.2) {
            kind = 'claim';
            answer = await attempt(() => engine.claim(by, task.id));
          } else if (roll < 0.6) {
            kind = 'pass';
            answer = await attempt(() => engine.complete(by, { taskId: task.id, outcome: 'PASS', remark: '同意' }));
          } else if (roll < 0.85) {
            kind = 'reject';
            answer = await attempt(() => engine.complete(by, { taskId: task.id, outcome: 'REJECT', remark: '退回重办' }));
          } else {
            kind = 'withdraw';
            answer = await attempt(() => engine.withdraw(by, { instanceId: task.instanceId, remark: '撤回' }));
          }
          // The engine acts on exactly the tasks the reference puts in the actor's to-do, and refuses the others.
          if (kind !== 'withdraw') expect(answer === 'OK', `seed ${seed} move ${move}: ${by.username} ${kind} ${task.id}: ${answer}`).toBe(inTodo);
          seen.set(`${kind} ${answer}`, (seen.get(`${kind} ${answer}`) ?? 0) + 1);
        }
        if (move % 5 === 4) await compareAll(`seed ${seed} move ${move}`, process.processKey);
      }
      await compareAll(`seed ${seed} end`, random.pick(PROCESSES).processKey);
      for (const [key, n] of seen) seenAll.set(key, (seenAll.get(key) ?? 0) + n);
    },
    120_000,
  );

  it('over every history: the moves were varied, and four-eyes and maker-checker barred both kinds of user, the admin among them', async () => {
    // Not the rule, a sign the histories were varied: each rule refused someone, steps were claimed, passed, rejected and withdrawn.
    const said = JSON.stringify([...seenAll]);
    for (const key of ['claim OK', 'pass OK', 'reject OK', 'withdraw OK']) expect(seenAll.get(key) ?? 0, said).toBeGreaterThan(0);
    expect(
      [...seenAll.keys()].some((k) => k.endsWith('MAKER_CHECKER')),
      said,
    ).toBe(true);
    expect(
      [...seenAll.keys()].some((k) => k.endsWith('FOUR_EYES')),
      said,
    ).toBe(true);
    const barred = await db.selectDistinct({ userId: workflowTaskBars.userId }).from(workflowTaskBars);
    const ids = barred.map((b) => b.userId);
    expect(ids).toContain('bars-admin');
    expect(ids.some((id) => /bars-d\d/.test(id))).toBe(true);
    expect(ids.some((id) => /bars-h\d/.test(id))).toBe(true);
  });

  it('the migration’s backfill makes the bars an earlier release’s open tasks need, from their history alone', async () => {
    // Found by its name, not its number: a migration is renumbered when branches meet.
    const folder = new URL('../../server/db/migrations/', import.meta.url);
    const file = readdirSync(folder).find((name) => /^\d{4}_workflow_task_bars\.sql$/.test(name))!;
    const migration = readFileSync(new URL(file, folder), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/^\s*-- The backfill/);
    const before = await keptBars(db);
    expect(before.length).toBeGreaterThan(0);
    // An earlier release's install: the tasks and the history, no bars (the table is made empty by the migration).
    await db.delete(workflowTaskBars);
    await db.execute(sql.raw(backfill));
    expect(await keptBars(db)).toEqual(before);
    expect(await keptBars(db)).toEqual(await referenceBars(db));
  });
});
