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
import type { TaskOutcome } from './states';

/** An instance as /op/v1/workflow answers it. */
export interface WorkflowInstance {
  id: string;
  processKey: string;
  processName: string;
  businessKey: string;
  businessType: string | null;
  summary: string | null;
  variables: Record<string, string>;
  status: string;
  currentActivity: string | null;
  currentActivityName: string | null;
  startUserId: string;
  startPersonName: string;
  createTime: string;
  endTime: string | null;
}

/** A task as the task lists answer it. */
export interface WorkflowTask {
  id: string;
  instanceId: string;
  processKey: string;
  processName: string;
  taskDefinitionKey: string;
  taskName: string;
  activityType: string;
  workingRole: string;
  status: string;
  assigneeId: string | null;
  assigneeName: string | null;
  outcome: string | null;
  remark: string | null;
  dataVersion: number;
  businessKey: string;
  businessType: string | null;
  summary: string | null;
  instanceStatus: string;
  processType: 'component' | 'page' | null;
  routePath: string | null;
  createTime: string;
  completeTime: string | null;
}

export type BeforeComplete = (outcome: TaskOutcome) => Promise<void> | void;

export interface TaskComponentProps {
  instance: WorkflowInstance;
  /** The step shown: the open task's step, or the last one of an ended instance. */
  activityKey: string;
  /** The open task when the current user works it now; null when only viewing. */
  task: WorkflowTask | null;
  /** True when the current user may edit this step now (task is set and theirs to work). */
  working: boolean;
  /** Runs before the task is completed; returns the function that unregisters it. */
  registerBeforeComplete: (fn: BeforeComplete) => () => void;
}

type Loader = () => Promise<{ default: ComponentType<TaskComponentProps> }>;

/** Component name → its module. Each feature adds its own line. */
export const TASK_COMPONENTS: Readonly<Record<string, Loader>> = {
  [TASK_COMPONENT.DOC_REVIEW]: () => import('../features/doc-review/DocReviewWorkspace'),
  [TASK_COMPONENT.CERTIFICATE]: () => import('../features/certificates/CertificateTaskView'),
};

/** The component name that shows this process at this step, if any. */
export function taskComponentName(processKey: string, activityKey: string | null): string | undefined {
  const definition = findProcessDefinition(processKey);
  if (!definition) return undefined;
  const activity = activityKey ? findActivity(definition, activityKey) : undefined;
  return activity?.component ?? definition.component;
}

export function taskComponentLoader(processKey: string, activityKey: string | null): Loader | undefined {
  const name = taskComponentName(processKey, activityKey);
  return name && Object.hasOwn(TASK_COMPONENTS, name) ? TASK_COMPONENTS[name] : undefined;
}
