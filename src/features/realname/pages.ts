// The `realname` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
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
