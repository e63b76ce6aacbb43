/** Builds the granted route tree (spec 2.2) from menu rows. */

export interface MenuRow {
  id: string;
  parentId: string | null;
  menuUri: string;
  title: string;
  path: string;
  component: string;
  routeName: string | null;
  icon: string;
  orderNum: number;
  hidden: boolean;
  redirect: string | null;
  alwaysShow: boolean;
  noCache: boolean;
  /** Granted to one of the user's roles. */
  granted: boolean;
}

export interface RouteItem {
  name: string;
  path: string;
  component: string;
  hidden: boolean;
  redirect?: string;
  alwaysShow?: boolean;
  meta: { title: string; icon: string; menuUri: string; noCache: boolean };
  children?: RouteItem[];
}

function toRouteItem(row: MenuRow, children: RouteItem[]): RouteItem {
  return {
    name: row.routeName ?? row.menuUri.replaceAll(':', '-'),
    path: row.path,
    component: row.component,
    hidden: row.hidden,
    ...(row.redirect ? { redirect: row.redirect } : {}),
    ...(row.alwaysShow ? { alwaysShow: true } : {}),
    meta: { title: row.title, icon: row.icon, menuUri: row.menuUri, noCache: row.noCache },
    ...(children.length ? { children } : {}),
  };
}

/**
 * Granted menus, ordered by orderNum under their parents. A menu appears when it is granted or when
 * any of its descendants is, so a granted page is never orphaned by an ungranted directory.
 */
export function buildRouteTree(rows: readonly MenuRow[]): RouteItem[] {
  const childrenOf = new Map<string | null, MenuRow[]>();
  for (const row of rows) childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  const build = (parentId: string | null): RouteItem[] =>
    (childrenOf.get(parentId) ?? [])
      .slice()
      .sort((a, b) => a.orderNum - b.orderNum || a.menuUri.localeCompare(b.menuUri))
      .flatMap((row) => {
        const children = build(row.id);
        return row.granted || children.length ? [toRouteItem(row, children)] : [];
      });
  return build(null);
}
