// The `help` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import type { AreaPages } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/help/index': () => import('./HelpCenterPage'),
};
