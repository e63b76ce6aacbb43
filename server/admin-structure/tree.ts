/**
 * The rules every parent-linked tree of system administration shares (menus, organisations): a
 * parent must exist when a node is placed under it, and a move cannot put a node under itself or one
 * of its descendants. Moves of one tree are serialised by an advisory lock, so two simultaneous
 * moves (A under B, B under A) cannot both pass the check and leave a cycle.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/tx';

export interface TreeTable {
  table: PgTable;
  id: PgColumn;
  parentId: PgColumn;
  /** A number of its own for the advisory lock that serialises this tree's moves. */
  lockKey: number;
}

export type ParentVerdict = { ok: true; parent: Record<string, unknown> | null } | { ok: false; reason: 'missing' | 'cycle' };

/**
 * Checks placing a node (id undefined: a new one) under `parentId`. The parent row is read FOR SHARE:
 * a removal of it waits until this write commits, then sees the new child and refuses.
 */
export async function checkParent(tx: Tx, tree: TreeTable, parentId: string | null, id?: string): Promise<ParentVerdict> {
  if (parentId === null) return { ok: true, parent: null };
  await tx.execute(sql`select pg_advisory_xact_lock(${tree.lockKey})`);
  const [parent] = (await tx.select().from(tree.table).where(eq(tree.id, parentId)).for('share')) as Record<string, unknown>[];
  if (!parent) return { ok: false, reason: 'missing' };
  if (id === undefined) return { ok: true, parent };
  // Up from the new parent: meeting the node itself means the node would sit below its own subtree.
  const seen = new Set<string>();
  for (let at: string | null = parentId; at !== null && !seen.has(at);) {
    if (at === id) return { ok: false, reason: 'cycle' };
    seen.add(at);
    const [row] = (await tx.select({ parentId: tree.parentId }).from(tree.table).where(eq(tree.id, at))) as Array<{ parentId: string | null }>;
    at = row?.parentId ?? null;
  }
  return { ok: true, parent };
}

/** An empty or absent parent is a root. */
export const parentOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
