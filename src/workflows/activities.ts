/**
 * Step (activity) types of the approval workflows and who works them (spec §3, §6): the one rule
 * that says which step types are a handler's (edit or submit) and which a director's (approve).
 * The server's engine, the task views and the tests all read it from here.
 */
import { ROLE } from '../lib/codes';

export const ACTIVITY_TYPES = ['edit', 'approve', 'applyEdit', 'applyApprove', 'reopenEdit', 'reopenApprove', 'modifyStatus', 'EDIT', 'APPROVE'] as const;

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The two working roles of spec §1: handlers edit and submit, directors review. */
export type WorkingRole = 'handler' | 'director';

const WORKING_ROLE_OF: Record<ActivityType, WorkingRole> = {
  edit: 'handler',
  applyEdit: 'handler',
  reopenEdit: 'handler',
  modifyStatus: 'handler',
  EDIT: 'handler',
  approve: 'director',
  applyApprove: 'director',
  reopenApprove: 'director',
  APPROVE: 'director',
};

/** The role code that works a step of this role; the role admin may act as either (hasAnyRole). */
export const WORKING_ROLE_CODE: Record<WorkingRole, string> = {
  handler: ROLE.OP_HANDLER,
  director: ROLE.OP_DIRECTOR,
};

export function isActivityType(value: unknown): value is ActivityType {
  return typeof value === 'string' && (ACTIVITY_TYPES as readonly string[]).includes(value);
}

export function workingRoleOf(type: ActivityType): WorkingRole {
  return WORKING_ROLE_OF[type];
}

/** A review step: four-eyes applies to these (one person, at most one review step per instance). */
export function isReviewStep(type: ActivityType): boolean {
  return WORKING_ROLE_OF[type] === 'director';
}

export const activityTypesOf = (role: WorkingRole): ActivityType[] => ACTIVITY_TYPES.filter((t) => WORKING_ROLE_OF[t] === role);
