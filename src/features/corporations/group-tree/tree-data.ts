/**
 * The group tree as the page holds it: the units it has loaded so far, a level at a time (the server's
 * `children`), or a search's matches with the paths down to them (`search`). A group of 10,000 units
 * is never loaded whole (issue 42): the page starts with the first view the server answers in one call
 * (the groups and the levels src/lib/group-tree's rule opens), and loads any other level when the
 * operator opens it.
 */
import type { UnitKind } from '../../../lib/corporations';

export interface GroupUnit {
  id: string;
  groupId: string;
  parentId: string | null;
  kind: UnitKind;
  unitName: string;
  corpId: string | null;
  corpName: string | null;
  creditCode: string | null;
  sortOrder: number;
  dataVersion: number;
  /** How many units hang right under it (0: a leaf, nothing to load). */
  childCount: number;
}

/** A search's answer: at most the server's limit of matches, each with the ids from its root down to its parent. */
export interface SearchAnswer {
  matches: Array<{ id: string; path: string[] }>;
  units: GroupUnit[];
  truncated: boolean;
}

/** The key of the roots' level in a Levels map. */
export const ROOTS = '';

/** The units loaded, by id, and the levels loaded: a parent's id (ROOTS for the groups) to its children's ids in order. */
export interface Loaded {
  units: ReadonlyMap<string, GroupUnit>;
  levels: ReadonlyMap<string, readonly string[]>;
}

export const emptyLoaded: Loaded = { units: new Map(), levels: new Map() };

const ordered = (units: readonly GroupUnit[]) => [...units].sort((a, b) => a.sortOrder - b.sortOrder);

/** The loaded tree with one level (re)loaded: the units of the level replace what was known of them. */
export function withLevel(loaded: Loaded, parentId: string | null, children: readonly GroupUnit[]): Loaded {
  const units = new Map(loaded.units);
  for (const unit of children) units.set(unit.id, unit);
  const levels = new Map(loaded.levels);
  levels.set(
    parentId ?? ROOTS,
    ordered(children).map((u) => u.id),
  );
  return { units, levels };
}

/**
 * What a search shows: the matches where they hang, the units on their paths (opened), and below a
 * match the levels already loaded (a match with no match below it may be opened like any unit).
 */
export function searchView(loaded: Loaded, answer: SearchAnswer): { loaded: Loaded; expanded: string[]; matched: Set<string> } {
  const units = new Map(loaded.units);
  for (const unit of answer.units) units.set(unit.id, unit);
  const below = new Map<string, Set<string>>();
  const onPath = new Set<string>();
  for (const { id, path } of answer.matches) {
    const line = [ROOTS, ...path, id];
    for (let i = 1; i < line.length; i++) {
      if (!below.has(line[i - 1])) below.set(line[i - 1], new Set());
      below.get(line[i - 1])!.add(line[i]);
    }
    path.forEach((p) => onPath.add(p));
  }
  const levels = new Map<string, readonly string[]>();
  for (const [parent, ids] of below)
    levels.set(
      parent,
      ordered([...ids].map((i) => units.get(i)!).filter(Boolean)).map((u) => u.id),
    );
  // A match with nothing matched below it shows what it holds, as far as it is loaded (else it loads on opening).
  for (const { id } of answer.matches) if (!below.has(id) && loaded.levels.has(id)) levels.set(id, loaded.levels.get(id)!);
  return { loaded: { units, levels }, expanded: [...onPath], matched: new Set(answer.matches.map((m) => m.id)) };
}

/** Where a drop lands: the new parent and the position among its children (antd's dropPosition rules), by the level loaded. */
export function dropTarget(loaded: Loaded, target: GroupUnit, dropToGap: boolean, relative: number): { parentId: string | null; position: number } {
  if (!dropToGap) return { parentId: target.id, position: 0 };
  const siblings = loaded.levels.get(target.parentId ?? ROOTS) ?? [];
  const index = siblings.indexOf(target.id);
  return { parentId: target.parentId, position: relative < 0 ? index : index + 1 };
}
