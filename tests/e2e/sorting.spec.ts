/**
 * A header click sorts the list by that column first (issue 25): the page call's orderBy starts with
 * it, and the rows on screen come in that column's order.
 */
import { join } from 'node:path';
import { expect, openedDropdown, PERSONAS, signIn, test } from './support/fixtures';
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
    const answered = page.waitForResponse((r) => r.url().includes('/op/v1/sys/configs/page'));
    await list.getByRole('columnheader', { name: '参数键名' }).click();
    const answer = await answered;
    const body = JSON.parse(answer.request().postData() ?? '{}') as { orderBy?: Array<{ field: string; order: string }> };
    expect(body.orderBy?.[0]).toEqual({ field: 'configKey', order: expectedOrder });
    // The server's rows in that order, then the same rows on screen once the table has drawn them.
    const served = ((await answer.json()) as { data: { records: Array<{ configKey: string }> } }).data.records.map((row) => row.configKey);
    const sorted = [...served].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(served).toEqual(expectedOrder === 'asc' ? sorted : sorted.reverse());
    await expect.poll(keysOnScreen).toEqual(served);
  };
  await sortBy('asc');
  await page.screenshot({ path: join(ARTIFACTS, 'sorting-config-key.png') });
  await sortBy('desc');
});

test('the pager asks for page 2, then 20 a page; a search starts again at page 1; a phone gets the simple pager', async ({ page }) => {
  await signIn(page, 'op_admin', PERSONAS.op_admin);
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.goto('/op/system/dict');
  const list = page.getByTestId('dict-types-list');
  const rows = list.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const pager = list.locator('.ant-pagination');
  await expect(pager).toContainText(/共 \d+ 条/);
  const total = Number((await pager.locator('.ant-pagination-total-text').textContent())?.match(/\d+/)?.[0]);
  expect(total, 'the seeded dictionaries fill more than one page').toBeGreaterThan(10);
  await expect(rows).toHaveCount(10);
  await expect(pager).not.toHaveClass(/ant-pagination-simple/);

  const pageCall = () =>
    page
      .waitForRequest((r) => r.url().includes('/sys/dict-types/page'))
      .then((r) => JSON.parse(r.postData() ?? '{}') as { pageNum: number; pageSize: number; dictName?: string });
  const firstPage = await rows.first().textContent();
  let asked = pageCall();
  await pager.getByTitle('2', { exact: true }).click();
  expect(await asked).toMatchObject({ pageNum: 2, pageSize: 10 });
  await expect(rows.first()).not.toHaveText(firstPage ?? '');
  await expect(pager.locator('.ant-pagination-item-active')).toHaveText('2');

  asked = pageCall();
  await pager.locator('.ant-select').click();
  await (await openedDropdown(page)).getByText('20 条/页').click();
  // antd keeps the page where it still exists at the new size.
  const sized = await asked;
  expect(sized.pageSize).toBe(20);
  await expect(rows).toHaveCount(Math.min(20, total - 20 * (sized.pageNum - 1)));

  asked = pageCall();
  await list.getByRole('textbox', { name: /字典名称/ }).fill('发票');
  await list.getByRole('button', { name: /搜\s*索/ }).click();
  expect(await asked).toMatchObject({ pageNum: 1, pageSize: 20, dictName: '发票' });
  await expect(rows.first()).toContainText('发票');

  // Below antd's `sm` width (576 px) the pager is the simple one, centred, as Refine's table had it.
  await page.setViewportSize({ width: 400, height: 800 });
  await page.reload();
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(list.locator('.ant-pagination')).toHaveClass(/ant-pagination-simple/);
  await page.screenshot({ path: join(ARTIFACTS, 'pager-phone.png') });
});
