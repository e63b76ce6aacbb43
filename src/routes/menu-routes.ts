/**
 * Builds the shell's routes and sidebar from the granted menu tree (spec 2.2) plus the static
 * routes (2.3, 2.4). Pure: the tree in, the route table out; the page registry only answers whether
 * a component path is built.
 */
import { canAccessMenu, grantedMenuUris, hasAnyPermission } from '../lib/access';
import type { MenuRouteItem } from '../protocol';
import { isDirectoryComponent, pageStatus } from './page-registry';
import { STATIC_ROUTES, type StaticRoute } from './static-routes';
import type { AppRoute, DirectoryRedirect, NavItem, RouteTable } from './types';

/** A top-level path gets a leading slash; a child's relative path hangs under its parent's. */
export function fullPath(path: string, parentPath?: string): string {
  const joined = path.startsWith('/') || parentPath === undefined ? `/${path}` : `${parentPath}/${path}`;
  const collapsed = joined.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

function isDirectory(item: MenuRouteItem): boolean {
  return isDirectoryComponent(item.component) || (item.children?.length ?? 0) > 0;
}

type Ancestors = AppRoute['ancestors'];

function menuRoute(item: MenuRouteItem, path: string, ancestors: Ancestors): AppRoute {
  const component = item.component || `${path}/index`;
  return {
    path,
    name: item.name,
    title: item.meta?.title ?? path,
    titleKey: item.meta?.menuUri,
    menuUri: item.meta?.menuUri,
    icon: item.meta?.icon,
    hidden: item.hidden ?? false,
    noCache: item.meta?.noCache ?? false,
    affix: false,
    layout: 'main',
    component,
    pageStatus: pageStatus(component),
    readOnly: false,
    ancestors,
  };
}

/** The first page under a directory, for a directory that names no redirect. */
function firstPage(item: MenuRouteItem, path: string): string | undefined {
  for (const childItem of item.children ?? []) {
    const childPath = fullPath(childItem.path, path);
    const found = isDirectory(childItem) ? (childItem.redirect ?? firstPage(childItem, childPath)) : childPath;
    if (found) return found;
  }
  return undefined;
}

function collectRoutes(
  items: readonly MenuRouteItem[],
  parentPath: string | undefined,
  ancestors: Ancestors,
  out: { routes: AppRoute[]; redirects: DirectoryRedirect[] },
): void {
  for (const item of items) {
    const path = fullPath(item.path, parentPath);
    if (isDirectory(item)) {
      const to = item.redirect ?? firstPage(item, path);
      if (to && to !== path) out.redirects.push({ path, to });
      const crumb = { title: item.meta?.title ?? path, titleKey: item.meta?.menuUri, path };
      collectRoutes(item.children ?? [], path, [...ancestors, crumb], out);
    } else {
      out.routes.push(menuRoute(item, path, ancestors));
    }
  }
}

/**
 * The sidebar, by the rules operators know from RuoYi: hidden nodes are left out; a directory with
 * one visible child shows that child in its place unless it is alwaysShow; a directory with no
 * visible child shows as one entry leading to its redirect.
 */
function buildNav(
  items: readonly MenuRouteItem[],
  parentPath: string | undefined,
  redirects: ReadonlyMap<string, string>,
  withheld: ReadonlySet<string> = new Set(),
): NavItem[] {
  const nav: NavItem[] = [];
  for (const item of items) {
    if (item.hidden) continue;
    const path = fullPath(item.path, parentPath);
    const own = { key: path, title: item.meta?.title ?? path, titleKey: item.meta?.menuUri, icon: item.meta?.icon };
    if (!isDirectory(item)) {
      // A page withheld for want of its call's permission is not offered either.
      if (!withheld.has(path)) nav.push({ ...own, to: path });
      continue;
    }
    const children = buildNav(item.children ?? [], path, redirects, withheld);
    if (children.length === 0 && item.children?.some((child) => !child.hidden)) continue; // every page in it withheld
    if (children.length === 0) nav.push({ ...own, to: redirects.get(path) ?? path });
    else if (children.length === 1 && !item.alwaysShow && !children[0].children) nav.push({ ...children[0], icon: children[0].icon ?? own.icon });
    else nav.push({ ...own, to: redirects.get(path) ?? path, children });
  }
  return nav;
}

function staticRoute(route: StaticRoute, title: string): AppRoute {
  const component = route.component ?? `${route.path}/index`;
  return {
    path: route.path,
    name: route.name,
    title,
    titleKey: route.titleKey,
    menuUri: route.menuUri,
    hidden: route.hidden ?? false,
    noCache: route.noCache ?? false,
    affix: route.affix ?? false,
    layout: route.layout ?? 'main',
    component,
    pageStatus: pageStatus(component),
    readOnly: false,
    ancestors: [],
  };
}

/**
 * Merges the static routes in: granted ones only (those without a menuUri belong to every operator),
 * the tree's title and ancestors kept where both name a path.
 */
function mergeStatic(
  routes: AppRoute[],
  uris: ReadonlySet<string>,
  statics: readonly StaticRoute[],
  staticTitle: (titleKey: string) => string,
  permissions: readonly string[] | undefined,
  withheld: Set<string>,
): AppRoute[] {
  const byPath = new Map(routes.map((r) => [r.path, r]));
  for (const entry of statics) {
    if (entry.menuUri && !canAccessMenu(uris, entry.menuUri)) continue;
    // A page guarded like its first write: without that permission the path is not registered (so /403).
    if (entry.permission && permissions && !hasAnyPermission(permissions, [entry.permission].flat())) {
      byPath.delete(entry.path);
      withheld.add(entry.path);
      continue;
    }
    // An action page without its write: registered, but read-only (the one guard of every action page).
    const readOnly = !!entry.action && !!permissions && !hasAnyPermission(permissions, [entry.action].flat());
    const own = { ...staticRoute(entry, staticTitle(entry.titleKey)), readOnly };
    const fromMenu = byPath.get(entry.path);
    byPath.set(
      entry.path,
      fromMenu
        ? {
            ...own,
            title: fromMenu.title,
            titleKey: fromMenu.titleKey ?? own.titleKey,
            icon: fromMenu.icon,
            ancestors: fromMenu.ancestors,
            noCache: own.noCache || fromMenu.noCache,
            hidden: own.hidden || fromMenu.hidden,
            component: fromMenu.component,
            pageStatus: fromMenu.pageStatus,
          }
        : own,
    );
  }
  return [...byPath.values()];
}

/** `permissions`: the operator's (user info menuPerms); without them, static routes' permissions are not checked. */
export function buildRoutesFromMenu(
  tree: readonly MenuRouteItem[],
  staticTitle: (titleKey: string) => string,
  statics: readonly StaticRoute[] = STATIC_ROUTES,
  permissions?: readonly string[],
): RouteTable {
  const collected = { routes: [] as AppRoute[], redirects: [] as DirectoryRedirect[] };
  collectRoutes(tree, undefined, [], collected);
  const menuUris = grantedMenuUris(tree);
  const withheld = new Set<string>();
  const routes = mergeStatic(collected.routes, menuUris, statics, staticTitle, permissions, withheld);
  const redirects = collected.redirects.filter((r) => !routes.some((route) => route.path === r.path));
  const nav = buildNav(tree, undefined, new Map(redirects.map((r) => [r.path, r.to])), withheld);
  return { routes, redirects, nav, menuUris };
}

/** The route registered at a pathname (exact match; trailing slashes ignored). */
export function findRoute(table: Pick<RouteTable, 'routes'>, pathname: string): AppRoute | undefined {
  const path = fullPath(pathname);
  return table.routes.find((r) => r.path === path);
}

export function findRedirect(table: Pick<RouteTable, 'redirects'>, pathname: string): string | undefined {
  const path = fullPath(pathname);
  return table.redirects.find((r) => r.path === path)?.to;
}
