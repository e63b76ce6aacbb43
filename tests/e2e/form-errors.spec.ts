/** A server refusal about one field (DUPLICATE) shows under that field of the open kit form (issue 25). */
import { join } from 'node:path';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

test('a duplicate 参数键名 is refused by the server and shown under 参数键名 in the open form', async ({ page }) => {
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
  await page.screenshot({ path: join(ARTIFACTS, 'form-duplicate-under-field.png') });
});
