// The `redemption` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import { child, type StaticRoute } from '../../routes/static-route';
import { TASK_COMPONENT } from '../../workflows/define';
import type { AreaPages, AreaTaskViews } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/abs/credit-recycling-manage/audit/index': () => import('./PaymentAuditPage'),
};

/** What the shared task view opens for its processes, by component name. */
export const taskViews: AreaTaskViews = {
  [TASK_COMPONENT.REDEEM_REGISTRATION]: () => import('./RegistrationTaskView'),
};

/** The submitter's form of a returned instance, prefilled with what it proposes, by component name. */
export const resubmitForms: AreaTaskViews = {
  [TASK_COMPONENT.REDEEM_REGISTRATION]: () => import('./RegistrationResubmitForm'),
};

/** Its routes beyond the menu tree's (hidden pages, a page's guard): src/routes/static-routes.ts merges them in. */
export const routes: readonly StaticRoute[] = [child('abs/credit-recycling-manage/audit', 'abs:credit-recycling-manage:audit', { noCache: true })];
