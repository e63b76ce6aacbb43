/**
 * op_handler follows its own exports (issue 37): it holds the issuance batches' export
 * (credit:note:export) and no system:export:*, exports a batch from 签发数据生成, finds the navbar's
 * 我的导出 entry with a new file counted, and there reads the source by its name (签发数据, not the
 * declaration's `credit-note-batch-lines`), the status as a label, and downloads the file. It sees no
 * removal (that stays with system:export:remove). Seen at 1,366 and 1,440 px.
 */
import { join } from 'node:path';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };

test('op_handler exports a batch it may export and downloads the file from 我的导出', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'op_handler', PERSONAS.op_handler);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  // The entry is there for whoever may export something.
  const badge = page.getByTestId('export-badge');
  await expect(badge).toBeVisible(FIRST_LOAD);

  await page.goto('/op/issue/group/generate');
  const batchRow = page
    .locator('tbody tr.ant-table-row')
    .filter({ has: page.getByRole('button', { name: /^导\s*出$/ }) })
    .first();
  await expect(batchRow).toBeVisible(FIRST_LOAD);
  await batchRow.getByRole('button', { name: /^导\s*出$/ }).click();
  await expect(page.getByText('导出已开始，请到“我的导出”下载')).toBeVisible(FIRST_LOAD);

  await badge.click();
  await expect(page).toHaveURL(/\/op\/login\/my-export/);
  const list = page.getByTestId('export-records-list');
  // The newest first: the one just started (the list follows it until it is done).
  const record = list.locator('tbody tr.ant-table-row').first();
  await expect(record).toContainText('签发数据', FIRST_LOAD);
  await expect(record).toContainText('成功', FIRST_LOAD);
  await expect(list).not.toContainText('credit-note-batch-lines');
  await expect(list).not.toContainText('ledger.title');
  await expect(list).not.toContainText(':title');
  await expect(page.getByText('无权限')).toHaveCount(0);
  await expect(list.getByRole('button', { name: /删\s*除/ })).toHaveCount(0);
  for (const width of [1366, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS, `my-exports-handler-${width}.png`), fullPage: true });
  }
  const download = page.waitForEvent('download');
  await record.getByTestId('export-download').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});
