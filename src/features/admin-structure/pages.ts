// The `admin-structure` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import type { AreaPages } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/system/menu/index': () => import('./MenusPage'),
  '/op/system/dept/index': () => import('./OrgsPage'),
  '/op/system/permission-matrix/index': () => import('./PermissionMatrixPage'),
};
