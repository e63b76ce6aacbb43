// The `corporations` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import { child, type StaticRoute } from '../../routes/static-route';
import type { AreaPages } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/group/corp-member-customer/index': () => import('./group-tree/GroupTreePage'),
  '/op/group/corporation/index': () => import('./CorporationListPage'),
  '/op/group/corporation/detail/index': () => import('./CorporationDetailPage'),
  '/op/group/corp-change/index': () => import('./CorporateChangesPage'),
};

/** Its routes beyond the menu tree's (hidden pages, a page's guard): src/routes/static-routes.ts merges them in. */
export const routes: readonly StaticRoute[] = [child('group/corp-member-customer', 'group:corp-member-customer')];
