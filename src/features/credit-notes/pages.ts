// The `credit-notes` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import { child, type StaticRoute } from '../../routes/static-route';
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

/** Its routes beyond the menu tree's (hidden pages, a page's guard): src/routes/static-routes.ts merges them in. */
export const routes: readonly StaticRoute[] = [
  child('issue/project-dept/detail', 'issue:project-dept:detail'),
  child('issue/branch-comp/detail', 'issue:branch-comp:detail'),
  child('issue/group/detail', 'issue:group:detail'),
  child('issue/group/generate', 'issue:group:generate'),
  child('credit/final-approve/approve', 'credit:final-approve', { hidden: true }),
];
