/**
 * The group tree as antd's Tree draws it, built from the flat rows of `tree`: children in their
 * order, and a search that keeps the matching units with the path down to them, opened.
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
}

export interface UnitNode {
  key: string;
  unit: GroupUnit;
  children: UnitNode[];
}

export function buildTree(units: readonly GroupUnit[]): UnitNode[] {
  const nodes = new Map(units.map((unit) => [unit.id, { key: unit.id, unit, children: [] as UnitNode[] }]));
  const roots: UnitNode[] = [];
  for (const unit of units) {
    const node = nodes.get(unit.id)!;
    const parent = unit.parentId ? nodes.get(unit.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: UnitNode[]) => {
    list.sort((a, b) => a.unit.sortOrder - b.unit.sortOrder);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

/** The nodes that match the keyword or lead to a match, and the keys to open so every match shows. */
export function searchTree(roots: readonly UnitNode[], keyword: string): { nodes: UnitNode[]; expanded: string[] } {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return { nodes: [...roots], expanded: [] };
  const expanded: string[] = [];
  const visit = (node: UnitNode): UnitNode | null => {
    const children = node.children.map(visit).filter((n): n is UnitNode => n !== null);
    const matches = node.unit.unitName.toLowerCase().includes(needle) || (node.unit.corpName ?? '').toLowerCase().includes(needle);
    if (children.length) expanded.push(node.key);
    return matches || children.length ? { ...node, children: matches && !children.length ? node.children : children } : null;
  };
  return { nodes: roots.map(visit).filter((n): n is UnitNode => n !== null), expanded };
}

/** Where a drop lands: the new parent and the position among its children (antd's dropPosition rules). */
export function dropTarget(units: readonly GroupUnit[], target: GroupUnit, dropToGap: boolean, relative: number): { parentId: string | null; position: number } {
  if (!dropToGap) return { parentId: target.id, position: 0 };
  const siblings = units.filter((u) => u.parentId === target.parentId).sort((a, b) => a.sortOrder - b.sortOrder);
  const index = siblings.findIndex((u) => u.id === target.id);
  return { parentId: target.parentId, position: relative < 0 ? index : index + 1 };
}
