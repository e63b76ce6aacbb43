/**
 * Issue 25, proof by example, in the browser: the test-only resource of tests/resources (a declaration
 * and a table, no other file) gets its menu, list, create form with the declared field rules, export and
 * the auditor's read-only view, from a production build that includes the test resources
 * (`vite build --mode test`, made here into dist-test/ when missing or older than the sources) and a
 * server started with SCF_TEST_RESOURCES=1 on a copy of the seeded demo data, as an upgraded install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, leaveUnsavedForm, openMenuDirectory, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS, ROOT, startServer, type RunningServer } from './support/server';

const DIST = join(ROOT, 'dist-test');
const PATH = '/op/system/test-widget';

/** The newest modification time under the folders a build reads. */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ['src', 'locales', 'tests/resources']) walk(join(ROOT, dir));
  return newest;
}

function buildWithTestResources(): void {
  const index = join(DIST, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs > newestSource()) return;
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'test', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}

const list = (page: Page) => page.getByTestId('test-widgets-list');
const rows = (scope: Locator) => scope.locator('tbody tr.ant-table-row');

async function openAs(browser: Browser, server: RunningServer, persona: Persona): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible({ timeout: 30_000 });
  // Through the menu, as an operator finds it: 系统管理 › the resource's entry, last by its declared order
  // (900), titled by the declaration's title (字典数据) as it has no menu label of its own.
  const sidebar = page.getByTestId('sidebar');
  await openMenuDirectory(sidebar, /系统管理/);
  await sidebar.getByRole('menuitem', { name: '字典数据' }).last().click();
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  return page;
}

test.describe('a resource declared in two test files (issue 25, item 6)', () => {
  // A build with the test resources (about 20 s when stale) and a server of its own.
  test.describe.configure({ timeout: 300_000 });
  test.use({ actionTimeout: 30_000 });
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    buildWithTestResources();
    // Named after the worker: a retry (another worker) never shares its data folder with an earlier attempt.
    server = await startServer(`test-resource-${test.info().workerIndex}`, { env: { SCF_TEST_RESOURCES: '1', STATIC_DIR: DIST }, template: true });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('op_admin finds it in the menu, creates within its field rules and exports; op_auditor only reads', async ({ browser }) => {
    const admin = await openAs(browser, server, 'op_admin');
    const widgets = list(admin);
    await expect(widgets).toContainText('暂无数据~', { timeout: 30_000 });

    // Create: the declared pattern is refused under its field with its message; the defaults are filled.
    await widgets.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog.getByLabel('显示排序', { exact: true })).toHaveValue('1');
    await dialog.getByLabel('机构编码', { exact: true }).fill('bad code');
    await dialog.getByLabel('参数名称', { exact: true }).fill('演示部件');
    await dialog.getByLabel('到账金额（元）', { exact: true }).fill('1234.5');
    // The kit's calendar day (type 'date'): typed as the picker shows it, kept and listed as that day.
    await dialog.getByLabel('到期日', { exact: true }).fill('2026-12-31');
    await dialog.getByLabel('到期日', { exact: true }).press('Enter');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.getByText('只能输入中文、字母和数字')).toBeVisible();
    await dialog.getByLabel('机构编码', { exact: true }).fill('W-20261126');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    const row = rows(widgets).filter({ hasText: 'W-20261126' });
    await expect(row).toContainText('演示部件');
    await expect(row).toContainText('1,234.50');
    await expect(row).toContainText('2026-12-31');
    await expect(row).toContainText('正常');

    // A second record with the same code: DUPLICATE, named under the field.
    await widgets.getByRole('button', { name: /新\s*增/ }).click();
    await dialog.getByLabel('机构编码', { exact: true }).fill('W-20261126');
    await dialog.getByLabel('参数名称', { exact: true }).fill('重复部件');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.getByText('机构编码已存在')).toBeVisible();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    // The unsaved form asks first (issue 26's guard); leaving drops the duplicate.
    await leaveUnsavedForm(admin);
    await expect(rows(widgets)).toHaveCount(1);
    await admin.screenshot({ path: join(ARTIFACTS, 'test-resource-admin.png'), animations: 'disabled' });

    // Export: the file holds the row the list shows.
    await widgets.getByRole('button', { name: /导\s*出/ }).click();
    await admin.getByRole('link', { name: '查看导出记录' }).click();
    const download = admin.getByTestId('export-records-list').getByTestId('export-download').first();
    await expect(download).toBeVisible({ timeout: 30_000 });
    const [file] = await Promise.all([admin.waitForEvent('download'), download.click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toContain('机构编码');
    expect(String(sheet.getRow(2).getCell(header.indexOf('机构编码') + 1).value)).toBe('W-20261126');
    await admin.context().close();

    // The auditor: the same menu entry (it holds every read), the row, and no button that writes.
    const auditor = await openAs(browser, server, 'op_auditor');
    const seen = list(auditor);
    await expect(rows(seen).filter({ hasText: 'W-20261126' })).toBeVisible({ timeout: 30_000 });
    for (const name of [/新\s*增/, /修\s*改/, /删\s*除/]) await expect(seen.getByRole('button', { name })).toHaveCount(0);
    await auditor.screenshot({ path: join(ARTIFACTS, 'test-resource-auditor.png'), animations: 'disabled' });
    await auditor.context().close();
  });
});
