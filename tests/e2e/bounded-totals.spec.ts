/**
 * A filtered list that matches more than 10,000 rows (issue 42), in Chromium against the production
 * build: the server counts the matches only up to LIST_TOTAL_BOUND and one more, and the pager says so
 * honestly, "超过 10,000 条" / "10,000+ in total", instead of a count it did not make; a deep page still
 * opens; a narrower filter is counted exactly again ("共 N 条"). 10,500 operation-log entries of one
 * operator, and 37 of another whose name contains the first's, are written beside the demo world into
 * a server's own data folder.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createPGlite } from '../../server/db/open';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS, startServer } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const ENTRIES = 10_500;
const OPERATOR = 'bound_operator';
/** Another operator whose name contains the first's: a search for the first finds both. */
const FEW_OPERATOR = 'bound_operator_few';
const FEW = 37;

async function search(page: Page, field: RegExp, value: string) {
  const log = page.getByTestId('operation-logs-list');
  await log.getByRole('textbox', { name: field }).fill(value);
  const answered = page.waitForResponse((response) => response.url().includes('/operation-logs/page') && response.status() === 200);
  await log.getByRole('button', { name: /搜\s*索/ }).click();
  return ((await (await answered).json()) as { data: { total: number; totalBounded?: boolean } }).data;
}

test('an operation log of one operator with 10,500 entries: the pager says more than 10,000, a deep page opens, a narrower search is counted', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  // A server of its own: 10,500 entries would change the totals other journeys read.
  const name = `bounded-totals-${testInfo.workerIndex}`;
  const seeded = await startServer(name);
  await seeded.stop();
  const pglite = createPGlite(join(seeded.dataDir, 'pglite'));
  await pglite.exec(`INSERT INTO sys_operation_logs (id, user_id, username, person_name, resource, record_id, action, create_time)
    SELECT 'bound-log-' || i, NULL, '${OPERATOR}', '批量操作员', 'corporations', 'bound-rec-' || i, 'UPDATE', now() - i * interval '1 second'
      FROM generate_series(1, ${ENTRIES}) AS i`);
  await pglite.exec(`INSERT INTO sys_operation_logs (id, user_id, username, person_name, resource, record_id, action, create_time)
    SELECT 'bound-few-' || i, NULL, '${FEW_OPERATOR}', '少量操作员', 'corporations', 'bound-few-rec-' || i, 'UPDATE', now() - interval '1 day' - i * interval '1 second'
      FROM generate_series(1, ${FEW}) AS i`);
  await pglite.close();
  const server = await startServer(name, { dataDir: seeded.dataDir, fresh: false });
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1480, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, 'op_auditor', PERSONAS.op_auditor);
    await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
    await page.goto('/op/system/operlog');
    const log = page.getByTestId('operation-logs-list');
    await expect(log).toBeVisible(FIRST_LOAD);
    const totalText = log.locator('.ant-pagination-total-text');

    const many = await search(page, /操作人账号/, OPERATOR);
    expect(many).toMatchObject({ total: 10_001, totalBounded: true });
    await expect(totalText).toHaveText('超过 10,000 条', FIRST_LOAD);
    await expect(log.locator('tbody tr.ant-table-row').first()).toContainText(OPERATOR);
    await totalText.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'bounded-totals-zh.png') });

    // A deep page: the pager's last page (10,001 rows counted) holds the 10,001st entry.
    const deep = page.waitForResponse((response) => response.url().includes('/operation-logs/page') && response.status() === 200);
    await log.locator('.ant-pagination-item').last().click();
    const deepPage = ((await (await deep).json()) as { data: { records: Array<{ recordId: string }>; pageNum: number; pageSize: number } }).data;
    expect(deepPage.pageNum).toBe(Math.ceil(10_001 / deepPage.pageSize));
    expect(deepPage.records[0].recordId).toBe('bound-rec-10001');
    await expect(log.locator('tbody tr.ant-table-row').first()).toContainText('bound-rec-10001', FIRST_LOAD);
    await expect(totalText).toHaveText('超过 10,000 条');

    // Narrower: the other operator's 37 entries, counted exactly.
    const fewer = await search(page, /操作人账号/, FEW_OPERATOR);
    expect(fewer).toMatchObject({ total: FEW });
    expect(fewer.totalBounded).toBeUndefined();
    await expect(totalText).toHaveText(`共 ${FEW} 条`, FIRST_LOAD);
    await page.screenshot({ path: join(ARTIFACTS, 'bounded-totals-exact.png') });

    // The same in English. The reload starts the list from its first page asked early (first-screen.ts, ready-list.ts);
    // a search made while that answer is fresh must still be asked of the server (CI of 6bd0a5e showed the unfiltered
    // "10,835 in total" after it). The search waits for nothing but the first row, as an operator would.
    await page.evaluate(() => (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('lang', 'en-US'));
    await page.goto('/op/system/operlog');
    await expect(log.locator('tbody tr.ant-table-row').first()).toBeVisible(FIRST_LOAD);
    // Grouped as English writes numbers: the whole log, unfiltered.
    await expect(totalText).toHaveText(/^\d{1,3}(,\d{3})+ in total$/);
    await log.getByRole('textbox', { name: /Username/ }).fill(OPERATOR);
    await log.getByRole('button', { name: /Search/ }).click();
    await expect(totalText).toHaveText('10,000+ in total', FIRST_LOAD);
    await totalText.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'bounded-totals-en.png') });
    await context.close();
  } finally {
    await server.stop();
  }
});
