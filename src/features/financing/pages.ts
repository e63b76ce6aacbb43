// The `financing` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
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
