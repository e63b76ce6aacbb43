/**
 * The menus a persona sees against what it may do: for every seeded persona, the granted menu tree
 * (role_menus, through /granted-menu-tree) is exactly the menus whose permission its grants
 * (role_permissions, through /userInfo) hold, with the directories above them; and the page of
 * every granted menu opens: its list call answers, not 403 (that every menu's component is a
 * registered page is tests/unit/shell/seeded-menus.test.ts; the browser's view, the menu walk of tests/e2e/refusals.spec.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MenuSeed } from '../../server/db/seed-data/menus';
import { declaredMenuTree } from '../../server/db/reference';
import type { RouteItem } from '../../server/routes/menu-tree';
import { hasPermission } from '../../src/lib/access';
import { RESOURCES } from '../../server/resources/registry';
import { AREA_CATALOGUES } from '../../server/db/seed-data/catalogue';
import { ROLE } from '../../src/lib/codes';
import { PERMISSIONS as CERTIFICATES_PERMISSIONS } from '../../src/features/certificates/permissions';
import { PERMISSIONS as CONTENT_PERMISSIONS } from '../../src/features/content/permissions';
import { PERMISSIONS as REALNAME_PERMISSIONS } from '../../src/features/realname/permissions';
import { PERMISSIONS as PLATFORM_PERMISSIONS } from '../../src/lib/permissions';
import { OWN_EXPORT_PERMISSIONS, withOwnExports } from '../../src/lib/own-exports';
import { and, eq } from 'drizzle-orm';
import { rolePermissions, roles, userRoles, users } from '../../server/db/schema';
import { ACCOUNT_STATUS } from '../../src/resources/staff';
import { signInAs } from './client';
import { sharedServer, type TestServer } from './server';

/** The permission strings named here, each group from its area's catalogue (or the platform's). */
const PERMISSIONS = { ...CERTIFICATES_PERMISSIONS, ...CONTENT_PERMISSIONS, ...REALNAME_PERMISSIONS, ...PLATFORM_PERMISSIONS };

let srv: TestServer;
beforeAll(async () => {
  srv = await sharedServer();
}, 120_000);

interface DeclaredMenu {
  uri: string;
  fullPath: string;
  permission?: string;
  parent?: string;
  directory: boolean;
}

function declaredMenus(tree: readonly MenuSeed[], parent?: DeclaredMenu): DeclaredMenu[] {
  return tree.flatMap((node) => {
    const menu = {
      uri: node.uri,
      fullPath: parent ? `${parent.fullPath}/${node.path}` : node.path,
      permission: node.permission,
      parent: parent?.uri,
      directory: node.children !== undefined,
    };
    return [menu, ...declaredMenus(node.children ?? [], menu)];
  });
}

const MENUS = declaredMenus(declaredMenuTree(RESOURCES));
const byUri = new Map(MENUS.map((m) => [m.uri, m]));

/** What the permission matrix says a holder of these grants may open, with the directories above. */
function menusOfPermissions(held: readonly string[]): string[] {
  const granted = new Set<string>();
  for (const menu of MENUS) {
    const allowed = menu.permission ? hasPermission(held, menu.permission) : held.includes('*:*:*');
    if (!allowed || menu.directory) continue;
    for (let at: DeclaredMenu | undefined = menu; at; at = at.parent ? byUri.get(at.parent) : undefined) granted.add(at.uri);
  }
  return [...granted].sort();
}

function treeUris(items: readonly RouteItem[]): string[] {
  return items.flatMap((item) => [item.meta.menuUri, ...treeUris(item.children ?? [])]);
}

/** The first call of pages that are not a declared resource's list. */
const PAGE_CALLS: Record<string, { path: string; json?: unknown }> = {
  'task:todo': { path: '/op/v1/workflow/tasks/todo/page', json: {} },
  'task:done': { path: '/op/v1/workflow/tasks/done/page', json: {} },
  'task:started': { path: '/op/v1/workflow/tasks/started/page', json: {} },
  'task:all': { path: '/op/v1/workflow/instances/page', json: {} },
  'certificate-management:certificate-detail': { path: '/op/v1/certificates/page', json: {} },
};

/** The permissions a user's enabled roles grant, as stored (role_permissions). */
async function storedGrants(username: string): Promise<string[]> {
  const rows = await srv.database.db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.pkRole, userRoles.pkRole), eq(roles.status, ACCOUNT_STATUS.enabled)))
    .innerJoin(rolePermissions, eq(rolePermissions.pkRole, userRoles.pkRole))
    .where(eq(users.username, username));
  return rows.map((r) => r.permission);
}

const PERSONAS = ['op_admin', 'op_handler', 'op_director', 'op_auditor', 'op_agent'] as const;

describe.each(PERSONAS)('%s', (username) => {
  it('sees exactly the menus its permissions grant, and each granted page opens without a 403', async () => {
    const client = await signInAs(srv.baseUrl, username);
    const info = (await client.call<{ menuPerms: string[] }>('/op/v1/userInfo', { method: 'GET' })).body.data!;
    const tree = (await client.call<RouteItem[]>('/op/v1/userInfo/granted-menu-tree')).body.data!;
    const seen = treeUris(tree).sort();
    // Menus follow the roles' stored grants; what an export implies besides (one's own export
    // records, src/lib/own-exports.ts) opens 我的导出 from the navbar, not a menu.
    const stored = await storedGrants(username);
    expect(info.menuPerms.slice().sort()).toEqual(withOwnExports(stored).sort());
    expect(seen).toEqual(menusOfPermissions(stored));

    for (const uri of seen) {
      const menu = byUri.get(uri)!;
      if (menu.directory) continue;
      const resource = RESOURCES.find((r) => r.menu && r.menuUri === uri);
      const call = resource ? { path: `${resource.apiBase}/page`, json: {} } : PAGE_CALLS[uri];
      if (!call) continue;
      const answer = await client.call(call.path, { json: call.json });
      expect({ uri, status: answer.status, code: answer.body.code }).toEqual({ uri, status: 200, code: '0' });
    }
  });
});

describe('the grant rules', () => {
  it('give the auditor every read action of every declared resource, and so its menu, and the operation log export', async () => {
    const client = await signInAs(srv.baseUrl, 'op_auditor');
    const info = (await client.call<{ menuPerms: string[] }>('/op/v1/userInfo', { method: 'GET' })).body.data!;
    const seen = new Set(treeUris((await client.call<RouteItem[]>('/op/v1/userInfo/granted-menu-tree')).body.data!));
    for (const resource of RESOURCES) {
      expect(info.menuPerms).toContain(resource.permissions.list);
      expect(info.menuPerms).toContain(resource.permissions.query);
      if (resource.menu) expect(seen.has(resource.menuUri), resource.name).toBe(true);
    }
    // Reads only, and what an area grants it by name (server/<area>/catalogue.ts): the operation log's
    // export, since an audit takes its evidence away (issue 20); the auditors' rules' run (it writes only
    // its own report) and their report's export (issue 41); the dashboard. Exporting, it may also download
    // its own export records (src/lib/own-exports.ts), never remove them.
    const byName = AREA_CATALOGUES.flatMap(({ catalogue }) => catalogue.grants?.[ROLE.OP_AUDITOR] ?? []).flatMap((rule) =>
      'permissions' in rule ? rule.permissions : [],
    );
    const takenAway: string[] = [...byName, PERMISSIONS.exportRecord.download];
    expect(info.menuPerms).toEqual(expect.arrayContaining(takenAway));
    expect(info.menuPerms).not.toContain(PERMISSIONS.exportRecord.remove);
    for (const permission of info.menuPerms.filter((p) => !takenAway.includes(p))) {
      expect(['list', 'query']).toContain(permission.slice(permission.lastIndexOf(':') + 1));
    }
  });

  it('give a working role the actions of its areas only', async () => {
    const client = await signInAs(srv.baseUrl, 'op_handler');
    const info = (await client.call<{ menuPerms: string[] }>('/op/v1/userInfo', { method: 'GET' })).body.data!;
    expect(info.menuPerms).toEqual(expect.arrayContaining([PERMISSIONS.realname.submit, PERMISSIONS.certificate.renew, PERMISSIONS.news.list]));
    expect(info.menuPerms).not.toContain(PERMISSIONS.news.add);
    // No system:* grant: the export records it may read and download are its own, through the batches' export (src/lib/own-exports.ts).
    expect(info.menuPerms.filter((p) => p.startsWith('system:') && p !== PERMISSIONS.file.upload).sort()).toEqual(OWN_EXPORT_PERMISSIONS.slice().sort());
  });
});
