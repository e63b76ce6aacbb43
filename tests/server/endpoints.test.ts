/**
 * Every endpoint of this issue, as the back office uses it. The server's log is captured throughout
 * and checked at the end for secrets (PROTOCOL.md §5: secrets and tokens are never logged).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicKey } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import auth from '../../locales/zh-CN/auth.json';
import server from '../../locales/zh-CN/server.json';
import { knownPermissions } from '../../src/crud/resource';
import { PERMISSIONS as CREDIT_NOTES_PERMISSIONS } from '../../src/features/credit-notes/permissions';
import { PERMISSIONS as QUOTAS_PERMISSIONS } from '../../src/features/quotas/permissions';
import { PERMISSIONS as STAFF_PERMISSIONS } from '../../src/features/staff/permissions';
import { PERMISSIONS as PLATFORM_PERMISSIONS, READ_ONLY_ACTIONS, permissionAction } from '../../src/lib/permissions';
import { RESOURCES, TEST_ONLY_RESOURCES } from '../../server/resources/registry';
import { menuId } from '../../server/db/seed';
import { declaredMenuTree, flattenMenus, grantedMenus } from '../../server/db/reference';
import { PERSONAS, ROLES } from '../../server/db/seed-data/personas';
import { expandGrants } from '../../src/lib/grants';
import { withOwnExports } from '../../src/lib/own-exports';
import { roleMenus, rolePermissions } from '../../server/db/schema';
import type { RouteItem } from '../../server/routes/menu-tree';
import { ApiClient, passwordOf, signInAs, type ApiResponse } from './client';
import { captureLog, startServer, type TestServer } from './server';

/** The permission strings named here, each group from its area's catalogue (or the platform's). */
const PERMISSIONS = { ...CREDIT_NOTES_PERMISSIONS, ...QUOTAS_PERMISSIONS, ...STAFF_PERMISSIONS, ...PLATFORM_PERMISSIONS };

interface UserInfo {
  personId: string;
  username: string;
  personName: string;
  avatar: string;
  authorities: Array<{ code: string; roleName: string; pkRole: string }>;
  menuPerms: string[];
  userStatus: number;
  personPosition: string;
  corps: Array<{ corpId: string; corpName: string }>;
  corpName: string | null;
  corpId: string | null;
  sensitiveWhitelist: boolean;
}

/**
 * What the code declares, from which the expectations below are derived rather than listed: adding an
 * area, a menu or a grant rule changes what is expected here without an edit (issue 39 item 2).
 */
const DECLARED_MENUS = flattenMenus(declaredMenuTree(RESOURCES));
const ordered = <T extends { orderNum?: number; menuUri: string }>(rows: T[]) =>
  rows.sort((a, b) => (a.orderNum ?? 0) - (b.orderNum ?? 0) || a.menuUri.localeCompare(b.menuUri));
const topLevel = (rows: typeof DECLARED_MENUS) => ordered(rows.filter((row) => row.parentId === null)).map((row) => row.menuUri);
const childrenOf = (rows: typeof DECLARED_MENUS, uri: string) => ordered(rows.filter((row) => row.parentId === menuId(uri)));
const roleOf = (username: string) => ROLES.find((role) => role.code === PERSONAS.find((p) => p.username === username)!.role)!;

let srv: TestServer;
const serverLog = captureLog();

beforeAll(async () => {
  // Private: it reads everything its server logs.
  srv = await startServer({ logger: { level: 'trace', stream: serverLog.stream } });
});
afterAll(() => srv.close());

const userInfo = async (client: ApiClient) => (await client.call<UserInfo>('/op/v1/userInfo', { method: 'GET' })).body.data!;
const menuTree = async (client: ApiClient) => (await client.call<RouteItem[]>('/op/v1/userInfo/granted-menu-tree')).body.data!;
const business = (answer: ApiResponse) => ({ status: answer.status, code: answer.body.code, message: answer.body.message });

/** Every route's full path: a child's path is relative to its parent's. */
function fullPaths(items: readonly RouteItem[], parent = ''): string[] {
  return items.flatMap((item) => {
    const path = parent ? `${parent}/${item.path}` : item.path;
    return [path, ...fullPaths(item.children ?? [], path)];
  });
}

describe('GET /api/web/health', () => {
  it('answers without any protocol header', async () => {
    const response = await fetch(`${srv.baseUrl}/api/web/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ code: '0', message: 'success', data: { status: 'ok' } });
  });
});

describe('/uaa/v1/security/public-keys', () => {
  it('answers an RSA public key of at least 2048 bits in PEM SPKI', async () => {
    const answer = await new ApiClient(srv.baseUrl).call<{ publicKey: string }>('/uaa/v1/security/public-keys');
    const pem = answer.body.data!.publicKey;
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const key = createPublicKey(pem);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails!.modulusLength).toBeGreaterThanOrEqual(2048);
  });
});

describe('/uaa/login', () => {
  it('answers fresh random authToken and wsToken of at least 32 bytes', async () => {
    const client = await new ApiClient(srv.baseUrl).init();
    const first = await client.login('op_admin', passwordOf('op_admin'));
    const second = await new ApiClient(srv.baseUrl).init().then((c) => c.login('op_admin', passwordOf('op_admin')));
    const { authToken, wsToken } = first.body.data!;
    expect(Buffer.from(authToken, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(wsToken, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(new Set([authToken, wsToken, second.body.data!.authToken, second.body.data!.wsToken]).size).toBe(4);
  });

  it.each([
    ['a wrong password', 'op_admin', (c: ApiClient) => c.encrypt('Wrong@2026!')],
    ['an unknown user', 'nobody', (c: ApiClient) => c.encrypt('Admin@2026!')],
    ['a password that does not decrypt', 'op_admin', () => Buffer.from('plain text').toString('base64')],
  ])('refuses %s with one message', async (_, username, password) => {
    const client = await new ApiClient(srv.baseUrl).init();
    const answer = await client.call('/uaa/login', { json: { username, password: password(client) } });
    expect(business(answer)).toEqual({ status: 200, code: 'LOGIN_FAILED', message: '用户名或密码错误' });
  });

  it.each([
    ['username', '用户名'],
    ['password', '密码'],
  ])('names a missing %s by its label', async (field, label) => {
    const client = await new ApiClient(srv.baseUrl).init();
    const json: Record<string, string> = { username: 'op_admin', password: client.encrypt('x') };
    delete json[field];
    expect(business(await client.call('/uaa/login', { json }))).toEqual({ status: 200, code: 'VALIDATION_FAILED', message: `${label}不能为空` });
  });
});

describe('/uaa/v1/security/token', () => {
  it('answers the auth token and CSRF info, and sets a readable XSRF-TOKEN cookie', async () => {
    const client = await new ApiClient(srv.baseUrl).init();
    const login = await client.login('op_auditor', passwordOf('op_auditor'));
    const answer = await client.call<{ authToken: string; csrf: { token: string; headerName: string } }>('/uaa/v1/security/token');
    expect(answer.body.data).toEqual({ authToken: login.body.data!.authToken, csrf: { token: client.csrf!.token, headerName: 'X-XSRF-TOKEN' } });
    expect(answer.headers.getSetCookie()).toEqual([`XSRF-TOKEN=${client.csrf!.token}; Path=/; SameSite=Strict`]);
    expect(client.csrfCookie).toBe(client.csrf!.token);
  });
});

describe('/uaa/logout', () => {
  it('ends the session: every later call answers 401', async () => {
    const client = await signInAs(srv.baseUrl, 'op_director');
    expect((await client.call('/uaa/logout')).body.code).toBe('0');
    for (const path of ['/op/v1/userInfo', '/op/v1/userInfo/granted-menu-tree', '/op/v1/init-passwords/modify/verify']) {
      expect((await client.call(path)).status).toBe(401);
    }
  });
});

describe('/op/v1/userInfo', () => {
  it('answers the user info fields of spec §3 for a handler, by GET and by POST', async () => {
    const client = await signInAs(srv.baseUrl, 'op_handler');
    const byGet = await userInfo(client);
    const byPost = (await client.call<UserInfo>('/op/v1/userInfo')).body.data!;
    expect(byPost).toEqual(byGet);
    expect({ ...byGet, menuPerms: [...byGet.menuPerms].sort() }).toEqual({
      personId: 'u-op-handler',
      username: 'op_handler',
      personName: '经办人张三',
      avatar: '',
      authorities: [{ code: 'ROLE_OP_HANDLER', roleName: '运营经办', pkRole: 'r-op-handler' }],
      // Derived from the working role's grant rules over every permission the code declares, as the seed
      // expands them, and what an export implies besides: one's own export records (src/lib/own-exports.ts).
      menuPerms: withOwnExports(expandGrants(roleOf('op_handler').grants, knownPermissions(RESOURCES))).sort(),
      userStatus: 1,
      personPosition: 'SYS_AUTH_OPERATOR',
      corps: [
        { corpId: 'CORP-EAST', corpName: '华东运营分公司' },
        { corpId: 'CORP-HQ', corpName: '供应链金融服务平台运营中心' },
      ],
      corpId: 'CORP-EAST',
      corpName: '华东运营分公司',
      sensitiveWhitelist: false,
    });
    // What the rules must give a handler and keep from it, whatever areas are added.
    const { task, creditNote, quota, staff } = PERMISSIONS;
    expect(byGet.menuPerms).toEqual(expect.arrayContaining([task.handle, task.start, creditNote.generate, creditNote.export, quota.dispatch]));
    expect(byGet.menuPerms).not.toContain(staff.edit);
    expect(byGet.menuPerms).not.toContain('*:*:*');
  });

  it('shows the admin with the wildcard, every corp and the sensitive-data whitelist', async () => {
    const info = await userInfo(await signInAs(srv.baseUrl, 'op_admin'));
    expect(info).toMatchObject({
      menuPerms: ['*:*:*'],
      sensitiveWhitelist: true,
      corpId: 'CORP-HQ',
      authorities: [{ code: 'admin', roleName: '系统管理员', pkRole: 'r-admin' }],
    });
    expect(info.corps.map((c) => c.corpId)).toEqual(['CORP-EAST', 'CORP-HQ', 'CORP-SOUTH']);
  });

  it('gives the auditor every list and query permission, what its areas grant it by name, and nothing that changes data', async () => {
    const info = await userInfo(await signInAs(srv.baseUrl, 'op_auditor'));
    const { grants } = roleOf('op_auditor');
    if (grants === 'all') throw new Error('the auditor holds no wildcard');
    // Its rules over actions give reads only; beyond them it holds what an area's catalogue grants it by
    // name (today the dashboard, the operation log's export: an audit takes its evidence away, and the
    // auditors' rules' run and report, issue 41), and, exporting, its own export records (src/lib/own-exports.ts).
    for (const rule of grants)
      if (!('permissions' in rule)) expect(rule.actions !== '*' && rule.actions.every((a) => READ_ONLY_ACTIONS.has(a)), JSON.stringify(rule)).toBe(true);
    const byName = grants.flatMap((rule) => ('permissions' in rule ? rule.permissions : []));
    const reads = knownPermissions(RESOURCES).filter((p) => READ_ONLY_ACTIONS.has(permissionAction(p)));
    expect([...info.menuPerms].sort()).toEqual(withOwnExports([...new Set([...reads, ...byName])]).sort());
    // Of its own export records it reads and downloads; it removes none.
    expect(info.menuPerms).toContain(PERMISSIONS.exportRecord.download);
    expect(info.menuPerms).not.toContain(PERMISSIONS.exportRecord.remove);
  });

  it('reads grants live: a permission granted or revoked in the database shows on the next call of the same session', async () => {
    const auditor = await signInAs(srv.baseUrl, 'op_auditor');
    const { db } = srv.database;
    const revoked = PERMISSIONS.dictType.list;
    await db.insert(rolePermissions).values({ pkRole: 'r-op-auditor', permission: PERMISSIONS.config.edit });
    await db.delete(rolePermissions).where(and(eq(rolePermissions.pkRole, 'r-op-auditor'), eq(rolePermissions.permission, revoked)));
    try {
      const info = await userInfo(auditor);
      expect(info.menuPerms).toContain(PERMISSIONS.config.edit);
      expect(info.menuPerms).not.toContain(revoked);
    } finally {
      await db.delete(rolePermissions).where(and(eq(rolePermissions.pkRole, 'r-op-auditor'), eq(rolePermissions.permission, PERMISSIONS.config.edit)));
      await db.insert(rolePermissions).values({ pkRole: 'r-op-auditor', permission: revoked });
    }
    expect(await userInfo(auditor).then((i) => i.menuPerms)).not.toContain(PERMISSIONS.config.edit);
  });
});

describe('/op/v1/userInfo/granted-menu-tree', () => {
  it('gives the admin every menu, with every static child route of spec 2.3 under /op', async () => {
    const tree = await menuTree(await signInAs(srv.baseUrl, 'op_admin'));
    // Every top-level directory the code declares, in its declared order (the menu tree's order).
    expect(tree.map((i) => i.meta.menuUri)).toEqual(topLevel(DECLARED_MENUS));
    const paths = fullPaths(tree);
    for (const path of [
      'standard-library/detail',
      'system/dict/data',
      'abs/finance-data/upload/auth',
      'abs/finance-data/upload/contract',
      'abs/finance-data/upload/invoice',
      'abs/finance-data/upload/other',
      'abs/finance-data/upload/success',
      'abs/finance-data/detail',
      'abs/assets/issue-node-register',
      'abs/assets/assets-manage',
      'abs/credit-recycling-manage/audit',
      'admit/realname/add',
      'admit/realname/check',
      'admit/realname/oapprove',
      'admit/realname/mapprove',
      'financing/sign-up/detail',
      'group/corp-member-customer',
      'zd-registration/management/register',
      'platform-content/news/edit',
      'platform-content/notice/edit',
      'certificate-management/certificate-detail',
      'issue/project-dept/detail',
      'issue/branch-comp/detail',
      'issue/group/detail',
      'issue/group/generate',
      'data-dashboard',
      'task/view',
      'credit/final-approve/approve',
      'price/config',
    ]) {
      expect(paths).toContain(`/op/${path}`);
    }
  });

  it('answers route items: Layout directories, ParentView nested directories, page components, meta', async () => {
    const tree = await menuTree(await signInAs(srv.baseUrl, 'op_admin'));
    const system = tree.find((i) => i.meta.menuUri === 'system')!;
    expect(system).toMatchObject({
      path: '/op/system',
      component: 'Layout',
      hidden: false,
      alwaysShow: true,
      meta: { title: '系统管理', icon: 'SettingOutlined' },
    });
    // A test-only resource's entry (tests/resources) joins in test runs; the seeded and declared ones are these.
    const testOnly = new Set(TEST_ONLY_RESOURCES.map((r) => r.menuUri));
    const declaredSystem = childrenOf(DECLARED_MENUS, 'system').filter((row) => !testOnly.has(row.menuUri));
    expect(declaredSystem.length).toBeGreaterThan(10);
    expect(system.children!.filter((c) => !testOnly.has(c.meta.menuUri)).map((c) => [c.path, c.component, c.hidden])).toEqual(
      declaredSystem.map((row) => [row.path, row.component, row.hidden]),
    );
    expect(system.children!.find((c) => c.meta.menuUri === 'system:dict')).toEqual({
      name: 'system-dict',
      path: 'dict',
      component: '/op/system/dict/index',
      hidden: false,
      meta: { title: '字典管理', icon: 'BookOutlined', menuUri: 'system:dict', noCache: false },
    });
    const abs = tree.find((i) => i.meta.menuUri === 'abs')!;
    const upload = abs.children!.find((c) => c.meta.menuUri === 'abs:finance-data:upload')!;
    expect(upload).toMatchObject({ component: 'ParentView', redirect: '/op/abs/finance-data/upload/auth' });
    expect(upload.children!.every((c) => c.hidden)).toBe(true);
    expect(abs.children!.find((c) => c.path === 'credit-recycling-manage/audit')!.meta.noCache).toBe(true);
    expect(tree.find((i) => i.meta.menuUri === 'data-dashboard')).toMatchObject({
      name: 'data-dashboard-query',
      hidden: true,
      component: '/op/data-dashboard/index',
    });
  });

  it("gives the auditor a clearly smaller tree than the admin's", async () => {
    const [admin, auditor] = await Promise.all([signInAs(srv.baseUrl, 'op_admin'), signInAs(srv.baseUrl, 'op_auditor')]);
    const adminPaths = fullPaths(await menuTree(admin));
    const auditorTree = await menuTree(auditor);
    // The directories the auditor's rules reach, in the declared order.
    const auditorMenus = new Set(grantedMenus(DECLARED_MENUS, expandGrants(roleOf('op_auditor').grants, knownPermissions(RESOURCES))));
    expect(auditorTree.map((i) => i.meta.menuUri)).toEqual(topLevel(DECLARED_MENUS).filter((uri) => auditorMenus.has(uri)));
    expect(auditorTree.map((i) => i.meta.menuUri)).toEqual(expect.arrayContaining(['system', 'task', 'issue', 'data-dashboard']));
    const auditorPaths = fullPaths(auditorTree);
    expect(auditorPaths.every((p) => adminPaths.includes(p))).toBe(true);
    // Read-only areas (now the corporations too) are the auditor's; every unbuilt and task-only area is not.
    // The auditor reads every area by rule, so its tree grows with them; what it lacks are the screens
    // that only write (the system administration ones): strictly smaller, exactly as the grants test derives.
    expect(auditorPaths.length).toBeLessThan(adminPaths.length);
  });

  it('gives the platform agent the task centre, admission and its messages only', async () => {
    const tree = await menuTree(await signInAs(srv.baseUrl, 'op_agent'));
    expect(tree.map((i) => i.meta.menuUri)).toEqual(['task', 'admit', 'message-center']);
  });

  it('reads grants live, and includes the parent directory of a granted child', async () => {
    const agent = await signInAs(srv.baseUrl, 'op_agent');
    const { db } = srv.database;
    await db.insert(roleMenus).values({ pkRole: 'r-platform-ag-operator', menuId: menuId('system:config') });
    try {
      const system = (await menuTree(agent)).find((i) => i.meta.menuUri === 'system');
      expect(system?.children?.map((c) => c.meta.menuUri)).toEqual(['system:config']);
    } finally {
      await db.delete(roleMenus).where(and(eq(roleMenus.pkRole, 'r-platform-ag-operator'), eq(roleMenus.menuId, menuId('system:config'))));
    }
    expect((await menuTree(agent)).map((i) => i.meta.menuUri)).toEqual(['task', 'admit', 'message-center']);
  });
});

describe('/op/v1/init-passwords/modify/verify', () => {
  it('requires a change for a first-login user (userStatus 2) only', async () => {
    const verify = async (username: string) =>
      (await (await signInAs(srv.baseUrl, username)).call<{ required: boolean }>('/op/v1/init-passwords/modify/verify')).body.data;
    expect(await verify('op_newbie')).toEqual({ required: true });
    expect(await verify('op_admin')).toEqual({ required: false });
  });
});

describe('/op/v1/staffs/password', () => {
  const change = (client: ApiClient, originalPassword: string, newPassword: string) =>
    client.call('/op/v1/staffs/password', { json: { originalPassword: client.encrypt(originalPassword), newPassword: client.encrypt(newPassword) } });

  it.each([
    ['an empty original password', '   ', 'Better@2026!', auth.password.required],
    ['an empty new password', passwordOf('op_director2'), '   ', auth.password.required],
    ['a new password over 20 characters', passwordOf('op_director2'), 'Aa1!'.repeat(6), auth.password.tooLong],
    ['a new password equal to the old one', passwordOf('op_director2'), passwordOf('op_director2'), auth.password.sameAsOld],
    ['a new password without a special character', passwordOf('op_director2'), 'Better2026', auth.password.weak],
    ['a new password without an uppercase letter', passwordOf('op_director2'), 'better@2026', auth.password.weak],
    ['a new password shorter than 8', passwordOf('op_director2'), 'Bb@1', auth.password.weak],
    ['a new password with whitespace', passwordOf('op_director2'), 'Better @2026', auth.password.weak],
  ])('refuses %s with the spec 5.1 message', async (_, original, next, message) => {
    const client = await signInAs(srv.baseUrl, 'op_director2');
    expect(business(await change(client, original, next))).toEqual({ status: 200, code: 'VALIDATION_FAILED', message });
  });

  it('refuses a wrong original password, a missing field and an undecryptable value; the old password still works', async () => {
    const client = await signInAs(srv.baseUrl, 'op_director2');
    expect(business(await change(client, 'Wrong@2026!', 'Better@2026!'))).toEqual({
      status: 200,
      code: 'PASSWORD_MISMATCH',
      message: server.password.mismatch,
    });
    expect(business(await client.call('/op/v1/staffs/password', { json: { originalPassword: client.encrypt(passwordOf('op_director2')) } }))).toEqual({
      status: 200,
      code: 'VALIDATION_FAILED',
      message: '新密码不能为空',
    });
    const undecryptable = await client.call('/op/v1/staffs/password', {
      json: { originalPassword: 'bm90IHJzYQ==', newPassword: client.encrypt('Better@2026!') },
    });
    expect(business(undecryptable)).toEqual({ status: 200, code: 'VALIDATION_FAILED', message: '字段 originalPassword 不是有效的加密值' });
    expect((await new ApiClient(srv.baseUrl).init().then((c) => c.login('op_director2', passwordOf('op_director2')))).body.code).toBe('0');
  });

  it("stores the new password, clears the first-login status and ends all the user's sessions", async () => {
    const newbie = await signInAs(srv.baseUrl, 'op_newbie');
    const otherDevice = await signInAs(srv.baseUrl, 'op_newbie');
    expect((await change(newbie, passwordOf('op_newbie'), 'Welcome@2026!')).body).toEqual({ code: '0', message: 'success', data: null });

    expect((await newbie.call('/op/v1/userInfo')).status).toBe(401);
    expect((await otherDevice.call('/op/v1/userInfo', { method: 'GET' })).status).toBe(401);
    const withOld = await new ApiClient(srv.baseUrl).init().then((c) => c.login('op_newbie', passwordOf('op_newbie')));
    expect(withOld.body.code).toBe('LOGIN_FAILED');
    const again = await ApiClient.signIn(srv.baseUrl, 'op_newbie', 'Welcome@2026!');
    expect((await userInfo(again)).userStatus).toBe(1);
    expect((await again.call('/op/v1/init-passwords/modify/verify')).body.data).toEqual({ required: false });
  });
});

describe('/op/v1/auth/switch/corp', () => {
  it("changes this session's current corp, which user info then shows", async () => {
    const handler = await signInAs(srv.baseUrl, 'op_handler');
    const otherSession = await signInAs(srv.baseUrl, 'op_handler');
    const answer = await handler.call('/op/v1/auth/switch/corp', { json: { corpId: 'CORP-HQ' } });
    expect(answer.body).toEqual({ code: '0', message: 'success', data: { corpId: 'CORP-HQ', corpName: '供应链金融服务平台运营中心' } });
    expect(await userInfo(handler)).toMatchObject({ corpId: 'CORP-HQ', corpName: '供应链金融服务平台运营中心' });
    expect((await userInfo(otherSession)).corpId).toBe('CORP-EAST');
  });

  it('refuses the current corp with 请选择其他主体', async () => {
    const handler = await signInAs(srv.baseUrl, 'op_handler');
    expect(business(await handler.call('/op/v1/auth/switch/corp', { json: { corpId: 'CORP-EAST' } }))).toEqual({
      status: 200,
      code: 'SAME_CORP',
      message: '请选择其他主体',
    });
  });

  it.each(['CORP-SOUTH', 'NO-SUCH-CORP'])("refuses %s, which is not one of the user's corps", async (corpId) => {
    const handler = await signInAs(srv.baseUrl, 'op_handler');
    expect(business(await handler.call('/op/v1/auth/switch/corp', { json: { corpId } }))).toEqual({
      status: 200,
      code: 'VALIDATION_FAILED',
      message: server.corp.notMember,
    });
    expect((await userInfo(handler)).corpId).toBe('CORP-EAST');
  });
});

describe('/op/v1/sys/configs/find-value-by-config-key', () => {
  it('answers the value of a key, or null for an unknown key', async () => {
    const client = await signInAs(srv.baseUrl, 'op_agent');
    const value = async (configKey: string) =>
      (await client.call<string | null>('/op/v1/sys/configs/find-value-by-config-key', { json: { configKey } })).body.data;
    expect(await value('scf.file-system.file.download.type')).toBe('FORM');
    expect(await value('scf.pay.issue-corp-name')).toBe('供应链金融服务平台运营中心');
    expect(await value('sys.platform.theme-color')).toBe('#2a6bfd');
    expect(await value('no.such.key')).toBeNull();
  });
});

describe('the log', () => {
  it('names requests by path only and holds no password, token, CSRF token or session key, through login, password change and authenticated calls', async () => {
    const secrets: string[] = [];
    const keep = (client: ApiClient) => {
      secrets.push(client.authToken, client.wsToken, client.csrf!.token, client.encryptedSessionKey, client.sessionKey);
      return client;
    };

    const director = keep(await signInAs(srv.baseUrl, 'op_director'));
    const newPassword = 'Rotated@2026!';
    const change = { originalPassword: director.encrypt(passwordOf('op_director')), newPassword: director.encrypt(newPassword) };
    secrets.push(passwordOf('op_director'), newPassword, change.originalPassword, change.newPassword);
    await director.call('/op/v1/auth/switch/corp', { json: { corpId: 'CORP-HQ' } });
    await director.call('/op/v1/userInfo', { method: 'GET' });
    await director.call('/op/v1/userInfo/granted-menu-tree');
    await director.call('/op/v1/sys/configs/find-value-by-config-key', { json: { configKey: 'sys.platform.theme-color' } });
    await director.call('/op/v1/auth/switch/corp', { withoutCsrf: true, json: { corpId: 'CORP-EAST' } });
    expect((await director.call('/op/v1/staffs/password', { json: change })).body.code).toBe('0');

    const again = keep(await ApiClient.signIn(srv.baseUrl, 'op_director', newPassword));
    const failed = await again.call('/uaa/login', { json: { username: 'op_director', password: again.encrypt('Wrong@2026!') } });
    expect(failed.body.code).toBe('LOGIN_FAILED');
    secrets.push('Wrong@2026!');
    await again.call('/op/v1/auth/switch/corp', { rawBody: '{"corpId":' });
    await again.call('/uaa/logout');

    expect(serverLog.text()).toContain('"url":"/api/web/uaa/login"');
    expect(serverLog.text()).toContain('"url":"/api/web/op/v1/staffs/password"');
    expect(serverLog.text()).toContain('CSRF_INVALID');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(serverLog.text()).not.toContain(secret);
    }
    // Nothing from any test of this file: no query string, no protocol header, no seeded password.
    expect(serverLog.text()).not.toMatch(/_csrf|x-vrandom|x-auth-token|x-session-key|xsrf|@2026!/i);
  });
});
