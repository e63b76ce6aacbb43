// The `bills` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import { TASK_COMPONENT } from '../../workflows/define';
import type { AreaPages, AreaTaskViews } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/issue/bills/index': () => import('./BillsPage'),
  '/op/issue/bills/detail/index': () => import('./BillDetailPage'),
};

/** What the shared task view opens for its processes, by component name. */
export const taskViews: AreaTaskViews = {
  [TASK_COMPONENT.BILL]: () => import('./BillTaskView'),
};
