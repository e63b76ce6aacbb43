/**
 * The shared task view (/op/task/view?taskId=…|instanceId=…[&readonly=1], spec 2.5): a
 * component-type process's component for the step shown (taskComponentLoader), inside the task
 * frame with the history and, for who may work the task, the actions, which await the hooks the
 * component registered. A process without a component shows the frame's generic summary alone.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { isReturningShellTab } from '../../providers/early-requests';
import { TASK_VIEW_PATH } from '../../routes/static-routes';
import { taskComponentLoader, type TaskComponentProps } from '../task-components';
import { SlotLoading } from './SlotLoading';
import { TaskPageFrame } from './TaskPageFrame';
import { readTaskAhead, useTaskFromRoute, type FoundTask } from './useTaskFromRoute';

type Loader = NonNullable<ReturnType<typeof taskComponentLoader>>;
type TaskComponent = ComponentType<TaskComponentProps>;

/** Modules loaded while their task was read (prepare): rendered as they are, with no fallback. */
const loadedModules = new Map<Loader, TaskComponent>();
/** One component per loader, kept, so reopening a task never re-suspends or remounts its component. */
const components = new Map<Loader, TaskComponent | LazyExoticComponent<TaskComponent>>();

function componentFor(processKey: string, activityKey: string) {
  const loader = taskComponentLoader(processKey, activityKey || null);
  if (!loader) return undefined;
  let component = components.get(loader);
  if (!component) {
    component = loadedModules.get(loader) ?? lazy(loader);
    components.set(loader, component);
  }
  return component;
}

/** Loads the step's component module once the task is read, so the view shows it in the task's first render. */
function prepare({ instance, activityKey }: FoundTask): Promise<unknown> {
  const loader = taskComponentLoader(instance.processKey, activityKey || null);
  if (!loader || components.has(loader) || loadedModules.has(loader)) return Promise.resolve();
  return loader().then((module) => void loadedModules.set(loader, module.default));
}

// Opened at this address by a signed-in tab (a deep link, a reload), the task is read as soon as the
// page's code is here; a tab that is not signed in goes to the login page instead.
if (typeof window !== 'undefined' && window.location.pathname === TASK_VIEW_PATH && isReturningShellTab(TASK_VIEW_PATH))
  readTaskAhead(window.location.search, prepare);

export default function TaskViewPage() {
  const loaded = useTaskFromRoute(prepare);
  const Component = loaded.status === 'ready' ? componentFor(loaded.instance.processKey, loaded.activityKey) : undefined;
  return (
    <TaskPageFrame loaded={loaded}>
      {Component &&
        ((props: TaskComponentProps) => (
          <Suspense fallback={<SlotLoading reportRecord={props.reportRecord} />}>
            <Component {...props} />
          </Suspense>
        ))}
    </TaskPageFrame>
  );
}
