/** Reference data reconciled at every start (server/db/reference.ts) on an install that already has the ledger. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { defineResource } from '../../src/crud/resource';
import { RESOURCES } from '../../server/resources/registry';
import { createPGlite, pgliteDatabase, type Database } from '../../server/db/open';
import { menuId, reconcileReference } from '../../server/db/reference';
import { menus, roleMenus, rolePermissions, roles, sysConfigs } from '../../server/db/schema';
import { seedIfEmpty } from '../../server/db/seed';
import { TEST_SCRYPT_COST } from './server';

let database: Database;
beforeAll(async () => {
  database = pgliteDatabase(createPGlite());
  await database.migrate();
  await seedIfEmpty(database.db, { demoMode: true, passwordCost: TEST_SCRYPT_COST });
});
afterAll(() => database.close());

const later = defineResource({
  name: 'later-resource',
  apiBase: '/op/v1/test/later',
  menuUri: 'system:later',
  menu: { parent: 'system', path: '/op/system/later', order: 60, icon: 'ToolOutlined' },
  title: 'resources:config.title',
  permissions: { list: 'test:later:list', query: 'test:later:query', edit: 'test:later:edit' },
  fields: {},
});

describe('reconciling reference data at start', () => {
  it('adds nothing on a start with nothing new', async () => {
    expect(await reconcileReference(database.db, RESOURCES)).toEqual({ added: {}, withdrawn: {} });
  });

  it("keeps an operator's edits and removals, deletes nothing the operator made, and adds what a release declares", async () => {
    const { db } = database;
    await db.update(menus).set({ title: '参数（改）' }).where(eq(menus.menuUri, 'system:config'));
    await db.delete(rolePermissions).where(and(eq(rolePermissions.pkRole, 'r-op-auditor'), eq(rolePermissions.permission, 'system:config:list')));
    await db.delete(roleMenus).where(and(eq(roleMenus.pkRole, 'r-op-auditor'), eq(roleMenus.menuId, menuId('system:config'))));
    await db.insert(sysConfigs).values({ configName: '自建', configKey: 'ops.mine', configValue: 'x' });
    await db.insert(rolePermissions).values({ pkRole: 'r-op-handler', permission: 'ops:mine:list' });

    const result = await reconcileReference(db, [...RESOURCES, later]);
    expect(result.added).toEqual({
      menu: ['system:later'],
      rolePermission: ['r-op-auditor|test:later:list', 'r-op-auditor|test:later:query'],
      roleMenu: ['r-admin|system:later', 'r-op-auditor|system:later'],
    });
    expect(result.withdrawn).toEqual({});
    const [config] = await db.select().from(menus).where(eq(menus.menuUri, 'system:config'));
    expect(config.title).toBe('参数（改）');
    const auditor = (await db.select().from(rolePermissions).where(eq(rolePermissions.pkRole, 'r-op-auditor'))).map((r) => r.permission);
    expect(auditor).not.toContain('system:config:list');
    expect(await db.select().from(sysConfigs).where(eq(sysConfigs.configKey, 'ops.mine'))).toHaveLength(1);
    const [later_] = await db.select().from(menus).where(eq(menus.menuUri, 'system:later'));
    expect(later_).toMatchObject({ parentId: menuId('system'), path: 'later', component: '/op/system/later/index', orderNum: 60, title: '参数设置' });

    // A release that no longer declares the resource withdraws the grants it made, not the menu, not the operator's grant.
    const after = await reconcileReference(db, RESOURCES);
    expect(after.withdrawn).toEqual({
      rolePermission: ['r-op-auditor|test:later:list', 'r-op-auditor|test:later:query'],
      roleMenu: ['r-admin|system:later', 'r-op-auditor|system:later'],
    });
    expect(await db.select().from(menus).where(eq(menus.menuUri, 'system:later'))).toHaveLength(1);
    expect(await db.select().from(rolePermissions).where(eq(rolePermissions.permission, 'ops:mine:list'))).toHaveLength(1);
  });

  it("gives a menu a release renamed its new title where it still holds an old seeded one, and keeps an operator's", async () => {
    const { db } = database;
    const title = async (uri: string) => (await db.select({ title: menus.title }).from(menus).where(eq(menus.menuUri, uri)))[0].title;
    // As a release before stop 39 seeded it.
    await db.update(menus).set({ title: '标准库' }).where(eq(menus.menuUri, 'standard-library:detail'));
    expect((await reconcileReference(db, RESOURCES)).retitled).toEqual(['standard-library:detail']);
    expect(await title('standard-library:detail')).toBe('协议模板');
    // An operator's own title is theirs: left as it is, start after start.
    await db.update(menus).set({ title: '模板库（运营改）' }).where(eq(menus.menuUri, 'standard-library:detail'));
    expect(await reconcileReference(db, RESOURCES)).toEqual({ added: {}, withdrawn: {} });
    expect(await title('standard-library:detail')).toBe('模板库（运营改）');
  });

  it('names a seeded role still called by its code, and keeps a name an operator gave one', async () => {
    const { db } = database;
    const nameOf = async (pkRole: string) => (await db.select({ roleName: roles.roleName }).from(roles).where(eq(roles.pkRole, pkRole)))[0].roleName;
    // As releases before display names seeded them.
    await db.update(roles).set({ roleName: 'ROLE_OP_DIRECTOR' }).where(eq(roles.pkRole, 'r-op-director'));
    await db.update(roles).set({ roleName: '审计（运营改）' }).where(eq(roles.pkRole, 'r-op-auditor'));
    expect((await reconcileReference(db, RESOURCES)).renamedRoles).toEqual(['r-op-director']);
    expect(await nameOf('r-op-director')).toBe('运营主管');
    expect(await nameOf('r-op-auditor')).toBe('审计（运营改）');
    expect((await reconcileReference(db, RESOURCES)).renamedRoles).toBeUndefined();
  });
});
