/**
 * First-start data: corporate entities, roles with their menu and permission grants, the menu tree,
 * dictionaries, configuration parameters and the demo personas. Runs when the users table is empty,
 * in one transaction, and inserts nothing that already exists.
 */
import { count } from 'drizzle-orm';
import type { Db } from './open';
import {
  certificates, corps, menus, roleMenus, rolePermissions, roles, sysConfigs, sysDictData, sysDictTypes, userCorps, userRoles, users,
} from './schema';
import { USER_STATUS } from '../../src/lib/codes';
import { CORPS, PERSONAS, ROLES, type PersonaSeed } from './seed-data/personas';
import { MENU_TREE, type MenuSeed } from './seed-data/menus';
import { CONFIGS, DICTIONARIES } from './seed-data/dictionaries';
import { demoCertificates } from './seed-data/certificates';
import { hashPassword, type ScryptCost } from '../security/password-hash';

export interface SeedOptions {
  /**
   * true: all seven demo personas with their published passwords. false: only op_admin, which must
   * change its published initial password at first login.
   */
  demoMode: boolean;
  passwordCost?: ScryptCost;
}

type MenuRow = typeof menus.$inferInsert;

export const menuId = (uri: string) => `m-${uri}`;

/** Flattens the seed tree into rows, filling in the default components and sibling order. */
export function flattenMenus(tree: readonly MenuSeed[], parent?: { id: string; fullPath: string }): MenuRow[] {
  return tree.flatMap((node, index) => {
    const id = menuId(node.uri);
    const fullPath = parent ? `${parent.fullPath}/${node.path}` : node.path;
    const directory = Boolean(node.children?.length);
    const component = node.component ?? (directory ? (parent ? 'ParentView' : 'Layout') : `${fullPath}/index`);
    const row: MenuRow = {
      id,
      parentId: parent?.id ?? null,
      menuUri: node.uri,
      title: node.title,
      path: node.path,
      component,
      routeName: node.routeName ?? null,
      icon: node.icon ?? '',
      orderNum: (index + 1) * 10,
      hidden: node.hidden ?? false,
      redirect: node.redirect ?? null,
      alwaysShow: node.alwaysShow ?? false,
      noCache: node.noCache ?? false,
    };
    return [row, ...flattenMenus(node.children ?? [], { id, fullPath })];
  });
}

/** The ids of the named menus and all their descendants. */
function grantedMenuIds(rows: readonly MenuRow[], uris: readonly string[] | 'all'): string[] {
  if (uris === 'all') return rows.map((r) => r.id!);
  const granted = new Set(rows.filter((r) => uris.includes(r.menuUri)).map((r) => r.id!));
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parentId && granted.has(row.parentId) && !granted.has(row.id!)) {
        granted.add(row.id!);
        grew = true;
      }
    }
  }
  return [...granted];
}

export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const [{ users: existing }] = await db.select({ users: count() }).from(users);
  if (existing > 0) return false;

  const personas: PersonaSeed[] = options.demoMode
    ? [...PERSONAS]
    : PERSONAS.filter((p) => p.username === 'op_admin').map((p) => ({ ...p, userStatus: USER_STATUS.INITIAL_PASSWORD }));
  // Hashing is the slow part: do it before the transaction opens.
  const hashes = await Promise.all(personas.map((p) => hashPassword(p.password, options.passwordCost)));
  const menuRows = flattenMenus(MENU_TREE);

  await db.transaction(async (tx) => {
    await tx.insert(corps).values([...CORPS]).onConflictDoNothing();
    await tx.insert(menus).values(menuRows).onConflictDoNothing();
    await tx.insert(roles).values(ROLES.map((r) => ({ pkRole: r.pkRole, code: r.code, roleName: r.code }))).onConflictDoNothing();
    await tx
      .insert(rolePermissions)
      .values(ROLES.flatMap((r) => r.permissions.map((permission) => ({ pkRole: r.pkRole, permission }))))
      .onConflictDoNothing();
    await tx
      .insert(roleMenus)
      .values(ROLES.flatMap((r) => grantedMenuIds(menuRows, r.menus).map((menuId) => ({ pkRole: r.pkRole, menuId }))))
      .onConflictDoNothing();

    await tx
      .insert(users)
      .values(
        personas.map((p, i) => ({
          id: p.id,
          username: p.username,
          passwordHash: hashes[i],
          personName: p.personName,
          userStatus: p.userStatus,
          personPosition: p.positions.join(','),
          sensitiveWhitelist: p.sensitiveWhitelist,
          defaultCorpId: p.corps[0],
        })),
      )
      .onConflictDoNothing();
    await tx.insert(userCorps).values(personas.flatMap((p) => p.corps.map((corpId) => ({ userId: p.id, corpId })))).onConflictDoNothing();
    const pkRoleOf = new Map(ROLES.map((r) => [r.code, r.pkRole]));
    await tx.insert(userRoles).values(personas.map((p) => ({ userId: p.id, pkRole: pkRoleOf.get(p.role)! }))).onConflictDoNothing();

    await tx
      .insert(sysDictTypes)
      .values(DICTIONARIES.map((d) => ({ dictType: d.dictType, dictName: d.dictName, remark: d.remark ?? null })))
      .onConflictDoNothing();
    await tx.insert(sysDictData).values(
      DICTIONARIES.flatMap((d) =>
        d.items.map(([dictValue, dictLabel, listClass, isShow], i) => ({
          dictType: d.dictType, dictValue, dictLabel, listClass, isShow: isShow ?? true, dictSort: i + 1,
        })),
      ),
    ).onConflictDoNothing();
    await tx.insert(sysConfigs).values([...CONFIGS]).onConflictDoNothing();
    if (options.demoMode) await tx.insert(certificates).values(demoCertificates(new Date())).onConflictDoNothing();
  });
  return true;
}
