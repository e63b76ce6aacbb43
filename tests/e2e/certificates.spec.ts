/**
 * Certificate renewal end to end (issue 7, item 5): op_handler opens 证书管理, sees the expiring
 * certificate highlighted, applies for a renewal to a new date and submits it in the task centre;
 * op_director approves it there; the certificate then shows the new validity, and its detail the
 * application with its approval history.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import dayjs from 'dayjs';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const CERTIFICATES = '/op/certificate-management/certificate-detail';
const EXPIRING_HOLDER = '苏州工业园区精密制造有限公司';
/** A page's first load fetches its lazy chunk, its dictionaries and its data. */
const FIRST_LOAD = { timeout: 30_000 };

async function signInAs(page: Page, persona: Persona): Promise<void> {
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `certificates-${name}.png`), animations: 'disabled' });
const rowOf = (page: Page, text: string): Locator => page.getByTestId('certificates-list').locator('tbody tr.ant-table-row').filter({ hasText: text });

/** Opens a task of the to-do list whose row names the holder, in the shared task view. */
async function openTodo(page: Page, holder: string): Promise<void> {
  await page.goto('/op/task/todo');
  const row = page.getByTestId('task-todo-list').locator('tbody tr.ant-table-row').filter({ hasText: holder });
  await expect(row).toHaveCount(1, FIRST_LOAD);
  await row.getByTestId('task-work').click();
  await expect(page.getByTestId('certificate-task-view')).toBeVisible(FIRST_LOAD);
}

test.describe('certificates (issue 7)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a renewal submitted by op_handler and approved by op_director changes the validity', async ({ page, browser, baseURL }) => {
    const newEnd = dayjs().add(400, 'day').format('YYYY-MM-DD');

    await signInAs(page, 'op_handler');
    await page.goto(CERTIFICATES);
    const expiring = rowOf(page, EXPIRING_HOLDER);
    await expect(expiring).toBeVisible(FIRST_LOAD);
    await expect(expiring).toHaveClass(/cert-row-expiring/);
    await expect(expiring.locator('.ant-tag', { hasText: '即将到期' })).toBeVisible();
    await expect(expiring).toContainText('有效');
    // Only that one is highlighted; the expired one is marked as such.
    await expect(page.locator('tr.cert-row-expiring')).toHaveCount(1);
    await expect(rowOf(page, '南京江北建材贸易有限公司')).toHaveClass(/cert-row-expired/);
    await expect(rowOf(page, '南京江北建材贸易有限公司').locator('.cert-validity .ant-tag', { hasText: '已过期' })).toBeVisible();
    await shot(page, 'list-expiring');
    // The highlight follows the theme.
    await page.getByTestId('theme-switch').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await shot(page, 'list-expiring-dark');
    await page.getByTestId('theme-switch').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    // 续期: a date before the current end is refused by the form, the new date is submitted.
    await expiring.getByRole('button', { name: /续\s*期/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('证书续期');
    await expect(dialog.getByLabel('发票类型')).toBeVisible();
    const validTo = dialog.getByLabel('有效期止', { exact: true });
    await validTo.click();
    await validTo.fill(dayjs().add(5, 'day').format('YYYY-MM-DD'));
    await validTo.press('Enter');
    await dialog.getByRole('button', { name: /提交申请/ }).click();
    await expect(dialog).toContainText('必须晚于当前有效期止');
    await expect(expiring).toContainText('有效');
    await validTo.click();
    await validTo.fill(newEnd);
    await validTo.press('Enter');
    await expect(dialog).not.toContainText('必须晚于当前有效期止');
    await shot(page, 'renew-form');
    await dialog.getByRole('button', { name: /提交申请/ }).click();
    // Saving is the submission (spec §4.5, issue 37): it is with a director at once.
    await expect(page.getByText('申请已提交审批，主管审批通过后生效')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(expiring).toContainText('续期中');

    // The director approves in the task centre.
    const directorContext = await browser.newContext({ baseURL });
    const director = await directorContext.newPage();
    await signInAs(director, 'op_director');
    await openTodo(director, EXPIRING_HOLDER);
    await expect(director.getByTestId('requested-validity')).toHaveText(newEnd);
    await shot(director, 'task-director');
    await director.getByTestId('task-pass').click();
    await expect(director.getByTestId('task-actions')).toBeHidden({ timeout: 15_000 });
    await directorContext.close();

    // Back in 证书管理: the new validity, valid, no longer highlighted.
    await page.goto(CERTIFICATES);
    await expect(expiring).toContainText(newEnd, FIRST_LOAD);
    await expect(expiring).toContainText('有效');
    await expect(expiring).not.toHaveClass(/cert-row-expiring/);
    await expect(page.locator('tr.cert-row-expiring')).toHaveCount(0);
    await expiring.getByRole('button', { name: /详\s*情/ }).click();
    const detail = page.getByTestId('certificate-detail');
    await expect(detail.getByTestId('certificate-validity')).toContainText(newEnd, FIRST_LOAD);
    const application = detail.getByTestId('certificate-application');
    await expect(application).toContainText('续期');
    await expect(application).toContainText('已通过');
    await expect(application.getByTestId('history-timeline')).toContainText('主管李四', FIRST_LOAD);
    await expect(application.getByTestId('history-entry').last()).toHaveAttribute('data-action', 'PASS');
    await shot(page, 'detail-after-renewal');
  });
});
