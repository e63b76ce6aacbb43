// The `quotas` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import { child, type StaticRoute } from '../../routes/static-route';
import { PERMISSIONS } from './permissions';
import { TASK_COMPONENT } from '../../workflows/define';
import type { AreaPages, AreaTaskViews } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/quota/account/index': () => import('./QuotaAccountsPage'),
  '/op/quota/dispatch/index': () => import('./QuotaDispatchPage'),
  '/op/quota/ledger/index': () => import('./QuotaLedgerPage'),
};

/** What the shared task view opens for its processes, by component name. */
export const taskViews: AreaTaskViews = {
  [TASK_COMPONENT.QUOTA]: () => import('./QuotaTaskView'),
};

/** The submitter's form of a returned instance, prefilled with what it proposes, by component name. */
export const resubmitForms: AreaTaskViews = {
  [TASK_COMPONENT.QUOTA]: () => import('./QuotaResubmitForm'),
};

/** Its routes beyond the menu tree's (hidden pages, a page's guard): src/routes/static-routes.ts merges them in. */
export const routes: readonly StaticRoute[] = [
  // An action page (its write in `action`): read-only to whoever may open it but not dispatch.
  child('quota/dispatch', 'quota:dispatch', { hidden: true, action: PERMISSIONS.quota.dispatch }),
];
