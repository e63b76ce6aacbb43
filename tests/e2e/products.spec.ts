/**
 * Products end to end (issue 17): op_handler drafts a template in the standard library and sees the
 * demo template's versions with what changed; op_director freezes it (定稿); op_handler proposes a
 * credit product using that version, an agreement built on it, and a price policy (an overlapping
 * band is refused first, naming the clash), and submits the three from 待办; op_director approves
 * them (the price policy on its task page, with its bands), the shell reloads the product list at
 * once, and the product and agreement are listed.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, openedDropdown, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const RUN = Date.now().toString(36).toUpperCase().slice(-5);
const TEMPLATE = `E2E-TPL-${RUN}`;
const PRODUCT = `E2E-PRD-${RUN}`;
const AGREEMENT = `E2E-AGR-${RUN}`;
const POLICY = `端到端策略${RUN}`;
const GROUP = '中建华东建设集团有限公司';

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `products-${name}.png`), fullPage: true });
const rowOf = (scope: Locator, ...texts: string[]) => texts.reduce((rows, text) => rows.filter({ hasText: text }), scope.locator('tbody tr.ant-table-row'));
const dialog = (page: Page) => page.getByRole('dialog');

/** Chooses a record in a reference picker: types part of its name (the server searches by it) and picks the option. */
async function choose(page: Page, label: string, search: string, option: string): Promise<void> {
  await dialog(page).getByLabel(label, { exact: true }).fill(search);
  await (await openedDropdown(page)).locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

async function submitForm(page: Page): Promise<void> {
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('已提交审批，审批通过后生效').first()).toBeVisible(FIRST_LOAD);
}

/** The global config's product list as the shell loads it next. */
const nextProductConfig = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/op/v1/sys/tools/load-prd-config') && r.request().method() === 'POST').then((r) => r.json());

/** Opens a task from 待办 (the shared view, or the step's own page) and passes it; `onPass` starts watching just before. */
async function passFromTodo(page: Page, text: string, remark: string, screenshot?: string, onPass?: () => void): Promise<Locator> {
  await page.goto('/op/task/todo');
  const row = rowOf(page.getByTestId('task-todo-list'), text);
  await expect(row).toBeVisible(FIRST_LOAD);
  await row.getByTestId('task-work').click();
  const view = page.getByTestId('task-page');
  await expect(view.getByTestId('task-remark')).toBeVisible(FIRST_LOAD);
  if (screenshot) await shot(page, screenshot);
  await view.getByTestId('task-remark').fill(remark);
  onPass?.();
  await view.getByTestId('task-pass').click();
  await expect(view.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);
  return view;
}

test.describe.serial('products, agreements and price policies', () => {
  // Each test walks several screens and tasks on a shared two-core machine.
  test.describe.configure({ timeout: 180_000 });

  test('op_handler reads what changed between template versions and drafts a new template', async ({ browser }) => {
    const page = await as(browser, 'op_handler');
    await page.goto('/op/standard-library/detail');
    const list = page.getByTestId('agreement-templates-list');
    // The directory and its page are named apart (issue 37: 标准库 / 标准库).
    await expect(page.locator('.navbar-breadcrumb')).toContainText(/标准库\s*\/\s*协议模板/);
    const v2 = rowOf(list, 'CREDIT-MASTER', '增加逾期违约金');
    await expect(v2).toBeVisible(FIRST_LOAD);
    // An approved version is frozen: no 修改 or 删除 (the server refuses them too).
    await expect(v2.getByRole('button', { name: /修\s*改/ })).toHaveCount(0);
    await expect(rowOf(list, 'CREDIT-MASTER', '待定稿').getByRole('button', { name: /修\s*改/ })).toHaveCount(1);
    await v2.getByRole('button', { name: /查\s*看/ }).click();
    const detail = page.getByTestId('template-version-detail');
    await expect(detail).toContainText('第 2 版', FIRST_LOAD);
    const diff = detail.getByTestId('template-diff');
    await expect(diff.locator('ins').first()).toBeVisible();
    await expect(diff.locator('ins')).toContainText(['违约金']);
    await detail.scrollIntoViewIfNeeded();
    await shot(page, 'library-diff');

    // CREDIT-MASTER has a draft (第 3 版): 新建版本, even clicked twice, makes no other one and says why (issue 37).
    const versions = await rowOf(list, 'CREDIT-MASTER').count();
    await expect(rowOf(list, 'CREDIT-MASTER', '待定稿').getByTestId('template-new-version')).toHaveCount(0);
    await v2.getByTestId('template-new-version').dblclick();
    await expect(page.getByText('模板 CREDIT-MASTER 已有草稿第 3 版，请修改该草稿或定稿后再新建版本')).toHaveCount(1);
    await expect(rowOf(list, 'CREDIT-MASTER')).toHaveCount(versions);

    await page.getByRole('button', { name: /新\s*增/ }).click();
    await dialog(page).getByLabel('模板编号').fill(TEMPLATE);
    await dialog(page).getByLabel('模板名称').fill('端到端授信协议');
    const editor = dialog(page).getByTestId('rich-text-editor').locator('.tiptap');
    await expect(editor).toBeVisible(FIRST_LOAD);
    await editor.click();
    await page.keyboard.type('甲方：{{financeCorpName}}，乙方：{{corpName}}，授信金额 {{amount}} 元。');
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(rowOf(list, TEMPLATE)).toContainText('草稿', FIRST_LOAD);
  });

  test('op_director approves the draft: 定稿', async ({ browser }) => {
    const page = await as(browser, 'op_director');
    await page.goto('/op/standard-library/detail');
    const row = rowOf(page.getByTestId('agreement-templates-list'), TEMPLATE);
    await expect(row).toBeVisible(FIRST_LOAD);
    await expect(row.getByRole('button', { name: /修\s*改/ })).toHaveCount(0);
    await row.getByRole('button', { name: /定\s*稿/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /定\s*稿/ })
      .click();
    await expect(row).toContainText('已定稿', FIRST_LOAD);
  });

  test('op_handler proposes a product, an agreement on the template version and a price policy, and submits them', async ({ browser }) => {
    const page = await as(browser, 'op_handler');
    // The approved template gets one new version however quickly 新建版本 is clicked twice.
    await page.goto('/op/standard-library/detail');
    const library = page.getByTestId('agreement-templates-list');
    await rowOf(library, TEMPLATE, '已定稿').getByTestId('template-new-version').dblclick(FIRST_LOAD);
    await expect(page.getByText('已新建第 2 版（草稿），请修改后定稿')).toBeVisible(FIRST_LOAD);
    await expect(rowOf(library, TEMPLATE, '草稿')).toHaveCount(1);
    await expect(rowOf(library, TEMPLATE)).toHaveCount(2);
    await expect(page.getByText(/已有草稿/)).toHaveCount(0);

    await page.goto('/op/product/products');
    await page.getByRole('tab', { name: '资金方授信产品', exact: true }).click();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(page);
    await form.getByLabel('产品编号').fill(PRODUCT);
    await form.getByLabel('产品名称').fill(`端到端融资${RUN}`);
    await form.getByLabel('产品简称').fill('端到端');
    await choose(page, '资金方', '工商银行', '中国工商银行股份有限公司上海市分行');
    await form.getByLabel('最短期限（天）').fill('30');
    await form.getByLabel('最长期限（天）').fill('360');
    await form.getByLabel('单笔最低金额（元）').fill('10000');
    await form.getByLabel('单笔最高金额（元）').fill('5000000');
    // A several-value picker takes typing once it has the focus.
    await form.getByLabel('使用的模板版本', { exact: true }).click();
    await choose(page, '使用的模板版本', TEMPLATE, `${TEMPLATE}@1`);
    await form.locator('.ant-modal-title').click();
    await submitForm(page);
    await expect(page.getByTestId('products-credit-finance-pending-creations')).toContainText(PRODUCT);
    await shot(page, 'product-pending');

    await page.goto('/op/product/agreements');
    await page.getByRole('tab', { name: '授信协议', exact: true }).click();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await form.getByLabel('协议编号').fill(AGREEMENT);
    await form.getByLabel('协议名称').fill(`端到端授信协议${RUN}`);
    await choose(page, '产品', '招银白条', '华东建设招银白条');
    await choose(page, '资金方', '招商银行', '招商银行股份有限公司上海分行');
    await choose(page, '核心企业', '华东建设', GROUP);
    // Only finalised versions are offered, named CODE@version and name.
    await choose(page, '模板版本', TEMPLATE, `${TEMPLATE}@1`);
    await submitForm(page);

    await page.goto('/op/product/price-policy');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await form.getByLabel('策略名称').fill(POLICY);
    await choose(page, '产品', '招银白条', '华东建设招银白条');
    await choose(page, '核心企业', '华东建设', GROUP);
    await form.getByLabel('期限起（天）').fill('300');
    await form.getByLabel('期限止（天）').fill('450');
    await form.getByLabel('融资利率（%/年）').fill('4.60');
    await form.getByLabel('平台服务费率（%）').fill('0.45');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    // 181–360 days is the demo's 华东白条长期, still in approval: the server names it.
    await expect(page.getByText(/与价格策略“华东白条长期”.*重叠/).first()).toBeVisible(FIRST_LOAD);
    await shot(page, 'price-overlap');
    await form.getByLabel('期限起（天）').fill('361');
    await submitForm(page);

    // Saving each was its submission (spec §4.5): all three already wait for a director, none in the handler's 待办.
  });

  test('op_director approves the three; the shell reloads the products at once, and they are listed', async ({ browser }) => {
    const page = await as(browser, 'op_director');
    let reloaded: Promise<unknown> | undefined;
    const product = await passFromTodo(page, PRODUCT, '同意上线', 'task-product', () => (reloaded = nextProductConfig(page)));
    await expect(product.getByTestId('task-summary')).toContainText('已通过');
    // No page load: the approval itself made the shell ask for the products again, and the new one is there.
    expect(JSON.stringify(await reloaded)).toContain(PRODUCT);

    await passFromTodo(page, AGREEMENT, '协议条款无误', 'task-agreement');

    await page.goto('/op/task/todo');
    await rowOf(page.getByTestId('task-todo-list'), POLICY).getByTestId('task-work').click();
    await expect(page).toHaveURL(/\/op\/process\/Process_PRICE_CONFIG_CREATE\/taskApprove\?taskId=/);
    const bands = page.getByTestId('price-policy-bands');
    await expect(bands).toContainText('361–450 天', FIRST_LOAD);
    await expect(rowOf(bands, '华东白条短期')).toContainText('已生效');
    await expect(rowOf(bands, '华东白条长期')).toContainText('审批中');
    await expect(page.getByTestId('price-policy-task')).toContainText('华东建设招银白条');
    await shot(page, 'task-price-policy');
    await page.getByTestId('task-remark').fill('价格合理');
    await page.getByTestId('task-pass').click();
    await expect(page.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    await page.goto('/op/product/products');
    await page.getByRole('tab', { name: '资金方授信产品', exact: true }).click();
    await expect(rowOf(page.getByTestId('products-credit-finance-list'), PRODUCT)).toContainText(`${TEMPLATE}@1`, FIRST_LOAD);
    await page.goto('/op/product/price-policy');
    await expect(rowOf(page.getByTestId('price-policies-list'), POLICY)).toContainText('4.60', FIRST_LOAD);
    await shot(page, 'price-list');
  });
});
