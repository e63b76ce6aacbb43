/**
 * Who may work which task, as SQL and as checks: used by the engine before it acts and by the task
 * lists, so that a to-do list never shows a task its reader would be refused.
 */
import { and, eq, exists, inArray, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { hasAnyRole } from '../../src/lib/access';
import { activityTypesOf, WORKING_ROLE_CODE, type WorkingRole } from '../../src/workflows/activities';
import { HISTORY_ACTION, TASK_STATUS } from '../../src/workflows/states';
import type { Db } from '../db/open';
import { workflowHistory, workflowTasks } from '../db/schema';
import type { Principal } from '../security/sessions';

/** Who acts: the parts of a principal the engine reads. */
export type Actor = Pick<Principal, 'userId' | 'username' | 'personName' | 'roles'>;

const REVIEW_TYPES = activityTypesOf('director');

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

/** The open tasks the actor may work now: its working roles, unclaimed or its own, four-eyes allowing. */
export function todoCondition(db: Db, actor: Actor): SQL {
  const roles = workingRolesOf(actor);
  if (roles.length === 0) return sql`false`;
  return and(
    eq(workflowTasks.status, TASK_STATUS.TODO),
    inArray(workflowTasks.workingRole, roles),
    or(isNull(workflowTasks.assigneeId), eq(workflowTasks.assigneeId, actor.userId)),
    not(fourEyesBarred(db, actor)),
  )!;
}
