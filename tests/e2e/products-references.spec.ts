/**
 * Parties chosen, not typed (issue 37 item 1): op_handler creates a platform credit product and
 * chooses its core enterprise in the picker by typing part of its name (a bank is not offered: the
 * field takes core enterprises only); the proposal, the task and, once op_director approves, the
 * product list name the corporation, never its id. The same list and form in English. The bank
 * account form of a corporation names its holder instead of an id box. Screenshots at 1366 px.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, openedDropdown, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const RUN = Date.now().toString(36).toUpperCase().slice(-5);
const PRODUCT = `E2E-REF-${RUN}`;
const GROUP = '中建华东建设集团有限公司';
/** The product's template versions as every view names them: labels in the order picked. */
const TEMPLATES = 'CREDIT-MASTER@2 授信协议标准文本、CREDIT-MASTER@1 授信协议标准文本';
const TAB = { zh: '核心企业平台授信产品', en: 'Credit products of core enterprises on the platform' };

async function as(browser: Browser, persona: Persona, lang: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  // The language is the browser's stored choice, read when the app starts (the next page load).
  if (lang !== 'zh-CN')
    await page.evaluate(
      (chosen) => (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('lang', chosen),
      lang,
    );
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `products-references-${name}.png`) });
const rowOf = (scope: Locator, ...texts: string[]) => texts.reduce((rows, text) => rows.filter({ hasText: text }), scope.locator('tbody tr.ant-table-row'));
const dialog = (page: Page) => page.getByRole('dialog');
/** Nothing on screen may read as a stored id: the demo corporations' ids all start so. */
const noIds = async (scope: Locator) => {
  await expect(scope).not.toContainText('corp-demo-');
  // Template versions are referenced by UUID: only their labels may show.
  await expect(scope).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
};

async function passFromTodo(page: Page, text: string, remark: string): Promise<void> {
  await page.goto('/op/task/todo');
  const row = rowOf(page.getByTestId('task-todo-list'), text);
  await expect(row).toBeVisible(FIRST_LOAD);
  await row.getByTestId('task-work').click();
  const view = page.getByTestId('task-page');
  await expect(view.getByTestId('task-remark')).toBeVisible(FIRST_LOAD);
  await noIds(view);
  await view.getByTestId('task-remark').fill(remark);
  await view.getByTestId('task-pass').click();
  await expect(view.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);
}

test.describe.serial('a product whose core enterprise is chosen in the picker', () => {
  // Several sign-ins and tasks each, on a shared two-core machine.
  test.describe.configure({ timeout: 300_000 });

  test('op_handler searches the core enterprise by name, picks it, and the proposal names it', async ({ browser }) => {
    const page = await as(browser, 'op_handler');
    await page.goto('/op/product/products');
    await page.getByRole('tab', { name: TAB.zh, exact: true }).click();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(page);
    await form.getByLabel('产品编号').fill(PRODUCT);
    await form.getByLabel('产品名称').fill(`端到端平台白条${RUN}`);
    await form.getByLabel('产品简称').fill('端到端');
    const core = form.getByLabel('核心企业', { exact: true });
    // A bank is a corporation, but not a core enterprise: the server's search offers it not.
    await core.fill('工商银行');
    const dropdown = await openedDropdown(page);
    await expect(dropdown).toContainText('暂无数据', FIRST_LOAD);
    await expect(dropdown.locator('.ant-select-item-option')).toHaveCount(0);
    await core.fill('华东建设');
    const option = dropdown.locator('.ant-select-item-option').filter({ hasText: GROUP });
    await expect(option).toBeVisible(FIRST_LOAD);
    await shot(page, 'picker-zh');
    await option.click();
    await expect(form.locator('.ant-select-selection-item').filter({ hasText: GROUP })).toBeVisible();
    await form.getByLabel('最短期限（天）').fill('30');
    await form.getByLabel('最长期限（天）').fill('360');
    await form.getByLabel('单笔最低金额（元）').fill('10000');
    await form.getByLabel('单笔最高金额（元）').fill('5000000');
    // Several finalised versions, picked by code and named CODE@version and name (issue 37): a draft (@3) is not offered.
    const versions = form.getByLabel('使用的模板版本', { exact: true });
    // A several-value picker takes typing once it has the focus.
    await versions.click();
    await versions.fill('CREDIT-MASTER');
    const offered = (await openedDropdown(page)).locator('.ant-select-item-option');
    await expect(offered.filter({ hasText: 'CREDIT-MASTER@2 授信协议标准文本' })).toBeVisible(FIRST_LOAD);
    await expect(offered.filter({ hasText: 'CREDIT-MASTER@3' })).toHaveCount(0);
    await offered.filter({ hasText: 'CREDIT-MASTER@2' }).click();
    await versions.fill('CREDIT-MASTER@1');
    await offered.filter({ hasText: 'CREDIT-MASTER@1 授信协议标准文本' }).click();
    await form.locator('.ant-modal-title').click();
    await expect(form.locator('.ant-select-selection-item').filter({ hasText: 'CREDIT-MASTER@1 授信协议标准文本' })).toBeVisible();
    await shot(page, 'template-versions-picked');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('已提交审批，审批通过后生效').first()).toBeVisible(FIRST_LOAD);

    const pending = page.getByTestId('products-credit-core-pending-creations');
    await pending.getByText(PRODUCT).click();
    const change = pending.getByTestId('products-credit-core-change');
    await expect(change.locator('tr[data-field="coreCorpId"]')).toContainText(GROUP, FIRST_LOAD);
    await expect(change.locator('tr[data-field="templateVersionIds"]')).toContainText(TEMPLATES);
    await noIds(pending);
    await shot(page, 'pending-zh');
    // Saving was the submission (spec §4.5): the proposal already waits for a director.
  });

  test('op_director approves; the list names the core enterprise, and searches by it', async ({ browser }) => {
    const director = await as(browser, 'op_director');
    await passFromTodo(director, PRODUCT, '同意');

    const page = await as(browser, 'op_handler');
    await page.goto('/op/product/products');
    await page.getByRole('tab', { name: TAB.zh, exact: true }).click();
    const list = page.getByTestId('products-credit-core-list');
    const row = rowOf(list, PRODUCT);
    await expect(row).toContainText(GROUP, FIRST_LOAD);
    await expect(row).toContainText(TEMPLATES);
    await noIds(list);
    // The list searches the column by the name it shows.
    await page.locator('#products-credit-core-search_coreCorpId').fill('华东建设');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(row).toBeVisible(FIRST_LOAD);
    await shot(page, 'list-zh');
    await row.getByRole('button', { name: /修\s*改/ }).click();
    await expect(dialog(page).locator('.ant-select-selection-item').filter({ hasText: GROUP })).toBeVisible(FIRST_LOAD);
    // The versions picked come back as their labels, in the order picked.
    await expect(dialog(page).locator('.ant-select-selection-item').filter({ hasText: 'CREDIT-MASTER@' })).toHaveText([
      'CREDIT-MASTER@2 授信协议标准文本',
      'CREDIT-MASTER@1 授信协议标准文本',
    ]);
    await shot(page, 'edit-zh');
  });

  test('in English, the same list and picker', async ({ browser }) => {
    const en = await as(browser, 'op_handler', 'en-US');
    await en.goto('/op/product/products');
    await en.getByRole('tab', { name: TAB.en, exact: true }).click();
    const enList = en.getByTestId('products-credit-core-list');
    await expect(enList.locator('thead')).toContainText('Core enterprise', FIRST_LOAD);
    await expect(rowOf(enList, PRODUCT)).toContainText(GROUP, FIRST_LOAD);
    await noIds(enList);
    await shot(en, 'list-en');
    await en.getByRole('button', { name: /Add/ }).click();
    await dialog(en).getByLabel('Core enterprise', { exact: true }).click();
    await expect((await openedDropdown(en)).locator('.ant-select-item-option').first()).toBeVisible(FIRST_LOAD);
    await expect(dialog(en).getByText('Core enterprise: type a name to search')).toBeVisible();
    await shot(en, 'picker-en');
  });

  test("a corporation's bank-account form names the holder, never its id", async ({ browser }) => {
    const page = await as(browser, 'op_admin');
    await page.goto('/op/group/corporation/detail?id=corp-demo-group');
    await page.getByRole('tab', { name: '银行账户' }).click(FIRST_LOAD);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const holder = dialog(page).locator('.ant-form-item').filter({ hasText: '所属企业' });
    await expect(holder.locator('.ant-select-selection-item')).toHaveText(GROUP, FIRST_LOAD);
    await expect(holder.locator('.ant-select-disabled')).toHaveCount(1);
    await noIds(dialog(page));
    await shot(page, 'bank-account-zh');
    // The fixed holder is sent with the form: the account is saved under it.
    await dialog(page).getByLabel('开户银行').fill(`端到端银行${RUN}`);
    await dialog(page).getByLabel('银行账号').fill('6222020000012345678');
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden(FIRST_LOAD);
    await expect(page.locator('tbody tr.ant-table-row').filter({ hasText: `端到端银行${RUN}` })).toBeVisible(FIRST_LOAD);
  });
});
