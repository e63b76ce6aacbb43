/**
 * The workflow calls the task views make (README "Workflow API"), typed, through the one signed client.
 * Errors are the client's ApiError: a business refusal carries the server's Chinese message.
 */
import { api } from '../../providers/http';
import type { TaskOutcome } from '../states';
import type { UnworkableReason } from '../unworkable';
import type { WorkflowInstance, WorkflowTask } from '../task-types';

export const WORKFLOW_API = '/op/v1/workflow';

/**
 * A task as the lookups answer it: `workable` says whether the reader may work it now (server's to-do
 * rule), and `unworkableReason` why not.
 */
export type OpenTask = WorkflowTask & {
  workable: boolean;
  unworkableReason: UnworkableReason | null;
  variables: Record<string, string>;
  startPersonName: string;
};

export type InstanceWithTask = WorkflowInstance & { currentTask: OpenTask | null };

export interface HistoryEntry {
  id: string;
  taskId: string | null;
  taskDefinitionKey: string;
  taskName: string | null;
  activityType: string;
  action: string;
  userId: string;
  username: string;
  personName: string;
  remark: string | null;
  createTime: string;
}

export interface InstanceHistory {
  instance: WorkflowInstance;
  history: HistoryEntry[];
}

export interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** Counted only up to LIST_TOTAL_BOUND (a filter matching many instances): `total` is a floor. */
  totalBounded?: boolean;
}

export interface CompleteInput {
  taskId: string;
  outcome: TaskOutcome;
  remark?: string;
  variables?: Record<string, string>;
  dataVersion?: number;
}

const call = <T>(path: string, body: unknown) => api.post<T>(`${WORKFLOW_API}/${path}`, body);
/** The answer of a read call asked for early and already back (api.ready), else undefined. */
const ready = <T>(path: string, body: unknown) => api.ready<T>(`${WORKFLOW_API}/${path}`, body);

export const workflowApi = {
  findTask: (taskId: string) => call<OpenTask>('tasks/find-by-id', { taskId }),
  findInstance: (instanceId: string) => call<InstanceWithTask>('instances/find-by-id', { instanceId }),
  findByBusinessKey: (businessKey: string, processKey?: string) => call<InstanceWithTask | null>('instances/find-by-business-key', { businessKey, processKey }),
  history: (instanceId: string) => call<InstanceHistory>('instances/history', { instanceId }),
  claim: (taskId: string) => call<WorkflowTask>('tasks/claim', { taskId }),
  complete: (input: CompleteInput) => call<{ instance: WorkflowInstance; task: WorkflowTask | null }>('tasks/complete', input),
  /** 重新提交's change of a returned instance: the values its owning module's reviser checks as a first submission. */
  resubmit: (instanceId: string, values: Record<string, unknown>) => call<unknown>('instances/resubmit', { ...values, instanceId }),
  /** 撤回 from 我发起的: the starter ends a running instance no one else has acted on. */
  withdraw: (instanceId: string, remark?: string) => call<{ instance: WorkflowInstance; task: null }>('instances/withdraw', { instanceId, remark }),
  page: <T>(list: 'todo' | 'done' | 'started', body: Record<string, unknown>) => call<Page<T>>(`tasks/${list}/page`, body),
  /** Every instance (全部流程), for who holds workflow:instance:list. */
  allInstances: (body: Record<string, unknown>) => call<Page<WorkflowInstance>>('instances/page', body),
  /** A task centre list's page when it was asked for early and is back: its first render shows the rows. */
  readyPage: <T>(list: 'todo' | 'done' | 'started' | 'all', body: Record<string, unknown>) =>
    ready<Page<T>>(list === 'all' ? 'instances/page' : `tasks/${list}/page`, body),
};
