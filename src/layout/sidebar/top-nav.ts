/**
 * The firstMenuOnNav setting (spec §3): top-level entries in the navbar, the sidebar showing the
 * pages of the entry that holds the current page.
 */
import type { NavItem } from '../../routes/types';

export function topEntryOf(nav: readonly NavItem[], pathname: string): NavItem | undefined {
  const holds = (item: NavItem): boolean => (item.children ? item.children.some(holds) : pathname === item.key || pathname.startsWith(`${item.key}/`));
  return nav.find(holds) ?? nav[0];
}

/** What the sidebar shows under a top-level entry: its pages, or the entry itself when it is one. */
export function sideNavOf(entry: NavItem | undefined): NavItem[] {
  if (!entry) return [];
  return entry.children ?? [entry];
}
