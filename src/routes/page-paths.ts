/**
 * The component paths the page registry (src/routes/page-registry.ts) resolves, as plain data both
 * sides read: the browser maps each to its page module, the server refuses a menu whose component is
 * none of them (server/admin-structure/menus.ts). A declared resource with a `menu` adds its list
 * page at `${menu.path}/index`; an area's pages of its own are what its src/features/<area>/pages.ts
 * declares (issue 39 item 2), the shell's are listed here.
 */
import type { AnyResource } from '../crud/resource';
import { areaPageModules } from './area-pages';

/** Markers of directories in the menu tree: top-level ('Layout') and nested ('ParentView'). */
export const LAYOUT = 'Layout';
export const PARENT_VIEW = 'ParentView';

/** The shell's own pages (src/routes/page-registry.ts's SHELL_PAGES must name exactly these, the type checker holds it to that). */
export const SHELL_PAGE_PATHS = [
  '/op/index',
  '/op/login/change-password/index',
  '/op/login/my-export/index',
  '/op/system/dict/index',
  '/op/system/dict/data/index',
  '/op/system/export/index',
  '/op/task/todo/index',
  '/op/task/done/index',
  '/op/task/started/index',
  '/op/task/all/index',
  '/op/task/view/index',
] as const;

export type ShellPagePath = (typeof SHELL_PAGE_PATHS)[number];

/** Every page of its own: the shell's, and those the areas declare in their pages.ts (found, not listed). */
export const OWN_PAGE_PATHS: readonly string[] = [...SHELL_PAGE_PATHS, ...areaPageModules().flatMap((area) => Object.keys(area.pages ?? {}))];

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
