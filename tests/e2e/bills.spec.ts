/**
 * Bills end to end (issue 18 item 6): op_handler opens 账单核算 (the demo's bills in several
 * statuses), generates last month's bills from the preview, opens 中建华东's bill and submits it into
 * Process_BILL_MANAGE; op_director approves it in the task view, which shows the bill and its
 * computation; op_handler registers the payment and invoices it with a shown invoice type, the
 * corporation's tax id, address and bank account filled in. Screenshots in
 * test-results/e2e-artifacts/bills-*.png.
 */
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, openedDropdown, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const GROUP = '中建华东建设集团有限公司';

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `bills-${name}.png`), fullPage: true });
const lastMonth = () => {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

test.describe.serial('bills', () => {
  test.describe.configure({ timeout: 300_000 });

  test("generate, submit, approve in the task view, pay and invoice a month's bill", async ({ browser }) => {
    const handler = await as(browser, 'op_handler');
    await handler.goto('/op/issue/bills');
    const rows = handler.locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible(FIRST_LOAD);
    await expect(rows.filter({ hasText: '待审核' }).first()).toBeVisible();
    await expect(rows.filter({ hasText: '已开票' }).first()).toBeVisible();
    await shot(handler, 'list');

    // Last month is left for an operator: the preview shows 中建华东 to bill.
    const period = lastMonth();
    await handler.getByTestId('bill-generate').click();
    const dialog = handler.getByRole('dialog');
    await expect(dialog.locator('tbody tr.ant-table-row').filter({ hasText: GROUP })).toContainText('待生成', FIRST_LOAD);
    await shot(handler, 'generate');
    await dialog.getByRole('button', { name: /^生\s*成$/ }).click();
    await expect(handler.getByText(/已生成 1 张账单/)).toBeVisible(FIRST_LOAD);
    const row = rows.filter({ hasText: GROUP }).filter({ hasText: period });
    await expect(row).toContainText('草稿', FIRST_LOAD);
    const billNo = (await row.locator('a').first().textContent())!.trim();
    expect(billNo).toMatch(/^BL\d{12}$/);

    await row.locator('a').first().click();
    const summary = handler.getByTestId('bill-summary');
    await expect(summary).toContainText(billNo, FIRST_LOAD);
    await expect(handler.getByTestId('bill-lines').locator('tbody tr.ant-table-row').first()).toBeVisible();
    const fee = (await handler.getByTestId('bill-fee').textContent())!.trim();
    await shot(handler, 'detail');
    await handler.getByTestId('bill-submit').click();
    await handler
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^确\s*定$|^OK$/ })
      .click();
    await expect(summary).toContainText('待审核', FIRST_LOAD);
    await expect(handler.getByTestId('bill-submit')).toBeHidden();

    // op_director reviews it in the task view, which shows the bill behind the instance.
    const director = await as(browser, 'op_director');
    await director.goto('/op/task/todo');
    const task = director.getByTestId('task-todo-list').locator('tbody tr.ant-table-row').filter({ hasText: billNo });
    await task.getByTestId('task-work').click(FIRST_LOAD);
    const view = director.getByTestId('bill-task-view');
    await expect(view).toBeVisible(FIRST_LOAD);
    await expect(view.getByTestId('bill-fee')).toHaveText(fee);
    await shot(director, 'task');
    await director.getByTestId('task-remark').fill('核算无误');
    await director.getByTestId('task-pass').click();
    await expect(director.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    // Confirmed: op_handler registers the payment, then invoices it.
    await handler.reload();
    await expect(summary).toContainText('已确认', FIRST_LOAD);
    await handler.getByTestId('bill-pay').click();
    await handler.getByTestId('bill-pay-form').getByLabel('付款备注').fill('网银转账');
    await handler
      .getByRole('dialog')
      .getByRole('button', { name: /^确\s*认$/ })
      .click();
    await expect(summary).toContainText('已支付', FIRST_LOAD);

    await handler.getByTestId('bill-invoice').click();
    const form = handler.getByTestId('bill-invoice-form');
    await expect(form.getByLabel('纳税人识别号')).toHaveValue('91310000MA1FL0GRPX', FIRST_LOAD);
    await expect(form.getByLabel('地址')).toHaveValue('上海市浦东新区世纪大道100号');
    await form.getByLabel('发票类型').click();
    const options = (await openedDropdown(handler)).locator('.ant-select-item-option');
    await expect(options.filter({ hasText: '增值税专用发票' })).toBeVisible(FIRST_LOAD);
    // isShow false: never offered.
    await expect(options.filter({ hasText: '机动车销售统一发票' })).toHaveCount(0);
    await options.filter({ hasText: '增值税电子普通发票' }).click();
    await shot(handler, 'invoice-form');
    await handler
      .getByRole('dialog')
      .getByRole('button', { name: /^开\s*票$/ })
      .click();
    await expect(summary).toContainText('已开票', FIRST_LOAD);
    const invoice = handler.getByTestId('bill-invoice-view');
    await expect(invoice).toContainText('91310000MA1FL0GRPX');
    await expect(invoice).toContainText('增值税电子普通发票');
    await expect(invoice).toContainText(/\*{4} \*{4} \d{4}/);
    await expect(handler.getByTestId('bill-invoice')).toBeHidden();
    await shot(handler, 'invoiced');
  });
});
