// The `abs` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import { child, type StaticRoute } from '../../routes/static-route';
import type { AreaPages } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/abs/assets/issue-node-register/index': () => import('./IssueNodesPage'),
  '/op/abs/assets/assets-manage/index': () => import('./AssetPackagesPage'),
  '/op/zd-registration/management/register/index': () => import('./ZdRegistrationPage'),
};

/** Its routes beyond the menu tree's (hidden pages, a page's guard): src/routes/static-routes.ts merges them in. */
export const routes: readonly StaticRoute[] = [
  child('abs/assets/issue-node-register', 'abs:assets:issue-node-register'),
  child('abs/assets/assets-manage', 'abs:assets:assets-manage'),
  child('zd-registration/management/register', 'zd-registration:management:register'),
];
