// The `corporations` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import type { AreaPages } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/group/corp-member-customer/index': () => import('./group-tree/GroupTreePage'),
  '/op/group/corporation/index': () => import('./CorporationListPage'),
  '/op/group/corporation/detail/index': () => import('./CorporationDetailPage'),
  '/op/group/corp-change/index': () => import('./CorporateChangesPage'),
};
