/**
 * The sidebar search (spec 2.6), pure: the menu narrowed to the entries whose title contains the
 * query. A directory whose own title matches keeps all its entries; one that does not keeps only
 * its matching ones.
 */
import type { NavItem } from '../../routes/types';

export function filterNav(nav: readonly NavItem[], query: string, title: (item: NavItem) => string): NavItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...nav];
  return nav.flatMap((item): NavItem[] => {
    if (title(item).toLowerCase().includes(needle)) return [item];
    if (!item.children) return [];
    const children = filterNav(item.children, query, title);
    return children.length ? [{ ...item, children }] : [];
  });
}

/** Keys of every directory in a (filtered) menu: a search shows its results unfolded. */
export function directoryKeys(nav: readonly NavItem[]): string[] {
  return nav.flatMap((item) => (item.children ? [item.key, ...directoryKeys(item.children)] : []));
}

/** The first page of a menu, where Enter in the search box goes. */
export function firstPage(nav: readonly NavItem[]): NavItem | undefined {
  for (const item of nav) {
    const found = item.children ? firstPage(item.children) : item;
    if (found) return found;
  }
  return undefined;
}

/** The sidebar entry to highlight for a pathname: its own, else the nearest one above it (a hidden detail page lights its list). */
export function selectedNavKey(nav: readonly NavItem[], pathname: string): { selected?: string; open: string[] } {
  let best: { selected: string; open: string[] } | undefined;
  const walk = (items: readonly NavItem[], parents: string[]) => {
    for (const item of items) {
      if (item.children) walk(item.children, [...parents, item.key]);
      else if ((pathname === item.key || pathname.startsWith(`${item.key}/`)) && item.key.length > (best?.selected.length ?? 0)) {
        best = { selected: item.key, open: parents };
      }
    }
  };
  walk(nav, []);
  return best ?? { open: [] };
}
