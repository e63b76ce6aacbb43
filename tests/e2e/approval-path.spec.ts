/**
 * One approval path (spec §4.5, issue 37 item 5), as operators meet it: op_handler saves a change of
 * a core enterprise and it is submitted at once — in op_director's 待办, not the handler's; the
 * director rejects it with a reason and it comes back to op_handler's 待办 with that reason, in the
 * resource's form: op_handler changes the address (an emptied one is refused first) and resubmits it, the
 * director sees the new address and 重新提交 in the history and returns it again; op_handler
 * withdraws it from 我发起的 and the record shows it withdrawn, unchanged. A second change is withdrawn
 * from 我发起的 before anyone acted.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { dataOf, signInAs as apiSignIn } from '../server/client';
import { confirmPopconfirm, expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const RUN = Date.now().toString(36).toUpperCase();
const CORP = `审批路径建设集团${RUN}有限公司`;
const ADDRESS = '浙江省杭州市滨江区江南大道1号';
const PROPOSED = '浙江省杭州市滨江区江南大道99号';
const SECOND = '浙江省杭州市滨江区江南大道188号';
const REASON = `地址与营业执照不一致${RUN}`;
const REVISED = '浙江省杭州市滨江区江南大道66号';
const AGAIN = `门牌号仍需核实${RUN}`;

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `approval-path-${name}.png`), fullPage: true });
const rowOf = (scope: Locator, text: string) => scope.locator('tbody tr.ant-table-row').filter({ hasText: text });

/** 企业变更 › 核心企业准入 › 修改 of this run's corporation: a new registered address, saved. */
async function proposeAddress(page: Page, address: string): Promise<void> {
  await page.goto('/op/group/corp-change');
  await page.getByRole('tab', { name: '核心企业准入' }).click();
  const list = page.getByTestId('core-admissions-list');
  await expect(rowOf(list, CORP)).toBeVisible(FIRST_LOAD);
  await rowOf(list, CORP)
    .getByRole('button', { name: /修\s*改/ })
    .click();
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('注册地址')).toHaveValue(ADDRESS, FIRST_LOAD);
  await form.getByLabel('注册地址').fill(address);
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已提交审批，审批通过后生效').first()).toBeVisible(FIRST_LOAD);
  await expect(rowOf(list, CORP).getByTestId('pending-tag')).toBeVisible(FIRST_LOAD);
}

/** 我发起的: the change's row (newest first), 撤回 confirmed. */
async function withdrawFromStarted(page: Page): Promise<void> {
  await page.goto('/op/task/started');
  const row = rowOf(page.getByTestId('task-started-list'), CORP).first();
  await expect(row).toBeVisible(FIRST_LOAD);
  await expect(row).toContainText('审批中');
  await row.getByTestId('task-withdraw').click();
  await confirmPopconfirm(page, /撤\s*回/);
  await expect(page.getByText('已撤回').first()).toBeVisible(FIRST_LOAD);
}

test.describe.serial('one approval path (issue 37 item 5)', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async ({ server }) => {
    // A core enterprise of this run, admitted through its process, so its change has a real record behind it.
    const [handler, director] = await Promise.all(['op_handler', 'op_director'].map((u) => apiSignIn(server.url, u)));
    const admission = await dataOf<{ taskId: string }>(handler, '/op/v1/corporations/changes/core-admissions/save', {
      corpName: CORP,
      creditCode: `91330108MA${RUN.slice(-7).padStart(7, '0')}P`.slice(0, 18),
      legalPersonName: '周立新',
      legalPersonIdCard: handler.encrypt('11010519491231002X'),
      managerName: '孙悦',
      managerMobile: handler.encrypt('13812345678'),
      registeredAddress: ADDRESS,
    });
    // Saving submitted it: its task is the director's review.
    await dataOf(director, '/op/v1/workflow/tasks/complete', { taskId: admission.taskId, outcome: 'PASS', remark: '准入通过' });
  });

  test("op_handler's saved change waits in op_director's 待办, not the handler's", async ({ browser }) => {
    const handler = await as(browser, 'op_handler');
    await proposeAddress(handler, PROPOSED);
    await handler.goto('/op/task/todo');
    await expect(handler.getByTestId('task-todo-list')).toBeVisible(FIRST_LOAD);
    await expect(rowOf(handler.getByTestId('task-todo-list'), CORP)).toHaveCount(0);
    await shot(handler, 'handler-todo-empty');

    const director = await as(browser, 'op_director');
    await director.goto('/op/task/todo');
    const row = rowOf(director.getByTestId('task-todo-list'), CORP);
    await expect(row).toBeVisible(FIRST_LOAD);
    await expect(row).toContainText('主管审核');
    await expect(row).toContainText('经办人张三');
    await shot(director, 'director-todo');
  });

  test("op_director rejects it with a reason; it comes back to op_handler's 待办 with the reason", async ({ browser }) => {
    const director = await as(browser, 'op_director');
    await director.goto('/op/task/todo');
    await rowOf(director.getByTestId('task-todo-list'), CORP).getByTestId('task-work').click();
    const view = director.getByTestId('task-page');
    await expect(view.getByTestId('approval-change-view')).toContainText(PROPOSED, FIRST_LOAD);
    // The submission is in the history as the handler's 提交, by name.
    await expect(view.getByTestId('history-timeline')).toContainText('经办人张三');
    await expect(view.locator('[data-testid="history-entry"][data-action="PASS"]').first()).toContainText('经办提交 · 提交');
    await view.getByTestId('task-remark').fill(REASON);
    await view.getByTestId('task-reject').click();
    await expect(view.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    const handler = await as(browser, 'op_handler');
    await handler.goto('/op/task/todo');
    const row = rowOf(handler.getByTestId('task-todo-list'), CORP);
    await expect(row).toBeVisible(FIRST_LOAD);
    await expect(row.getByTestId('task-returned-reason')).toHaveText(`已退回：${REASON}`);
    await expect(row.getByTestId('task-returned-reason')).toBeInViewport();
    await shot(handler, 'handler-todo-returned');
    await row.getByTestId('task-work').click();
    await expect(handler.getByTestId('history-timeline')).toContainText(REASON, FIRST_LOAD);
    await shot(handler, 'handler-task-returned');
  });

  test('op_handler changes the returned change in its form and resubmits it; op_director reads the new address and returns it again', async ({ browser }) => {
    const handler = await as(browser, 'op_handler');
    await handler.goto('/op/task/todo');
    await rowOf(handler.getByTestId('task-todo-list'), CORP).getByTestId('task-work').click();
    const form = handler.getByTestId('resubmit-form');
    await expect(form.getByLabel('注册地址')).toHaveValue(PROPOSED, FIRST_LOAD);
    // The fields another process owns are shown, not offered.
    await expect(form.getByTestId('owned-corpName')).toBeDisabled();
    await expect(handler.getByTestId('task-pass')).toHaveText(/重新提交/);
    await expect(handler.getByTestId('task-reject')).toHaveText(/撤\s*回/);
    await shot(handler, 'handler-resubmit-form');

    // An emptied address is refused as at the first submission, and nothing is sent.
    await form.getByLabel('注册地址').fill('');
    await handler.getByTestId('task-pass').click();
    await expect(handler.getByTestId('task-action-error')).toHaveText('请先修正表单中标出的错误，再重新提交');
    await expect(form.locator('.ant-form-item').filter({ hasText: '注册地址' }).locator('.ant-form-item-explain-error')).toHaveText('此处不能为空');
    await shot(handler, 'handler-resubmit-refused');

    await form.getByLabel('注册地址').fill(REVISED);
    await handler.getByTestId('task-pass').click();
    await expect(handler.getByText('已重新提交').first()).toBeVisible(FIRST_LOAD);
    await expect(handler.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);
    await expect(handler.getByTestId('approval-change-view')).toContainText(REVISED, FIRST_LOAD);

    const director = await as(browser, 'op_director');
    await director.goto('/op/task/todo');
    await rowOf(director.getByTestId('task-todo-list'), CORP).getByTestId('task-work').click();
    const view = director.getByTestId('task-page');
    await expect(view.getByTestId('approval-change-view')).toContainText(REVISED, FIRST_LOAD);
    await expect(view.getByTestId('approval-change-view')).not.toContainText(PROPOSED);
    await expect(view.locator('[data-testid="history-entry"][data-action="PASS"]').last()).toContainText('经办提交 · 重新提交');
    await shot(director, 'director-resubmitted');
    await view.getByTestId('task-remark').fill(AGAIN);
    await view.getByTestId('task-reject').click();
    await expect(view.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);
  });

  test('op_handler withdraws it from 我发起的: the record shows it withdrawn, unchanged', async ({ browser }) => {
    const handler = await as(browser, 'op_handler');
    await withdrawFromStarted(handler);
    await shot(handler, 'started-after-withdraw');

    await handler.goto('/op/group/corp-change');
    await handler.getByRole('tab', { name: '核心企业准入' }).click();
    const list = handler.getByTestId('core-admissions-list');
    const row = rowOf(list, CORP);
    await expect(row).toBeVisible(FIRST_LOAD);
    await expect(row.getByTestId('pending-tag')).toHaveCount(0);
    await row.getByRole('button', { name: /查\s*看/ }).click();
    const history = handler.getByTestId('core-admissions-history');
    await expect(history).toBeVisible(FIRST_LOAD);
    // Unchanged: the address it had, not the one withdrawn.
    await expect(handler.getByText(ADDRESS, { exact: true })).toBeVisible();
    await expect(handler.getByText(PROPOSED, { exact: true })).toHaveCount(0);
    await expect(handler.getByText(REVISED, { exact: true })).toHaveCount(0);
    const ended = history.locator('tbody tr').first();
    await expect(ended.getByTestId('change-status')).toHaveText('已撤回');
    await expect(ended).toContainText('经办人张三');
    await shot(handler, 'record-history-withdrawn');
  });

  test("撤回 from 我发起的 before anyone acted leaves nothing in op_director's 待办", async ({ browser }) => {
    const handler = await as(browser, 'op_handler');
    await proposeAddress(handler, SECOND);
    await withdrawFromStarted(handler);
    await handler.goto('/op/task/started');
    await expect(rowOf(handler.getByTestId('task-started-list'), CORP).first()).toContainText('已撤回', FIRST_LOAD);
    await expect(rowOf(handler.getByTestId('task-started-list'), CORP).first().getByTestId('task-withdraw')).toHaveCount(0);
    await shot(handler, 'started-withdrawn-early');

    const director = await as(browser, 'op_director');
    await director.goto('/op/task/todo');
    await expect(director.getByTestId('task-todo-list')).toBeVisible(FIRST_LOAD);
    await expect(rowOf(director.getByTestId('task-todo-list'), CORP)).toHaveCount(0);
  });
});
