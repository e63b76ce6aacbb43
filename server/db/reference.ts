/**
 * Reference data: the roles and their grants, the menu tree, dictionaries and configs the code
 * declares. Reconciled at every start, not only seeded into an empty database, so what a release
 * adds reaches an existing install. The rule is one ledger (table reference_items): an item the
 * ledger already lists is never touched again, so an operator's edit stays and an operator's
 * removal is not undone; an item missing from it is inserted (if a row with its key is already
 * there, that row is kept as it is) and listed. Nothing is updated here, and nothing an operator
 * created is deleted: the one removal is of a grant an earlier release declared and this one no
 * longer does (a role-permission or role-menu the ledger lists, as code-made), so an upgraded install
 * grants what a fresh one does.
 *
 * Menus and grants follow from the declarations: the seeded tree (seed-data/menus.ts) plus each
 * declared resource's `menu`; a role holds the permissions its rules grant (seed-data/personas.ts)
 * and every menu whose permission it holds, with the directories above.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { hasPermission } from '../../src/lib/access';
import { expandGrants } from '../../src/lib/grants';
import { knownPermissions, type AnyResource } from '../../src/crud/resource';
import { hasMessage, translate } from '../i18n';
import type { Db } from './open';
import { SHIPPED_AUDIT_RULES } from '../../src/lib/audit-rules';
import { auditRules, menus, referenceItems, roleMenus, rolePermissions, roles, sysConfigs, sysDictData, sysDictTypes, users } from './schema';
import { CONFIGS, DICTIONARIES } from './seed-data/dictionaries';
import { MENU_TREE, type MenuSeed } from './seed-data/menus';
import { ROLES } from './seed-data/personas';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type MenuRow = typeof menus.$inferInsert & { id: string };
export type ReferenceKind = 'role' | 'rolePermission' | 'menu' | 'roleMenu' | 'dictType' | 'dictData' | 'config' | 'auditRule';

export const menuId = (uri: string) => `m-${uri}`;

/** The seed tree with each declared resource's entry added under its parent, in order. */
export function declaredMenuTree(resources: readonly AnyResource[], tree: readonly MenuSeed[] = MENU_TREE): MenuSeed[] {
  const placed = new Set<string>();
  const attach = (nodes: readonly MenuSeed[], parentPath?: string): MenuSeed[] =>
    nodes.map((node, index) => {
      const fullPath = parentPath ? `${parentPath}/${node.path}` : node.path;
      const own = (node.children ?? []).map((child, i) => ({ ...child, order: child.order ?? (i + 1) * 10 }));
      const declared = resources
        .filter((r) => r.menu?.parent === node.uri)
        .map((r): MenuSeed => {
          const menu = r.menu!;
          if (!menu.path.startsWith(`${fullPath}/`)) throw new Error(`Resource "${r.name}": menu path ${menu.path} is not below its parent's ${fullPath}`);
          placed.add(r.name);
          return {
            uri: r.menuUri,
            // The menu namespace names every menu (the sidebar reads it); a resource may leave it to its title.
            title: translate(hasMessage(`menu:${r.menuUri}`) ? `menu:${r.menuUri}` : r.title),
            path: menu.path.slice(fullPath.length + 1),
            icon: menu.icon,
            hidden: menu.hidden,
            order: menu.order,
            permission: r.permissions.list,
          };
        });
      const children = [...own, ...declared].sort((a, b) => a.order! - b.order!);
      return { ...node, order: node.order ?? (index + 1) * 10, ...(node.children ? { children: attach(children, fullPath) } : {}) };
    });
  const result = attach(tree);
  const lost = resources.filter((r) => r.menu && !placed.has(r.name));
  if (lost.length) throw new Error(`Resource menus under no seeded directory: ${lost.map((r) => `${r.name} (parent ${r.menu!.parent})`).join(', ')}`);
  return result;
}

/** The tree as rows, with the default components (Layout, ParentView, `${fullPath}/index`). */
export function flattenMenus(tree: readonly MenuSeed[], parent?: { id: string; fullPath: string }): Array<MenuRow & { permission?: string }> {
  return tree.flatMap((node, index) => {
    const id = menuId(node.uri);
    const fullPath = parent ? `${parent.fullPath}/${node.path}` : node.path;
    const directory = node.children !== undefined;
    const component = node.component ?? (directory ? (parent ? 'ParentView' : 'Layout') : `${fullPath}/index`);
    const row = {
      id,
      parentId: parent?.id ?? null,
      menuUri: node.uri,
      title: node.title,
      path: node.path,
      component,
      routeName: node.routeName ?? null,
      icon: node.icon ?? '',
      orderNum: node.order ?? (index + 1) * 10,
      hidden: node.hidden ?? false,
      redirect: node.redirect ?? null,
      alwaysShow: node.alwaysShow ?? false,
      noCache: node.noCache ?? false,
      permission: node.permission,
    };
    return [row, ...flattenMenus(node.children ?? [], { id, fullPath })];
  });
}

/**
 * The menus a set of permissions is granted: each menu whose permission it holds (the wildcard:
 * every menu), and the directories above those. A menu with no permission is the wildcard's alone.
 */
export function grantedMenus(rows: ReadonlyArray<MenuRow & { permission?: string }>, held: readonly string[]): string[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const granted = new Set<string>();
  for (const row of rows) {
    const grants = row.permission ? hasPermission(held, row.permission) : held.includes('*:*:*');
    if (!grants) continue;
    for (let at: MenuRow | undefined = row; at && !granted.has(at.menuUri); at = at.parentId ? byId.get(at.parentId) : undefined) granted.add(at.menuUri);
  }
  return rows.filter((row) => granted.has(row.menuUri)).map((row) => row.menuUri);
}

interface Item<T> {
  key: string;
  row: T;
}

/** Every reference item the code declares, by kind, in the order they must be inserted. */
export function declaredReference(resources: readonly AnyResource[]) {
  const menuRows = flattenMenus(declaredMenuTree(resources));
  const known = knownPermissions(resources);
  const roleGrants = ROLES.map((role) => ({ role, permissions: expandGrants(role.grants, known) }));
  return {
    role: ROLES.map((r) => ({ key: r.pkRole, row: { pkRole: r.pkRole, code: r.code, roleName: r.roleName } })),
    rolePermission: roleGrants.flatMap(({ role, permissions }) =>
      permissions.map((permission) => ({ key: `${role.pkRole}|${permission}`, row: { pkRole: role.pkRole, permission } })),
    ),
    menu: menuRows.map(({ permission: _permission, ...row }) => ({ key: row.menuUri, row })),
    roleMenu: roleGrants.flatMap(({ role, permissions }) =>
      grantedMenus(menuRows, permissions).map((uri) => ({ key: `${role.pkRole}|${uri}`, row: { pkRole: role.pkRole, menuId: menuId(uri) } })),
    ),
    dictType: DICTIONARIES.map((d) => ({ key: d.dictType, row: { dictType: d.dictType, dictName: d.dictName, remark: d.remark ?? null } })),
    dictData: DICTIONARIES.flatMap((d) =>
      d.items.map(([dictValue, dictLabel, listClass, isShow], i) => ({
        key: `${d.dictType}|${dictValue}`,
        row: { dictType: d.dictType, dictValue, dictLabel, listClass, isShow: isShow ?? true, dictSort: i + 1 },
      })),
    ),
    config: CONFIGS.map((c) => ({ key: c.configKey, row: { ...c } })),
    // The shipped auditors' rules (issue 41): an auditor's edit or removal of one stays, as a menu's does.
    auditRule: SHIPPED_AUDIT_RULES.map((rule) => ({
      key: rule.id,
      row: { id: rule.id, kind: rule.kind, severity: rule.severity, owner: rule.owner, definition: rule },
    })),
  } satisfies Record<ReferenceKind, Item<unknown>[]>;
}

/** The keys a release before the ledger seeded (scripts/make-upgrade-fixture.ts wrote them). */
function preLedgerKeys(): Record<ReferenceKind, string[]> {
  return JSON.parse(readFileSync(new URL('./seed-data/reference-baseline.json', import.meta.url), 'utf8')) as Record<ReferenceKind, string[]>;
}

export interface ReconcileResult {
  /** Items inserted now, by kind. */
  added: Partial<Record<ReferenceKind, string[]>>;
  /** Grants an earlier release declared and this one does not, removed now. */
  withdrawn: Partial<Record<'rolePermission' | 'roleMenu', string[]>>;
  /** Menus that still held a title an earlier release seeded (formerTitles), given the current one now. */
  retitled?: string[];
  /** Seeded roles that still bore their code as their name, given their display name now. */
  renamedRoles?: string[];
}

/** Each seeded menu with titles an earlier release gave it. */
function formerTitled(tree: readonly MenuSeed[]): Array<{ uri: string; title: string; formerTitles: readonly string[] }> {
  return tree.flatMap((node) => [
    ...(node.formerTitles?.length ? [{ uri: node.uri, title: node.title, formerTitles: node.formerTitles }] : []),
    ...formerTitled(node.children ?? []),
  ]);
}

/**
 * Adds the declared reference items the database has not received yet. One transaction, under an
 * advisory lock, so two servers starting on one PostgreSQL database do not both insert.
 */
export async function reconcileReference(db: Db, resources: readonly AnyResource[]): Promise<ReconcileResult> {
  const declared = declaredReference(resources);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7243025)`);
    const ledger = await tx.select({ kind: referenceItems.kind, key: referenceItems.key }).from(referenceItems);
    if (ledger.length === 0) {
      // An install made before the ledger: what that release seeded counts as received, so an item
      // of it that is missing now was removed by an operator and stays removed.
      const [{ users: existing }] = await tx.select({ users: count() }).from(users);
      if (existing > 0) {
        const baseline = Object.entries(preLedgerKeys()).flatMap(([kind, keys]) => keys.map((key) => ({ kind, key })));
        for (let i = 0; i < baseline.length; i += 500)
          await tx
            .insert(referenceItems)
            .values(baseline.slice(i, i + 500))
            .onConflictDoNothing();
        ledger.push(...baseline);
      }
    }
    const received = new Set(ledger.map(({ kind, key }) => `${kind}\u0000${key}`));
    const fresh = <T>(kind: ReferenceKind, items: Item<T>[]) => items.filter((item) => !received.has(`${kind}\u0000${item.key}`));
    const added: ReconcileResult['added'] = {};
    const apply = async <T>(kind: ReferenceKind, items: Item<T>[], insert: (tx: Tx, rows: T[]) => Promise<unknown>) => {
      const todo = fresh(kind, items);
      if (!todo.length) return;
      await insert(
        tx,
        todo.map((item) => item.row),
      );
      await tx
        .insert(referenceItems)
        .values(todo.map((item) => ({ kind, key: item.key })))
        .onConflictDoNothing();
      added[kind] = todo.map((item) => item.key);
    };

    await apply('role', declared.role, (t, rows) => t.insert(roles).values(rows).onConflictDoNothing());
    await apply('dictType', declared.dictType, (t, rows) => t.insert(sysDictTypes).values(rows).onConflictDoNothing());
    await apply('dictData', declared.dictData, (t, rows) => t.insert(sysDictData).values(rows).onConflictDoNothing());
    await apply('config', declared.config, (t, rows) => t.insert(sysConfigs).values(rows).onConflictDoNothing());
    await apply('menu', declared.menu, (t, rows) => t.insert(menus).values(rows).onConflictDoNothing());
    await apply('auditRule', declared.auditRule, (t, rows) => t.insert(auditRules).values(rows).onConflictDoNothing());
    // A grant whose role or menu an operator removed has nothing to point at: it is listed, not inserted.
    const roleIds = new Set((await tx.select({ pkRole: roles.pkRole }).from(roles)).map((r) => r.pkRole));
    const menuIds = new Set((await tx.select({ id: menus.id }).from(menus)).map((m) => m.id));
    await apply('rolePermission', declared.rolePermission, async (t, rows) => {
      const live = rows.filter((r) => roleIds.has(r.pkRole));
      if (live.length) await t.insert(rolePermissions).values(live).onConflictDoNothing();
    });
    await apply('roleMenu', declared.roleMenu, async (t, rows) => {
      const live = rows.filter((r) => roleIds.has(r.pkRole) && menuIds.has(r.menuId));
      if (live.length) await t.insert(roleMenus).values(live).onConflictDoNothing();
    });
    const withdrawn: ReconcileResult['withdrawn'] = {};
    const withdraw = async (kind: 'rolePermission' | 'roleMenu', remove: (pkRole: string, item: string) => Promise<unknown>) => {
      const declaredKeys = new Set(declared[kind].map((item) => item.key));
      const retired = ledger.filter((entry) => entry.kind === kind && !declaredKeys.has(entry.key)).map((entry) => entry.key);
      for (const key of retired) {
        const [pkRole, item] = key.split('|');
        await remove(pkRole, item);
        await tx.delete(referenceItems).where(and(eq(referenceItems.kind, kind), eq(referenceItems.key, key)));
      }
      if (retired.length) withdrawn[kind] = retired;
    };
    await withdraw('rolePermission', (pkRole, permission) =>
      tx.delete(rolePermissions).where(and(eq(rolePermissions.pkRole, pkRole), eq(rolePermissions.permission, permission))),
    );
    await withdraw('roleMenu', (pkRole, uri) => tx.delete(roleMenus).where(and(eq(roleMenus.pkRole, pkRole), eq(roleMenus.menuId, menuId(uri)))));
    // A menu renamed by a release: only where the row still holds a title a release gave it, so an
    // operator's own title is kept.
    const retitled: string[] = [];
    for (const menu of formerTitled(declaredMenuTree(resources))) {
      const changed = await tx
        .update(menus)
        .set({ title: menu.title })
        .where(and(eq(menus.menuUri, menu.uri), inArray(menus.title, [...menu.formerTitles])))
        .returning({ uri: menus.menuUri });
      retitled.push(...changed.map((row) => row.uri));
    }
    // A seeded role still named by its code (releases before display names): it takes its name now;
    // a name an operator gave it stays.
    const renamedRoles: string[] = [];
    for (const role of ROLES) {
      const changed = await tx
        .update(roles)
        .set({ roleName: role.roleName })
        .where(and(eq(roles.pkRole, role.pkRole), eq(roles.roleName, role.code)))
        .returning({ pkRole: roles.pkRole });
      renamedRoles.push(...changed.map((row) => row.pkRole));
    }
    return { added, withdrawn, ...(retitled.length ? { retitled } : {}), ...(renamedRoles.length ? { renamedRoles } : {}) };
  });
}
