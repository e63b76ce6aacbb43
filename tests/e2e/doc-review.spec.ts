/**
 * Document review end to end (issue 6 item 5, spec §4.2): op_handler audits the seeded credit-note
 * application's files in the shared task view (one NOPASS with a remark and the audit reason) and
 * submits; submitting with a file still waiting is refused first. op_director then sees the AUDIT
 * verdicts as the REVIEW stage's start and passes; op_auditor reads the result without actions.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { dataOf, signInAs as apiSignIn } from '../server/client';
import { expect, PERSONAS, signIn, signOutQuietly, test, todoOfProcess, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const SUMMARY = '信用凭证资料审核：华东运营分公司 2026-001';

async function signInAs(page: Page, persona: Persona): Promise<void> {
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
}

/** Opens the seeded application's open task from the to-do list, narrowed to its process (it is as old as the seed). */
async function openFromTodo(page: Page): Promise<void> {
  await page.goto('/op/task/todo');
  const row = (await todoOfProcess(page, '白条单证审核')).locator('tbody tr.ant-table-row').filter({ hasText: SUMMARY });
  await expect(row).toBeVisible(FIRST_LOAD);
  await row.getByTestId('task-work').click();
  await expect(page.locator('.doc-review-workspace')).toBeVisible(FIRST_LOAD);
}

const fileRow = (page: Page, name: string) => page.locator('.doc-review-file').filter({ hasText: name });
const verdict = (row: Locator, segment: 'AUDIT' | 'REVIEW') => row.locator(`[data-segment="${segment}"] .ant-tag`);

test.describe('document review (issue 6, item 5)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('op_handler audits and submits, op_director reviews from the AUDIT verdicts and passes, op_auditor reads it', async ({ page, server }) => {
    await signInAs(page, 'op_handler');
    await openFromTodo(page);
    const workspace = page.locator('.doc-review-workspace');
    await expect(workspace).toHaveAttribute('data-segment', 'AUDIT');
    await expect(workspace.locator('[data-doc-file-type="BUSI_CONTRACT"]')).toContainText('商务合同');
    await expect(workspace.locator('[data-doc-file-type="INVOICE"]')).toContainText('发票');
    // The previews load through the file service: the PNG invoices as images, the PDF as a link.
    await expect(fileRow(page, '发票-0001.png').locator('img')).toBeVisible(FIRST_LOAD);
    await expect(fileRow(page, '商务合同-2026-001.pdf').getByRole('link')).toBeVisible();

    const contract = fileRow(page, '商务合同-2026-001.pdf');
    await contract.getByRole('button', { name: /^通\s?过$/ }).click();
    await expect(verdict(contract, 'AUDIT')).toHaveText('通过');

    // Submitting while files wait is refused with the workspace's message, before the engine is asked.
    await page.getByTestId('task-pass').click();
    await expect(page.getByTestId('task-action-error')).toHaveText('还有 2 个文件待审核，请逐一审核后再提交');

    const invoice1 = fileRow(page, '发票-0001.png');
    await invoice1.getByRole('button', { name: /^通\s?过$/ }).click();
    await expect(verdict(invoice1, 'AUDIT')).toHaveText('通过');
    const invoice2 = fileRow(page, '发票-0002.png');
    await invoice2.getByRole('button', { name: '不通过' }).click();
    await expect(invoice2.getByText('不通过时请填写审核意见')).toBeVisible();
    await invoice2.getByRole('textbox').fill('发票金额与合同不符');
    await invoice2.getByRole('button', { name: '不通过' }).click();
    await expect(verdict(invoice2, 'AUDIT')).toHaveText('不通过');
    await expect(verdict(invoice2, 'AUDIT')).toHaveClass(/ant-tag-error/);
    await expect(verdict(contract, 'AUDIT')).toHaveClass(/ant-tag-success/);

    await page.getByTestId('task-pass').click();
    await expect(page.getByTestId('task-action-error')).toHaveText('有不通过的文件，请填写审核原因');
    await page.getByLabel('审核原因').fill('第二张发票需补正后复核');
    await workspace.screenshot({ path: join(ARTIFACTS, 'doc-review-audit.png'), animations: 'disabled' });
    await page.getByTestId('task-pass').click();
    await expect(page.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);
    await expect(page.locator('.doc-review-workspace')).toContainText('只读');

    await signOutQuietly(page);
    await signInAs(page, 'op_director');
    await openFromTodo(page);
    await expect(workspace).toHaveAttribute('data-segment', 'REVIEW');
    await expect(verdict(fileRow(page, '发票-0002.png'), 'REVIEW')).toHaveText('不通过');
    await expect(fileRow(page, '发票-0002.png')).toContainText('（沿用审核结果）');
    await expect(fileRow(page, '发票-0002.png')).toContainText('发票金额与合同不符');
    await expect(workspace).toContainText('第二张发票需补正后复核');
    await expect(workspace).toContainText('信用凭证开立信息');

    const reviewed = fileRow(page, '发票-0002.png');
    await reviewed.getByRole('textbox').fill('已核对补正件');
    await reviewed.getByRole('button', { name: /^通\s?过$/ }).click();
    await expect(verdict(reviewed, 'REVIEW')).toHaveText('通过');
    await expect(verdict(reviewed, 'AUDIT')).toHaveText('不通过');
    await expect(reviewed).not.toContainText('（沿用审核结果）');
    await workspace.screenshot({ path: join(ARTIFACTS, 'doc-review-review.png'), animations: 'disabled' });
    await page.getByTestId('task-pass').click();
    await expect(page.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    // The auditor reads the approved review: both verdicts, no decisions, no actions.
    const auditor = await apiSignIn(server.url, 'op_auditor');
    const instance = await dataOf<{ id: string; status: string }>(auditor, '/op/v1/workflow/instances/find-by-business-key', {
      businessKey: 'DOC-CREDIT-2026-001',
    });
    expect(instance.status).toBe('APPROVED');
    await signOutQuietly(page);
    await signInAs(page, 'op_auditor');
    await page.goto(`/op/task/view?instanceId=${instance.id}`);
    await expect(workspace).toContainText('只读', FIRST_LOAD);
    await expect(verdict(fileRow(page, '发票-0002.png'), 'REVIEW')).toHaveText('通过');
    await expect(page.locator('.doc-review-file').getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('task-actions')).toHaveCount(0);
    await page.screenshot({ path: join(ARTIFACTS, 'doc-review-auditor.png'), fullPage: true, animations: 'disabled' });
  });
});
