/**
 * The components the shared task view opens for component-type processes (spec 2.5): one lazily
 * loaded module per name of TASK_COMPONENT (src/workflows/registry.ts). A process names its
 * component; a step may name its own. The task view (src/workflows/task-view) renders it beside the
 * history timeline and the pass / reject actions.
 *
 * A component shows the business record behind the instance (instance.businessKey) and, when
 * `working` is true, lets the worker of the current step edit what that step edits. Before the
 * task view completes the task it awaits every function the component registered with
 * `registerBeforeComplete`: the component saves its edits there, and throws an Error whose message
 * the task view shows to stop the completion.
 */
import type { ComponentType } from 'react';
import { findActivity, findProcessDefinition, TASK_COMPONENT } from './registry';
import { isSubmitterStep } from './submitter-step';
import type { TaskComponentProps } from './task-types';

export type { BeforeComplete, TaskComponentProps, WorkflowInstance, WorkflowTask } from './task-types';

type Loader = () => Promise<{ default: ComponentType<TaskComponentProps> }>;

/** Component name → its module. Each feature adds its own line. */
export const TASK_COMPONENTS: Readonly<Record<string, Loader>> = {
  [TASK_COMPONENT.DOC_REVIEW]: () => import('../features/doc-review/DocReviewWorkspace'),
  [TASK_COMPONENT.CERTIFICATE]: () => import('../features/certificates/CertificateTaskView'),
  [TASK_COMPONENT.QUOTA]: () => import('../features/quotas/QuotaTaskView'),
  [TASK_COMPONENT.FINANCING]: () => import('../features/financing/FinancingTaskView'),
  [TASK_COMPONENT.REDEEM_REGISTRATION]: () => import('../features/redemption/RegistrationTaskView'),
  [TASK_COMPONENT.BILL]: () => import('../features/bills/BillTaskView'),
  [TASK_COMPONENT.CREDIT_ISSUE]: () => import('../features/credit-notes/CreditIssueTaskView'),
  [TASK_COMPONENT.REALNAME]: () => import('./pages/RealnameTaskView'),
  [TASK_COMPONENT.PRICE_POLICY]: () => import('./pages/PricePolicyTaskView'),
  [TASK_COMPONENT.AUDIT_RULE_CHANGE]: () => import('../features/audit-rules/AuditRuleChangeTaskView'),
};

/**
 * The submitter's forms of a returned instance (src/workflows/resubmit.tsx), by the component name
 * of the process they change: the form the change was made with, prefilled with what it proposes.
 * Opened at the submitter's step only; a reader who does not work the task sees the record read-only.
 * Each feature adds its own line; its server module declares the matching reviser.
 */
export const RESUBMIT_FORMS: Readonly<Record<string, Loader>> = {
  [TASK_COMPONENT.QUOTA]: () => import('../features/quotas/QuotaResubmitForm'),
  [TASK_COMPONENT.REDEEM_REGISTRATION]: () => import('../features/redemption/RegistrationResubmitForm'),
  [TASK_COMPONENT.AUDIT_RULE_CHANGE]: () => import('../features/audit-rules/AuditRuleChangeResubmitForm'),
};

/** The component name that shows this process at this step, if any. */
export function taskComponentName(processKey: string, activityKey: string | null): string | undefined {
  const definition = findProcessDefinition(processKey);
  if (!definition) return undefined;
  const activity = activityKey ? findActivity(definition, activityKey) : undefined;
  return activity?.component ?? definition.component;
}

/**
 * A component-type process without a component of its own shows the kit's view of the approvable
 * resource's change its instance carries (nothing when it carries none): a new approvable resource
 * needs no task component.
 */
const approvalChangeView: Loader = () => import('../crud/approval/ApprovalChangeView');

export function taskComponentLoader(processKey: string, activityKey: string | null): Loader | undefined {
  const name = taskComponentName(processKey, activityKey);
  if (name && isSubmitterStep(processKey, activityKey) && Object.hasOwn(RESUBMIT_FORMS, name)) return RESUBMIT_FORMS[name];
  if (name) return Object.hasOwn(TASK_COMPONENTS, name) ? TASK_COMPONENTS[name] : undefined;
  return findProcessDefinition(processKey)?.type === 'component' ? approvalChangeView : undefined;
}
