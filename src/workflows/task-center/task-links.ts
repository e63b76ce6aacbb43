/**
 * Where 办理 and 查看 lead: a page-type process's step opens its hidden route
 * (/op/process/{processKey}/task{taskDefinitionKey}), a component-type one the shared task view;
 * 查看 opens the shared task view read-only.
 */
import { findProcessDefinition, taskPageRoute } from '../registry';
import { TASK_VIEW_PATH } from '../../routes/static-routes';
import { TASK_QUERY } from '../task-view/useTaskFromRoute';

export function workTaskLink(task: { id: string; processKey: string; taskDefinitionKey: string }): string {
  const query = `?${TASK_QUERY.taskId}=${encodeURIComponent(task.id)}`;
  return findProcessDefinition(task.processKey)?.type === 'page'
    ? `${taskPageRoute(task.processKey, task.taskDefinitionKey)}${query}`
    : `${TASK_VIEW_PATH}${query}`;
}

export function viewTaskLink(ref: { taskId: string } | { instanceId: string }): string {
  const [key, value] = 'taskId' in ref ? [TASK_QUERY.taskId, ref.taskId] : [TASK_QUERY.instanceId, ref.instanceId];
  return `${TASK_VIEW_PATH}?${key}=${encodeURIComponent(value)}&${TASK_QUERY.readonly}=1`;
}
