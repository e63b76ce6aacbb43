/**
 * Every task names its record (issue 37, item 4), as an operator meets it at 1440 px: op_handler
 * changes an account's purpose on 企业变更 › 账户用途变更; saving submits it, and 我发起的 names it.
 * In op_director's 待办 the task names the corporation and the account's bank and last four digits,
 * its 业务编号 is the account, not an id; the change view labels every field and marks only 账户用途
 * 已修改; 申请人 is the handler's name, not op_handler. op_director approves; after approval the view
 * still marks only the field that moved.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, openedDropdown, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const HANDLER_NAME = '经办人张三';
/** Field keys of the declaration: none may reach the screen. */
const RAW_KEYS = /holderName|bankName|accountNo|usage\b|managerName|legalPersonIdCard|registeredAddress/;
/** Where the app keeps the operator's language (src/providers/languages.ts). */
const LANGUAGE_KEY = 'lang';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `task-names-${name}.png`), fullPage: true });
const rowsOf = (scope: Locator) => scope.locator('tbody tr.ant-table-row');

/** The text of a row's cell under the column titled `title`. */
async function cell(list: Locator, row: Locator, title: string): Promise<string> {
  const titles = await list.locator('thead th').allInnerTexts();
  const index = titles.findIndex((t) => t.trim() === title);
  expect(index, `column ${title}`).toBeGreaterThanOrEqual(0);
  return (await row.locator('td').nth(index).innerText()).trim();
}

/** The change view's row of a field. */
const field = (view: Locator, name: string) => view.locator(`tr[data-field="${name}"]`);

/** What the account is called in its task: set by the first test, read by the next. */
const account = { holder: '', bank: '', last4: '' };

test.describe.serial('every task names its record', () => {
  test('op_handler changes an account purpose: 待办 and the task view name the corporation and the account', async ({ browser }) => {
    const page = await as(browser, 'op_handler');
    await page.goto('/op/group/corp-change');
    await page.getByRole('tab', { name: '账户用途变更' }).click();
    const list = page.getByTestId('corp-account-usages-list');
    // An account of the demo in general use, with no change in approval (the seeded ones have theirs).
    const row = rowsOf(list)
      .filter({ hasText: '一般账户' })
      .filter({ hasNot: page.getByTestId('pending-tag') })
      .first();
    await expect(row).toBeVisible(FIRST_LOAD);
    account.holder = await cell(list, row, '所属企业');
    account.bank = await cell(list, row, '开户银行');
    account.last4 = (await cell(list, row, '银行账号')).replace(/\s/g, '').slice(-4);
    expect(account.last4).toMatch(/^\d{4}$/);

    await row.getByRole('button', { name: /修\s*改/ }).click();
    const form = page.getByRole('dialog');
    await expect(form.getByText('一般账户')).toBeVisible(FIRST_LOAD);
    // The select's shown value covers its input: open it by its box.
    await form.locator('.ant-select').filter({ hasText: '一般账户' }).click();
    await (await openedDropdown(page)).locator('.ant-select-item-option').filter({ hasText: '结算账户' }).first().click();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('已提交审批，审批通过后生效').first()).toBeVisible(FIRST_LOAD);

    // Saving was the submission: the change is in 我发起的, waiting for a director, named by its record.
    await page.goto('/op/task/started');
    const summary = `变更账户用途：${account.holder}，${account.bank} 尾号 ${account.last4}`;
    const started = rowsOf(page.getByTestId('task-started-list')).filter({ hasText: summary });
    await expect(started).toHaveCount(1, FIRST_LOAD);
    await expect(started).toContainText(`${account.bank} 尾号 ${account.last4}`);
    await expect(started).not.toContainText(UUID);
    await shot(page, 'started');
  });

  test('op_director sees the same names, approves, and the ended change still marks only the field that moved', async ({ browser }) => {
    const page = await as(browser, 'op_director');
    await page.goto('/op/task/todo');
    const summary = `变更账户用途：${account.holder}，${account.bank} 尾号 ${account.last4}`;
    const task = rowsOf(page.getByTestId('task-todo-list')).filter({ hasText: summary });
    await expect(task).toHaveCount(1, FIRST_LOAD);
    await expect(task).toContainText(`${account.bank} 尾号 ${account.last4}`);
    await expect(task).toContainText(HANDLER_NAME);
    await expect(task).not.toContainText(UUID);
    await shot(page, 'todo');
    await task.getByTestId('task-work').click();
    const view = page.getByTestId('task-page');
    const change = view.getByTestId('approval-change-view');
    await expect(change).toBeVisible(FIRST_LOAD);
    const header = view.getByTestId('task-summary');
    await expect(header).toContainText(summary);
    await expect(header.getByTestId('task-summary-business-no')).toHaveText(`${account.bank} 尾号 ${account.last4}`);
    await expect(header).toContainText(HANDLER_NAME);
    await expect(header).not.toContainText('op_handler');
    await expect(header).not.toContainText(UUID);
    // The account the change is about, labelled; only 账户用途 marked, from 一般账户 to 结算账户.
    await expect(field(change, 'holderName')).toContainText('所属企业');
    await expect(field(change, 'holderName')).toContainText(account.holder);
    await expect(field(change, 'bankName')).toContainText('开户银行');
    await expect(field(change, 'accountNo')).toContainText('银行账号');
    await expect(field(change, 'usage')).toContainText('账户用途');
    await expect(field(change, 'usage')).toContainText('一般账户');
    await expect(field(change, 'usage')).toContainText('结算账户');
    await expect(change.getByText('已修改')).toHaveCount(1);
    await expect(field(change, 'usage')).toHaveAttribute('data-changed', 'true');
    await expect(change).not.toContainText(RAW_KEYS);
    await shot(page, 'task-view-director');
    await view.getByTestId('task-remark').fill('同意');
    await view.getByTestId('task-pass').click();
    await expect(view.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    // After approval the record holds 结算账户: the view reads the change against what it replaced.
    await expect(change).toContainText('审批已通过', FIRST_LOAD);
    await expect(change.getByRole('columnheader', { name: '变更前' })).toBeVisible();
    await expect(change.getByText('已修改')).toHaveCount(1);
    await expect(field(change, 'usage')).toHaveAttribute('data-changed', 'true');
    for (const name of ['holderName', 'bankName', 'accountNo']) await expect(field(change, name)).toHaveAttribute('data-changed', 'false');
    // The history names each worker by name.
    const history = view.getByTestId('history-entry');
    await expect(history.first()).toContainText(HANDLER_NAME, FIRST_LOAD);
    await expect(view).not.toContainText('op_director');
    await shot(page, 'task-view-approved');
  });

  // The task lists keep every column in view beside the fixed 操作 column at the widths operators use, in
  // both languages: at 1,480 px the claimed status (经办人张三 已签收) slid under 操作 and the table scrolled.
  for (const width of [1366, 1440]) {
    test(`op_handler's 待办, 已办 and 我发起的 fit ${width} px in zh-CN and en-US`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signIn(page, 'op_handler', PERSONAS.op_handler);
      await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
      for (const language of ['zh-CN', 'en-US']) {
        await page.evaluate(
          ([key, value]) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key, value),
          [LANGUAGE_KEY, language],
        );
        for (const list of ['todo', 'done', 'started']) {
          await page.goto(`/op/task/${list}`);
          const table = page.getByTestId(`task-${list}-list`);
          await expect(rowsOf(table).first()).toBeVisible(FIRST_LOAD);
          // The table's content is no wider than its box: nothing waits behind a horizontal scroll or the fixed column.
          const overflow = await table.locator('.ant-table-content').evaluate((el) => {
            const box = el as unknown as { scrollWidth: number; clientWidth: number };
            return box.scrollWidth - box.clientWidth;
          });
          expect(overflow, `${list} at ${width} px in ${language}`).toBeLessThanOrEqual(1);
          await page.screenshot({ path: join(ARTIFACTS, `task-names-${list}-${width}-${language}.png`), fullPage: true });
        }
      }
      await context.close();
    });
  }
});
