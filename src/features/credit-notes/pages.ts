// The `credit-notes` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import { TASK_COMPONENT } from '../../workflows/define';
import type { AreaPages, AreaTaskViews } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/issue/project-dept/detail/index': () => import('./ApplicationsPage').then((m) => ({ default: m.ProjectDeptApplications })),
  '/op/issue/branch-comp/detail/index': () => import('./ApplicationsPage').then((m) => ({ default: m.BranchApplications })),
  '/op/issue/group/detail/index': () => import('./ApplicationsPage').then((m) => ({ default: m.GroupApplications })),
  '/op/issue/group/generate/index': () => import('./GeneratePage'),
  '/op/issue/notes/index': () => import('./NotesPage'),
  '/op/issue/notes/detail/index': () => import('./NoteDetailPage'),
  '/op/issue/group/batch/index': () => import('./BatchDetailPage'),
  '/op/credit/final-approve/approve/index': () => import('./CreditFinalApprovePage'),
};

/** What the shared task view opens for its processes, by component name. */
export const taskViews: AreaTaskViews = {
  [TASK_COMPONENT.CREDIT_ISSUE]: () => import('./CreditIssueTaskView'),
};
