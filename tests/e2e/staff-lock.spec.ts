/**
 * A locked account as the administrator meets it (issue 38 item 5): an account whose name five wrong
 * passwords locked shows 已锁定 beside its status on 用户管理, with until when; op_admin presses 解锁,
 * confirms, and the account signs in again at once. Beside it, the home page names positions, not codes.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ApiClient, dataOf, signInAs as apiSignIn } from '../server/client';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const USERNAME = `locked_${randomUUID().slice(0, 6)}`;
const PERSON = '锁定测试员小陈';
const PASSWORD = 'Locked@2026!';

async function login(baseUrl: string, password: string): Promise<string> {
  const client = await new ApiClient(baseUrl).init();
  const answer = await client.call('/uaa/login', { json: { username: USERNAME, password: client.encrypt(password) } });
  return String(answer.body.code);
}

test('op_admin sees a locked account on 用户管理 and unlocks it; it signs in again', async ({ browser, server }) => {
  const adminApi = await apiSignIn(server.url, 'op_admin');
  await dataOf(adminApi, '/op/v1/sys/staffs/save', {
    username: USERNAME,
    personName: PERSON,
    password: adminApi.encrypt(PASSWORD),
    roleIds: ['r-op-auditor'],
    orgId: 'org-ops',
  });
  for (let i = 0; i < 5; i += 1) await login(server.url, 'Wrong-Passw0rd!');
  expect(await login(server.url, PASSWORD)).toBe('LOGIN_LOCKED');

  for (const width of [1366, 1440]) {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signIn(page, 'op_admin', PERSONAS.op_admin);
    await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
    await page.goto('/op/system/user');
    const list = page.getByTestId('staffs-list');
    await list.locator('form.kit-search').getByLabel('用户名', { exact: true }).fill(USERNAME);
    await list.getByRole('button', { name: /搜\s*索/ }).click();
    const row = list.locator('tbody tr.ant-table-row').filter({ hasText: PERSON });
    await expect(row.getByTestId('staff-locked')).toHaveText('已锁定', FIRST_LOAD);
    await row.getByTestId('staff-locked').hover();
    await expect(page.getByRole('tooltip')).toContainText('登录失败次数过多，锁定至 ');
    await expect(row.getByTestId('staff-unlock')).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, `staff-locked-${width}.png`), fullPage: true });
    if (width === 1440) {
      await row.getByTestId('staff-unlock').click();
      const confirm = page.getByRole('dialog').filter({ hasText: `解锁用户“${PERSON}”` });
      await confirm.getByRole('button', { name: /解\s*锁/ }).click();
      await expect(page.getByText('用户已解锁').first()).toBeVisible(FIRST_LOAD);
      await expect(row.getByTestId('staff-locked')).toHaveCount(0, FIRST_LOAD);
      await expect(row.getByTestId('staff-unlock')).toHaveCount(0);
      await page.screenshot({ path: join(ARTIFACTS, 'staff-unlocked.png'), fullPage: true });
    }
    await page.context().close();
  }
  expect(await login(server.url, PASSWORD)).toBe('0');
});

test("the home page names a person's positions, not their codes", async ({ page }) => {
  await signIn(page, 'op_director2', PERSONAS.op_director2);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('home-positions')).toHaveText('系统授权主管、部门授权主管');
});
