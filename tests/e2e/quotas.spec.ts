/**
 * Quotas end to end (issue 17): op_handler applies for the platform quota of the demo group and
 * op_director approves it from 待办 (the task view shows the request); op_handler dispatches part of it
 * to a branch on the dispatch screen (the tree table checks the total before submitting) and, once
 * approved, from the branch to a project department; the dispatch screen's figures and the ledger
 * follow each approval. Screenshots in test-results/e2e-artifacts/quotas-*.png.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { dataOf, signInAs as apiSignIn } from '../server/client';
import { expect, openedDropdown, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const GROUP = '中建华东建设集团有限公司';
const BRANCH = '中建华东第一分公司';
const DEPT = '南京江北新区安置房项目部';
const TERM = `${new Date().getFullYear() + 2}-12-31`;

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `quotas-${name}.png`), fullPage: true });
const rowOf = (scope: Locator, text: string) => scope.locator('tbody tr.ant-table-row').filter({ hasText: text });

/** The platform quota's row of a unit on 额度台账. */
async function accountRow(page: Page, unit: string): Promise<Locator> {
  await page.goto('/op/quota/account');
  const table = page.getByTestId('quota-accounts');
  // The holder is the first cell (a child's row names its parent in 下发自).
  const row = table
    .locator('tbody tr.ant-table-row')
    .filter({ has: page.locator('td:first-child', { hasText: unit }) })
    .filter({ hasText: '平台额度' });
  await expect(row).toBeVisible(FIRST_LOAD);
  return row;
}

/** op_director approves the quota request whose summary contains `text`, from 待办 through the task view. */
async function approveFromTodo(browser: Browser, text: string, screenshot: string): Promise<void> {
  const page = await as(browser, 'op_director');
  await page.goto('/op/task/todo');
  const row = rowOf(page.getByTestId('task-todo-list'), text);
  await expect(row).toBeVisible(FIRST_LOAD);
  await row.getByTestId('task-work').click();
  const view = page.getByTestId('task-page');
  await expect(view.getByTestId('quota-task-view')).toBeVisible(FIRST_LOAD);
  await shot(page, screenshot);
  await view.getByTestId('task-remark').fill('同意');
  await view.getByTestId('task-pass').click();
  await expect(view.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);
  await page.context().close();
}

/** Opens 下发 of a unit's platform quota and dispatches `amount` to `target`. */
async function dispatch(
  page: Page,
  from: string,
  target: string,
  amount: string,
  expected: { need: string; after: string },
  screenshot: string,
): Promise<void> {
  const row = await accountRow(page, from);
  await row.getByRole('button', { name: /^下\s*发$/ }).click();
  const screen = page.getByTestId('quota-dispatch');
  await expect(screen.getByTestId('dispatch-tree')).toBeVisible(FIRST_LOAD);
  const input = screen.getByRole('textbox', { name: `${target} 本次下发` });
  await input.fill(amount);
  await expect(screen.getByTestId('dispatch-need')).toHaveText(expected.need);
  await expect(screen.getByTestId('dispatch-after')).toHaveText(expected.after);
  await screen.getByRole('textbox', { name: '申请理由' }).fill('按施工产值下发');
  await shot(page, screenshot);
  await screen.getByRole('button', { name: '提交审批' }).click();
  await expect(page.getByText('已提交审批，审批通过后生效')).toBeVisible();
}

test.describe.serial('quotas', () => {
  // Each test signs in three times (handler, director, handler again) on a shared two-core machine.
  test.describe.configure({ timeout: 300_000 });

  test('op_handler applies for the demo group platform quota; op_director approves it', async ({ browser }) => {
    const page = await as(browser, 'op_handler');
    await page.goto('/op/quota/account');
    await expect(page.getByTestId('quota-accounts')).toBeVisible(FIRST_LOAD);
    await shot(page, 'accounts-demo');
    await page.getByRole('button', { name: '申请额度' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('集团单位').click();
    await (await openedDropdown(page)).locator('.ant-select-item-option').filter({ hasText: GROUP }).click();
    await form.getByLabel('额度金额').fill('10000000.00');
    await expect(form.getByLabel('额度金额')).toHaveValue('10000000.00');
    await form.getByLabel('额度到期日').fill(TERM);
    await form.getByLabel('额度到期日').press('Enter');
    await expect(form.getByLabel('额度金额')).toHaveValue('10000000.00');
    await form.getByLabel('申请理由').fill('年度白条签发额度');
    await form.getByRole('button', { name: '提交审批' }).click();
    await expect(page.getByText('已提交审批，审批通过后生效')).toBeVisible();
    await page.context().close();

    await approveFromTodo(browser, `额度申请：平台额度 · ${GROUP} · ¥10,000,000.00`, 'apply-task');

    const check = await as(browser, 'op_handler');
    const row = await accountRow(check, GROUP);
    await expect(row).toContainText('10,000,000.00');
    await check.context().close();
  });

  test('op_handler dispatches to a branch, which the tree table checks first; approved, the figures move', async ({ browser }) => {
    const page = await as(browser, 'op_handler');
    // More than the group holds: refused before it is sent.
    const row = await accountRow(page, GROUP);
    await row
      .getByRole('button', { name: /下\s*发/ })
      .first()
      .click();
    const screen = page.getByTestId('quota-dispatch');
    await screen.getByRole('textbox', { name: `${BRANCH} 本次下发` }).fill('20000000.00');
    // The server's own rule and words (src/lib/quotas dispatchRefusal), amounts as ¥.
    await expect(screen.getByTestId('dispatch-refusal')).toHaveText('额度不足：可用额度 ¥10,000,000.00，本次需要 ¥20,000,000.00');
    await expect(screen.getByRole('button', { name: '提交审批' })).toBeDisabled();

    await dispatch(page, GROUP, BRANCH, '4000000', { need: '¥4,000,000.00', after: '¥6,000,000.00' }, 'dispatch-group');
    await page.context().close();
    await approveFromTodo(browser, `额度下发：平台额度 · ${GROUP} · ¥4,000,000.00`, 'dispatch-task');

    const after = await as(browser, 'op_handler');
    const groupRow = await accountRow(after, GROUP);
    await expect(groupRow).toContainText('4,000,000.00');
    await expect(groupRow).toContainText('6,000,000.00');
    await expect(await accountRow(after, BRANCH)).toContainText('4,000,000.00');
    await after.context().close();
  });

  test('from the branch on to a project department; the dispatch screen and the ledger follow', async ({ browser }) => {
    const page = await as(browser, 'op_handler');
    await dispatch(page, BRANCH, DEPT, '1500000.50', { need: '¥1,500,000.50', after: '¥2,499,999.50' }, 'dispatch-branch');
    await page.context().close();
    await approveFromTodo(browser, `额度下发：平台额度 · ${BRANCH} · ¥1,500,000.50`, 'dispatch-branch-task');

    const check = await as(browser, 'op_handler');
    // The group's dispatch screen: the tree shows the branch's own dispatch to its project department.
    const groupRow = await accountRow(check, GROUP);
    await groupRow
      .getByRole('button', { name: /下\s*发/ })
      .first()
      .click();
    const tree = check.getByTestId('dispatch-tree');
    await expect(rowOf(tree, BRANCH)).toContainText('1,500,000.50');
    await expect(rowOf(tree, DEPT)).toContainText('1,500,000.50');
    await shot(check, 'dispatch-tree-after');

    const branchRow = await accountRow(check, BRANCH);
    await branchRow.getByRole('button', { name: '流水' }).click();
    const ledger = check.getByTestId('quota-ledger');
    await expect(ledger.getByTestId('ledger-available')).toHaveText('¥2,499,999.50', FIRST_LOAD);
    const out = rowOf(ledger, '1,500,000.50');
    await expect(out).toContainText('下发');
    await expect(out).toContainText(DEPT);
    await expect(out).toContainText('2,499,999.50');
    await expect(rowOf(ledger, '4,000,000.00')).toContainText('下拨');
    await shot(check, 'ledger');
    await check.context().close();
  });
  test('a dispatch counts what a running request holds and a re-dispatch what a unit passed down: the form refuses as the server would', async ({
    browser,
  }) => {
    const page = await as(browser, 'op_handler');
    // A dispatch of 5,000,000.00 waits for op_director: it holds that much of the group's 6,000,000.00.
    await dispatch(page, GROUP, BRANCH, '5000000', { need: '¥5,000,000.00', after: '¥1,000,000.00' }, 'dispatch-pending');
    const groupRow = await accountRow(page, GROUP);
    await groupRow.getByRole('button', { name: /^下\s*发$/ }).click();
    const screen = page.getByTestId('quota-dispatch');
    await expect(screen.getByTestId('dispatch-available')).toHaveText('¥6,000,000.00', FIRST_LOAD);
    await expect(screen.getByTestId('dispatch-reserved')).toHaveText('¥5,000,000.00');
    await expect(screen.getByTestId('dispatch-free')).toHaveText('¥1,000,000.00');
    await screen.getByRole('textbox', { name: `${BRANCH} 本次下发` }).fill('2000000');
    await expect(screen.getByTestId('dispatch-refusal')).toHaveText(
      '额度不足：可用额度 ¥6,000,000.00 中 ¥5,000,000.00 已被审批中的申请占用，可下发 ¥1,000,000.00，本次需要 ¥2,000,000.00',
    );
    await expect(screen.getByRole('button', { name: '提交审批' })).toBeDisabled();
    await shot(page, 'dispatch-reserved-refused');

    // 重新下发: the branch passed 1,500,000.50 down to its project department, which cannot be taken back.
    const again = await accountRow(page, GROUP);
    await again.getByRole('button', { name: '重新下发' }).click();
    const afresh = page.getByTestId('quota-dispatch');
    const branchRow = rowOf(afresh.getByTestId('dispatch-tree'), BRANCH).first();
    await expect(branchRow.locator('[data-testid^="dispatch-lowest-"]')).toHaveText('1,500,000.50', FIRST_LOAD);
    const input = afresh.getByRole('textbox', { name: `${BRANCH} 新授予额度` });
    await input.fill('1000000');
    await expect(afresh.getByTestId('dispatch-refusal')).toHaveText(
      '额度不足：“中建华东第一分公司”最多可收回 ¥2,499,999.50（已下发、冻结、已用及审批中占用的部分不能收回，最低可调至 ¥1,500,000.50），本次收回 ¥3,000,000.00',
    );
    await expect(input).toHaveClass(/ant-input-status-error/);
    await expect(afresh.getByRole('button', { name: '提交审批' })).toBeDisabled();
    await shot(page, 'redispatch-below-lowest');
    // At the lowest total the form lets it through (the server agrees: tests/server/quotas.test.ts).
    await input.fill('1500000.50');
    await expect(afresh.getByTestId('dispatch-refusal')).toBeHidden();
    await expect(afresh.getByRole('button', { name: '提交审批' })).toBeEnabled();
    await page.context().close();
  });
  test('op_auditor opening the dispatch form by URL gets it read-only: figures, no input, no submit, no refused call', async ({ browser, server }) => {
    const api = await apiSignIn(server.url, 'op_auditor');
    const found = await dataOf<{ records: Array<{ id: string; unitName: string; kind: string }> }>(api, '/op/v1/quotas/accounts/page', {
      unitName: GROUP,
      kind: 'PLATFORM',
      pageSize: 10,
    });
    const account = found.records.find((a) => a.unitName === GROUP)!;
    const page = await as(browser, 'op_auditor');
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/web/') && response.status() === 403) refused.push(response.url());
    });
    await page.goto(`/op/quota/dispatch?accountId=${encodeURIComponent(account.id)}`);
    const screen = page.getByTestId('quota-dispatch');
    await expect(page.getByTestId('read-only-banner')).toHaveText('只读：你可以查看本页，但没有执行本页操作的权限', FIRST_LOAD);
    await expect(screen.getByTestId('dispatch-available')).toHaveText('¥6,000,000.00');
    await expect(screen.getByRole('textbox', { name: `${BRANCH} 本次下发` })).toBeDisabled();
    await expect(screen.getByRole('button', { name: '提交审批' })).toHaveCount(0);
    await expect(screen.getByRole('textbox', { name: '申请理由' })).toHaveCount(0);
    await shot(page, 'auditor-read-only');
    // The way back stays open.
    await screen.getByRole('button', { name: /返\s*回/ }).click();
    await expect(page.getByTestId('quota-accounts')).toBeVisible(FIRST_LOAD);
    expect(refused).toEqual([]);
    await page.context().close();
  });
});
