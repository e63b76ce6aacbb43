/**
 * Routes the shell registers whatever the menu tree says (spec 2.3, 2.4): the home route, the
 * operator's own pages, and the child routes that lists and workflows open. A static route with a
 * menuUri is registered only when that menuUri is granted; its title is the zh-CN text of its
 * titleKey in the `menu` namespace. When the menu tree has the same path, the tree's title wins and
 * the static route contributes its layout, name and flags.
 */
import { PERMISSIONS } from '../lib/permissions';
import { areaPageModules } from './area-pages';
import { child, type StaticRoute } from './static-route';

export type { StaticRoute };
export { HOME_PAGE_KEY, HOME_PATH } from './home';
import { HOME_PATH } from './home';
export const CHANGE_PASSWORD_PATH = '/op/login/change-password';
export const MY_EXPORT_PATH = '/op/login/my-export';
export const DATA_DASHBOARD_PATH = '/op/data-dashboard';
export const TASK_TODO_PATH = '/op/task/todo';
export const TASK_VIEW_PATH = '/op/task/view';
export const HELP_CENTER_PATH = '/op/help';

/**
 * The task view's menu: the hidden routes of page-type processes' steps belong to whoever it is
 * granted to (the seed grants the task centre to the roles holding workflow:task:*).
 */
export const TASK_VIEW_MENU = 'task:view';

/** The shell's own; an area's are its own to declare (src/features/<area>/pages.ts: routes), found below. */
const SHELL_ROUTES: readonly StaticRoute[] = [
  { path: HOME_PATH, titleKey: 'op-home', name: 'op-home', affix: true },
  { path: CHANGE_PASSWORD_PATH, titleKey: 'change-password', hidden: true, layout: 'header' },
  { path: MY_EXPORT_PATH, titleKey: 'my-export', hidden: true, layout: 'header' },
  // The help centre's reader: every signed-in operator's, so it needs no menu grant (issue 21).
  { path: HELP_CENTER_PATH, titleKey: 'help-center', hidden: true },
  { path: DATA_DASHBOARD_PATH, titleKey: 'data-dashboard', menuUri: 'data-dashboard', name: 'data-dashboard-query', hidden: true, layout: 'bare' },

  child('system/dict/data', 'system:dict-data', { hidden: true }),

  // Task pages (spec 2.5): the shared task view and the pages of page-type processes. Each step's
  // hidden route (/op/process/{processKey}/task{key}) is added from the registry when one is first
  // opened (src/workflows/task-routes.ts, grants.ts), so the registry stays out of the first load.
  child('task/view', TASK_VIEW_MENU, { hidden: true, permission: PERMISSIONS.task.query }),
];

export const STATIC_ROUTES: readonly StaticRoute[] = [...SHELL_ROUTES, ...areaPageModules().flatMap((area) => area.routes ?? [])];
