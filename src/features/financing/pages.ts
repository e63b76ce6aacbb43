// The `financing` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import { child, type StaticRoute } from '../../routes/static-route';
import { PERMISSIONS } from './permissions';
import { TASK_COMPONENT } from '../../workflows/define';
import type { AreaPages, AreaTaskViews } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/abs/finance-data/upload/auth/index': () => import('./FinanceDataUploadPage').then((m) => ({ default: m.BasicInfoUploadPage })),
  '/op/abs/finance-data/upload/contract/index': () => import('./FinanceDataUploadPage').then((m) => ({ default: m.ContractUploadPage })),
  '/op/abs/finance-data/upload/invoice/index': () => import('./FinanceDataUploadPage').then((m) => ({ default: m.InvoiceUploadPage })),
  '/op/abs/finance-data/upload/other/index': () => import('./FinanceDataUploadPage').then((m) => ({ default: m.OtherUploadPage })),
  '/op/abs/finance-data/upload/success/index': () => import('./FinanceDataPages').then((m) => ({ default: m.UploadSuccessPage })),
  '/op/abs/finance-data/detail/index': () => import('./FinanceDataPages'),
  '/op/financing/sign-up/detail/index': () => import('./SignUpPage'),
};

/** What the shared task view opens for its processes, by component name. */
export const taskViews: AreaTaskViews = {
  [TASK_COMPONENT.FINANCING]: () => import('./FinancingTaskView'),
};

/** Its routes beyond the menu tree's (hidden pages, a page's guard): src/routes/static-routes.ts merges them in. */
export const routes: readonly StaticRoute[] = [
  // Action pages (their write in `action`): read-only to whoever may open them but not act.
  child('abs/finance-data/upload/auth', 'abs:finance-data:upload:auth', { hidden: true, action: PERMISSIONS.financing.edit }),
  child('abs/finance-data/upload/contract', 'abs:finance-data:upload:contract', { hidden: true, action: PERMISSIONS.financing.edit }),
  child('abs/finance-data/upload/invoice', 'abs:finance-data:upload:invoice', { hidden: true, action: PERMISSIONS.financing.edit }),
  child('abs/finance-data/upload/other', 'abs:finance-data:upload:other', { hidden: true, action: PERMISSIONS.financing.edit }),
  child('abs/finance-data/upload/success', 'abs:finance-data:upload:success', { hidden: true }),
  child('abs/finance-data/detail', 'abs:finance-data:detail', { hidden: true }),
  child('financing/sign-up/detail', 'financing:sign-up:detail'),
];
