/**
 * The task centre end to end (issue 6), on real business records (no instance starts without one):
 * through the signed API client op_handler proposes two core-enterprise admissions and submits a
 * real-name admission; in Chromium op_handler submits one admission from 待办 in the shared task
 * view, the navbar indicator shows op_director has work, op_director passes it with a remark and
 * signs the real-name initial review (a page-type step) with the SMS code the demo outbox holds; both
 * appear in 已办 and in the starter's 我发起的 with their history; op_auditor reads the history of
 * the other admission without any action button.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { FILE_CALLS } from '../../src/lib/files';
import { REALNAME_CALLS } from '../../src/lib/realname';
import { dataOf, signInAs as apiSignIn, type ApiClient } from '../server/client';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { smsCodesFor } from '../server/demo-outbox';
import { ARTIFACTS } from './support/server';

const API = '/op/v1/workflow';
const FIRST_LOAD = { timeout: 30_000 };
const RUN = Date.now().toString(36).toUpperCase();
// The summaries the lists show: the names of the records behind the instances.
const AGREEMENT = `任务中心甲建设集团${RUN}有限公司`;
const ISSUE = `任务中心实名${RUN}供应链有限公司`;
const OPEN = `任务中心乙建设集团${RUN}有限公司`;
const CHANGES = '/op/v1/corporations/changes';

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

let ids: { agreement: string; issue: string; open: string; director2: ApiClient };

test.describe.serial('the task centre (issue 6)', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async ({ server }) => {
    const [handler, director2]: ApiClient[] = await Promise.all([apiSignIn(server.url, 'op_handler'), apiSignIn(server.url, 'op_director2')]);
    let code = 0;
    /** A core-enterprise admission proposed by op_handler: saving submitted it, its instance waits at the director's review. */
    const admission = (corpName: string) =>
      dataOf<{ instanceId: string; taskId: string }>(handler, `${CHANGES}/core-admissions/save`, {
        corpName,
        creditCode: `91330200MA2T${RUN.slice(-4).padStart(4, '0')}${(code += 1)}X`.slice(0, 18),
        legalPersonName: '陈海波',
        legalPersonIdCard: handler.encrypt('11010519491231002X'),
        managerName: '林晓',
        managerMobile: handler.encrypt('13812345678'),
        registeredAddress: '宁波市江北区1号',
      });

    // A component-type process, submitted by saving: op_director passes it in the browser.
    const agreement = await admission(AGREEMENT);
    // A real-name admission, submitted: its signed initial review (a page-type step) waits for a director.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6bfd' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), '营业执照.png');
    const licence = (await handler.upload<{ id: string }>(FILE_CALLS.upload, form)).body.data!.id;
    const record = await dataOf<{ id: string }>(handler, REALNAME_CALLS.save, {
      corpName: ISSUE,
      creditCode: '91330201MA2H4ABC1Y',
      legalPersonName: '郑海',
      idCard: handler.encrypt('11010519491231002X'),
      mobilePhone: handler.encrypt('13812345678'),
      bankCard: handler.encrypt('6222021234567890123'),
      licenceFileId: licence,
    });
    const submitted = await dataOf<{ instanceId: string }>(handler, REALNAME_CALLS.submit, { id: record.id });
    // One more, submitted and left open at a director's step, for the auditor to read.
    const open = await admission(OPEN);
    ids = { agreement: agreement.instanceId, issue: submitted.instanceId, open: open.instanceId, director2 };
  });

  test("op_handler's saved proposal is submitted: not in their 待办, in 我发起的 at the director's step", async ({ page }) => {
    await signInAs(page, 'op_handler');
    await page.goto('/op/task/started');
    const row = rowOf(page.getByTestId('task-started-list'), AGREEMENT);
    await expect(row).toBeVisible(FIRST_LOAD);
    await expect(row).toContainText('核心企业新增');
    await expect(row).toContainText('主管审核');
    await expect(row.getByTestId('task-withdraw')).toBeVisible();
    await shoot(page, 'started-handler');

    await page.goto('/op/task/todo');
    await expect(page.getByTestId('task-todo-list')).toBeVisible(FIRST_LOAD);
    await expect(rowOf(page.getByTestId('task-todo-list'), AGREEMENT)).toHaveCount(0);
  });

  test('op_director sees the indicator, passes the agreement with a remark and signs the final approval with the SMS code', async ({ page, server }) => {
    await signInAs(page, 'op_director');
    await expect(page.getByTestId('pending-tasks')).toHaveAttribute('data-pending', 'true');
    await page.getByTestId('pending-tasks').click();
    await expect(page).toHaveURL(/\/op\/task\/todo$/);
    const todo = page.getByTestId('task-todo-list');
    await expect(rowOf(todo, AGREEMENT)).toBeVisible(FIRST_LOAD);
    await expect(rowOf(todo, ISSUE)).toContainText('初审');
    await shoot(page, 'todo-director');

    // A component-type process opens in the shared task view.
    await rowOf(todo, AGREEMENT).getByTestId('task-work').click();
    const view = page.getByTestId('task-page');
    await expect(view.getByTestId('task-summary')).toContainText('主管审核', FIRST_LOAD);
    // The submission, in the history as the handler's, by name.
    await expect(view.getByTestId('history-timeline')).toContainText('经办人张三');
    await shoot(page, 'view-director');
    await view.getByTestId('task-remark').fill('同意，协议条款无误');
    await view.getByTestId('task-pass').click();
    await expect(view.getByTestId('task-actions')).toBeHidden();
    await expect(view.getByTestId('task-summary')).toContainText('已通过');
    await expect(view.getByTestId('history-timeline')).toContainText('同意，协议条款无误');

    // Real-name admission is page-type: 办理 opens the step's hidden route, whose page is the review page.
    await page.goto('/op/task/todo');
    await rowOf(page.getByTestId('task-todo-list'), ISSUE).getByTestId('task-work').click();
    await expect(page).toHaveURL(/\/op\/process\/Process_CORP_ADMIT\/taskInitialReview\?taskId=/);
    const frame = page.getByTestId('task-page');
    await expect(frame.getByTestId('task-summary')).toContainText('初审', FIRST_LOAD);
    await expect(frame).toContainText(ISSUE);
    const before = smsCodesFor(server.dataDir, 'op_director').length;
    await frame.getByTestId('task-remark').fill('初审通过，资料真实');
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
    await expect(frame.getByTestId('task-actions')).toBeHidden();
    await expect(frame.getByTestId('history-timeline')).toContainText('初审通过，资料真实');
    await shoot(page, 'final-approve');

    await page.goto('/op/task/done');
    const done = page.getByTestId('task-done-list');
    await expect(rowOf(done, AGREEMENT)).toContainText('通过', FIRST_LOAD);
    await expect(rowOf(done, ISSUE)).toContainText('通过');
    await shoot(page, 'done-director');
    // op_director2 does the second review: the admission ends approved.
    const { records } = await dataOf<{ records: Array<{ id: string; instanceId: string }> }>(ids.director2, `${API}/tasks/todo/page`, {
      processKey: 'Process_CORP_ADMIT',
      pageSize: 500,
    });
    const second = records.find((t) => t.instanceId === ids.issue)!;
    await dataOf<Transition>(ids.director2, `${API}/tasks/complete`, { taskId: second.id, outcome: 'PASS', remark: '复审通过' });
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
    await expect(timeline).toContainText('复审通过', FIRST_LOAD);
    // 发起, 提交 通过, 初审 签收 and 通过, 复审 通过.
    await expect(timeline.getByTestId('history-entry')).toHaveCount(5);
    await expect(page.getByTestId('task-actions')).toHaveCount(0);
  });

  test('op_auditor opens a task view and sees the history but no action button', async ({ page }) => {
    await signInAs(page, 'op_auditor');
    await expect(page.getByTestId('pending-tasks')).toHaveAttribute('data-pending', 'false');
    await page.goto(`/op/task/view?instanceId=${ids.open}`);
    const view = page.getByTestId('task-page');
    await expect(view.getByTestId('task-summary')).toContainText('核心企业新增', FIRST_LOAD);
    await expect(view.getByTestId('approval-change-view')).toContainText(OPEN);
    await expect(view.getByTestId('history-timeline')).toContainText('经办人张三');
    await expect(page.getByTestId('task-actions')).toHaveCount(0);
    await expect(page.getByTestId('task-pass')).toHaveCount(0);
    await expect(page.getByTestId('task-reject')).toHaveCount(0);
    await shoot(page, 'view-auditor');
  });
});
