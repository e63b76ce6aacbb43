// The `doc-review` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import { TASK_COMPONENT } from '../../workflows/define';
import type { AreaTaskViews } from '../../routes/area-pages';

/** What the shared task view opens for its processes, by component name. */
export const taskViews: AreaTaskViews = {
  [TASK_COMPONENT.DOC_REVIEW]: () => import('./DocReviewWorkspace'),
};
