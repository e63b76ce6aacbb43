/**
 * Whether the signed-in operator may work a task now, in the browser: the task is open, the user
 * holds workflow:task:handle and the step's working role (src/workflows/activities.ts; the role admin
 * may act as either), and the task is unclaimed or theirs. The server's lookup adds four-eyes
 * (`workable`); the action buttons show only when both agree, so op_auditor never sees them.
 */
import { hasAnyRole, hasPermission, type RoleRef } from '../../lib/access';
import { PERMISSIONS } from '../../lib/permissions';
import { isActivityType, WORKING_ROLE_CODE, workingRoleOf } from '../activities';
import { TASK_STATUS } from '../states';

export interface Worker {
  personId: string;
  menuPerms: readonly string[];
  authorities: readonly RoleRef[];
}

export interface WorkableTask {
  status: string;
  activityType: string;
  assigneeId: string | null;
  /** The server's verdict, when the task came from a lookup that gives it. */
  workable?: boolean;
}

export function canWorkTask(user: Worker | undefined, task: WorkableTask | null | undefined): boolean {
  if (!user || !task || task.status !== TASK_STATUS.TODO || task.workable === false) return false;
  if (!hasPermission(user.menuPerms, PERMISSIONS.task.handle)) return false;
  if (!isActivityType(task.activityType) || !hasAnyRole(user.authorities, [WORKING_ROLE_CODE[workingRoleOf(task.activityType)]])) return false;
  return task.assigneeId === null || task.assigneeId === user.personId;
}
