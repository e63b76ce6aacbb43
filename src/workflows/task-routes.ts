/**
 * The hidden route of each step of a page-type process (spec 2.5,
 * /op/process/{processKey}/task{taskDefinitionKey}), as hidden routes of the task view's menu:
 * each renders the page registry's module of the step's url. Loaded beside the menu tree
 * (src/routes/grants.ts), so the registry is not part of the first load.
 */
import { TASK_VIEW_MENU, type StaticRoute } from '../routes/static-routes';
import { PERMISSIONS } from '../lib/permissions';
import { taskPageRoutes } from './registry';

export function taskStepRoutes(): StaticRoute[] {
  // A step's page is where its work is done: only for those who may work tasks.
  return taskPageRoutes().map((route) => ({
    path: route.path,
    titleKey: TASK_VIEW_MENU,
    menuUri: TASK_VIEW_MENU,
    hidden: true,
    component: `${route.url}/index`,
    permission: PERMISSIONS.task.handle,
  }));
}
