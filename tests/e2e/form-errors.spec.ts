/**
 * A server refusal about one field (DUPLICATE) shows under that field of the open kit form (issue 25),
 * told once, and leaves no uncaught error in the console (issue 37: a refused save left an uncaught ApiError).
 */
import { join } from 'node:path';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

test('a duplicate 参数键名 is refused by the server and shown under 参数键名 in the open form', async ({ page }) => {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' && /ApiError|Uncaught/.test(message.text())) uncaught.push(message.text());
  });
  await signIn(page, 'op_admin', PERSONAS.op_admin);
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.goto('/op/system/config');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByTestId('configs-create-form');
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByLabel('参数名称').fill('重复的参数');
  await form.getByLabel('参数键名').fill('sys.platform.name');
  await form.getByLabel('参数键值').fill('x');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  const keyItem = form.locator('.ant-form-item').filter({ has: page.getByLabel('参数键名') });
  await expect(keyItem.locator('.ant-form-item-explain-error')).toHaveText('参数键名已存在');
  await expect(form).toBeVisible();
  // Told once: one notice besides the message under the field.
  await expect(page.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: '参数键名已存在' })).toHaveCount(1);
  await page.screenshot({ path: join(ARTIFACTS, 'form-duplicate-under-field.png') });
  // A second refused try, the modal still open: still no uncaught error.
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(keyItem.locator('.ant-form-item-explain-error')).toHaveText('参数键名已存在');
  await page.waitForLoadState('networkidle');
  expect(uncaught).toEqual([]);
});
