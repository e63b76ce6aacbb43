/**
 * The shapes the task views share: an instance and a task as /op/v1/workflow answers them, and the
 * props every task component receives. Apart from the registry of task components
 * (task-components.ts), so the components it loads import these without importing it back.
 */
import type { TaskOutcome } from './states';

/** An instance as /op/v1/workflow answers it. */
export interface WorkflowInstance {
  id: string;
  processKey: string;
  processName: string;
  businessKey: string;
  businessType: string | null;
  /** The record's own number or name (its process's summary rule), shown as 业务编号; null for an instance started before numbers were kept. */
  businessNo: string | null;
  summary: string | null;
  variables: Record<string, string>;
  status: string;
  currentActivity: string | null;
  currentActivityName: string | null;
  startUserId: string;
  startPersonName: string;
  createTime: string;
  endTime: string | null;
  /** 我发起的 only: whether the starter may still withdraw it (no one else has acted, or it is back with them). */
  withdrawable?: boolean;
  /** 我发起的 only: a REJECTED instance its starter withdrew (shown 已撤回, not 已驳回). */
  withdrawn?: boolean;
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
  businessNo: string | null;
  summary: string | null;
  instanceStatus: string;
  processType: 'component' | 'page' | null;
  routePath: string | null;
  createTime: string;
  completeTime: string | null;
  /** 待办 only: the reviewer's remark when a reject returned the task to the submitter's first step. */
  returnedReason?: string | null;
}

export type BeforeComplete = (outcome: TaskOutcome) => Promise<void> | void;

/**
 * What a task component tells the frame about the business record behind the instance: until it is
 * 'ready' the frame keeps 通过 / 驳回 disabled, and for 'missing' or 'failed' it says why. A
 * component that never reports leaves the actions as they are.
 */
export type RecordState = { status: 'loading' } | { status: 'ready' } | { status: 'missing' } | { status: 'failed'; message: string };

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
  /** Tells the frame whether the business record has loaded (see RecordState); undefined: it shows none. */
  reportRecord: (state: RecordState | undefined) => void;
}
