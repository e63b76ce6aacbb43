/**
 * The rules of the column settings (表头设置, spec §2.6, §5.3) as pure functions over a table's
 * column definitions and the operator's saved choice. No React here: the dialog, the hook and the
 * tests all go through these functions, so "at least one column stays shown" lives once.
 *
 * A column takes part when the settings can name it (a `key`, or a `dataIndex`) and it is not one of
 * the kinds the spec excludes (`columnKind`: index, action, selection, expand). Every other column,
 * including antd's Table.SELECTION_COLUMN / Table.EXPAND_COLUMN placeholders, keeps its place in the
 * definitions; the configurable columns fill the remaining places in the operator's order. A group
 * (second-level header) is configurable as a whole at its level, and its children within it.
 */

/** The kinds the spec keeps out of the settings; such a column is always shown, where it is defined. */
export type FixedColumnKind = 'index' | 'action' | 'selection' | 'expand';

/** What the model reads of a column: the shape of an antd column, plus `columnKind`. */
export interface SettingsColumnLike {
  key?: string | number | bigint;
  dataIndex?: unknown;
  title?: unknown;
  columnKind?: FixedColumnKind;
  children?: readonly SettingsColumnLike[];
}

/** The operator's choice at one header level; `groups` holds the choice inside each group by its id. */
export interface ColumnLevelState {
  order: string[];
  hidden: string[];
  groups?: Record<string, ColumnLevelState>;
}

export type ColumnSettingsState = ColumnLevelState;

export type SettingsRefusal = 'atLeastOne';

export type SettingsResult = { ok: true; state: ColumnSettingsState } | { ok: false; reason: SettingsRefusal };

/** One row of the settings dialog, in the operator's order. */
export interface SettingsItem<C extends SettingsColumnLike = SettingsColumnLike> {
  id: string;
  column: C;
  hidden: boolean;
  /** The group's configurable children (second-level headers), absent for a leaf column. */
  children?: SettingsItem<C>[];
}

/** The name the settings keep a column under: its key, else its dataIndex (a path joined by dots). */
export function columnId(column: SettingsColumnLike): string | undefined {
  if (column.key !== undefined && column.key !== null && column.key !== '') return String(column.key);
  const { dataIndex } = column;
  if (Array.isArray(dataIndex)) return dataIndex.length ? dataIndex.join('.') : undefined;
  if (typeof dataIndex === 'string' || typeof dataIndex === 'number') return dataIndex === '' ? undefined : String(dataIndex);
  return undefined;
}

export function isConfigurable(column: SettingsColumnLike): boolean {
  return column.columnKind === undefined && columnId(column) !== undefined;
}

const isGroup = (column: SettingsColumnLike): boolean => Array.isArray(column.children) && column.children.length > 0;

const configurableIds = (columns: readonly SettingsColumnLike[]): string[] => columns.filter(isConfigurable).map((column) => columnId(column) as string);

function byId<C extends SettingsColumnLike>(columns: readonly C[]): Map<string, C> {
  return new Map(columns.filter(isConfigurable).map((column) => [columnId(column) as string, column]));
}

/** The columns as defined: every configurable column shown, in definition order. */
export function defaultState(columns: readonly SettingsColumnLike[]): ColumnSettingsState {
  const groups: Record<string, ColumnLevelState> = {};
  for (const [id, column] of byId(columns)) if (isGroup(column)) groups[id] = defaultState(column.children ?? []);
  return { order: configurableIds(columns), hidden: [], ...(Object.keys(groups).length ? { groups } : {}) };
}

/**
 * Places a column the saved order does not know right after its predecessor in the definitions (or
 * first), so a column added in the middle of a table appears there, not at the end.
 */
function reconcileOrder(saved: readonly string[], defined: readonly string[]): string[] {
  const known = new Set(defined);
  const order = [...new Set(saved)].filter((id) => known.has(id));
  defined.forEach((id, position) => {
    if (order.includes(id)) return;
    const predecessor = defined
      .slice(0, position)
      .reverse()
      .find((before) => order.includes(before));
    order.splice(predecessor === undefined ? 0 : order.indexOf(predecessor) + 1, 0, id);
  });
  return order;
}

function reconcileLevel(columns: readonly SettingsColumnLike[], saved: ColumnLevelState | undefined): ColumnLevelState {
  const defined = configurableIds(columns);
  const order = reconcileOrder(saved?.order ?? [], defined);
  const hidden = [...new Set(saved?.hidden ?? [])].filter((id) => defined.includes(id));
  const groups: Record<string, ColumnLevelState> = {};
  for (const [id, column] of byId(columns)) if (isGroup(column)) groups[id] = reconcileLevel(column.children ?? [], saved?.groups?.[id]);
  return { order, hidden, ...(Object.keys(groups).length ? { groups } : {}) };
}

/**
 * Fits a saved choice to the current definitions: new columns appear (shown, near their defined
 * place), removed ones are dropped. Should nothing stay shown, the saved visibility is dropped: the
 * rule of at least one column holds for a stale choice too.
 */
export function reconcile(columns: readonly SettingsColumnLike[], saved: ColumnSettingsState | undefined): ColumnSettingsState {
  const state = reconcileLevel(columns, saved);
  return visibleLeafCount(columns, state) > 0 || configurableIds(columns).length === 0 ? state : clearHidden(state);
}

function clearHidden(state: ColumnLevelState): ColumnLevelState {
  const groups = state.groups && Object.fromEntries(Object.entries(state.groups).map(([id, level]) => [id, clearHidden(level)]));
  return { order: state.order, hidden: [], ...(groups ? { groups } : {}) };
}

/** How many configurable leaf columns the operator would see. */
export function visibleLeafCount(columns: readonly SettingsColumnLike[], state: ColumnLevelState | undefined): number {
  const hidden = new Set(state?.hidden ?? []);
  let count = 0;
  for (const [id, column] of byId(columns)) {
    if (hidden.has(id)) continue;
    count += isGroup(column) ? visibleLeafCount(column.children ?? [], state?.groups?.[id]) : 1;
  }
  return count;
}

/** Arranges one level: fixed columns where defined, configurable ones in their slots in the chosen order. */
function arrange<C extends SettingsColumnLike>(columns: readonly C[], order: readonly string[]): C[] {
  const configurable = byId(columns);
  const ordered = reconcileOrder(order, [...configurable.keys()]).map((id) => configurable.get(id) as C);
  let next = 0;
  return columns.map((column) => (isConfigurable(column) ? ordered[next++] : column));
}

/**
 * The columns to hand to antd's Table: in the chosen order, hidden ones left out, a group whose
 * children are all hidden left out with them.
 */
export function visibleColumns<C extends SettingsColumnLike>(columns: readonly C[], state: ColumnSettingsState | undefined): C[] {
  const hidden = new Set(state?.hidden ?? []);
  const result: C[] = [];
  for (const column of arrange(columns, state?.order ?? [])) {
    if (!isConfigurable(column)) {
      result.push(column);
      continue;
    }
    const id = columnId(column) as string;
    if (hidden.has(id)) continue;
    if (!isGroup(column)) {
      result.push(column);
      continue;
    }
    const children = visibleColumns(column.children as readonly C[], state?.groups?.[id]);
    if (children.some(isConfigurable)) result.push({ ...column, children });
  }
  return result;
}

/** The rows of the settings dialog: configurable columns only, in the chosen order, nested under their group. */
export function settingsItems<C extends SettingsColumnLike>(columns: readonly C[], state: ColumnSettingsState | undefined): SettingsItem<C>[] {
  const hidden = new Set(state?.hidden ?? []);
  return arrange(columns, state?.order ?? [])
    .filter(isConfigurable)
    .map((column) => {
      const id = columnId(column) as string;
      const item: SettingsItem<C> = { id, column, hidden: hidden.has(id) };
      if (isGroup(column)) item.children = settingsItems(column.children as readonly C[], state?.groups?.[id]);
      return item;
    });
}

/** Applies `change` to the level at `path` (group ids from the top), creating the levels on the way. */
function updateLevel(
  columns: readonly SettingsColumnLike[],
  state: ColumnLevelState,
  path: readonly string[],
  change: (level: ColumnLevelState, columns: readonly SettingsColumnLike[]) => ColumnLevelState,
): ColumnLevelState {
  if (path.length === 0) return change(state, columns);
  const [groupId, ...rest] = path;
  const group = byId(columns).get(groupId);
  if (!group || !isGroup(group)) return state;
  const children = group.children ?? [];
  const level = reconcileLevel(children, state.groups?.[groupId]);
  return { ...state, groups: { ...state.groups, [groupId]: updateLevel(children, level, rest, change) } };
}

/**
 * Shows or hides the column at `path` (its group ids, then its own id). Hiding the last shown column
 * is refused (spec §5.3: at least one column must remain shown).
 */
export function setHidden(columns: readonly SettingsColumnLike[], state: ColumnSettingsState, path: readonly string[], hide: boolean): SettingsResult {
  const id = path[path.length - 1];
  if (id === undefined) return { ok: true, state };
  const next = updateLevel(columns, state, path.slice(0, -1), (level, levelColumns) => {
    if (!configurableIds(levelColumns).includes(id)) return level;
    const hidden = level.hidden.filter((other) => other !== id);
    return { ...level, hidden: hide ? [...hidden, id] : hidden };
  });
  if (hide && visibleLeafCount(columns, next) === 0) return { ok: false, reason: 'atLeastOne' };
  return { ok: true, state: next };
}

/** Moves the column `activeId` to where `overId` is, within the level at `parentPath` (a group's children, or the top). */
export function moveColumn(
  columns: readonly SettingsColumnLike[],
  state: ColumnSettingsState,
  parentPath: readonly string[],
  activeId: string,
  overId: string,
): ColumnSettingsState {
  return updateLevel(columns, state, parentPath, (level, levelColumns) => {
    const order = reconcileOrder(level.order, configurableIds(levelColumns));
    const from = order.indexOf(activeId);
    const to = order.indexOf(overId);
    if (from < 0 || to < 0 || from === to) return level;
    order.splice(to, 0, ...order.splice(from, 1));
    return { ...level, order };
  });
}

/** Whether a choice shows the columns exactly as defined (nothing to store, nothing to reset). */
export function isDefaultState(columns: readonly SettingsColumnLike[], state: ColumnSettingsState): boolean {
  return JSON.stringify(reconcile(columns, state)) === JSON.stringify(defaultState(columns));
}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Reads a stored choice, keeping only well-formed parts: a stale or hand-edited entry cannot break a list page. */
export function parseState(raw: string | null): ColumnSettingsState | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? 'null');
  } catch {
    return undefined;
  }
  return toLevel(parsed);
}

function toLevel(value: unknown): ColumnLevelState | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { order, hidden, groups } = value as Record<string, unknown>;
  const level: ColumnLevelState = { order: isStringArray(order) ? order : [], hidden: isStringArray(hidden) ? hidden : [] };
  if (groups && typeof groups === 'object' && !Array.isArray(groups)) {
    const entries = Object.entries(groups).flatMap(([id, group]) => {
      const child = toLevel(group);
      return child ? [[id, child] as const] : [];
    });
    if (entries.length) level.groups = Object.fromEntries(entries);
  }
  return level;
}
