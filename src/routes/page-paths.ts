/**
 * The component paths the page registry (src/routes/page-registry.ts) resolves, as plain data both
 * sides read: the browser maps each to its page module, the server refuses a menu whose component is
 * none of them (server/admin-structure/menus.ts). A declared resource with a `menu` adds its list
 * page at `${menu.path}/index`; a page of its own is listed here (the registry's OWN_PAGES must name
 * exactly these, the type checker holds it to that).
 */
import type { AnyResource } from '../crud/resource';

/** Markers of directories in the menu tree: top-level ('Layout') and nested ('ParentView'). */
export const LAYOUT = 'Layout';
export const PARENT_VIEW = 'ParentView';

export const OWN_PAGE_PATHS = [
  '/op/index',
  '/op/login/change-password/index',
  '/op/login/my-export/index',
  '/op/system/dict/index',
  '/op/system/dict/data/index',
  '/op/system/export/index',
  '/op/system/online/index',
  '/op/system/menu/index',
  '/op/system/dept/index',
  '/op/system/permission-matrix/index',
  '/op/system/audit-rules/index',
  '/op/platform-content/news/edit/index',
  '/op/platform-content/notice/edit/index',
  '/op/certificate-management/certificate-detail/index',
  '/op/task/todo/index',
  '/op/task/done/index',
  '/op/task/started/index',
  '/op/task/all/index',
  '/op/task/view/index',
  '/op/credit/final-approve/approve/index',
  '/op/price/config/index',
  '/op/admit/realname/index',
  '/op/admit/realname/add/index',
  '/op/admit/realname/check/index',
  '/op/admit/realname/oapprove/index',
  '/op/admit/realname/mapprove/index',
  '/op/group/corp-member-customer/index',
  '/op/group/corporation/index',
  '/op/group/corporation/detail/index',
  '/op/group/corp-change/index',
  '/op/standard-library/detail/index',
  '/op/product/products/index',
  '/op/product/agreements/index',
  '/op/quota/account/index',
  '/op/quota/dispatch/index',
  '/op/quota/ledger/index',
  '/op/data-dashboard/index',
  '/op/abs/finance-data/upload/auth/index',
  '/op/abs/finance-data/upload/contract/index',
  '/op/abs/finance-data/upload/invoice/index',
  '/op/abs/finance-data/upload/other/index',
  '/op/abs/finance-data/upload/success/index',
  '/op/abs/finance-data/detail/index',
  '/op/abs/assets/issue-node-register/index',
  '/op/abs/assets/assets-manage/index',
  '/op/abs/credit-recycling-manage/audit/index',
  '/op/financing/sign-up/detail/index',
  '/op/zd-registration/management/register/index',
  '/op/issue/project-dept/detail/index',
  '/op/issue/branch-comp/detail/index',
  '/op/issue/group/detail/index',
  '/op/issue/group/generate/index',
  '/op/system/user/index',
  '/op/system/role/index',
  '/op/system/operlog/index',
  '/op/issue/notes/index',
  '/op/issue/notes/detail/index',
  '/op/issue/group/batch/index',
  '/op/issue/bills/index',
  '/op/issue/bills/detail/index',
  '/op/message-center/messages/index',
  '/op/message-center/support/index',
  '/op/help/index',
] as const;

export type OwnPagePath = (typeof OWN_PAGE_PATHS)[number];

/** The component path of a declared resource's list page. */
export const resourcePagePath = (resource: AnyResource) => (resource.menu ? `${resource.menu.path}/index` : undefined);

/** Every page component path the registry resolves, given the declared resources. */
export function registeredPagePaths(resources: readonly AnyResource[]): Set<string> {
  return new Set<string>([...resources.flatMap((r) => resourcePagePath(r) ?? []), ...OWN_PAGE_PATHS]);
}

/** Whether a menu's component resolves: a directory marker or a registered page. */
export function componentResolves(component: string, resources: readonly AnyResource[]): boolean {
  return component === LAYOUT || component === PARENT_VIEW || registeredPagePaths(resources).has(component);
}
