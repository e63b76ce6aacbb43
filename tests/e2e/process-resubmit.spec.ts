/**
 * A returned business record is changed in its own form and resubmitted (issue 37, spec §4.5), as
 * operators meet it, on a quota dispatch: op_handler dispatches from a group's quota on the dispatch
 * screen; op_director returns it from 待办 with a reason; op_handler opens it from 待办 and finds the
 * same dispatch form filled with what was asked, changes the amounts (an amount beyond what the group
 * holds is refused first, as at the first submission) and resubmits; op_director sees the changed
 * lines and the 重新提交 in the history and approves; the account has dispatched the changed amounts.
 * Screenshots in test-results/e2e-artifacts/process-resubmit-*.png.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { dataOf, signInAs as apiSignIn } from '../server/client';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const RUN = Date.now().toString(36).toUpperCase();
const BRANCH = `重提华南分公司${RUN}`;
const BRANCH2 = `重提华北分公司${RUN}`;
const TERM = `${new Date().getFullYear() + 2}-12-31`;
// Amounts of this run, so its 待办 row is told from other runs' by the summary's amount.
const CENTS = String(10 + (Date.now() % 89));
const FIRST = `4${String(Date.now() % 100).padStart(2, '0')}.${CENTS}`;
const CHANGED = `3${String(Date.now() % 100).padStart(2, '0')}.${CENTS}`;
const SECOND = '120.00';
const REASON = `请按两家分公司拆分${RUN}`;
const money = (value: string) => `¥${Number(value.split('.')[0]).toLocaleString('en-US')}.${value.split('.')[1]}`;

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `process-resubmit-${name}.png`), fullPage: true });
const rowOf = (scope: Locator, text: string) => scope.locator('tbody tr.ant-table-row').filter({ hasText: text });

let accountId = '';
let groupName = '';

test.describe.serial('a returned quota dispatch is changed in its form and resubmitted (issue 37)', () => {
  test.describe.configure({ timeout: 240_000 });

  test.beforeAll(async ({ server }) => {
    // A group of this run with two branches, granted a platform quota of ¥1,000.00 through its process.
    const [handler, director] = await Promise.all(['op_handler', 'op_director'].map((u) => apiSignIn(server.url, u)));
    const group = await dataOf<{ id: string; unitName: string }>(handler, '/op/v1/group/units/save', { kind: 'GROUP', corpId: 'corp-demo-core-west' });
    groupName = group.unitName;
    await dataOf(handler, '/op/v1/group/units/save', { kind: 'BRANCH', parentId: group.id, unitName: BRANCH });
    await dataOf(handler, '/op/v1/group/units/save', { kind: 'BRANCH', parentId: group.id, unitName: BRANCH2 });
    const applied = await dataOf<{ taskId: string; request: { id: string } }>(handler, '/op/v1/quotas/requests/apply', {
      kind: 'PLATFORM',
      unitId: group.id,
      amount: '1000.00',
      termEnd: TERM,
      reason: '重新提交演示额度',
    });
    await dataOf(director, '/op/v1/workflow/tasks/complete', { taskId: applied.taskId, outcome: 'PASS', remark: '同意' });
    accountId = (await dataOf<{ request: { accountId: string } }>(handler, '/op/v1/quotas/requests/find-by-id', { id: applied.request.id })).request.accountId;
  });

  test('op_handler dispatches to one branch; op_director returns it with a reason', async ({ browser }) => {
    const handler = await as(browser, 'op_handler');
    await handler.goto(`/op/quota/dispatch?accountId=${accountId}`);
    const screen = handler.getByTestId('quota-dispatch');
    await expect(screen.getByTestId('dispatch-tree')).toBeVisible(FIRST_LOAD);
    await screen.getByRole('textbox', { name: `${BRANCH} 本次下发` }).fill(FIRST);
    await screen.getByRole('textbox', { name: '申请理由' }).fill('按施工产值下发');
    await screen.getByRole('button', { name: '提交审批' }).click();
    await expect(handler.getByText('已提交审批，审批通过后生效')).toBeVisible(FIRST_LOAD);

    const director = await as(browser, 'op_director');
    await director.goto('/op/task/todo');
    const row = rowOf(director.getByTestId('task-todo-list'), money(FIRST));
    await expect(row).toBeVisible(FIRST_LOAD);
    await row.getByTestId('task-work').click();
    const view = director.getByTestId('task-page');
    await expect(view.getByTestId('quota-task-view')).toContainText(BRANCH, FIRST_LOAD);
    await view.getByTestId('task-remark').fill(REASON);
    await view.getByTestId('task-reject').click();
    await expect(view.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);
  });

  test('op_handler finds the dispatch form filled in, changes it and resubmits; op_director approves the changed lines', async ({ browser }) => {
    const handler = await as(browser, 'op_handler');
    await handler.goto('/op/task/todo');
    const row = rowOf(handler.getByTestId('task-todo-list'), money(FIRST));
    await expect(row).toBeVisible(FIRST_LOAD);
    await expect(row.getByTestId('task-returned-reason')).toHaveText(`已退回：${REASON}`);
    await row.getByTestId('task-work').click();

    const form = handler.getByTestId('resubmit-form');
    await expect(form.getByTestId('dispatch-tree')).toBeVisible(FIRST_LOAD);
    const first = form.getByRole('textbox', { name: `${BRANCH} 本次下发` });
    const second = form.getByRole('textbox', { name: `${BRANCH2} 本次下发` });
    // What was asked, and the group's figures without its own reservation counted against it.
    await expect(first).toHaveValue(FIRST);
    await expect(form.getByRole('textbox', { name: '申请理由' })).toHaveValue('按施工产值下发');
    await expect(form.getByTestId('dispatch-reserved')).toHaveText('¥0.00');
    await expect(form.getByTestId('dispatch-need')).toHaveText(money(FIRST));
    await expect(handler.getByTestId('task-pass')).toHaveText(/重新提交/);
    await expect(handler.getByTestId('task-reject')).toHaveText(/撤\s*回/);
    await expect(handler.getByTestId('history-timeline')).toContainText(REASON);
    await shot(handler, 'handler-form-returned');

    // Beyond what the group holds: refused as at the first submission, nothing sent.
    await second.fill('900.00');
    await expect(form.getByTestId('dispatch-refusal')).toContainText('额度不足');
    await handler.getByTestId('task-pass').click();
    await expect(handler.getByTestId('task-action-error')).toContainText('额度不足');
    await shot(handler, 'handler-form-refused');

    await first.fill(CHANGED);
    await second.fill(SECOND);
    await form.getByRole('textbox', { name: '申请理由' }).fill('按驳回意见拆分两家');
    await expect(form.getByTestId('dispatch-refusal')).toHaveCount(0);
    await handler.getByTestId('task-pass').click();
    await expect(handler.getByText('已重新提交').first()).toBeVisible(FIRST_LOAD);
    await expect(handler.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);
    await shot(handler, 'handler-resubmitted');

    const director = await as(browser, 'op_director');
    await director.goto('/op/task/todo');
    const review = rowOf(director.getByTestId('task-todo-list'), money((Number(CHANGED) + Number(SECOND)).toFixed(2)));
    await expect(review).toBeVisible(FIRST_LOAD);
    await review.getByTestId('task-work').click();
    const view = director.getByTestId('task-page');
    const lines = view.getByTestId('quota-task-view');
    await expect(lines).toContainText(BRANCH2, FIRST_LOAD);
    await expect(lines).toContainText(money(CHANGED).slice(1));
    await expect(lines).toContainText('按驳回意见拆分两家');
    await expect(view.locator('[data-testid="history-entry"][data-action="PASS"]').last()).toContainText('重新提交');
    await shot(director, 'director-resubmitted');
    await view.getByTestId('task-remark').fill('同意');
    await view.getByTestId('task-pass').click();
    await expect(view.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    // The account dispatched what was resubmitted, not what was first asked.
    await handler.goto(`/op/quota/dispatch?accountId=${accountId}`);
    const screen = handler.getByTestId('quota-dispatch');
    const total = (Number(CHANGED) + Number(SECOND)).toFixed(2);
    await expect(screen.getByTestId('dispatch-available')).toHaveText(money((1000 - Number(total)).toFixed(2)), FIRST_LOAD);
    await expect(rowOf(screen, BRANCH)).toContainText(money(CHANGED).slice(1));
    await expect(rowOf(screen, groupName)).toBeVisible();
    await shot(handler, 'account-after');
  });
});
