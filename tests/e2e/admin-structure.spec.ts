/**
 * System administration's structure in Chromium (issue 20 items 3, 4 and 7): op_admin adds a menu
 * (first refused for a component the page registry does not resolve, the message under the field),
 * renames it and finds it in the sidebar after a reload; creates an organisation under the
 * headquarters and a position. op_auditor opens the permission matrix (filtered, no export button)
 * and the operation log, and sees no write button on the structure pages.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const OK = /确\s*定/;

async function signInAs(page: Page, username: keyof typeof PERSONAS): Promise<void> {
  await signIn(page, username, PERSONAS[username]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
}

test.describe('system administration structure (issue 20)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('op_admin edits the menu tree, and adds an organisation and a position', async ({ page }) => {
    await signInAs(page, 'op_admin');
    await page.goto('/op/system/menu');
    const table = page.getByTestId('menu-table');
    await expect(table.getByRole('row').filter({ hasText: '系统管理' }).first()).toBeVisible(FIRST_LOAD);

    // A child of 系统管理 whose component the page registry does not know: refused under the field.
    await page.getByTestId('menu-add-child-system').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('菜单名称', { exact: true }).fill('登录审计');
    await dialog.getByLabel('菜单标识', { exact: true }).fill('system:e2e-login-audit');
    await dialog.getByLabel('路由地址', { exact: true }).fill('logininfor');
    await dialog.getByLabel('组件路径', { exact: true }).fill('/op/system/no-such-page/index');
    await dialog.getByLabel('权限标识', { exact: true }).fill('system:logininfor:list');
    await dialog.getByLabel('显示顺序', { exact: true }).fill('99');
    await dialog.getByRole('button', { name: OK }).click();
    const refusal = '组件路径“/op/system/no-such-page/index”不在页面注册表中';
    await expect(dialog.getByText(refusal)).toBeVisible(FIRST_LOAD);
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'admin-structure-menu-refused.png') });

    // The registered page: saved.
    await dialog.getByLabel('组件路径', { exact: true }).fill('/op/system/logininfor/index');
    await dialog.getByRole('button', { name: OK }).click();
    await expect(dialog).toBeHidden(FIRST_LOAD);
    await expect(page.getByText('菜单已保存，用户下次加载用户信息时生效')).toBeVisible();

    // Found by the search, renamed.
    const search = page.getByPlaceholder('请输入菜单名称');
    await search.fill('e2e-login-audit');
    await search.press('Enter');
    await expect(table.getByText('system:e2e-login-audit')).toBeVisible();
    await page.getByTestId('menu-edit-system:e2e-login-audit').click();
    await dialog.getByLabel('菜单名称', { exact: true }).fill('登录审计（新）');
    await dialog.getByRole('button', { name: OK }).click();
    await expect(dialog).toBeHidden(FIRST_LOAD);
    await expect(table.getByText('登录审计（新）')).toBeVisible();

    // The sidebar follows at the next user-info load.
    await page.reload();
    const entry = page.getByRole('menuitem', { name: /登录审计（新）/ });
    await expect(entry).toBeVisible(FIRST_LOAD);
    await entry.click();
    await expect(page).toHaveURL(/\/op\/system\/logininfor$/);

    // An organisation under the headquarters.
    await page.goto('/op/system/dept');
    const orgs = page.getByTestId('org-table');
    await expect(orgs.getByText('运营管理部')).toBeVisible(FIRST_LOAD);
    await page.getByTestId('org-add-child-HQ').click();
    await dialog.getByLabel('机构名称', { exact: true }).fill('数字化运营部');
    await dialog.getByLabel('机构编码', { exact: true }).fill('E2E-DIGITAL');
    await dialog.getByLabel('负责人', { exact: true }).fill('经办人张三');
    await dialog.getByRole('button', { name: OK }).click();
    await expect(dialog).toBeHidden(FIRST_LOAD);
    await expect(orgs.getByRole('row').filter({ hasText: 'E2E-DIGITAL' })).toContainText('数字化运营部');
    // A node with children stays: its delete button is not offered, and the server would refuse it.
    await expect(page.getByTestId('org-remove-OPS')).toHaveCount(0);
    // Every action of a row is on screen at 1,440 px (停用 was cut off): inside the table's visible box.
    const box = (await orgs.boundingBox())!;
    const disable = orgs
      .getByRole('row')
      .filter({ hasText: 'E2E-DIGITAL' })
      .getByRole('button', { name: /停\s*用/ });
    const button = (await disable.boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width);
    await page.screenshot({ path: join(ARTIFACTS, 'admin-structure-orgs.png') });

    // A position through the kit's list page; the four authorisation positions are there.
    const positionsPage = page.waitForResponse((r) => r.url().includes('/op/v1/sys/positions/page'), FIRST_LOAD);
    await page.goto('/op/system/post');
    expect((await (await positionsPage).json()).data.total).toBeGreaterThanOrEqual(4);
    const positions = page.locator('.ant-table:visible').first();
    await expect(positions.getByText('系统授权主管')).toBeVisible({ timeout: 60_000 });
    await expect(positions.getByText('部门授权经办')).toBeVisible();
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    await dialog.getByLabel('岗位编码', { exact: true }).fill('E2E_RISK_REVIEWER');
    await dialog.getByLabel('岗位名称', { exact: true }).fill('风险复核岗');
    await dialog.getByRole('button', { name: OK }).click();
    await expect(dialog).toBeHidden(FIRST_LOAD);
    await expect(positions.getByText('E2E_RISK_REVIEWER')).toBeVisible(FIRST_LOAD);
    await page.screenshot({ path: join(ARTIFACTS, 'admin-structure-positions.png') });

    await page.goto('/op/system/menu');
    await expect(table.getByRole('row').filter({ hasText: '系统管理' }).first()).toBeVisible(FIRST_LOAD);
    await page.screenshot({ path: join(ARTIFACTS, 'admin-structure-menus.png') });
  });

  test('op_auditor reads the permission matrix and the operation log and changes nothing', async ({ page }) => {
    await signInAs(page, 'op_auditor');
    await page.goto('/op/system/permission-matrix');
    const matrix = page.getByTestId('matrix-table');
    await expect(matrix.getByRole('row').nth(1)).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('matrix-export')).toHaveCount(0);

    // Filtered to the menu resource: the auditor's own role may list and query it, and nothing more.
    await page.getByTestId('matrix-resource').fill('菜单管理');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const auditorRow = matrix.getByRole('row').filter({ hasText: 'ROLE_OP_AUDITOR' });
    await expect(auditorRow).toHaveCount(1);
    await expect(auditorRow.locator('td').nth(2)).toHaveText('允许');
    await expect(auditorRow.locator('td').nth(3)).toHaveText('允许');
    await expect(auditorRow.locator('td').nth(4)).toHaveText('拒绝');
    await expect(matrix.getByRole('row').filter({ hasText: 'admin' }).first().locator('td').nth(4)).toHaveText('允许');
    await page.screenshot({ path: join(ARTIFACTS, 'admin-structure-matrix.png') });

    // The matrix is the enforcer (issue 38 item 3): roles declare only their read permissions, yet the
    // administrator creates, edits and removes them; the cells are the guard's answer, not "—".
    await page.getByTestId('matrix-resource').fill('roles');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const adminRolesRow = matrix.getByRole('row').filter({ hasText: 'admin' }).first();
    for (const cell of [2, 3, 4, 5, 6]) await expect(adminRolesRow.locator('td').nth(cell)).toHaveText('允许');
    const auditorRolesRow = matrix.getByRole('row').filter({ hasText: 'ROLE_OP_AUDITOR' });
    for (const cell of [4, 5, 6]) await expect(auditorRolesRow.locator('td').nth(cell)).toHaveText('拒绝');
    await page.screenshot({ path: join(ARTIFACTS, 'admin-structure-matrix-roles.png') });

    // A resource of an area not opened in this session is named by its title (issue 38: `ledger.title`).
    await page.getByTestId('matrix-resource').fill('额度流水');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(matrix.getByRole('row').nth(1)).toContainText('额度流水');
    await expect(matrix.getByText('ledger.title')).toHaveCount(0);

    // By staff account.
    await page.getByTestId('matrix-by').getByText('人员').click();
    await expect(matrix.getByRole('row').filter({ hasText: 'op_handler' })).toHaveCount(1);

    // The operation log: readable, nothing to write.
    await page.goto('/op/system/operlog');
    await expect(page.locator('.ant-table:visible').first()).toBeVisible(FIRST_LOAD);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('您暂无权限操作此页面！')).toHaveCount(0);
    for (const name of [/新\s*增/, /修\s*改/, /删\s*除/]) await expect(page.getByRole('button', { name })).toHaveCount(0);
    // Its export is the auditor's by grant: an audit takes its evidence away, and an export changes nothing.
    await expect(page.getByRole('button', { name: /导\s*出/ })).toHaveCount(1);
    await page.screenshot({ path: join(ARTIFACTS, 'admin-structure-auditor-operlog.png') });

    // The structure pages: shown, with no write button.
    await page.goto('/op/system/menu');
    await expect(page.getByTestId('menu-table').getByRole('row').filter({ hasText: '系统管理' }).first()).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('menu-add-root')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /修\s*改|删\s*除|新增下级/ })).toHaveCount(0);
    await page.goto('/op/system/dept');
    await expect(page.getByTestId('org-table').getByText('运营管理部')).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('button', { name: /新增|修\s*改|删\s*除|移\s*动|停\s*用/ })).toHaveCount(0);
    await page.screenshot({ path: join(ARTIFACTS, 'admin-structure-auditor-orgs.png') });
  });
});
