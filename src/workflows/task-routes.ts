/**
 * The hidden route of each step of a page-type process (spec 2.5,
 * /op/process/{processKey}/task{taskDefinitionKey}), as static routes of the task centre's menu:
 * each renders the page registry's module of the step's url. Loaded beside the menu tree
 * (src/routes/grants.ts), so the registry is not part of the first load.
 */
import { taskPage, type StaticRoute } from '../routes/static-routes';
import { taskPageRoutes } from './registry';

export const TASK_STEP_TITLE_KEY = 'task-view';

export function taskStepRoutes(): StaticRoute[] {
  return taskPageRoutes().map((route) => taskPage(route.path, TASK_STEP_TITLE_KEY, `${route.url}/index`));
}
