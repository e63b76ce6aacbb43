/**
 * Who may work which task, as SQL and as checks: used by the engine before it acts and by the task
 * lists, so that a to-do list never shows a task its reader would be refused.
 *
 * The engine checks four-eyes and maker-checker on the history itself (reviewBarOf) before it acts;
 * the lists read the same two rules as kept rows (workflow_task_bars, server/workflow/schema.ts), so
 * a to-do list and its count do not search the history of every open task (issue 42).
 * tests/server/workflow-todo-bars.test.ts holds the two equal over many generated histories.
 */
import { and, count, desc, eq, exists, inArray, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { hasAnyRole } from '../../src/lib/access';
import { activityTypesOf, WORKING_ROLE_CODE, type WorkingRole } from '../../src/workflows/activities';
import { HISTORY_ACTION, TASK_STATUS } from '../../src/workflows/states';
import type { Tx } from '../crud/routes';
import type { Db } from '../db/open';
import { workflowHistory, workflowOpenTaskCounts, workflowTaskBars, workflowTasks } from '../db/schema';
import type { Principal } from '../security/sessions';

/** Who acts: the parts of a principal the engine reads. */
export type Actor = Pick<Principal, 'userId' | 'username' | 'personName' | 'roles'>;

const REVIEW_TYPES = activityTypesOf('director');
const MAKER_TYPES = activityTypesOf('handler');

/** Whether the actor may work steps of this role: the role itself, or the role admin. */
export function mayWork(actor: Actor, role: WorkingRole): boolean {
  return hasAnyRole(actor.roles, [WORKING_ROLE_CODE[role]]);
}

/** The working roles whose tasks the actor may work. */
export function workingRolesOf(actor: Actor): WorkingRole[] {
  return (['handler', 'director'] as const).filter((role) => mayWork(actor, role));
}

/**
 * Four-eyes, over a workflow_tasks row: the task is a review step and the actor has completed a
 * different review step of the same instance (in any round).
 */
export function fourEyesBarred(db: Db, actor: Actor): SQL {
  const otherReview = db
    .select({ one: sql`1` })
    .from(workflowHistory)
    .where(
      and(
        eq(workflowHistory.instanceId, workflowTasks.instanceId),
        eq(workflowHistory.userId, actor.userId),
        inArray(workflowHistory.action, [HISTORY_ACTION.PASS, HISTORY_ACTION.REJECT]),
        inArray(workflowHistory.activityType, REVIEW_TYPES),
        ne(workflowHistory.taskDefinitionKey, workflowTasks.taskDefinitionKey),
      ),
    );
  return and(inArray(workflowTasks.activityType, REVIEW_TYPES), exists(otherReview))!;
}

/**
 * Maker-checker, over a workflow_tasks row: the task is a review step and the actor completed an
 * edit (submit) step of the same instance, in any round. It binds the role admin too: holding both
 * roles must not let one person carry a request from submission to approval.
 */
function makerBarred(db: Db, actor: Actor): SQL {
  const made = db
    .select({ one: sql`1` })
    .from(workflowHistory)
    .where(
      and(
        eq(workflowHistory.instanceId, workflowTasks.instanceId),
        eq(workflowHistory.userId, actor.userId),
        inArray(workflowHistory.action, [HISTORY_ACTION.PASS, HISTORY_ACTION.REJECT]),
        inArray(workflowHistory.activityType, MAKER_TYPES),
      ),
    );
  return and(inArray(workflowTasks.activityType, REVIEW_TYPES), exists(made))!;
}

/** Why a review step is barred to the actor, maker-checker first; null when neither rule bars it. */
export type ReviewBar = 'MAKER_CHECKER' | 'FOUR_EYES';

export async function reviewBarOf(db: Db | Tx, actor: Actor, taskId: string): Promise<ReviewBar | null> {
  const [row] = await db
    .select({ maker: makerBarred(db as Db, actor), fourEyes: fourEyesBarred(db as Db, actor) })
    .from(workflowTasks)
    .where(eq(workflowTasks.id, taskId));
  if (row?.maker) return 'MAKER_CHECKER';
  if (row?.fourEyes) return 'FOUR_EYES';
  return null;
}

/**
 * Whether the starter may still withdraw (撤回) a running instance: while it is back at its first step
 * with them (a reject returned it), or while no one else has passed or rejected any step of it. The
 * engine's withdraw checks it in its transaction; 我发起的 shows 撤回 by it.
 */
export async function mayWithdraw(
  db: Db | Tx,
  instance: { id: string; status: string; startUserId: string; processKey: string; currentActivity: string | null },
  startActivity: string,
): Promise<boolean> {
  if (instance.status !== 'RUNNING') return false;
  if (instance.currentActivity === startActivity) return true;
  const [acted] = await db
    .select({ id: workflowHistory.id })
    .from(workflowHistory)
    .where(
      and(
        eq(workflowHistory.instanceId, instance.id),
        inArray(workflowHistory.action, [HISTORY_ACTION.PASS, HISTORY_ACTION.REJECT]),
        ne(workflowHistory.userId, instance.startUserId),
      ),
    )
    .limit(1);
  return !acted;
}

/** Whether a REJECTED instance was withdrawn by its starter (撤回, or a reject of their own first step) rather than rejected by a reviewer. */
export async function wasWithdrawn(db: Db | Tx, instance: { id: string; status: string; startUserId: string }): Promise<boolean> {
  if (instance.status !== 'REJECTED') return false;
  const [last] = await db
    .select({ action: workflowHistory.action, userId: workflowHistory.userId })
    .from(workflowHistory)
    .where(and(eq(workflowHistory.instanceId, instance.id), inArray(workflowHistory.action, [HISTORY_ACTION.REJECT, HISTORY_ACTION.WITHDRAW])))
    .orderBy(desc(workflowHistory.seq))
    .limit(1);
  return !!last && (last.action === HISTORY_ACTION.WITHDRAW || last.userId === instance.startUserId);
}

/** Whether four-eyes or maker-checker bar the actor from the task, over a workflow_tasks row: its kept bar (workflow_task_bars), one row or none. */
const barredFrom = (db: Db, actor: Actor) =>
  db
    .select({ one: sql`1` })
    .from(workflowTaskBars)
    .where(and(eq(workflowTaskBars.taskId, workflowTasks.id), eq(workflowTaskBars.userId, actor.userId)));

/**
 * The open tasks the actor may work now: its working roles, unclaimed or its own, four-eyes and
 * maker-checker allowing (the kept bars: one index entry a task, where the history was two searches).
 */
export function todoCondition(db: Db, actor: Actor): SQL {
  const roles = workingRolesOf(actor);
  if (roles.length === 0) return sql`false`;
  return and(
    eq(workflowTasks.status, TASK_STATUS.TODO),
    inArray(workflowTasks.workingRole, roles),
    or(isNull(workflowTasks.assigneeId), eq(workflowTasks.assigneeId, actor.userId)),
    // A review step with a kept bar (bars are kept for review steps only), checked per task the page walks. Written as a bare
    // NOT EXISTS, the planner may turn it into an anti-join over every open task and sort them; as a scalar subquery it guessed
    // that almost no task passes and sorted every open task (issue 42). This shape, the old rules' own, it weighs as half.
    not(and(inArray(workflowTasks.activityType, REVIEW_TYPES), exists(barredFrom(db, actor)))!),
  )!;
}

/**
 * How many open tasks todoCondition admits (of one process, when given), without reading them one by
 * one: the unclaimed open tasks of the actor's roles from workflow_open_task_counts (kept at commit,
 * server/dashboard/schema.ts), plus the open tasks the actor holds (workflow_tasks_assignee_idx),
 * less those of either the actor is barred from (its bars, workflow_task_bars_user_idx). Every part
 * grows with the actor's own tasks and bars, not with the work waiting. One statement, so one snapshot.
 */
export async function todoCount(db: Db, actor: Actor, processKey?: string): Promise<number> {
  const roles = workingRolesOf(actor);
  if (roles.length === 0) return 0;
  const c = workflowOpenTaskCounts;
  const t = workflowTasks;
  const ofProcess = (column: typeof c.processKey | typeof t.processKey) => (processKey === undefined ? undefined : eq(column, processKey));
  const unclaimed = db
    .select({ n: sql`coalesce(sum(${c.tasks}), 0)` })
    .from(c)
    .where(and(eq(c.claimed, false), inArray(c.workingRole, roles), ofProcess(c.processKey)));
  const held = db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.assigneeId, actor.userId), eq(t.status, TASK_STATUS.TODO), inArray(t.workingRole, roles), ofProcess(t.processKey)));
  const listed = db
    .select({ yes: sql`true` })
    .from(t)
    .where(
      and(
        eq(t.id, workflowTaskBars.taskId),
        eq(t.status, TASK_STATUS.TODO),
        inArray(t.workingRole, roles),
        or(isNull(t.assigneeId), eq(t.assigneeId, actor.userId)),
        ofProcess(t.processKey),
      ),
    );
  // The task of each bar looked up by its key (a scalar subquery, which the planner keeps per row): as a join, the planner
  // preferred hashing every open task once the actor's bars were a tenth of them, and the count grew with the work waiting.
  const barred = db
    .select({ n: count() })
    .from(workflowTaskBars)
    .where(and(eq(workflowTaskBars.userId, actor.userId), sql`(${listed})`));
  const [{ total }] = await db.select({ total: sql<number>`(${unclaimed}) + (${held}) - (${barred})`.mapWith(Number) }).from(sql`(select 1) as one`);
  return total;
}
