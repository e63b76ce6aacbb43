/**
 * The auditor's permission matrix: persona × resource × action → allowed or denied, computed with the
 * same hasPermission the route guards use, over the grants as they are stored (role_permissions rows)
 * and the shared resource declarations' permission strings. Nothing here restates who holds what.
 */
import { asc, eq } from 'drizzle-orm';
import type { ResourcePermissions } from '../../src/crud/resource';
import { hasPermission } from '../../src/lib/access';
import { RESOURCES } from '../resources/registry';
import type { Db } from '../db/open';
import { rolePermissions, userRoles, users } from '../db/schema';

export const AUDIT_ACTIONS = ['list', 'query', 'add', 'edit', 'remove', 'export'] as const satisfies ReadonlyArray<keyof ResourcePermissions>;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface MatrixCell {
  username: string;
  resource: string;
  action: AuditAction;
  /** undefined: the resource offers no such action. */
  permission: string | undefined;
  allowed: boolean;
}

/** Each user's stored grants, read from user_roles and role_permissions. */
export async function storedGrants(db: Db): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ username: users.username, permission: rolePermissions.permission })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(rolePermissions, eq(rolePermissions.pkRole, userRoles.pkRole))
    .orderBy(asc(users.username));
  const grants = new Map<string, string[]>();
  for (const { username, permission } of rows) {
    const held = grants.get(username) ?? [];
    if (permission) held.push(permission);
    grants.set(username, held);
  }
  return grants;
}

export function permissionMatrix(grants: ReadonlyMap<string, readonly string[]>): MatrixCell[] {
  return [...grants].flatMap(([username, held]) =>
    RESOURCES.flatMap((resource) =>
      AUDIT_ACTIONS.map((action) => {
        const permission: string | undefined = resource.permissions[action];
        return { username, resource: resource.name, action, permission, allowed: permission !== undefined && hasPermission(held, permission) };
      }),
    ),
  );
}

const mark = (cell: MatrixCell) => (cell.permission === undefined ? '-' : cell.allowed ? 'allowed' : 'denied');

/** One line per persona and resource, one column per action. */
export function matrixTable(cells: readonly MatrixCell[]): string {
  const header = ['persona', 'resource', ...AUDIT_ACTIONS];
  const lines: string[][] = [];
  for (let i = 0; i < cells.length; i += AUDIT_ACTIONS.length) {
    const group = cells.slice(i, i + AUDIT_ACTIONS.length);
    lines.push([group[0].username, group[0].resource, ...group.map(mark)]);
  }
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => l[c].length)));
  const format = (line: string[]) => line.map((v, c) => v.padEnd(widths[c])).join('  ').trimEnd();
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n');
}

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function matrixCsv(cells: readonly MatrixCell[]): string {
  const rows = cells.map((c) => [c.username, c.resource, c.action, c.permission ?? '', mark(c)].map(csvField).join(','));
  return ['persona,resource,action,permission,result', ...rows].join('\n');
}
