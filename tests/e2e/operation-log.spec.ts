/**
 * Issue 20 item 5 end to end: op_admin changes a dictionary item through the kit's edit form;
 * op_auditor finds that write in 操作日志 (searching by record), opens it and reads the change field
 * by field — the label from the declaration, the value before and after — with no way to change it.
 */
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
test.describe.configure({ timeout: 150_000 });

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

test('op_admin edits a dictionary item; op_auditor finds the write in 操作日志 with its before and after', async ({ browser }) => {
  // A remark no other spec reads, unique to this run: the shared server keeps every label as seeded.
  const remark = `审计演练备注 ${Date.now()}`;
  const admin = await as(browser, 'op_admin');
  await admin.goto('/op/system/dict/data?dictType=sys_yes_no');
  const list = admin.getByTestId('dict-datas-list');
  await expect(list).toBeVisible(FIRST_LOAD);
  const row = list.locator('tbody tr.ant-table-row').filter({ has: admin.getByRole('cell', { name: '否', exact: true }) });
  await expect(row).toHaveCount(1, FIRST_LOAD);
  await row.getByRole('button', { name: /修\s*改/ }).click();
  const form = admin.getByTestId('dict-datas-edit-form');
  await expect(form).toBeVisible(FIRST_LOAD);
  // The edit form reads the record after it opens: what is typed before it arrives is overwritten by it.
  await expect(form.getByLabel('字典标签', { exact: true })).toHaveValue('否', FIRST_LOAD);
  await form.getByLabel('备注', { exact: true }).fill(remark);
  const saved = admin.waitForResponse((response) => response.url().includes('/dict-datas/update-by-id') && response.status() === 200);
  await admin.locator('.ant-modal').filter({ has: form }).getByRole('button', { name: /确\s*定/ }).click();
  const { data } = (await (await saved).json()) as { data: { id: string } };
  await expect(admin.getByText('字典数据修改成功')).toBeVisible(FIRST_LOAD);

  const auditor = await as(browser, 'op_auditor');
  await auditor.goto('/op/system/operlog');
  const log = auditor.getByTestId('operation-logs-list');
  await expect(log).toBeVisible(FIRST_LOAD);
  await log.getByRole('textbox', { name: /记录编号/ }).fill(data.id);
  await log.getByRole('button', { name: /搜\s*索/ }).click();
  const entry = log.locator('tbody tr.ant-table-row').filter({ hasText: '修改' });
  await expect(entry).toHaveCount(1, FIRST_LOAD);
  await expect(entry).toContainText('op_admin');
  await expect(entry).toContainText('127.0.0.1');
  await expect(entry).toContainText('字典数据');
  // Read-only: nothing offers to add, edit or remove an entry.
  await expect(log.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
  await expect(entry.getByRole('button', { name: /修\s*改|删\s*除/ })).toHaveCount(0);
  await auditor.screenshot({ path: join(ARTIFACTS, 'operation-log-list.png'), fullPage: true });

  await entry.getByRole('button', { name: /查\s*看/ }).click();
  const change = auditor.getByTestId('operation-change');
  await expect(change).toBeVisible(FIRST_LOAD);
  await expect(change.locator('thead')).toContainText('修改前');
  await expect(change.locator('thead')).toContainText('修改后');
  const line = change.locator('tbody tr').filter({ hasText: '备注' });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(remark);
  await auditor.screenshot({ path: join(ARTIFACTS, 'operation-log-change.png'), fullPage: true });
});
