/**
 * The task centre end to end (issue 6): instances started through the signed API client; in
 * Chromium op_handler submits its task from 待办 in the shared task view, the navbar indicator
 * shows op_director has work, op_director passes it with a remark and signs issuance's final
 * approval with the SMS code the demo outbox holds; both appear in 已办 and in the
 * starter's 我发起的 with their history; op_auditor reads the history without any action button.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { dataOf, signInAs as apiSignIn, type ApiClient } from '../server/client';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { smsCodesFor } from '../server/demo-outbox';
import { ARTIFACTS } from './support/server';

const API = '/op/v1/workflow';
const FIRST_LOAD = { timeout: 30_000 };
const RUN = Date.now().toString(36);
const AGREEMENT = `E2E-AGR-${RUN}`;
const ISSUE = `E2E-ISS-${RUN}`;
const OPEN = `E2E-OPEN-${RUN}`;

interface Transition {
  instance: { id: string };
  task: { id: string } | null;
}

async function signInAs(page: Page, persona: Persona): Promise<void> {
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
}

const rowOf = (scope: Locator, text: string) => scope.locator('tbody tr.ant-table-row').filter({ hasText: text });
const shoot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `tasks-${name}.png`), animations: 'disabled' });

let ids: { agreement: string; issue: string; open: string };

test.describe.serial('the task centre (issue 6)', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async ({ server }) => {
    const [handler, director2]: ApiClient[] = await Promise.all([apiSignIn(server.url, 'op_handler'), apiSignIn(server.url, 'op_director2')]);
    const start = (processKey: string, businessKey: string, summary: string, variables?: Record<string, string>) =>
      dataOf<Transition>(handler, `${API}/instances/start`, { processKey, businessKey, businessType: processKey, summary, variables });
    const pass = (client: ApiClient, taskId: string, variables?: Record<string, string>) => dataOf<Transition>(client, `${API}/tasks/complete`, { taskId, outcome: 'PASS', variables });

    // A component-type process, left at the handler's first step for op_handler to submit in the browser.
    const agreement = await start('Process_RF_AGREEMENT', AGREEMENT, '反向保理协议 E2E');
    // Issuance: submitted, and the core director (op_director2) chose the single-post final approval.
    const issue = await start('Process_CREDIT_ISSUE', ISSUE, '签发白条 1 笔，金额 100,000.00 元');
    const core = await pass(handler, issue.task!.id);
    await pass(director2, core.task!.id, { finalApproveMode: 'SINGLE' });
    // One more, left open at a director's step, for the auditor to read.
    // A key no module owns yet (owned keys are started by their modules, PROCESS_OWNED otherwise).
    const open = await start('Process_CREDIT_REDEEM_REGISTER_BIZ', OPEN, '兑付登记 E2E');
    await pass(handler, open.task!.id);
    ids = { agreement: agreement.instance.id, issue: issue.instance.id, open: open.instance.id };
  });

  test('op_handler submits its task from 待办 in the shared task view', async ({ page }) => {
    await signInAs(page, 'op_handler');
    await page.goto('/op/task/todo');
    const todo = page.getByTestId('task-todo-list');
    const row = rowOf(todo, AGREEMENT);
    await expect(row).toBeVisible(FIRST_LOAD);
    await expect(row).toContainText('反向保理协议');
    await expect(row).toContainText('经办提交');
    await shoot(page, 'todo-handler');

    await row.getByTestId('task-work').click();
    await expect(page).toHaveURL(/\/op\/task\/view\?taskId=/);
    const view = page.getByTestId('task-page');
    await expect(view.getByTestId('task-summary')).toContainText(AGREEMENT, FIRST_LOAD);
    await view.getByTestId('task-remark').fill('资料齐全，提交审核');
    await view.getByTestId('task-pass').click();
    await expect(page.getByText('已通过').first()).toBeVisible();
    await expect(view.getByTestId('task-actions')).toBeHidden();
    // 发起 and this 通过: the starter's first step is assigned to them, so there is no 签收.
    await expect(view.getByTestId('history-entry')).toHaveCount(2);

    await page.goto('/op/task/todo');
    await expect(rowOf(page.getByTestId('task-todo-list'), AGREEMENT)).toHaveCount(0, FIRST_LOAD);
  });

  test('op_director sees the indicator, passes the agreement with a remark and signs the final approval with the SMS code', async ({ page, server }) => {
    await signInAs(page, 'op_director');
    await expect(page.getByTestId('pending-tasks')).toHaveAttribute('data-pending', 'true');
    await page.getByTestId('pending-tasks').click();
    await expect(page).toHaveURL(/\/op\/task\/todo$/);
    const todo = page.getByTestId('task-todo-list');
    await expect(rowOf(todo, AGREEMENT)).toBeVisible(FIRST_LOAD);
    await expect(rowOf(todo, ISSUE)).toContainText('单岗审核');
    await shoot(page, 'todo-director');

    // A component-type process opens in the shared task view.
    await rowOf(todo, AGREEMENT).getByTestId('task-work').click();
    const view = page.getByTestId('task-page');
    await expect(view.getByTestId('task-summary')).toContainText('主管审核', FIRST_LOAD);
    await expect(view.getByTestId('history-timeline')).toContainText('资料齐全，提交审核');
    await shoot(page, 'view-director');
    await view.getByTestId('task-remark').fill('同意，协议条款无误');
    await view.getByTestId('task-pass').click();
    await expect(view.getByTestId('task-actions')).toBeHidden();
    await expect(view.getByTestId('task-summary')).toContainText('已通过');
    await expect(view.getByTestId('history-timeline')).toContainText('同意，协议条款无误');

    // Issuance is page-type: 办理 opens the step's hidden route, whose page is the final-approval page.
    await page.goto('/op/task/todo');
    await rowOf(page.getByTestId('task-todo-list'), ISSUE).getByTestId('task-work').click();
    await expect(page).toHaveURL(/\/op\/process\/Process_CREDIT_ISSUE\/taskFinalSingleReview\?taskId=/);
    const frame = page.getByTestId('task-page');
    await expect(frame.getByTestId('process-steps')).toContainText('单岗审核', FIRST_LOAD);
    const before = smsCodesFor(server.dataDir, 'op_director').length;
    await frame.getByTestId('task-remark').fill('终审通过');
    await frame.getByTestId('task-pass').click();

    const modal = page.getByRole('dialog').filter({ hasText: '短信验证码签署' });
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('sms-resend')).toContainText(/\d+ 秒后重新发送/);
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect(modal.getByText('请输入短信验证码', { exact: true }).last()).toBeVisible();
    await expect.poll(() => smsCodesFor(server.dataDir, 'op_director').length).toBeGreaterThan(before);
    await modal.getByTestId('sms-code-input').fill(smsCodesFor(server.dataDir, 'op_director').at(-1)!);
    await shoot(page, 'sign-modal');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect(modal).toBeHidden();
    await expect(frame.getByTestId('task-summary')).toContainText('已通过');
    await expect(frame.getByTestId('history-timeline')).toContainText('终审通过');
    await shoot(page, 'final-approve');

    await page.goto('/op/task/done');
    const done = page.getByTestId('task-done-list');
    await expect(rowOf(done, AGREEMENT)).toContainText('通过', FIRST_LOAD);
    await expect(rowOf(done, ISSUE)).toContainText('已通过');
    await shoot(page, 'done-director');
  });

  test("the starter's 我发起的 shows both, approved, with their history", async ({ page }) => {
    await signInAs(page, 'op_handler');
    await page.goto('/op/task/started');
    const started = page.getByTestId('task-started-list');
    await expect(rowOf(started, ISSUE)).toContainText('已通过', FIRST_LOAD);
    await expect(rowOf(started, AGREEMENT)).toContainText('已通过');
    await expect(rowOf(started, OPEN)).toContainText('审批中');
    await shoot(page, 'started-handler');

    await rowOf(started, ISSUE).getByTestId('task-view').click();
    await expect(page).toHaveURL(new RegExp(`instanceId=${ids.issue}`));
    const timeline = page.getByTestId('history-timeline');
    await expect(timeline).toContainText('终审通过', FIRST_LOAD);
    // 发起, 提交 通过, 核心主管审核 通过, 单岗审核 签收 and 通过.
    await expect(timeline.getByTestId('history-entry')).toHaveCount(5);
    await expect(page.getByTestId('task-actions')).toHaveCount(0);
  });

  test('op_auditor opens a task view and sees the history but no action button', async ({ page }) => {
    await signInAs(page, 'op_auditor');
    await expect(page.getByTestId('pending-tasks')).toHaveAttribute('data-pending', 'false');
    await page.goto(`/op/task/view?instanceId=${ids.open}`);
    const view = page.getByTestId('task-page');
    await expect(view.getByTestId('task-summary')).toContainText('兑付登记', FIRST_LOAD);
    await expect(view.getByTestId('history-timeline')).toContainText('经办人张三');
    await expect(page.getByTestId('task-actions')).toHaveCount(0);
    await expect(page.getByTestId('task-pass')).toHaveCount(0);
    await expect(page.getByTestId('task-reject')).toHaveCount(0);
    await shoot(page, 'view-auditor');
  });
});
