/**
 * Staff accounts and roles (issue 20): an account is created with an RSA-encrypted initial password
 * that must be changed at first sign-in; usernames are unique, even under simultaneous creations; a
 * disabled account cannot sign in and its sessions end; an administrator cannot disable themself and
 * the last administrator cannot be disabled or lose the role, even when two administrators act at
 * once; no answer or log entry ever carries a password hash. A role's grants reach a signed-in user at
 * the next call, without signing in again; a disabled role grants nothing. Only the grants allow any
 * of this, and hostile input gets a clear refusal, never a 5xx.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as STAFF_PERMISSIONS } from '../../src/features/staff/permissions';
import { PERMISSIONS as PLATFORM_PERMISSIONS } from '../../src/lib/permissions';
import { ROLE_CALLS, STAFF_CALLS, roleResource, staffResource, type GrantTreeNode } from '../../src/resources/staff';
import { operationLogs, users } from '../../server/db/schema';
import { ApiClient, dataOf, refusalOf, signInAs, type ApiResponse } from './client';
import { startServer, type TestServer } from './server';

/** The permission strings named here, each group from its area's catalogue (or the platform's). */
const PERMISSIONS = { ...STAFF_PERMISSIONS, ...PLATFORM_PERMISSIONS };

let srv: TestServer;
let admin: ApiClient;
let auditor: ApiClient;
let handler: ApiClient;

beforeAll(async () => {
  // Private: two administrators disabling each other may disable op_admin for a moment, ending its sessions.
  srv = await startServer(process.env.STAFF_DEBUG ? { logger: { level: 'error' } } : {});
  [admin, auditor, handler] = await Promise.all(['op_admin', 'op_auditor', 'op_handler'].map((u) => signInAs(srv.baseUrl, u)));
});
afterAll(async () => {
  await srv.close();
});

const INITIAL = 'Init@2026!';
const CHANGED = 'Changed@2026!';
let seq = 0;
const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${seq++}`;

interface Staff {
  id: string;
  username: string;
  status: string;
  roleIds: string[];
  dataVersion: number;
  mustChangePassword: boolean;
}
interface Role {
  id: string;
  code: string;
  dataVersion: number;
  menuIds: string[];
  permissions: string[];
}

const createStaff = (by: ApiClient, values: Record<string, unknown>) =>
  by.call<Staff>(STAFF_CALLS.save, { json: { personName: '测试用户', password: by.encrypt(INITIAL), corpIds: ['CORP-HQ'], orgId: 'org-ops', ...values } });

/** Signs in with the initial password, changes it (spec 4.1) and signs in again. */
async function firstSignIn(username: string): Promise<ApiClient> {
  const first = await ApiClient.signIn(srv.baseUrl, username, INITIAL);
  const change = await first.call('/op/v1/staffs/password', { json: { originalPassword: first.encrypt(INITIAL), newPassword: first.encrypt(CHANGED) } });
  expect(change.body.code).toBe('0');
  return ApiClient.signIn(srv.baseUrl, username, CHANGED);
}

const createRole = async (values: Record<string, unknown>) => dataOf<Role>(admin, ROLE_CALLS.save, { roleName: '测试角色', status: '0', ...values });

/** No password hash, in any spelling, anywhere in an answer or a stored log entry. */
const HASH_WORDS = /passwordHash|password_hash|scrypt\$|\$scrypt/i;
const noHash = (text: string) => expect(text).not.toMatch(HASH_WORDS);

describe('staff accounts', () => {
  it('creates an account whose initial password must be changed at first sign-in; nothing answers a password hash', async () => {
    const username = uniqueName('clerk');
    const created = await createStaff(admin, { username, positions: ['SYS_AUTH_OPERATOR'], roleIds: ['r-op-auditor'], sensitiveWhitelist: true });
    expect(created.body.code).toBe('0');
    noHash(created.text);
    expect(created.body.data).toMatchObject({
      username,
      status: '0',
      mustChangePassword: true,
      roleIds: ['r-op-auditor'],
      positions: ['SYS_AUTH_OPERATOR'],
      corpIds: ['CORP-HQ'],
      defaultCorpId: 'CORP-HQ',
      sensitiveWhitelist: true,
    });
    // Stored as a hash, never as sent.
    const [stored] = await srv.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.username, username));
    expect(stored.passwordHash).not.toContain(INITIAL);

    const first = await ApiClient.signIn(srv.baseUrl, username, INITIAL);
    expect(refusalOf(await first.call('/op/v1/sys/dict-types/page', { json: {} })).code).toBe('PASSWORD_CHANGE_REQUIRED');
    const user = await firstSignIn(username);
    expect((await user.call('/op/v1/sys/dict-types/page', { json: {} })).body.code).toBe('0');

    for (const client of [admin, auditor]) {
      const page = await client.call(`${staffResource.apiBase}/page`, { json: { username, pageSize: 100 } });
      expect(page.body.code).toBe('0');
      noHash(page.text);
      noHash((await client.call(`${staffResource.apiBase}/find-by-id`, { json: { id: created.body.data!.id } })).text);
    }
    const [entry] = await srv.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.recordId, created.body.data!.id), eq(operationLogs.action, 'CREATE')));
    expect(entry).toMatchObject({ username: 'op_admin', resource: 'staffs' });
    expect(entry.after).toMatchObject({ username });
    noHash(JSON.stringify(entry));
  });

  it('refuses a second account of a taken username, also when two are created at the same moment', async () => {
    const refused = refusalOf(await createStaff(admin, { username: 'op_handler' }));
    expect(refused).toMatchObject({ code: 'DUPLICATE', message: '用户名“op_handler”已存在' });
    const username = uniqueName('twin');
    const answers = await Promise.all([0, 1].map(() => createStaff(admin, { username })));
    expect(answers.map((a) => a.body.code).sort()).toEqual(['0', 'DUPLICATE']);
    expect(await srv.database.db.select({ id: users.id }).from(users).where(eq(users.username, username))).toHaveLength(1);
  });

  it('refuses an initial password that is not RSA-encrypted or not strong, with a clear message', async () => {
    const username = uniqueName('weak');
    const plain = await admin.call(STAFF_CALLS.save, { json: { username, personName: '弱', password: INITIAL } });
    expect(refusalOf(plain)).toMatchObject({ code: 'VALIDATION_FAILED', message: '字段 初始密码 不是有效的加密值' });
    expect(refusalOf(await admin.call(STAFF_CALLS.save, { json: { username, personName: '弱', password: admin.encrypt('abc') } })).message).toBe(
      '请输入8至20位的数字、大小写字母及特殊字符4种类型字符的组合',
    );
    expect(refusalOf(await admin.call(STAFF_CALLS.save, { json: { username, personName: '弱' } })).message).toBe('初始密码不能为空');
    expect(await srv.database.db.select({ id: users.id }).from(users).where(eq(users.username, username))).toHaveLength(0);
  });

  it('disables an account: its session ends at once, it cannot sign in; enabled again, it can', async () => {
    const username = uniqueName('leaver');
    const { id } = (await createStaff(admin, { username, roleIds: ['r-op-auditor'] })).body.data!;
    const user = await firstSignIn(username);
    expect((await user.call('/op/v1/userInfo')).status).toBe(200);
    expect((await admin.call(STAFF_CALLS.disable, { json: { id } })).body.data).toMatchObject({ status: '1' });
    expect((await user.call('/op/v1/userInfo')).status).toBe(401);
    const again = await new ApiClient(srv.baseUrl).init();
    expect(refusalOf(await again.login(username, CHANGED))).toMatchObject({ code: 'ACCOUNT_DISABLED', message: '账号已停用，请联系管理员' });
    // A wrong password is still just a wrong password: the refusal tells a guesser nothing.
    expect(refusalOf(await again.login(username, 'Wrong@2026!')).code).toBe('LOGIN_FAILED');
    expect(refusalOf(await admin.call(STAFF_CALLS.disable, { json: { id } })).code).toBe('STATUS_UNCHANGED');
    await dataOf(admin, STAFF_CALLS.enable, { id });
    expect((await ApiClient.signIn(srv.baseUrl, username, CHANGED)).authToken).toBeTruthy();
    const actions = (await srv.database.db.select().from(operationLogs).where(eq(operationLogs.recordId, id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['CREATE', 'DISABLE', 'ENABLE']));
  });

  it('resets a password: the sessions end and the next sign-in must change it', async () => {
    const username = uniqueName('forgetful');
    const { id } = (await createStaff(admin, { username, roleIds: ['r-op-auditor'] })).body.data!;
    const user = await firstSignIn(username);
    const reset = await admin.call<Staff>(STAFF_CALLS.resetPassword, { json: { id, password: admin.encrypt('Reset@2026!') } });
    expect(reset.body.data).toMatchObject({ mustChangePassword: true });
    noHash(reset.text);
    expect((await user.call('/op/v1/userInfo')).status).toBe(401);
    const next = await ApiClient.signIn(srv.baseUrl, username, 'Reset@2026!');
    expect(refusalOf(await next.call('/op/v1/sys/dict-types/page', { json: {} })).code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect(refusalOf(await admin.call(STAFF_CALLS.resetPassword, { json: { id: 'u-op-admin', password: admin.encrypt('Reset@2026!') } })).code).toBe(
      'CANNOT_RESET_SELF',
    );
  });

  it('edits name, roles, positions, organisations and the whitelist, with before and after in the log', async () => {
    const username = uniqueName('mover');
    const created = (await createStaff(admin, { username, roleIds: ['r-op-auditor'] })).body.data!;
    const edited = await dataOf<Staff & Record<string, unknown>>(admin, STAFF_CALLS.update, {
      id: created.id,
      dataVersion: created.dataVersion,
      personName: '改名',
      roleIds: ['r-op-handler'],
      positions: ['DEPT_AUTH_DIRECTOR'],
      corpIds: ['CORP-EAST', 'CORP-SOUTH'],
      defaultCorpId: 'CORP-SOUTH',
      sensitiveWhitelist: true,
      orgId: 'org-south',
    });
    expect(edited).toMatchObject({
      username,
      personName: '改名',
      roleIds: ['r-op-handler'],
      positions: ['DEPT_AUTH_DIRECTOR'],
      corpIds: ['CORP-EAST', 'CORP-SOUTH'],
      defaultCorpId: 'CORP-SOUTH',
      sensitiveWhitelist: true,
    });
    // The username is the account's name for good; a stale version is refused.
    expect((await dataOf<Staff>(admin, `${staffResource.apiBase}/find-by-id`, { id: created.id })).username).toBe(username);
    expect(refusalOf(await admin.call(STAFF_CALLS.update, { json: { id: created.id, dataVersion: created.dataVersion, personName: 'x' } })).code).toBe(
      'DATA_VERSION_CONFLICT',
    );
    const [entry] = await srv.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.recordId, created.id), eq(operationLogs.action, 'UPDATE')));
    expect(entry.before).toMatchObject({ personName: '测试用户', roleIds: ['r-op-auditor'] });
    expect(entry.after).toMatchObject({ personName: '改名', roleIds: ['r-op-handler'] });
  });

  it('keeps a declared field an update leaves out, as the declaration says (no name of "undefined", no whitelist taken away)', async () => {
    const username = uniqueName('keeper');
    const created = (await createStaff(admin, { username, personName: '留名', sensitiveWhitelist: true })).body.data!;
    const kept = await dataOf<Staff & Record<string, unknown>>(admin, STAFF_CALLS.update, {
      id: created.id,
      dataVersion: created.dataVersion,
      corpIds: ['CORP-HQ'],
      orgId: 'org-ops',
    });
    expect(kept).toMatchObject({ personName: '留名', sensitiveWhitelist: true, dataVersion: created.dataVersion + 1 });
    // A required one cannot be emptied.
    const emptied = await admin.call<{ field: string }>(STAFF_CALLS.update, {
      json: { id: created.id, dataVersion: kept.dataVersion, personName: ' ', orgId: 'org-ops' },
    });
    expect(refusalOf(emptied)).toMatchObject({ code: 'VALIDATION_FAILED', message: '姓名不能为空' });
    expect(emptied.body.data?.field).toBe('personName');
  });

  it('keeps the roles, positions and organisations an update leaves out; an empty list clears one', async () => {
    const username = uniqueName('lister');
    const created = (
      await createStaff(admin, {
        username,
        roleIds: ['r-op-auditor'],
        positions: ['SYS_AUTH_OPERATOR'],
        corpIds: ['CORP-EAST', 'CORP-SOUTH'],
        defaultCorpId: 'CORP-SOUTH',
      })
    ).body.data!;
    const held = { roleIds: ['r-op-auditor'], positions: ['SYS_AUTH_OPERATOR'], corpIds: ['CORP-EAST', 'CORP-SOUTH'], defaultCorpId: 'CORP-SOUTH' };
    expect(created).toMatchObject(held);
    const renamed = await dataOf<Staff & Record<string, unknown>>(admin, STAFF_CALLS.update, {
      id: created.id,
      dataVersion: created.dataVersion,
      personName: '只改姓名',
      orgId: 'org-ops',
    });
    expect(renamed).toMatchObject({ personName: '只改姓名', ...held });
    const cleared = await dataOf<Staff & Record<string, unknown>>(admin, STAFF_CALLS.update, {
      id: created.id,
      dataVersion: renamed.dataVersion,
      positions: [],
      orgId: 'org-ops',
    });
    expect(cleared).toMatchObject({ positions: [], roleIds: held.roleIds, corpIds: held.corpIds, defaultCorpId: 'CORP-SOUTH' });
  });

  it('refuses disabling oneself and taking the administrator role from the last administrator', async () => {
    expect(refusalOf(await admin.call(STAFF_CALLS.disable, { json: { id: 'u-op-admin' } }))).toMatchObject({
      code: 'CANNOT_DISABLE_SELF',
      message: '不能停用自己的账号',
    });
    const me = await dataOf<Staff>(admin, `${staffResource.apiBase}/find-by-id`, { id: 'u-op-admin' });
    const demote = await admin.call(STAFF_CALLS.update, {
      json: { id: me.id, dataVersion: me.dataVersion, personName: '系统管理员', roleIds: ['r-op-auditor'], corpIds: ['CORP-HQ'], orgId: 'org-hq' },
    });
    expect(refusalOf(demote)).toMatchObject({ code: 'LAST_ADMIN', message: '不能停用最后一个管理员，也不能移除其管理员角色' });
    expect((await dataOf<Staff>(admin, `${staffResource.apiBase}/find-by-id`, { id: 'u-op-admin' })).roleIds).toContain('r-admin');
  });

  it('lets only one of two administrators disabling each other at the same moment win', async () => {
    const username = uniqueName('admin2');
    const { id } = (await createStaff(admin, { username, roleIds: ['r-admin'] })).body.data!;
    const second = await firstSignIn(username);
    const answers = await Promise.all([admin.call(STAFF_CALLS.disable, { json: { id } }), second.call(STAFF_CALLS.disable, { json: { id: 'u-op-admin' } })]);
    const codes = answers.map((a: ApiResponse) => a.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(1);
    expect(codes.filter((c) => c !== '0').every((c) => c === 'LAST_ADMIN' || c === 'UNAUTHORIZED')).toBe(true);
    const enabledAdmins = await srv.database.db.select({ status: users.status }).from(users).where(eq(users.status, '0'));
    expect(enabledAdmins.length).toBeGreaterThan(0);
    // Put op_admin back for the tests that follow, whoever won.
    if (answers[1].body.code === '0') {
      await dataOf(second, STAFF_CALLS.enable, { id: 'u-op-admin' });
      admin = await signInAs(srv.baseUrl, 'op_admin');
    }
    const [{ status }] = await srv.database.db.select({ status: users.status }).from(users).where(eq(users.id, 'u-op-admin'));
    expect(status).toBe('0');
  });

  it('refuses every write to anyone without the grant; the auditor reads and changes nothing', async () => {
    const { id } = await dataOf<Staff>(auditor, `${staffResource.apiBase}/find-by-id`, { id: 'u-op-handler' });
    for (const [call, json] of [
      [STAFF_CALLS.save, { username: uniqueName('nope'), personName: 'x', password: auditor.encrypt(INITIAL) }],
      [STAFF_CALLS.update, { id, dataVersion: 0, personName: 'x' }],
      [STAFF_CALLS.disable, { id }],
      [STAFF_CALLS.enable, { id }],
      [STAFF_CALLS.resetPassword, { id, password: auditor.encrypt(INITIAL) }],
      [ROLE_CALLS.save, { roleName: 'x', code: 'X_ROLE', status: '0' }],
      [ROLE_CALLS.update, { id: 'r-op-handler', dataVersion: 0, roleName: 'x', status: '0' }],
      [ROLE_CALLS.remove, { ids: ['r-op-handler'] }],
    ] as const) {
      expect(refusalOf(await auditor.call(call, { json })).status).toBe(403);
      expect(refusalOf(await handler.call(call, { json })).status).toBe(403);
    }
    expect(refusalOf(await handler.call(`${staffResource.apiBase}/page`, { json: {} })).status).toBe(403);
    expect(refusalOf(await handler.call(`${roleResource.apiBase}/page`, { json: {} })).status).toBe(403);
  });

  it('answers hostile input with a clear 4xx or business refusal, never a 5xx, and changes nothing', async () => {
    const before = (await srv.database.db.select({ id: users.id }).from(users)).length;
    const bodies: unknown[] = [
      { username: 'a', personName: 'x', password: admin.encrypt(INITIAL) },
      { username: 'bad name!', personName: 'x', password: admin.encrypt(INITIAL) },
      { username: uniqueName('h'), personName: 'x', password: admin.encrypt(INITIAL), roleIds: 'r-admin' },
      { username: uniqueName('h'), personName: 'x', password: admin.encrypt(INITIAL), roleIds: [{ $ne: 1 }] },
      { username: uniqueName('h'), personName: 'x', password: admin.encrypt(INITIAL), roleIds: ['no-such-role'] },
      { username: uniqueName('h'), personName: 'x', password: admin.encrypt(INITIAL), positions: ['CEO'] },
      { username: uniqueName('h'), personName: 'x', password: admin.encrypt(INITIAL), corpIds: ['CORP-NOWHERE'] },
      { username: uniqueName('h'), personName: 'x', password: admin.encrypt(INITIAL), corpIds: ['CORP-HQ'], defaultCorpId: 'CORP-EAST' },
      { username: uniqueName('h'), personName: 'x', password: admin.encrypt(INITIAL), roleIds: Array.from({ length: 600 }, (_, i) => `r${i}`) },
      { username: uniqueName('h'), personName: 'x'.repeat(5000), password: admin.encrypt(INITIAL) },
      { username: ['x'], personName: 1, password: 2, sensitiveWhitelist: 'yes' },
      [],
    ];
    for (const json of bodies) {
      const answer = await admin.call(STAFF_CALLS.save, { json });
      expect(answer.status, answer.text).toBeLessThan(500);
      expect(answer.body.code).not.toBe('0');
      expect(answer.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const [call, json] of [
      [STAFF_CALLS.update, { id: 'u-nobody', dataVersion: 0, personName: 'x' }],
      [STAFF_CALLS.update, { id: 'u-op-handler', dataVersion: 'x' }],
      [STAFF_CALLS.disable, { id: ['u-op-handler'] }],
      [STAFF_CALLS.disable, { id: 'u-nobody' }],
      [STAFF_CALLS.resetPassword, { id: 'u-op-handler', password: 'plain' }],
      [ROLE_CALLS.save, { roleName: 'x', code: '1bad', status: '0' }],
      [ROLE_CALLS.save, { roleName: 'x', code: uniqueName('R'), status: '7' }],
      [ROLE_CALLS.save, { roleName: 'x', code: uniqueName('R'), status: '0', permissions: ['*:*:*'] }],
      [ROLE_CALLS.save, { roleName: 'x', code: uniqueName('R'), status: '0', permissions: ['system:nothing:list'] }],
      [ROLE_CALLS.save, { roleName: 'x', code: uniqueName('R'), status: '0', menuIds: ['m-nowhere'] }],
      [ROLE_CALLS.update, { id: 'r-nobody', dataVersion: 0, roleName: 'x', status: '0' }],
      [ROLE_CALLS.remove, { ids: 'r-op-handler' }],
    ] as const) {
      const answer = await admin.call(call, { json });
      expect(answer.status, answer.text).toBeLessThan(500);
      expect(answer.body.code, `${call} ${JSON.stringify(json)}`).not.toBe('0');
      expect(answer.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await srv.database.db.select({ id: users.id }).from(users)).length).toBe(before);
  });
});

describe('roles', () => {
  const DICT = PERMISSIONS.dictType;

  it('offers the menu tree with each menu’s buttons, every known permission once', async () => {
    const tree = await dataOf<GrantTreeNode[]>(admin, ROLE_CALLS.grantTree, {});
    const buttons: string[] = [];
    const walk = (nodes: GrantTreeNode[]) => nodes.forEach((n) => (n.kind === 'button' ? buttons.push(n.value) : walk(n.children ?? [])));
    walk(tree);
    expect(new Set(buttons).size).toBe(buttons.length);
    expect(buttons).toEqual(expect.arrayContaining([DICT.list, DICT.add, PERMISSIONS.staff.resetPwd, PERMISSIONS.role.edit, PERMISSIONS.file.upload]));
    const system = tree.find((n) => n.value === 'm-system')!;
    const dict = system.children!.find((n) => n.value === 'm-system:dict')!;
    expect(dict.children!.map((c) => c.value)).toEqual(expect.arrayContaining([DICT.list, DICT.query, DICT.add]));
  });

  it('a change of grants reaches a signed-in user at the next call, without signing in again', async () => {
    const code = uniqueName('ROLE_DICT').toUpperCase();
    const role = await createRole({ code, permissions: [DICT.list, DICT.query] });
    // The menus follow the permissions (the dictionary page and its directory), as the seed grants them.
    expect(role.menuIds).toEqual(['m-system', 'm-system:dict']);
    const username = uniqueName('reader');
    await createStaff(admin, { username, roleIds: [role.id] });
    const user = await firstSignIn(username);
    expect((await user.call('/op/v1/sys/dict-types/page', { json: {} })).body.code).toBe('0');
    expect((await user.call('/op/v1/sys/configs/page', { json: {} })).status).toBe(403);
    const menu = async () => JSON.stringify((await user.call('/op/v1/userInfo/granted-menu-tree', { json: {} })).body.data);
    expect(await menu()).not.toContain('system:config');

    await dataOf(admin, ROLE_CALLS.update, {
      id: role.id,
      dataVersion: role.dataVersion,
      roleName: '字典与参数',
      status: '0',
      permissions: [DICT.list, DICT.query, PERMISSIONS.config.list],
    });
    expect((await user.call('/op/v1/sys/configs/page', { json: {} })).body.code).toBe('0');
    expect((await dataOf<{ menuPerms: string[] }>(user, '/op/v1/userInfo')).menuPerms).toContain(PERMISSIONS.config.list);
    expect(await menu()).toContain('system:config');

    // A disabled role grants nothing, at the next call too.
    const current = await dataOf<Role>(admin, `${roleResource.apiBase}/find-by-id`, { id: role.id });
    await dataOf(admin, ROLE_CALLS.update, {
      id: role.id,
      dataVersion: current.dataVersion,
      roleName: '字典与参数',
      status: '1',
      permissions: current.permissions,
      menuIds: current.menuIds,
    });
    expect((await user.call('/op/v1/sys/dict-types/page', { json: {} })).status).toBe(403);
    expect(await menu()).not.toContain('system:dict');
    const log = await srv.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.recordId, role.id), eq(operationLogs.action, 'UPDATE')));
    expect(log).toHaveLength(2);
    expect(log[0].before).toMatchObject({ permissions: [DICT.list, DICT.query] });
  });

  it('keeps the name and status an update leaves out', async () => {
    const role = await createRole({ roleName: '留存角色', code: uniqueName('KEEP').toUpperCase(), status: '1' });
    const kept = await dataOf<Role & Record<string, unknown>>(admin, ROLE_CALLS.update, { id: role.id, dataVersion: role.dataVersion, permissions: [] });
    expect(kept).toMatchObject({ roleName: '留存角色', status: '1', dataVersion: role.dataVersion + 1 });
  });

  it('keeps the permissions and menus an update leaves out; an empty list clears one', async () => {
    const role = await createRole({ code: uniqueName('KEEPGRANTS').toUpperCase(), permissions: [DICT.list, DICT.query] });
    const held = { permissions: [DICT.list, DICT.query], menuIds: ['m-system', 'm-system:dict'] };
    expect(role).toMatchObject(held);
    const renamed = await dataOf<Role>(admin, ROLE_CALLS.update, { id: role.id, dataVersion: role.dataVersion, roleName: '只改名称' });
    expect(renamed).toMatchObject({ roleName: '只改名称', ...held });
    const cleared = await dataOf<Role>(admin, ROLE_CALLS.update, { id: role.id, dataVersion: renamed.dataVersion, permissions: [], menuIds: [] });
    expect(cleared).toMatchObject({ roleName: '只改名称', permissions: [], menuIds: [] });
  });

  it('refuses a taken code, changing the built-in administrator role and removing a role still held', async () => {
    expect(refusalOf(await admin.call(ROLE_CALLS.save, { json: { roleName: 'x', code: 'ROLE_OP_HANDLER', status: '0' } }))).toMatchObject({
      code: 'DUPLICATE',
      message: '角色编码“ROLE_OP_HANDLER”已存在',
    });
    const adminRole = await dataOf<Role>(admin, `${roleResource.apiBase}/find-by-id`, { id: 'r-admin' });
    expect(
      refusalOf(await admin.call(ROLE_CALLS.update, { json: { id: 'r-admin', dataVersion: adminRole.dataVersion, roleName: 'admin', status: '1' } })).code,
    ).toBe('BUILT_IN_ROLE');
    expect(refusalOf(await admin.call(ROLE_CALLS.remove, { json: { ids: ['r-admin'] } })).code).toBe('BUILT_IN_ROLE');
    expect(refusalOf(await admin.call(ROLE_CALLS.remove, { json: { ids: ['r-op-handler'] } }))).toMatchObject({ code: 'ROLE_IN_USE' });
    const spare = await createRole({ code: uniqueName('SPARE').toUpperCase() });
    expect(await dataOf(admin, ROLE_CALLS.remove, { ids: [spare.id] })).toBe(1);
    const [entry] = await srv.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.recordId, spare.id), eq(operationLogs.action, 'REMOVE')));
    expect(entry.before).toMatchObject({ code: spare.code });
  });
});
