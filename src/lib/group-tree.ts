/**
 * The group tree's first view (企业集团树, issue 42): which levels open when the page is opened. A group
 * may hold 10,000 units, so the page never shows them all: it shows the groups, then opens level after
 * level while the rows shown stay within a budget. The server answers that whole first view in one call
 * (server/corporations/group-tree.ts `first-view`) by this rule; the page asks it with FIRST_VIEW_ROWS.
 */
import { UNIT_KIND } from './corporations';

/** The rows the page's first view opens at most: a demo group opens whole, a group of 10,000 units shows its first levels. */
export const FIRST_VIEW_ROWS = 200;
/** The most rows a first view may ask for: a first view is a view, not a way to read a whole group. */
export const FIRST_VIEW_MAX_ROWS = 1000;

/** What the rule reads of a unit: its kind and how many units hang right under it. */
export interface ViewedUnit {
  kind: string;
  childCount: number;
}

/** Units the first view opens: a group or branch with units under it, never a project department or a member customer (leaves). */
export const opensAtFirst = (unit: ViewedUnit) => unit.childCount > 0 && unit.kind !== UNIT_KIND.projectDept && unit.kind !== UNIT_KIND.member;

/**
 * Which of a level's units to open next, in their order, so that the rows shown stay within `budget`:
 * a unit whose children would not fit is left closed and the next is tried. A small tree opens as a
 * whole; a group with a hundred branches of a hundred departments each shows its branches, closed.
 */
export function toOpen<U extends ViewedUnit>(candidates: readonly U[], shown: number, budget: number): { open: U[]; shown: number } {
  const open: U[] = [];
  for (const unit of candidates) {
    if (!opensAtFirst(unit) || shown + unit.childCount > budget) continue;
    shown += unit.childCount;
    open.push(unit);
  }
  return { open, shown };
}

/** One level of the first view: the parent's id (null for the groups) and its units in order. */
export interface ViewLevel<U> {
  parentId: string | null;
  units: U[];
}

/**
 * The first view, level by level: the roots, then the children of each unit `toOpen` opens, the next
 * level's candidates being those children in the order of their parents. `childrenOf` reads the
 * children of several parents at once (one query per level on the server), in each parent's order.
 */
export async function firstView<U extends ViewedUnit & { id: string }>(
  roots: U[],
  budget: number,
  childrenOf: (parents: readonly U[]) => Promise<U[][]>,
): Promise<ViewLevel<U>[]> {
  const levels: ViewLevel<U>[] = [{ parentId: null, units: roots }];
  let level = roots;
  let shown = roots.length;
  while (level.length) {
    const next = toOpen(level, shown, budget);
    shown = next.shown;
    if (!next.open.length) break;
    const lists = await childrenOf(next.open);
    next.open.forEach((unit, i) => levels.push({ parentId: unit.id, units: lists[i] }));
    level = lists.flat();
  }
  return levels;
}
