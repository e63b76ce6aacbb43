/**
 * The shared task view (/op/task/view?taskId=…|instanceId=…[&readonly=1], spec 2.5): a
 * component-type process's component for the step shown (taskComponentLoader), inside the task
 * frame with the history and, for who may work the task, the actions, which await the hooks the
 * component registered. A process without a component shows the frame's generic summary alone.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { taskComponentLoader, type TaskComponentProps } from '../task-components';
import { SlotLoading } from './SlotLoading';
import { TaskPageFrame } from './TaskPageFrame';
import { useTaskFromRoute } from './useTaskFromRoute';

// One lazy component per loader, so reopening a task never re-suspends its component.
const components = new Map<unknown, LazyExoticComponent<ComponentType<TaskComponentProps>>>();

function componentFor(processKey: string, activityKey: string) {
  const loader = taskComponentLoader(processKey, activityKey || null);
  if (!loader) return undefined;
  let component = components.get(loader);
  if (!component) {
    component = lazy(loader);
    components.set(loader, component);
  }
  return component;
}

export default function TaskViewPage() {
  const loaded = useTaskFromRoute();
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
