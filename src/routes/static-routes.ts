/**
 * Routes the shell registers whatever the menu tree says (spec 2.3, 2.4): the home route, the
 * operator's own pages, and the child routes that lists and workflows open. A static route with a
 * menuUri is registered only when that menuUri is granted; its title is the zh-CN text of its
 * titleKey in the `menu` namespace. When the menu tree has the same path, the tree's title wins and
 * the static route contributes its layout, name and flags.
 */
import { PERMISSIONS } from '../lib/permissions';
import type { RouteLayout } from './types';

export interface StaticRoute {
  path: string;
  titleKey: string;
  menuUri?: string;
  name?: string;
  hidden?: boolean;
  noCache?: boolean;
  affix?: boolean;
  layout?: RouteLayout;
  /** The page registry's component path; defaults to `${path}/index`. */
  component?: string;
  /**
   * The permission(s) of the call behind the page, any one of which the operator must hold besides
   * the menu, so that the page is guarded like that call: for create, edit and task pages their first
   * write; for a list whose menu is granted more widely than its data, its list call.
   */
  permission?: string | readonly string[];
  /**
   * An action page's write: the permission(s) of the call the page exists to make (a form's submit).
   * An operator who may open the page but holds none of them gets it read-only (AppRoute.readOnly:
   * the shell disables every control on it and says why), whatever the path was opened by. The same
   * strings the server's routes require, from src/lib/permissions.
   */
  action?: string | readonly string[];
}

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

const child = (path: string, menuUri: string, flags: Partial<StaticRoute> = {}): StaticRoute => ({
  path: `${HOME_PATH}/${path}`,
  titleKey: menuUri,
  menuUri,
  ...flags,
});

export const STATIC_ROUTES: readonly StaticRoute[] = [
  { path: HOME_PATH, titleKey: 'op-home', name: 'op-home', affix: true },
  { path: CHANGE_PASSWORD_PATH, titleKey: 'change-password', hidden: true, layout: 'header' },
  { path: MY_EXPORT_PATH, titleKey: 'my-export', hidden: true, layout: 'header' },
  // The help centre's reader: every signed-in operator's, so it needs no menu grant (issue 21).
  { path: HELP_CENTER_PATH, titleKey: 'help-center', hidden: true },
  { path: DATA_DASHBOARD_PATH, titleKey: 'data-dashboard', menuUri: 'data-dashboard', name: 'data-dashboard-query', hidden: true, layout: 'bare' },

  child('standard-library/detail', 'standard-library:detail'),
  child('system/dict/data', 'system:dict-data', { hidden: true }),
  // Action pages (their write in `action`): read-only to whoever may open them but not act.
  child('abs/finance-data/upload/auth', 'abs:finance-data:upload:auth', { hidden: true, action: PERMISSIONS.financing.edit }),
  child('abs/finance-data/upload/contract', 'abs:finance-data:upload:contract', { hidden: true, action: PERMISSIONS.financing.edit }),
  child('abs/finance-data/upload/invoice', 'abs:finance-data:upload:invoice', { hidden: true, action: PERMISSIONS.financing.edit }),
  child('abs/finance-data/upload/other', 'abs:finance-data:upload:other', { hidden: true, action: PERMISSIONS.financing.edit }),
  child('quota/dispatch', 'quota:dispatch', { hidden: true, action: PERMISSIONS.quota.dispatch }),
  child('abs/finance-data/upload/success', 'abs:finance-data:upload:success', { hidden: true }),
  child('abs/finance-data/detail', 'abs:finance-data:detail', { hidden: true }),
  child('abs/assets/issue-node-register', 'abs:assets:issue-node-register'),
  child('abs/assets/assets-manage', 'abs:assets:assets-manage'),
  child('abs/credit-recycling-manage/audit', 'abs:credit-recycling-manage:audit', { noCache: true }),
  child('admit/realname/add', 'admit:realname:add', { hidden: true, permission: [PERMISSIONS.realname.add, PERMISSIONS.realname.edit] }),
  child('admit/realname/check', 'admit:realname:check', { hidden: true, permission: PERMISSIONS.realname.query }),
  // Readers open the review pages read-only, as their menus grant (server/db/seed-data/menus.ts); the
  // task frame offers its actions only to whoever may work the task, and the server checks each one.
  child('admit/realname/oapprove', 'admit:realname:oapprove', { hidden: true, permission: PERMISSIONS.realname.query }),
  child('admit/realname/mapprove', 'admit:realname:mapprove', { hidden: true, permission: PERMISSIONS.realname.query }),
  child('financing/sign-up/detail', 'financing:sign-up:detail'),
  child('group/corp-member-customer', 'group:corp-member-customer'),
  child('zd-registration/management/register', 'zd-registration:management:register'),
  // The news and notice lists are menu pages whose path ends in /edit: guarded by their list call.
  child('platform-content/news/edit', 'platform-content:news', { permission: PERMISSIONS.news.list }),
  child('platform-content/notice/edit', 'platform-content:notice', { permission: PERMISSIONS.notice.list }),
  child('certificate-management/certificate-detail', 'certificate-management:certificate-detail'),
  child('issue/project-dept/detail', 'issue:project-dept:detail'),
  child('issue/branch-comp/detail', 'issue:branch-comp:detail'),
  child('issue/group/detail', 'issue:group:detail'),
  child('issue/group/generate', 'issue:group:generate'),

  // Task pages (spec 2.5): the shared task view and the pages of page-type processes. Each step's
  // hidden route (/op/process/{processKey}/task{key}) is added from the registry when one is first
  // opened (src/workflows/task-routes.ts, grants.ts), so the registry stays out of the first load.
  child('task/view', TASK_VIEW_MENU, { hidden: true, permission: PERMISSIONS.task.query }),
  child('credit/final-approve/approve', 'credit:final-approve', { hidden: true }),
  child('price/config', 'price:config', { hidden: true }),
];
