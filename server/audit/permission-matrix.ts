/**
 * The auditor's permission matrix: subject × resource × action → allowed, denied or not offered.
 *
 * Each cell is the route guard's own answer (permits, server/security/guard.ts) to the permission a
 * declared route demands for that action (server/audit/declared-routes.ts), over the grants as the
 * guard reads them (grantedPermissions, server/security/sessions.ts: a disabled role grants nothing,
 * a disabled account holds no session). Nothing here restates who may do what.
 *
 * A resource's declaration may name only its read permissions (staff accounts, roles: their pages
 * draw the write buttons themselves); the action's permission is then the one of the same group of
 * the declared catalogues (src/lib/all-permissions.ts: the staff area's role.add for roles' 新增), and counts only if some route
 * demands it. Reading the declaration alone showed "—" for 新增/修改/删除 of roles and staff
 * accounts, which the administrator creates and edits every day.
 */
import { asc, sql } from 'drizzle-orm';
import type { ResourcePermissions } from '../../src/crud/resource';
import { PERMISSION_GROUPS } from '../../src/lib/all-permissions';
import { ACCOUNT_STATUS } from '../../src/resources/staff';
import type { Db } from '../db/open';
import { rolePermissions, roles, users } from '../db/schema';
import { RESOURCES } from '../resources/registry';
import { permits } from '../security/guard';
import { grantedPermissions } from '../security/sessions';
import { enforcedPermissions } from './declared-routes';
import { withOwnExports } from '../../src/lib/own-exports';

export const AUDIT_ACTIONS = ['list', 'query', 'add', 'edit', 'remove', 'export'] as const satisfies ReadonlyArray<keyof ResourcePermissions>;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

type Resource = (typeof RESOURCES)[number];
const GROUPS: ReadonlyArray<Readonly<Record<string, string>>> = Object.values(PERMISSION_GROUPS);

/** The permission group a resource's declared permissions come from: the one holding its list permission. */
function groupOf(resource: Resource): Readonly<Record<string, string>> | undefined {
  return GROUPS.find((group) => Object.values(group).includes(resource.permissions.list));
}

/**
 * The permission a request for this action must carry, or undefined when the server has no route
 * for it: the declaration's, else its group's, and only if a declared route demands it.
 */
export function requirementOf(resource: Resource, action: AuditAction, enforced: ReadonlySet<string> = enforcedPermissions()): string | undefined {
  const permission = resource.permissions[action] ?? groupOf(resource)?.[action];
  return permission !== undefined && enforced.has(permission) ? permission : undefined;
}

/** One resource's cells for a holder of `held`: the guard's answer, or null where nothing is offered. */
export function cellsOf(
  resource: Resource,
  held: readonly string[],
  enforced: ReadonlySet<string> = enforcedPermissions(),
): Record<AuditAction, boolean | null> {
  return Object.fromEntries(
    AUDIT_ACTIONS.map((action) => {
      const permission = requirementOf(resource, action, enforced);
      return [action, permission === undefined ? null : permits(held, { permission })];
    }),
  ) as Record<AuditAction, boolean | null>;
}

/** Each staff account's grants as its session's principal would hold them; a disabled account none. */
export async function storedGrants(db: Db): Promise<Map<string, string[]>> {
  const rows = await db
    .select({
      username: users.username,
      permissions: sql<string[]>`case when ${users.status} = ${ACCOUNT_STATUS.enabled} then ${grantedPermissions(users.id)} else '{}'::text[] end`,
    })
    .from(users)
    .orderBy(asc(users.username));
  return new Map(rows.map((r) => [r.username, r.permissions ?? []]));
}

/** Each role's grants as the principal holds them: a disabled role grants nothing; an export grants one's own export records besides (src/lib/own-exports.ts). */
export async function roleGrants(db: Db): Promise<Array<{ pkRole: string; code: string; roleName: string; held: string[] }>> {
  const roleRows = await db
    .select({ pkRole: roles.pkRole, code: roles.code, roleName: roles.roleName, status: roles.status })
    .from(roles)
    .orderBy(asc(roles.pkRole));
  const held = new Map<string, string[]>();
  for (const { pkRole, permission } of await db.select().from(rolePermissions)) held.set(pkRole, [...(held.get(pkRole) ?? []), permission]);
  return roleRows.map((r) => ({
    pkRole: r.pkRole,
    code: r.code,
    roleName: r.roleName,
    held: r.status === ACCOUNT_STATUS.enabled ? withOwnExports(held.get(r.pkRole) ?? []) : [],
  }));
}

export interface MatrixCell {
  username: string;
  resource: string;
  action: AuditAction;
  /** undefined: the server offers no such action. */
  permission: string | undefined;
  allowed: boolean;
}

export function permissionMatrix(grants: ReadonlyMap<string, readonly string[]>): MatrixCell[] {
  const enforced = enforcedPermissions();
  return [...grants].flatMap(([username, held]) =>
    RESOURCES.flatMap((resource) => {
      const cells = cellsOf(resource, held, enforced);
      return AUDIT_ACTIONS.map((action) => ({
        username,
        resource: resource.name,
        action,
        permission: requirementOf(resource, action, enforced),
        allowed: cells[action] === true,
      }));
    }),
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
  const format = (line: string[]) =>
    line
      .map((v, c) => v.padEnd(widths[c]))
      .join('  ')
      .trimEnd();
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n');
}

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function matrixCsv(cells: readonly MatrixCell[]): string {
  const rows = cells.map((c) => [c.username, c.resource, c.action, c.permission ?? '', mark(c)].map(csvField).join(','));
  return ['persona,resource,action,permission,result', ...rows].join('\n');
}
