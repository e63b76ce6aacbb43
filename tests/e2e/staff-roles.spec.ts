/**
 * Staff accounts and roles, end to end (issue 20): op_admin makes a role limited to the dictionaries
 * and an account holding it; the new user signs in, must change the initial password, and sees only
 * the dictionaries; op_admin widens the role and the user's menu follows after a reload, without
 * signing in again; op_admin forces the user's session out, and the user's next call answers 401 and
 * the browser goes to the login page; op_auditor finds each of these writes in 操作日志.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, openedDropdown, openMenuDirectory, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

// Two browsers and a server on cores shared with other work: every wait gets room.
const expect = baseExpect.configure({ timeout: 30_000 });

const ROLE_NAME = '字典维护员';
const ROLE_CODE = 'ROLE_DICT_KEEPER';
const USERNAME = 'dict_keeper';
const PERSON = '字典维护员小吴';
const INITIAL = 'Start@2026!';
const CHANGED = 'Keeper@2026#ok';

/** Titles of the sidebar's top level. */
async function topLevelMenu(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.locator('.ant-menu-root > li').first()).toBeVisible();
  const titles = sidebar.locator(
    '.ant-menu-root > li > .ant-menu-submenu-title .ant-menu-title-content, .ant-menu-root > li.ant-menu-item .ant-menu-title-content',
  );
  return (await titles.allTextContents()).map((title) => title.trim());
}

/** The pages under 系统管理 in the sidebar, opened. */
async function systemPages(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  await openMenuDirectory(sidebar, /系统管理/);
  const items = sidebar.locator('.ant-menu-sub .ant-menu-item .ant-menu-title-content');
  await expect(items.first()).toBeVisible();
  return (await items.allTextContents()).map((title) => title.trim());
}

/** The data of a signed call's answer (answers are plain JSON; requests are what the protocol signs). */
async function answered<T>(response: Promise<import('@playwright/test').Response>): Promise<T> {
  return ((await (await response).json()) as { data: T }).data;
}

/** Ticks a node of the grant tree by its title. */
async function tick(tree: Locator, title: string): Promise<void> {
  const node = tree.locator('.ant-tree-treenode').filter({ has: tree.page().locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });
  await node.locator('.ant-tree-checkbox').first().click();
}

test.describe('staff accounts and roles (issue 20)', () => {
  test.describe.configure({ timeout: 600_000 });

  test('op_admin creates a dictionaries role and an account; the user’s menu follows the role; a forced session goes to login', async ({ browser }) => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, 'op_admin', PERSONAS.op_admin);
    await expect(admin).toHaveURL(/\/op$/);
    await expect(admin.getByTestId('welcome')).toBeVisible();

    // The role: 字典管理 and its buttons, nothing else.
    await admin.goto('/op/system/role');
    await expect(admin.getByTestId('roles-list')).toBeVisible();
    await admin.getByTestId('role-create').click();
    const roleForm = admin.getByTestId('role-form');
    await roleForm.getByLabel('角色名称').fill(ROLE_NAME);
    await roleForm.getByLabel('角色编码').fill(ROLE_CODE);
    const tree = roleForm.getByTestId('role-grant-tree');
    await expect(tree.locator('.ant-tree-title', { hasText: /^字典管理$/ })).toBeVisible();
    await tick(tree, '字典管理');
    await tick(tree, '字典数据');
    await admin.screenshot({ path: join(ARTIFACTS, 'staff-roles-role-form.png') });
    const roleSaved = admin.waitForResponse((r) => r.url().includes('/sys/roles/save') && r.status() === 200);
    await roleForm.getByRole('button', { name: /确\s*定|OK/ }).click();
    const { id: roleId } = await answered<{ id: string }>(roleSaved);
    await expect(admin.getByText('角色已保存，已登录用户在下次加载用户信息时生效')).toBeVisible();
    await expect(admin.getByTestId('roles-list').getByRole('cell', { name: ROLE_NAME })).toBeVisible();

    // The account, holding that role.
    await admin.goto('/op/system/user');
    await expect(admin.getByTestId('staffs-list')).toBeVisible();
    await admin.getByTestId('staff-create').click();
    const staffForm = admin.getByTestId('staff-form');
    await staffForm.getByLabel('用户名').fill(USERNAME);
    await staffForm.getByLabel('姓名').fill(PERSON);
    await staffForm.getByLabel('初始密码').fill(INITIAL);
    await staffForm.getByTestId('staff-roles').click();
    await (await openedDropdown(admin)).getByTitle(ROLE_NAME).click();
    // A multiple select stays open over the fields below: a click elsewhere in the dialog closes it.
    await staffForm.getByText('新增用户').click();
    await staffForm.getByTestId('staff-corps').click();
    await (await openedDropdown(admin)).getByTitle('供应链金融服务平台运营中心').click();
    await staffForm.getByText('新增用户').click();
    // Every account belongs to a department of 组织机构 (issue 38 item 5).
    await staffForm.getByTestId('staff-org').click();
    await (await openedDropdown(admin)).getByTitle('运营管理部', { exact: true }).click();
    await admin.screenshot({ path: join(ARTIFACTS, 'staff-roles-staff-form.png') });
    const staffSaved = admin.waitForResponse((r) => r.url().includes('/sys/staffs/save') && r.status() === 200);
    await staffForm.getByRole('button', { name: /确\s*定|OK/ }).click();
    const { id: staffId } = await answered<{ id: string }>(staffSaved);
    await expect(admin.getByText('用户已创建，首次登录须修改初始密码')).toBeVisible();
    const row = admin.getByTestId('staffs-list').getByRole('row').filter({ hasText: USERNAME });
    await expect(row).toContainText(ROLE_NAME);
    await expect(row).toContainText('正常');
    await admin.screenshot({ path: join(ARTIFACTS, 'staff-roles-staff-list.png') });

    // The new user: the forced change first, then only the dictionaries.
    const userContext = await browser.newContext();
    const user = await userContext.newPage();
    await signIn(user, USERNAME, INITIAL);
    const change = user.getByRole('dialog').filter({ hasText: '首次登录请修改密码' });
    await expect(change).toBeVisible();
    await change.getByLabel('旧密码').fill(INITIAL);
    await change.getByLabel('新密码', { exact: true }).fill(CHANGED);
    await change.getByLabel('重复新密码').fill(CHANGED);
    await change.getByRole('button', { name: '确认修改' }).click();
    const done = user.getByRole('dialog').filter({ hasText: '密码修改成功，请使用新密码重新登录' });
    await expect(done).toBeVisible();
    await done.getByRole('button').click();
    await expect(user).toHaveURL(/\/login\/op$/);
    await signIn(user, USERNAME, CHANGED);
    await expect(user).toHaveURL(/\/op$/);
    await expect(user.getByTestId('person-name')).toHaveText(PERSON);
    await expect(user.getByTestId('welcome')).toBeVisible();
    expect(await topLevelMenu(user)).toEqual(['系统管理']);
    expect(await systemPages(user)).toEqual(['字典管理']);
    await user.getByTestId('sidebar').getByRole('menuitem', { name: '字典管理' }).click();
    await expect(user.getByTestId('dict-types-list')).toBeVisible();
    await user.goto('/op/system/config');
    await expect(user).toHaveURL(/\/403$/);
    await user.goto('/op/system/dict');
    await expect(user.getByTestId('dict-types-list')).toBeVisible();
    await user.screenshot({ path: join(ARTIFACTS, 'staff-roles-user-dictionaries-only.png') });

    // op_admin widens the role to 参数设置.
    await admin.goto('/op/system/role');
    await admin.getByTestId('roles-list').getByRole('row').filter({ hasText: ROLE_CODE }).getByTestId('role-edit').click();
    const editForm = admin.getByTestId('role-form');
    const editTree = editForm.getByTestId('role-grant-tree');
    await expect(editTree.locator('.ant-tree-treenode-checkbox-checked').first()).toBeVisible();
    await tick(editTree, '参数设置');
    await admin.screenshot({ path: join(ARTIFACTS, 'staff-roles-role-widened.png') });
    await editForm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(admin.getByText('角色已保存，已登录用户在下次加载用户信息时生效')).toBeVisible();

    // The user reloads, still signed in: the menu follows.
    await user.reload();
    await expect(user.getByTestId('dict-types-list')).toBeVisible();
    await expect.poll(() => systemPages(user)).toEqual(['字典管理', '参数设置']);
    await user.getByTestId('sidebar').getByRole('menuitem', { name: '参数设置' }).click();
    await expect(user.getByTestId('configs-list')).toBeVisible();
    await user.screenshot({ path: join(ARTIFACTS, 'staff-roles-user-widened.png') });

    // op_admin forces the user's session out.
    // Searched by name: the shared server holds every earlier journey's sessions, and the user's need not
    // be on the first page of all of them (a flaky failure seen once).
    await admin.goto('/op/system/online');
    const online = admin.getByTestId('online-sessions-list');
    await expect(online).toBeVisible();
    const found = async (r: import('@playwright/test').Response) =>
      r.url().includes('/online-sessions/page') &&
      r.status() === 200 &&
      ((await r.json()) as { data: { records: Array<{ username: string }> } }).data.records.some((record) => record.username === USERNAME);
    const sessionsPage = admin.waitForResponse(found, { timeout: 20_000 });
    await online.getByRole('textbox', { name: /登录账号/ }).fill(USERNAME);
    await online.getByRole('button', { name: /搜\s*索/ }).click();
    const { records } = await answered<{ records: Array<{ id: string; username: string }> }>(sessionsPage);
    const sessionId = records.find((record) => record.username === USERNAME)?.id;
    expect(sessionId, `${USERNAME}'s session among those the search found`).toBeTruthy();
    const session = online.getByRole('row').filter({ hasText: USERNAME });
    await expect(session).toBeVisible();
    await session.getByTestId('force-logout').click();
    await admin.getByRole('dialog').getByRole('button', { name: '强制退出' }).click();
    await expect(admin.getByTestId('online-sessions-list').getByRole('row').filter({ hasText: USERNAME })).toHaveCount(0);
    await admin.screenshot({ path: join(ARTIFACTS, 'staff-roles-forced-out.png') });

    // The user's tab goes to the login page by itself, saying why (its message socket was closed with the reason).
    await expect(user).toHaveURL(/\/login\/op\?ended=FORCED/);
    await expect(user.getByTestId('login-ended')).toHaveText('您已被强制下线，请重新登录');
    await user.screenshot({ path: join(ARTIFACTS, 'staff-roles-user-at-login.png') });

    // op_auditor finds each write in 操作日志: by the record's number, with who did it and what.
    const auditorContext = await browser.newContext();
    const auditor = await auditorContext.newPage();
    await signIn(auditor, 'op_auditor', PERSONAS.op_auditor);
    await expect(auditor.getByTestId('welcome')).toBeVisible();
    await auditor.goto('/op/system/operlog');
    const log = auditor.getByTestId('operation-logs-list');
    await expect(log).toBeVisible();
    const writes: Array<[recordId: string, actions: string[]]> = [
      [roleId, ['新增', '修改']],
      [staffId, ['新增']],
      [sessionId!, ['强制退出']],
    ];
    for (const [recordId, actions] of writes) {
      const searched = auditor.waitForResponse((r) => r.url().includes('/operation-logs/page') && r.status() === 200);
      await log.getByRole('textbox', { name: /记录编号/ }).fill(recordId);
      await log.getByRole('button', { name: /搜\s*索/ }).click();
      await searched;
      // Others may follow (the user's own password change names the account too): these must be there.
      const entries = log.locator('tbody tr.ant-table-row');
      for (const action of actions) {
        const entry = entries.filter({ has: auditor.getByRole('cell', { name: action, exact: true }) });
        await expect(entry).toHaveCount(1);
        await expect(entry).toContainText('op_admin');
      }
    }
    await auditor.screenshot({ path: join(ARTIFACTS, 'staff-roles-auditor-log.png'), fullPage: true });

    await auditorContext.close();
    await userContext.close();
    await adminContext.close();
  });
});
