/**
 * References searched and sorted as operators read them (issue 37): on 通话记录 the caller is a
 * person's name (a reference to the staff account), found by typing the name and sorted by it with
 * a header click; on 产品配置 a product is found by one of its template versions' CODE@version, and
 * the 使用的模板版本 column sorts by the versions' names; on 价格策略 the 核心企业 and 产品 columns sort by
 * their names. Screenshots in
 * test-results/e2e-artifacts/reference-columns-*.png.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `reference-columns-${name}.png`), fullPage: true });

async function auditor(page: Page) {
  await signIn(page, 'op_auditor', PERSONAS.op_auditor);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
}

test('通话记录 names the caller by name, finds calls by it and sorts by it', async ({ page }) => {
  await auditor(page);
  await page.goto('/op/group/hotline-calls');
  const list = page.getByTestId('hotline-calls-list');
  const rows = list.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible(FIRST_LOAD);
  // The demo's calls were placed by 系统管理员: a name, never an account id.
  await expect(rows.first()).toContainText('系统管理员');
  await expect(list).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);

  await page.locator('#hotline-calls-search_operatorId').fill('管理员');
  const searched = page.waitForRequest((r) => r.url().includes('/op/v1/hotline/calls/page'));
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  expect(JSON.parse((await searched).postData() ?? '{}')).toMatchObject({ operatorId: '管理员' });
  await expect(rows.first()).toContainText('系统管理员', FIRST_LOAD);
  await shot(page, 'calls-by-caller');

  const answered = page.waitForResponse((r) => r.url().includes('/op/v1/hotline/calls/page'));
  await list.getByRole('columnheader', { name: '企业名称' }).click();
  const answer = await answered;
  expect((JSON.parse(answer.request().postData() ?? '{}') as { orderBy?: unknown[] }).orderBy?.[0]).toEqual({ field: 'corpId', order: 'asc' });
  const names = ((await answer.json()) as { data: { records: Array<{ corpIdLabel: string }> } }).data.records.map((r) => r.corpIdLabel);
  expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  await shot(page, 'calls-sorted-by-corporation');
});

test('产品配置 finds a product by a template version and sorts by its versions', async ({ page }) => {
  await auditor(page);
  await page.goto('/op/product/products');
  await page.getByRole('tab', { name: '资金方授信产品', exact: true }).click();
  const list = page.getByTestId('products-credit-finance-list');
  const rows = list.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible(FIRST_LOAD);
  await page.locator('#products-credit-finance-search_templateVersionIds').fill('CREDIT-MASTER@2');
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(rows.first()).toContainText('CREDIT-MASTER@2', FIRST_LOAD);
  for (const text of await rows.allTextContents()) expect(text).toContain('CREDIT-MASTER@2');
  await shot(page, 'products-by-template-version');

  const answered = page.waitForResponse((r) => r.url().includes('/credit/finance/page'));
  await list.getByRole('columnheader', { name: '使用的模板版本' }).click();
  const answer = await answered;
  expect((JSON.parse(answer.request().postData() ?? '{}') as { orderBy?: unknown[] }).orderBy?.[0]).toEqual({ field: 'templateVersionIds', order: 'asc' });
  await expect(rows.first()).toBeVisible(FIRST_LOAD);
  await shot(page, 'products-sorted-by-template-version');
});

test('价格策略 sorts by its core enterprise and its product, by their names', async ({ page }) => {
  await auditor(page);
  await page.goto('/op/product/price-policy');
  const list = page.getByTestId('price-policies-list');
  const rows = list.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible(FIRST_LOAD);
  await expect(list).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  for (const [header, field] of [
    ['核心企业', 'coreCorpId'],
    ['产品', 'productId'],
  ] as const) {
    const answered = page.waitForResponse((r) => r.url().includes('/price-policies/page'));
    await list.getByRole('columnheader', { name: header, exact: true }).click();
    const answer = await answered;
    expect((JSON.parse(answer.request().postData() ?? '{}') as { orderBy?: unknown[] }).orderBy?.[0]).toEqual({ field, order: 'asc' });
    const names = ((await answer.json()) as { data: { records: Array<Record<string, string>> } }).data.records.map((r) => r[`${field}Label`]);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await expect(rows.first()).toContainText(names[0]);
  }
  await shot(page, 'price-policies-sorted-by-product');
});
