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
import { areaPageModules, mergeDeclared, type AreaTaskViews, type TaskViewLoader } from '../routes/area-pages';
import { findActivity, findProcessDefinition } from './registry';
import { isSubmitterStep } from './submitter-step';

export type { BeforeComplete, TaskComponentProps, WorkflowInstance, WorkflowTask } from './task-types';

type Loader = TaskViewLoader;

const AREAS = areaPageModules();

/** Component name → its module, as each area declares it (src/features/<area>/pages.ts: taskViews). */
export const TASK_COMPONENTS: AreaTaskViews = mergeDeclared(
  'task view',
  AREAS.map((area) => area.taskViews),
);

/**
 * The submitter's forms of a returned instance (src/workflows/resubmit.tsx), by the component name
 * of the process they change: the form the change was made with, prefilled with what it proposes.
 * Opened at the submitter's step only; a reader who does not work the task sees the record read-only.
 * Each area declares its own (its pages.ts: resubmitForms); its server module declares the matching reviser.
 */
const RESUBMIT_FORMS: AreaTaskViews = mergeDeclared(
  'resubmit form',
  AREAS.map((area) => area.resubmitForms),
);

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
