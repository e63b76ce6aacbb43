/** The group tree calls (server/corporations/group-tree.ts) as the page uses them. */
import { api } from '../../../providers/http';
import type { UnitKind } from '../../../lib/corporations';
import { FIRST_VIEW_ROWS, type ViewLevel } from '../../../lib/group-tree';
import type { GroupUnit, SearchAnswer } from './tree-data';

const BASE = '/op/v1/group/units';

export interface NewUnit {
  kind: UnitKind;
  parentId?: string;
  unitName?: string;
  corpId?: string;
}

export const groupTreeApi = {
  /** The first view in one call: the groups, then each level src/lib/group-tree's rule opens within FIRST_VIEW_ROWS rows. */
  firstView: () => api.post<Array<ViewLevel<GroupUnit>>>(`${BASE}/first-view`, { rows: FIRST_VIEW_ROWS }),
  /** One level: the groups without a parent, else the units right under the parent, each with its child count. */
  children: (parentId: string | null) => api.post<GroupUnit[]>(`${BASE}/children`, parentId ? { parentId } : {}),
  /** The units whose name contains the keyword, with the path from the root to each. */
  search: (keyword: string) => api.post<SearchAnswer>(`${BASE}/search`, { keyword }),
  add: (unit: NewUnit) => api.post<GroupUnit>(`${BASE}/save`, unit),
  rename: (unit: GroupUnit, unitName: string) => api.post<GroupUnit>(`${BASE}/rename`, { id: unit.id, dataVersion: unit.dataVersion, unitName }),
  move: (unit: GroupUnit, parentId: string, position: number) =>
    api.post<GroupUnit>(`${BASE}/move`, { id: unit.id, dataVersion: unit.dataVersion, parentId, position }),
  /** The move's checks (the tree's rules and what the unit still holds) without the move: asked before the confirmation. */
  moveCheck: (unit: GroupUnit, parentId: string) => api.post<boolean>(`${BASE}/move-check`, { id: unit.id, dataVersion: unit.dataVersion, parentId }),
  remove: (id: string) => api.post<number>(`${BASE}/remove`, { id }),
};
