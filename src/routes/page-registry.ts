/**
 * The ONE registry of page modules, keyed by the component path the menu tree names
 * ('/op/system/dict/index'): each declared resource with a `menu` gets the kit's list page at
 * `${menu.path}/index`, unless OWN_PAGES names a page of its own there. Every entry is a lazy import, so adding a page adds nothing to the
 * first load. A screen that a later issue builds is registered as UNBUILT and shows the designed
 * under-construction page; an issue that builds it swaps UNBUILT for its import.
 */
import type { ComponentType } from 'react';
import { RESOURCES } from '../resources';
import { LAYOUT, PARENT_VIEW, type OwnPagePath } from './page-paths';
import type { PageProps, PageStatus } from './types';

export type { PageProps };
type PageLoader = () => Promise<{ default: ComponentType<PageProps> }>;

const UNBUILT = 'unbuilt' as const;
/** A declared resource's generic list page (src/resources/index.ts names it), loaded on first use. */
const resourcePage =
  (name: string): PageLoader =>
  () =>
    import('../crud/ResourcePage').then((m) => ({ default: m.pageOf(name) }));
const underConstruction: PageLoader = () => import('../pages/under-construction/UnderConstruction');

/** Page modules already loaded, by component path: the first render takes them as they are (RoutePage). */
const loadedPages = new Map<string, ComponentType<PageProps>>();

/**
 * Starts loading the page module of an address (its menu component path is the address + '/index')
 * while the shell still loads, so that the page's code is there when the router asks for it; settles
 * when it is there (or failed: the router's own load reports that).
 */
export function preloadPage(pathname: string): Promise<void> {
  const component = `${pathname.replace(/\/$/, '')}/index`;
  const loader = PAGES[component];
  if (typeof loader !== 'function') return Promise.resolve();
  return loader().then(
    (module) => void loadedPages.set(component, module.default),
    () => undefined,
  );
}

/** The page of a component path if its module has loaded, else undefined. */
export function loadedPage(component: string): ComponentType<PageProps> | undefined {
  return loadedPages.get(component);
}

export { LAYOUT, PARENT_VIEW };

/** Pages of their own; a declared resource's list page that is not here is the kit's generic one. */
/** Exactly the paths of OWN_PAGE_PATHS (src/routes/page-paths.ts), which the server reads too. */
const OWN_PAGES: Readonly<Record<OwnPagePath, PageLoader | typeof UNBUILT>> = {
  '/op/index': () => import('../pages/home/HomePage'),
  '/op/login/change-password/index': () => import('../pages/password/ChangePasswordPage'),
  '/op/login/my-export/index': () => import('../resources/pages/ExportRecordsPage'),
  '/op/system/dict/index': () => import('../resources/pages/DictTypePage'),
  '/op/system/dict/data/index': () => import('../resources/pages/DictDataPage'),
  '/op/system/export/index': () => import('../resources/pages/ExportRecordsPage'),
  '/op/system/online/index': () => import('../features/system-admin/OnlineSessionsPage'),
  '/op/system/user/index': () => import('../features/staff/StaffPage'),
  '/op/system/role/index': () => import('../features/staff/RolesPage'),
  '/op/system/menu/index': () => import('../features/admin-structure/MenusPage'),
  '/op/system/dept/index': () => import('../features/admin-structure/OrgsPage'),
  '/op/system/permission-matrix/index': () => import('../features/admin-structure/PermissionMatrixPage'),
  '/op/system/audit-rules/index': () => import('../features/audit-rules/AuditRulesPage'),
  '/op/system/operlog/index': () => import('../features/operation-log/OperationLogPage'),
  '/op/platform-content/news/edit/index': () => import('../features/content/ContentPage').then((m) => ({ default: m.NewsPage })),
  '/op/platform-content/notice/edit/index': () => import('../features/content/ContentPage').then((m) => ({ default: m.NoticePage })),

  // Built by later issues of this project.
  '/op/certificate-management/certificate-detail/index': () => import('../features/certificates/CertificatePage'),
  '/op/task/todo/index': () => import('../workflows/task-center/TaskListPage').then((m) => ({ default: m.TodoTasksPage })),
  '/op/task/done/index': () => import('../workflows/task-center/TaskListPage').then((m) => ({ default: m.DoneTasksPage })),
  '/op/task/started/index': () => import('../workflows/task-center/TaskListPage').then((m) => ({ default: m.StartedTasksPage })),
  '/op/task/all/index': () => import('../workflows/task-center/TaskListPage').then((m) => ({ default: m.AllInstancesPage })),
  '/op/task/view/index': () => import('../workflows/task-view/TaskViewPage'),
  '/op/credit/final-approve/approve/index': () => import('../workflows/pages/CreditFinalApprovePage'),
  '/op/price/config/index': () => import('../workflows/pages/PriceConfigPage'),
  '/op/admit/realname/index': () => import('../features/realname/RealnameListPage'),
  '/op/admit/realname/add/index': () => import('../features/realname/RealnameFormPage'),
  '/op/admit/realname/check/index': () => import('../features/realname/RealnameCheckPage'),
  '/op/admit/realname/oapprove/index': () => import('../features/realname/RealnameReviewPage'),
  '/op/admit/realname/mapprove/index': () => import('../features/realname/RealnameReviewPage'),
  '/op/group/corp-member-customer/index': () => import('../features/corporations/group-tree/GroupTreePage'),
  '/op/group/corporation/index': () => import('../features/corporations/CorporationListPage'),
  '/op/group/corporation/detail/index': () => import('../features/corporations/CorporationDetailPage'),
  '/op/group/corp-change/index': () => import('../features/corporations/CorporateChangesPage'),
  '/op/standard-library/detail/index': () => import('../features/products/StandardLibraryPage'),
  '/op/product/products/index': () => import('../features/products/ProductsPage'),
  '/op/product/agreements/index': () => import('../features/products/ProductsPage').then((m) => ({ default: m.AgreementsPage })),
  '/op/quota/account/index': () => import('../features/quotas/QuotaAccountsPage'),
  '/op/quota/dispatch/index': () => import('../features/quotas/QuotaDispatchPage'),
  '/op/quota/ledger/index': () => import('../features/quotas/QuotaLedgerPage'),
  '/op/issue/project-dept/detail/index': () => import('../features/credit-notes/ApplicationsPage').then((m) => ({ default: m.ProjectDeptApplications })),
  '/op/issue/branch-comp/detail/index': () => import('../features/credit-notes/ApplicationsPage').then((m) => ({ default: m.BranchApplications })),
  '/op/issue/group/detail/index': () => import('../features/credit-notes/ApplicationsPage').then((m) => ({ default: m.GroupApplications })),
  '/op/issue/group/generate/index': () => import('../features/credit-notes/GeneratePage'),
  '/op/issue/notes/index': () => import('../features/credit-notes/NotesPage'),
  '/op/issue/notes/detail/index': () => import('../features/credit-notes/NoteDetailPage'),
  '/op/issue/group/batch/index': () => import('../features/credit-notes/BatchDetailPage'),
  '/op/issue/bills/index': () => import('../features/bills/BillsPage'),
  '/op/issue/bills/detail/index': () => import('../features/bills/BillDetailPage'),
  '/op/message-center/messages/index': () => import('../features/messages/MessagesPage'),
  '/op/message-center/support/index': () => import('../features/support/SupportPage'),
  '/op/help/index': () => import('../features/help/HelpCenterPage'),

  // Business areas no issue builds yet.
  '/op/abs/assets/issue-node-register/index': () => import('../features/abs/IssueNodesPage'),
  '/op/abs/assets/assets-manage/index': () => import('../features/abs/AssetPackagesPage'),
  '/op/data-dashboard/index': () => import('../features/dashboard/DataDashboardPage'),

  '/op/abs/credit-recycling-manage/audit/index': () => import('../features/redemption/PaymentAuditPage'),
  '/op/zd-registration/management/register/index': () => import('../features/abs/ZdRegistrationPage'),
  '/op/abs/finance-data/upload/auth/index': () => import('../features/financing/FinanceDataUploadPage').then((m) => ({ default: m.BasicInfoUploadPage })),
  '/op/abs/finance-data/upload/contract/index': () => import('../features/financing/FinanceDataUploadPage').then((m) => ({ default: m.ContractUploadPage })),
  '/op/abs/finance-data/upload/invoice/index': () => import('../features/financing/FinanceDataUploadPage').then((m) => ({ default: m.InvoiceUploadPage })),
  '/op/abs/finance-data/upload/other/index': () => import('../features/financing/FinanceDataUploadPage').then((m) => ({ default: m.OtherUploadPage })),
  '/op/abs/finance-data/upload/success/index': () => import('../features/financing/FinanceDataPages').then((m) => ({ default: m.UploadSuccessPage })),
  '/op/abs/finance-data/detail/index': () => import('../features/financing/FinanceDataPages'),
  '/op/financing/sign-up/detail/index': () => import('../features/financing/SignUpPage'),
};

const PAGES: Readonly<Record<string, PageLoader | typeof UNBUILT>> = {
  ...Object.fromEntries(RESOURCES.filter((r) => r.menu).map((r) => [`${r.menu!.path}/index`, resourcePage(r.name)])),
  ...OWN_PAGES,
};

export function isDirectoryComponent(component: string | undefined): boolean {
  return component === LAYOUT || component === PARENT_VIEW;
}

export function pageStatus(component: string): PageStatus {
  const entry = PAGES[component];
  if (entry === undefined) return 'missing';
  return entry === UNBUILT ? 'unbuilt' : 'ready';
}

/** The loader of a component path; unbuilt and unknown paths both get the under-construction screen. */
export function pageLoader(component: string): PageLoader {
  const entry = PAGES[component];
  return entry === undefined || entry === UNBUILT ? underConstruction : entry;
}

/** The component paths still shown as under construction (the README lists them). */
export function unbuiltComponents(): string[] {
  return Object.keys(PAGES).filter((key) => PAGES[key] === UNBUILT);
}
