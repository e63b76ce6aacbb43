/**
 * The calls the structure pages make (the kit's CRUD calls of src/resources/{menus,orgs}.ts), through
 * the one signed client, and the flat-rows-to-tree step both tree pages take.
 */
import type { FormInstance } from 'antd';
import { api, ApiError } from '../../providers/http';

export type Row = Record<string, unknown> & { id: string; parentId: string | null; dataVersion: number };
export type TreeRow<T extends Row> = T & { children?: TreeRow<T>[] };

/** Every row of a kit resource (the trees are small: menus and organisations, a few hundred at most). */
export async function allRows<T extends Row>(apiBase: string): Promise<T[]> {
  const page = await api.post<{ records: T[] }>(`${apiBase}/page`, { pageSize: 500 });
  return page.records;
}

/** Rows under their parents, in the order given; a row whose parent is absent is a root. */
export function toTree<T extends Row>(rows: readonly T[]): TreeRow<T>[] {
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<string | null, T[]>();
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const build = (parent: string | null): TreeRow<T>[] =>
    (childrenOf.get(parent) ?? []).map((row) => {
      const children = build(row.id);
      return children.length ? { ...row, children } : { ...row };
    });
  return build(null);
}

/** The ids of a node and everything under it: what a move may not target. */
export function subtreeIds<T extends Row>(rows: readonly T[], id: string): Set<string> {
  const out = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) if (row.parentId && out.has(row.parentId) && !out.has(row.id)) grew = out.add(row.id).size > 0;
  }
  return out;
}

/**
 * Shows a refusal: under its field when the server names one (a component the registry does not
 * resolve), and as a message either way. Returns nothing; the caller keeps the form open.
 */
export function showRefusal(error: unknown, form: FormInstance, notify: (text: string) => void): void {
  const message = error instanceof Error ? error.message : String(error);
  const field = error instanceof ApiError ? (error.data as { field?: unknown } | null | undefined)?.field : undefined;
  if (typeof field === 'string') form.setFields([{ name: field, errors: [message] }]);
  notify(message);
}
