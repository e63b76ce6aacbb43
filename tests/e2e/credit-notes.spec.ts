/**
 * Credit notes end to end (issue 18): op_handler applies at the project department with a contract and
 * an invoice uploaded, passes the document audit; op_director passes the review; op_handler generates the
 * issuance data; op_director passes the core review choosing the single-post final approval; op_director2
 * signs the final approval with the SMS code from the demo outbox; the note is 已签发 and the unit's
 * available quota is down by exactly its amount. Then op_handler records the department's payment
 * matched to the note, op_director passes it at 付款审核, and the note is 已兑付 with the quota back; the
 * same audit by op_director2, opened before, is refused and the drawer shows 已通过 and 已兑付. The batch's
 * 批次号 opens its own page (签发数据详情), which still shows the figures of its decision, and op_handler exports it.
 */
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { addDays, dayOf } from '../../src/lib/dates';
import { fenOf, formatMoney, yuan } from '../../src/lib/money';
import { dataOf, signInAs as apiSignIn } from '../server/client';
import { smsCodesFor } from '../server/demo-outbox';
import { confirmPopconfirm, expect, openedDropdown, PERSONAS, signIn, test, todoOfProcess, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const UNIT = '南京江北新区安置房项目部';
const PAYEE = '苏州恒远钢材有限公司';
const AMOUNT = '23456.78';
const CONTRACT_NO = `HT-E2E-${Date.now() % 100000}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `credit-notes-${name}.png`), fullPage: true });

/** Opens a select by its label (typing into a searchable one, since the list is virtual) and picks the option. */
async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  if (typeof option === 'string' && (await input.getAttribute('readonly')) === null) await input.fill(option);
  await (await openedDropdown(page)).locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

/** Works the to-do whose summary mentions `text`. */
async function workTask(page: Page, text: string): Promise<void> {
  await page.goto('/op/task/todo');
  const row = page.getByTestId('task-todo-list').locator('tbody tr.ant-table-row').filter({ hasText: text });
  await expect(row.first()).toBeVisible(FIRST_LOAD);
  await row.first().getByTestId('task-work').click();
}

async function passAllFiles(page: Page): Promise<void> {
  await expect(page.locator('.doc-review-workspace')).toBeVisible(FIRST_LOAD);
  const buttons = page.locator('.doc-review-file').getByRole('button', { name: /^通\s?过$/ });
  await expect(buttons).toHaveCount(2, FIRST_LOAD);
  for (let i = 0; i < 2; i++) {
    await page
      .locator('.doc-review-file')
      .nth(i)
      .getByRole('button', { name: /^通\s?过$/ })
      .click();
    await expect(page.locator('.doc-review-file').nth(i).locator('[data-segment="AUDIT"] .ant-tag')).toHaveText('通过');
  }
}

test.describe('credit notes (issue 18)', () => {
  test('a project department application becomes an issued note through review, issuance data and the signed final approval', async ({ browser, server }) => {
    // Ten screens and four personas, the batch's own page and a second audit included: slow when the machine is shared.
    test.setTimeout(900_000);
    const api = await apiSignIn(server.url, 'op_handler');
    const options = await dataOf<{ units: Array<{ unitName: string; accounts: Array<{ id: string; available: string }> }> }>(
      api,
      '/op/v1/credit-notes/applications/options',
      { level: 'PROJECT_DEPT' },
    );
    const accountId = options.units.find((u) => u.unitName === UNIT)!.accounts[0].id;
    const availableBefore = (await dataOf<{ available: string }>(api, '/op/v1/quotas/accounts/find-by-id', { id: accountId })).available;

    // 1. The application.
    const handler = await as(browser, 'op_handler');
    await handler.goto('/op/issue/project-dept/detail');
    await handler.getByRole('button', { name: '新建签发申请' }).click();
    const form = handler.getByRole('form', { name: '新建签发申请' });
    await expect(form).toBeVisible(FIRST_LOAD);
    await choose(handler, '签发单位', UNIT);
    await choose(handler, '使用额度', /可用/);
    await choose(handler, '收款供应商', PAYEE);
    await form.getByLabel('金额', { exact: true }).fill(AMOUNT);
    await expect(form.locator('.tip-bar')).toContainText('贰万叁仟肆佰伍拾陆元柒角捌分');
    await form.getByLabel('到期日', { exact: true }).fill(addDays(dayOf(Date.now()), 90));
    await form.getByLabel('到期日', { exact: true }).press('Enter');
    await choose(handler, '授信产品', '华东建设招银白条');
    await form.getByLabel('合同编号', { exact: true }).fill(CONTRACT_NO);
    const uploads = form.locator('input[type=file]');
    await uploads.nth(0).setInputFiles({ name: '采购合同.pdf', mimeType: 'application/pdf', buffer: PDF });
    await uploads.nth(1).setInputFiles({ name: '增值税发票.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(form.locator('.ant-upload-list-item')).toHaveCount(2, FIRST_LOAD);
    await expect(form.locator('.ant-upload-list-item-uploading')).toHaveCount(0, FIRST_LOAD);
    // A PDF shows a file icon, not a broken thumbnail (issue 37), once its link is known too.
    await expect(form.locator('a.ant-upload-list-item-name[href]')).toHaveCount(2, FIRST_LOAD);
    await expect(form.locator('.ant-upload-list-item img')).toHaveCount(0);
    await shot(handler, 'apply');
    await form.getByRole('button', { name: '提交申请' }).click();
    const row = handler.locator('tbody tr.ant-table-row').filter({ hasText: CONTRACT_NO });
    await expect(row.getByText('资料审核中')).toBeVisible(FIRST_LOAD);
    await shot(handler, 'applications');
    // At 1,366 and 1,440 px the row's status and time stay in view (issue 37: past the right edge).
    for (const width of [1366, 1440]) {
      await handler.setViewportSize({ width, height: 900 });
      // The time is shown in the browser's zone, which need not be the business day's (Asia/Shanghai): matched by its form.
      for (const text of ['资料审核中', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/]) {
        const cell = row.getByText(text).first();
        await expect(cell).toBeVisible();
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width, `${String(text)} at ${width} px`).toBeLessThanOrEqual(width);
      }
      await handler.screenshot({ path: join(ARTIFACTS, `credit-notes-applications-${width}.png`) });
    }
    await handler.setViewportSize({ width: 1480, height: 1000 });

    // 2. The document review: op_handler audits, op_director reviews.
    await workTask(handler, '23,456.78');
    await passAllFiles(handler);
    await shot(handler, 'doc-audit');
    await handler.getByTestId('task-pass').click();
    await expect(handler.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);
    const director = await as(browser, 'op_director');
    await workTask(director, '23,456.78');
    await expect(director.locator('.doc-review-workspace')).toBeVisible(FIRST_LOAD);
    await director.getByTestId('task-pass').click();
    await expect(director.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    // 3. Issuance data.
    await handler.goto('/op/issue/group/generate');
    const approved = handler.locator('tbody tr.ant-table-row').filter({ hasText: PAYEE }).filter({ hasText: '23,456.78' });
    await approved.locator('.ant-checkbox-input').check(FIRST_LOAD);
    await expect(handler.locator('.tip-bar')).toContainText('贰万叁仟肆佰伍拾陆元柒角捌分');
    await handler.getByRole('button', { name: '生成签发数据' }).click();
    await expect(handler.getByText(/已生成签发数据 IB\d+/)).toBeVisible(FIRST_LOAD);
    const batchNo = (await handler.getByText(/已生成签发数据 IB\d+/).innerText()).match(/IB\d+/)![0];
    await shot(handler, 'generate');
    const frozen = (await dataOf<{ available: string; frozen: string }>(api, '/op/v1/quotas/accounts/find-by-id', { id: accountId })).available;
    expect(frozen).toBe(yuan(fenOf(availableBefore) - fenOf(AMOUNT)));

    // 4. Core review by op_director: the single-post final approval.
    await workTask(director, '23,456.78');
    await expect(director.getByText('签发明细')).toBeVisible(FIRST_LOAD);
    await expect(director.getByText('贰万叁仟肆佰伍拾陆元柒角捌分').first()).toBeVisible();
    await shot(director, 'core-review');
    await director.getByTestId('task-variable-finalApproveMode').click();
    await (await openedDropdown(director)).locator('.ant-select-item-option').filter({ hasText: '单岗审核' }).click();
    await director.getByTestId('task-pass').click();
    await expect(director.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    // 5. The final approval by op_director2, signed with the SMS code.
    const director2 = await as(browser, 'op_director2');
    await workTask(director2, '23,456.78');
    await expect(director2.getByText('签发单位额度')).toBeVisible(FIRST_LOAD);
    await shot(director2, 'final-approve');
    await director2.getByTestId('task-pass').click();
    const modal = director2.getByRole('dialog', { name: '短信验证码签署' });
    await expect(modal).toBeVisible(FIRST_LOAD);
    let code: string | undefined;
    await expect.poll(() => (code = smsCodesFor(server.dataDir, 'op_director2').at(-1)), FIRST_LOAD).toMatch(/^\d{6}$/);
    await modal.getByTestId('sms-code-input').fill(code!);
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect(director2.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    // 6. The note is issued; the quota is down by exactly its amount.
    await handler.goto('/op/issue/notes');
    await handler.getByLabel('持有人', { exact: true }).fill(PAYEE);
    await handler.getByRole('button', { name: /^查\s*询$/ }).click();
    const note = handler.locator('tbody tr.ant-table-row').filter({ hasText: '23,456.78' });
    await expect(note.getByText('已签发')).toBeVisible(FIRST_LOAD);
    await expect(note.getByRole('link', { name: /^CN\d{14}$/ })).toBeVisible();
    await shot(handler, 'notes');
    await note.getByRole('link').click();
    await expect(handler.getByText('持有人链')).toBeVisible(FIRST_LOAD);
    await shot(handler, 'note-detail');
    const after = await dataOf<{ available: string; frozen: string; used: string }>(api, '/op/v1/quotas/accounts/find-by-id', { id: accountId });
    expect(after.available).toBe(yuan(fenOf(availableBefore) - fenOf(AMOUNT)));

    // 7. The payment: op_handler records the department's payment into the settlement account, matched to the note.
    const serial = `E2E${Date.now()}`;
    await handler.goto('/op/abs/credit-recycling-manage/audit');
    await expect(handler.getByRole('tab', { name: '付款审核' })).toBeVisible(FIRST_LOAD);
    await handler.getByRole('button', { name: '登记付款' }).click();
    const payment = handler.getByRole('form', { name: '登记付款' });
    await expect(payment).toBeVisible(FIRST_LOAD);
    await choose(handler, '付款方', UNIT);
    const matchable = payment.locator('tbody tr.ant-table-row').filter({ hasText: '23,456.78' });
    await matchable.locator('.ant-checkbox-input').check(FIRST_LOAD);
    await payment.getByLabel('付款金额', { exact: true }).fill('23456.77');
    await expect(payment.getByTestId('match-total')).toContainText('相差 0.01');
    await payment.getByLabel('付款金额', { exact: true }).fill(AMOUNT);
    await expect(payment.getByTestId('match-total')).toContainText('金额一致');
    await payment.getByLabel('到账日期', { exact: true }).fill(dayOf(Date.now()));
    await payment.getByLabel('到账日期', { exact: true }).press('Enter');
    await payment.getByLabel('银行流水号', { exact: true }).fill(serial);
    // The date's Enter ran the form's checks before the serial was typed: its message goes once it is.
    await expect(payment.getByText('请输入银行流水号')).toBeHidden();
    await shot(handler, 'payment');
    await payment.getByRole('button', { name: '登记付款' }).click();
    await expect(handler.locator('tbody tr.ant-table-row').filter({ hasText: serial }).getByText('待审核')).toBeVisible(FIRST_LOAD);

    // 8. 付款审核 by op_director: passed, the note is 已兑付 and the quota is back to the cent.
    await director.goto('/op/abs/credit-recycling-manage/audit');
    const waiting = director.locator('tbody tr.ant-table-row').filter({ hasText: serial });
    await expect(waiting).toBeVisible(FIRST_LOAD);
    await waiting.getByRole('button', { name: /审\s*核/ }).click();
    const drawer = director.locator('.ant-drawer-content');
    await expect(drawer.getByText('匹配白条')).toBeVisible(FIRST_LOAD);
    await expect(drawer.locator('tbody tr.ant-table-row').filter({ hasText: '23,456.78' }).getByText('已签发')).toBeVisible(FIRST_LOAD);
    await drawer.getByLabel('审核意见').fill('到账金额与白条一致，同意兑付');
    await expect(director.locator('.ant-drawer-content-wrapper[class*="motion"]')).toHaveCount(0);
    await shot(director, 'payment-audit');
    // op_director2 opens the same payment while it waits; op_director will audit it first.
    await director2.goto('/op/abs/credit-recycling-manage/audit');
    await director2
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: serial })
      .getByRole('button', { name: /审\s*核/ })
      .click(FIRST_LOAD);
    const drawer2 = director2.locator('.ant-drawer-content');
    await expect(drawer2.locator('tbody tr.ant-table-row').filter({ hasText: '23,456.78' }).getByText('已签发')).toBeVisible(FIRST_LOAD);
    await drawer.getByRole('button', { name: '审核通过' }).click();
    await confirmPopconfirm(director, /确\s*定|OK/);
    await expect(drawer.locator('tbody tr.ant-table-row').filter({ hasText: '23,456.78' }).getByText('已兑付')).toBeVisible(FIRST_LOAD);
    await expect(drawer.getByText('已通过')).toBeVisible();
    await shot(director, 'payment-audited');
    // The second audit is refused, and the drawer shows what the server holds now, not the 待审核 it opened with.
    await drawer2.getByRole('button', { name: '审核通过' }).click();
    await confirmPopconfirm(director2, /确\s*定|OK/);
    await expect(drawer2.getByTestId('payment-audit-refused')).toContainText('已审核（已通过），不能重复审核', FIRST_LOAD);
    await expect(drawer2.getByText('已通过', { exact: true })).toBeVisible();
    await expect(drawer2.getByText('待审核')).toHaveCount(0);
    await expect(drawer2.locator('tbody tr.ant-table-row').filter({ hasText: '23,456.78' }).getByText('已兑付')).toBeVisible();
    await expect(drawer2.getByRole('button', { name: '审核通过' })).toHaveCount(0);
    for (const width of [1366, 1440]) {
      await director2.setViewportSize({ width, height: 900 });
      await director2.screenshot({ path: join(ARTIFACTS, `credit-notes-payment-second-audit-${width}.png`) });
    }
    const recycled = await dataOf<{ available: string }>(api, '/op/v1/quotas/accounts/find-by-id', { id: accountId });
    expect(recycled.available).toBe(availableBefore);
    await handler.goto('/op/issue/notes');
    await handler.getByLabel('持有人', { exact: true }).fill(PAYEE);
    await handler.getByRole('button', { name: /^查\s*询$/ }).click();
    await expect(handler.locator('tbody tr.ant-table-row').filter({ hasText: '23,456.78' }).getByText('已兑付')).toBeVisible(FIRST_LOAD);
    await shot(handler, 'notes-redeemed');

    // 9. The batch keeps the figures of its decision though the quota came back since; its 批次号 opens its own page.
    await handler.goto('/op/issue/group/generate');
    const batchRow = handler.locator('tbody tr.ant-table-row').filter({ hasText: batchNo });
    await expect(batchRow.getByText('已签发')).toBeVisible(FIRST_LOAD);
    // The handler who generated it exports it (credit:note:export).
    await batchRow.getByRole('button', { name: /^导\s*出$/ }).click();
    await expect(handler.getByText('导出已开始，请到“我的导出”下载')).toBeVisible(FIRST_LOAD);
    await batchRow.getByRole('link', { name: batchNo }).click();
    await expect(handler).toHaveURL(/\/op\/issue\/group\/batch\?id=/);
    await expect(handler.locator('.navbar-breadcrumb')).toContainText('签发数据详情');
    await expect(handler.locator('.navbar-breadcrumb')).not.toContainText('任务办理');
    await expect(handler.getByTestId('batch-figures')).toContainText('终审决定时保存', FIRST_LOAD);
    const quotaRow = handler.locator('.ant-card').filter({ hasText: '签发单位额度' }).locator('tbody tr.ant-table-row').filter({ hasText: UNIT });
    await expect(quotaRow).toContainText(formatMoney(availableBefore));
    await expect(quotaRow).toContainText(formatMoney(yuan(fenOf(availableBefore) - fenOf(AMOUNT))));
    await expect(handler.locator('.ant-card').filter({ hasText: '签发单位额度' })).toContainText('本批占用');
    await expect(handler.getByText('签发明细')).toBeVisible();
    await expect(handler.getByTestId('history-timeline')).toBeVisible(FIRST_LOAD);
    for (const width of [1366, 1440]) {
      await handler.setViewportSize({ width, height: 900 });
      await handler.screenshot({ path: join(ARTIFACTS, `credit-notes-batch-${width}.png`), fullPage: true });
    }
    await handler.setViewportSize({ width: 1480, height: 1000 });

    // 查看 from op_director2's 已办 shows the same record, not a bare header.
    await director2.goto('/op/task/done');
    const done = director2.getByTestId('task-done-list').locator('tbody tr.ant-table-row').filter({ hasText: '23,456.78' });
    await done.first().getByTestId('task-view').click(FIRST_LOAD);
    await expect(director2.getByText('签发单位额度')).toBeVisible(FIRST_LOAD);
    await expect(director2.getByTestId('batch-figures')).toContainText('终审决定时保存');
    await shot(director2, 'batch-task-view');
  });

  test("付款审核 shows the demo payments; the demo registration's approval shows its note and evidence; the auditor only reads", async ({ browser }) => {
    test.setTimeout(180_000);
    const director = await as(browser, 'op_director');
    await director.goto('/op/abs/credit-recycling-manage/audit');
    await expect(director.locator('tbody tr.ant-table-row').filter({ hasText: 'CMB20261122000842' })).toBeVisible(FIRST_LOAD);
    await expect(director.getByRole('button', { name: '登记付款' })).toHaveCount(0);
    await director.getByText(/^已驳回 \(\d+\)$/).click();
    await expect(director.locator('tbody tr.ant-table-row').filter({ hasText: 'ABC20261119003306' }).getByText('已驳回')).toBeVisible(FIRST_LOAD);
    await shot(director, 'payments-rejected');

    // The registration of a note paid outside the platform: its approval shows the note and the evidence.
    await director.getByRole('tab', { name: '兑付登记' }).click();
    const registration = director.locator('tbody tr.ant-table-row').filter({ hasText: '12,500.00' });
    await expect(registration.getByText('审批中')).toBeVisible(FIRST_LOAD);
    await shot(director, 'registrations');
    await registration.getByRole('link', { name: '详情' }).click();
    const view = director.getByTestId('redeem-registration-view');
    await expect(view).toBeVisible(FIRST_LOAD);
    await expect(view.locator('.file-preview img')).toBeVisible(FIRST_LOAD);
    await expect(view.getByText('已签发')).toBeVisible();
    await shot(director, 'registration-task');

    // op_director works it from 待办: the pass redeems the note (its quota recycled, tests/server/redemption.test.ts).
    await director.goto('/op/task/todo');
    // The demo's registration is as old as the seed: looked for among its process's tasks (todoOfProcess).
    const todo = (await todoOfProcess(director, '白条兑付登记')).locator('tbody tr.ant-table-row').filter({ hasText: '白条兑付登记' });
    await todo.first().getByTestId('task-work').click(FIRST_LOAD);
    const approval = director.getByTestId('redeem-registration-view');
    await expect(approval).toBeVisible(FIRST_LOAD);
    await director.getByTestId('task-remark').fill('同意兑付');
    await director.getByTestId('task-pass').click();
    await expect(director.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);
    await expect(approval.getByText('已兑付')).toBeVisible(FIRST_LOAD);
    await shot(director, 'registration-approved');

    const auditor = await as(browser, 'op_auditor');
    await auditor.goto('/op/abs/credit-recycling-manage/audit');
    await expect(auditor.locator('tbody tr.ant-table-row').filter({ hasText: 'CMB20261122000842' })).toBeVisible(FIRST_LOAD);
    await expect(auditor.getByRole('button', { name: '登记付款' })).toHaveCount(0);
    await auditor
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: 'CMB20261122000842' })
      .getByRole('button', { name: /详\s*情/ })
      .click();
    await expect(auditor.locator('.ant-drawer-content').getByText('匹配白条')).toBeVisible(FIRST_LOAD);
    await expect(auditor.locator('.ant-drawer-content').getByRole('button', { name: '审核通过' })).toHaveCount(0);
    await shot(auditor, 'auditor-payment');
  });
});
