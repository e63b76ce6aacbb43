// The `realname` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import { child, type StaticRoute } from '../../routes/static-route';
import { PERMISSIONS } from './permissions';
import { TASK_COMPONENT } from '../../workflows/define';
import type { AreaPages, AreaTaskViews } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/admit/realname/index': () => import('./RealnameListPage'),
  '/op/admit/realname/add/index': () => import('./RealnameFormPage'),
  '/op/admit/realname/check/index': () => import('./RealnameCheckPage'),
  '/op/admit/realname/oapprove/index': () => import('./RealnameReviewPage'),
  '/op/admit/realname/mapprove/index': () => import('./RealnameReviewPage'),
};

/** What the shared task view opens for its processes, by component name. */
export const taskViews: AreaTaskViews = {
  [TASK_COMPONENT.REALNAME]: () => import('./RealnameTaskView'),
};

/** Its routes beyond the menu tree's (hidden pages, a page's guard): src/routes/static-routes.ts merges them in. */
export const routes: readonly StaticRoute[] = [
  child('admit/realname/add', 'admit:realname:add', { hidden: true, permission: [PERMISSIONS.realname.add, PERMISSIONS.realname.edit] }),
  child('admit/realname/check', 'admit:realname:check', { hidden: true, permission: PERMISSIONS.realname.query }),
  // Readers open the review pages read-only, as their menus grant (server/db/seed-data/menus.ts); the
  // task frame offers its actions only to whoever may work the task, and the server checks each one.
  child('admit/realname/oapprove', 'admit:realname:oapprove', { hidden: true, permission: PERMISSIONS.realname.query }),
  child('admit/realname/mapprove', 'admit:realname:mapprove', { hidden: true, permission: PERMISSIONS.realname.query }),
];
