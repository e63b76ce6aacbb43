/**
 * A header click sorts the list by that column first (issue 25): the page call's orderBy starts with
 * it, and the rows on screen come in that column's order.
 */
import { join } from 'node:path';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

test('clicking 参数键名 orders the configs by key, server and screen alike; a second click reverses it', async ({ page }) => {
  await signIn(page, 'op_admin', PERSONAS.op_admin);
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.goto('/op/system/config');
  const list = page.getByTestId('configs-list');
  await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });

  // Columns: selection, 序号, 参数名称, 参数键名.
  const keysOnScreen = async () => (await list.locator('tbody tr.ant-table-row td:nth-child(4)').allTextContents()).map((text) => text.trim());
  const sortBy = async (expectedOrder: 'asc' | 'desc') => {
    const request = page.waitForRequest((r) => r.url().includes('/op/v1/sys/configs/page'));
    await list.getByRole('columnheader', { name: '参数键名' }).click();
    const body = JSON.parse((await request).postData() ?? '{}') as { orderBy?: Array<{ field: string; order: string }> };
    expect(body.orderBy?.[0]).toEqual({ field: 'configKey', order: expectedOrder });
    await page.waitForLoadState('networkidle');
    const keys = await keysOnScreen();
    const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(keys).toEqual(expectedOrder === 'asc' ? sorted : sorted.reverse());
  };
  await sortBy('asc');
  await page.screenshot({ path: join(ARTIFACTS, 'sorting-config-key.png') });
  await sortBy('desc');
});
