/**
 * Who may work which task, as SQL and as checks: used by the engine before it acts and by the task
 * lists, so that a to-do list never shows a task its reader would be refused.
 */
import { and, desc, eq, exists, inArray, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { hasAnyRole } from '../../src/lib/access';
import { activityTypesOf, WORKING_ROLE_CODE, type WorkingRole } from '../../src/workflows/activities';
import { HISTORY_ACTION, TASK_STATUS } from '../../src/workflows/states';
import type { Tx } from '../crud/routes';
import type { Db } from '../db/open';
import { workflowHistory, workflowTasks } from '../db/schema';
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
export function makerBarred(db: Db, actor: Actor): SQL {
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

/** The open tasks the actor may work now: its working roles, unclaimed or its own, four-eyes and maker-checker allowing. */
export function todoCondition(db: Db, actor: Actor): SQL {
  const roles = workingRolesOf(actor);
  if (roles.length === 0) return sql`false`;
  return and(
    eq(workflowTasks.status, TASK_STATUS.TODO),
    inArray(workflowTasks.workingRole, roles),
    or(isNull(workflowTasks.assigneeId), eq(workflowTasks.assigneeId, actor.userId)),
    not(fourEyesBarred(db, actor)),
    not(makerBarred(db, actor)),
  )!;
}
