/** The first-start data: personas, roles and grants, menus, dictionaries, configs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS_WILDCARD, READ_ONLY_ACTIONS, permissionAction } from '../../src/lib/permissions';
import { createPGlite, pgliteDatabase, type Database } from '../../server/db/open';
import { corps, menus, rolePermissions, roles, sysConfigs, sysDictData, sysDictTypes, userCorps, userRoles, users } from '../../server/db/schema';
import { seedIfEmpty } from '../../server/db/seed';
import { verifyPassword } from '../../server/security/password-hash';
import { passwordOf } from './client';
import { TEST_SCRYPT_COST } from './server';

let database: Database;
beforeAll(async () => {
  database = pgliteDatabase(createPGlite());
  await database.migrate();
  await seedIfEmpty(database.db, { demoMode: true, passwordCost: TEST_SCRYPT_COST });
});
afterAll(() => database.close());

describe('demo seed', () => {
  it('creates the seven personas of ARCHITECTURE.md with their roles, status and positions', async () => {
    const rows = await database.db
      .select({
        username: users.username,
        personName: users.personName,
        role: roles.code,
        userStatus: users.userStatus,
        position: users.personPosition,
        whitelist: users.sensitiveWhitelist,
        corp: users.defaultCorpId,
      })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.pkRole, userRoles.pkRole))
      .orderBy(users.username);
    expect(rows).toEqual([
      { username: 'op_admin', personName: '系统管理员', role: 'admin', userStatus: 1, position: '', whitelist: true, corp: 'CORP-HQ' },
      {
        username: 'op_agent',
        personName: '代理运营孙七',
        role: 'ROLE_PLATFORM_AG_OPERATOR',
        userStatus: 1,
        position: 'DEPT_AUTH_OPERATOR',
        whitelist: false,
        corp: 'CORP-SOUTH',
      },
      { username: 'op_auditor', personName: '审计员赵六', role: 'ROLE_OP_AUDITOR', userStatus: 1, position: '', whitelist: false, corp: 'CORP-HQ' },
      {
        username: 'op_director',
        personName: '主管李四',
        role: 'ROLE_OP_DIRECTOR',
        userStatus: 1,
        position: 'SYS_AUTH_DIRECTOR',
        whitelist: false,
        corp: 'CORP-EAST',
      },
      {
        username: 'op_director2',
        personName: '主管王五',
        role: 'ROLE_OP_DIRECTOR',
        userStatus: 1,
        position: 'SYS_AUTH_DIRECTOR,DEPT_AUTH_DIRECTOR',
        whitelist: false,
        corp: 'CORP-HQ',
      },
      {
        username: 'op_handler',
        personName: '经办人张三',
        role: 'ROLE_OP_HANDLER',
        userStatus: 1,
        position: 'SYS_AUTH_OPERATOR',
        whitelist: false,
        corp: 'CORP-EAST',
      },
      {
        username: 'op_newbie',
        personName: '新员工周八',
        role: 'ROLE_OP_HANDLER',
        userStatus: 2,
        position: 'SYS_AUTH_OPERATOR',
        whitelist: false,
        corp: 'CORP-EAST',
      },
    ]);
  });

  it('stores scrypt hashes of the published passwords, never the passwords', async () => {
    const rows = await database.db.select({ username: users.username, hash: users.passwordHash }).from(users);
    for (const { username, hash } of rows) {
      expect(hash).not.toContain(passwordOf(username));
      expect(await verifyPassword(passwordOf(username), hash)).toBe(true);
    }
  });

  it('links op_admin to every corp and everyone to their default corp', async () => {
    const links = await database.db.select({ userId: userCorps.userId, corpId: userCorps.corpId }).from(userCorps);
    expect(
      links
        .filter((l) => l.userId === 'u-op-admin')
        .map((l) => l.corpId)
        .sort(),
    ).toEqual(['CORP-EAST', 'CORP-HQ', 'CORP-SOUTH']);
    const defaults = await database.db.select({ id: users.id, corp: users.defaultCorpId }).from(users);
    for (const { id, corp } of defaults) expect(links).toContainEqual({ userId: id, corpId: corp });
    expect(await database.db.select({ n: count() }).from(corps)).toEqual([{ n: 3 }]);
  });

  it('grants the admin the wildcard and the auditor read-only permissions only', async () => {
    const grants = await database.db.select().from(rolePermissions);
    expect(grants.filter((g) => g.pkRole === 'r-admin').map((g) => g.permission)).toEqual([ALL_PERMISSIONS_WILDCARD]);
    const auditor = grants.filter((g) => g.pkRole === 'r-op-auditor').map((g) => g.permission);
    // Beyond reading: the dashboard, the operation log's export and the audit rules' run and report (an audit takes its evidence away; a run reads and changes nothing).
    expect(auditor.filter((p) => !READ_ONLY_ACTIONS.has(permissionAction(p))).sort()).toEqual([
      'audit:rule:export',
      'audit:rule:run',
      'index:home:data-dashboard',
      'system:operlog:export',
    ]);
  });

  it('gives every menu a unique menuUri and a parent that exists', async () => {
    const rows = await database.db.select({ id: menus.id, parentId: menus.parentId, menuUri: menus.menuUri }).from(menus);
    const ids = new Set(rows.map((r) => r.id));
    expect(rows.every((r) => r.parentId === null || ids.has(r.parentId))).toBe(true);
    expect(new Set(rows.map((r) => r.menuUri)).size).toBe(rows.length);
  });

  it('seeds the dictionaries and configs the screens need', async () => {
    const types = (await database.db.select({ t: sysDictTypes.dictType }).from(sysDictTypes)).map((r) => r.t);
    expect(types).toEqual(
      expect.arrayContaining([
        'sys_normal_disable',
        'sys_yes_no',
        'sys_show_hide',
        'export_status',
        'content_status',
        'cert_status',
        'realname_status',
        'approve_result',
        'task_status',
        'invoice_type',
      ]),
    );
    const realname = await database.db.select().from(sysDictData).where(eq(sysDictData.dictType, 'realname_status')).orderBy(sysDictData.dictSort);
    expect(realname.map((d) => [d.dictValue, d.dictLabel])).toEqual([
      ['DRAFT', '草稿'],
      ['PENDING_FIRST', '待初审'],
      ['PENDING_SECOND', '待复审'],
      ['APPROVED', '已通过'],
      ['REJECTED', '已驳回'],
    ]);
    expect(realname[0]).toMatchObject({ dataVersion: 0, status: '0', isShow: true, createTime: expect.any(Date), id: expect.any(String) });
    const [download] = await database.db.select().from(sysConfigs).where(eq(sysConfigs.configKey, 'scf.file-system.file.download.type'));
    expect(download).toMatchObject({ configValue: 'FORM', configType: 'Y' });
  });

  it('does nothing on a second run', async () => {
    const before = await database.db.select({ n: count() }).from(sysDictData);
    expect(await seedIfEmpty(database.db, { demoMode: true, passwordCost: TEST_SCRYPT_COST })).toBe(false);
    expect(await database.db.select({ n: count() }).from(sysDictData)).toEqual(before);
  });
});

describe('seed outside demo mode', () => {
  it('creates only op_admin, which must change its published initial password at first login', async () => {
    await database.db.execute(sql`truncate ${users} cascade`);
    expect(await seedIfEmpty(database.db, { demoMode: false, passwordCost: TEST_SCRYPT_COST })).toBe(true);
    const rows = await database.db.select({ username: users.username, userStatus: users.userStatus }).from(users);
    expect(rows).toEqual([{ username: 'op_admin', userStatus: 2 }]);
    expect(await database.db.select({ pkRole: userRoles.pkRole }).from(userRoles)).toEqual([{ pkRole: 'r-admin' }]);
  });
});
