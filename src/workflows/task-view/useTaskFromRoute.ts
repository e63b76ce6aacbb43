/**
 * Loads the task a task page or the shared task view shows, from the URL query:
 *
 *   ?taskId=…                      that task (open or done) and its instance
 *   ?instanceId=…                  the instance and its open task, if any
 *   ?businessKey=…[&processKey=…]  the latest instance of that record, and its open task
 *   &readonly=1                    view only: never offers the actions (查看 from the lists)
 *
 *   const loaded = useTaskFromRoute();
 *   if (loaded.status === 'ready') loaded.instance, loaded.task, loaded.activityKey, loaded.working
 *   loaded.reload()  // after a completion: the task is done, the instance moved on
 *
 * `working` is true when the task is open and the reader may work it now (server's `workable`
 * and canWorkTask) and the page is not read-only.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUserInfo } from '../../providers/user';
import type { WorkflowInstance } from '../task-types';
import { canWorkTask } from './can-work';
import { workflowApi, type OpenTask } from './workflow-api';

export const TASK_QUERY = { taskId: 'taskId', instanceId: 'instanceId', businessKey: 'businessKey', processKey: 'processKey', readonly: 'readonly' } as const;

export type LoadedTask =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** No such task or instance. */
  | { status: 'missing' }
  /** The URL names none: the page was opened outside the task centre. */
  | { status: 'none' }
  | {
      status: 'ready';
      instance: WorkflowInstance;
      /** The task asked for, or the instance's open task; null when the instance has ended and none was asked for. */
      task: OpenTask | null;
      /** The step shown: the task's, or the instance's last step. */
      activityKey: string;
      working: boolean;
      /** Opened with readonly=1 (查看 from the lists): the actions, and why they are missing, are not shown. */
      readonly: boolean;
    };

export interface TaskRef {
  taskId?: string | null;
  instanceId?: string | null;
  businessKey?: string | null;
  processKey?: string | null;
}

export interface FoundTask {
  instance: WorkflowInstance;
  task: OpenTask | null;
  activityKey: string;
}

/** The step an ended instance last worked (its history's last entry). */
async function lastStep(instanceId: string): Promise<string> {
  const { history } = await workflowApi.history(instanceId);
  return history.at(-1)?.taskDefinitionKey ?? '';
}

/** Reads the instance and task a reference names. */
export async function loadTask(ref: TaskRef): Promise<FoundTask | null> {
  if (ref.taskId) {
    const task = await workflowApi.findTask(ref.taskId);
    const { currentTask: _open, ...instance } = await workflowApi.findInstance(task.instanceId);
    return { instance, task, activityKey: task.taskDefinitionKey };
  }
  const found = ref.instanceId
    ? await workflowApi.findInstance(ref.instanceId)
    : ref.businessKey
      ? await workflowApi.findByBusinessKey(ref.businessKey, ref.processKey ?? undefined)
      : null;
  if (!found) return null;
  const { currentTask, ...instance } = found;
  const activityKey = currentTask?.taskDefinitionKey ?? instance.currentActivity ?? (await lastStep(instance.id));
  return { instance, task: currentTask, activityKey };
}

/** The reference a query string names (the page's own URL, or one read ahead of the page). */
function taskRefOf(params: URLSearchParams): TaskRef {
  return {
    taskId: params.get(TASK_QUERY.taskId),
    instanceId: params.get(TASK_QUERY.instanceId),
    businessKey: params.get(TASK_QUERY.businessKey),
    processKey: params.get(TASK_QUERY.processKey),
  };
}

const refKey = (ref: TaskRef) => JSON.stringify([ref.taskId ?? null, ref.instanceId ?? null, ref.businessKey ?? null, ref.processKey ?? null]);

const named = (ref: TaskRef) => !!(ref.taskId || ref.instanceId || ref.businessKey);

/** The task read with its `prepare`: what both the page's first read and a read ahead of it do. */
function readTask(ref: TaskRef, prepare?: (found: FoundTask) => Promise<unknown>): Promise<FoundTask | null> {
  return loadTask(ref).then(async (found) => {
    if (found && prepare) await prepare(found).catch(() => undefined);
    return found;
  });
}

/**
 * Reads started before the page rendered, taken once by its first read of the same reference. One
 * the page never took (it was not shown) is dropped at the next read, and one older than a few
 * seconds is not taken: a task read then may have moved on since.
 */
const readAhead = new Map<string, { read: Promise<FoundTask | null>; at: number }>();
const READ_AHEAD_FRESH_MS = 10_000;

/**
 * Starts reading the task a URL's query names, and preparing it, when the page's module loads rather
 * than once the page has rendered and run its effects: the task's own answers are already there
 * (main.tsx asked for them), and on the task view the step's component module then downloads
 * beside the page's first render instead of after it.
 */
export function readTaskAhead(search: string, prepare?: (found: FoundTask) => Promise<unknown>): void {
  const ref = taskRefOf(new URLSearchParams(search));
  if (!named(ref)) return;
  const read = readTask(ref, prepare);
  // Its taker reports a failure.
  read.catch(() => undefined);
  readAhead.set(refKey(ref), { read, at: Date.now() });
}

function takeReadAhead(ref: TaskRef): Promise<FoundTask | null> | undefined {
  const ahead = readAhead.get(refKey(ref));
  readAhead.clear();
  return ahead && Date.now() - ahead.at < READ_AHEAD_FRESH_MS ? ahead.read : undefined;
}

/**
 * `prepare` runs once the task is found and before it is shown (the task view loads the step's
 * component module there, so it renders with the task instead of behind a Suspense fallback, whose
 * reveal React holds back by up to 300 ms); its failure is left to what renders.
 */
export function useTaskFromRoute(prepare?: (found: FoundTask) => Promise<unknown>): LoadedTask & { reload: () => void } {
  const [params] = useSearchParams();
  const user = useUserInfo();
  const { taskId, instanceId, businessKey, processKey } = taskRefOf(params);
  const readonly = params.get(TASK_QUERY.readonly) === '1';
  const [state, setState] = useState<LoadedTask>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    const ref = { taskId, instanceId, businessKey, processKey };
    if (!named(ref)) {
      setState({ status: 'none' });
      return;
    }
    // A reload reads again; the first read takes one started ahead of the page, if any.
    (takeReadAhead(ref) ?? readTask(ref, prepare)).then(
      (found) => {
        if (!live) return;
        if (!found) {
          setState({ status: 'missing' });
          return;
        }
        setState({ status: 'ready', ...found, working: false, readonly: false });
      },
      (error: unknown) => live && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
    // `prepare` is a module-level function; a new one is no reason to read the task again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taskId, instanceId, businessKey, processKey, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  if (state.status !== 'ready') return { ...state, reload };
  // Worked out on each render, so a user-info refresh (an entity switch) is followed at once.
  return { ...state, readonly, working: !readonly && canWorkTask(user, state.task), reload };
}
