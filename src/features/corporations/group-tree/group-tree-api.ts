/** The group tree calls (server/corporations/group-tree.ts) as the page uses them. */
import { api } from '../../../providers/http';
import type { UnitKind } from '../../../lib/corporations';
import type { GroupUnit } from './tree-data';

const BASE = '/op/v1/group/units';

export interface NewUnit {
  kind: UnitKind;
  parentId?: string;
  unitName?: string;
  corpId?: string;
}

export const groupTreeApi = {
  tree: () => api.post<GroupUnit[]>(`${BASE}/tree`, {}),
  add: (unit: NewUnit) => api.post<GroupUnit>(`${BASE}/save`, unit),
  rename: (unit: GroupUnit, unitName: string) => api.post<GroupUnit>(`${BASE}/rename`, { id: unit.id, dataVersion: unit.dataVersion, unitName }),
  move: (unit: GroupUnit, parentId: string, position: number) => api.post<GroupUnit>(`${BASE}/move`, { id: unit.id, dataVersion: unit.dataVersion, parentId, position }),
  /** The move's checks (the tree's rules and what the unit still holds) without the move: asked before the confirmation. */
  moveCheck: (unit: GroupUnit, parentId: string) => api.post<boolean>(`${BASE}/move-check`, { id: unit.id, dataVersion: unit.dataVersion, parentId }),
  remove: (id: string) => api.post<number>(`${BASE}/remove`, { id }),
};
