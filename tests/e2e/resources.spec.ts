/**
 * The resource kit end to end (issue 5): op_admin maintains dictionaries and configs through the
 * generic pages; op_auditor sees no button that changes data and the server refuses those calls;
 * two sessions editing one record lose no update; an export's .xlsx holds the filtered rows.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { CREDIT_NOTE_API } from '../../src/lib/credit-notes';
import { QUOTA_API } from '../../src/lib/quotas';
import { signInAs as apiSignIn } from '../server/client';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

async function signInAs(page: Page, persona: Persona): Promise<void> {
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible();
}

const list = (page: Page, resource: string) => page.getByTestId(`${resource}-list`);
const rows = (scope: Locator) => scope.locator('tbody tr.ant-table-row');
const rowOf = (scope: Locator, text: string) => rows(scope).filter({ hasText: text });
/** A list page's first load fetches its lazy chunk, its dictionaries and its first page. */
const FIRST_LOAD = { timeout: 30_000 };

async function search(scope: Locator, label: string, value: string): Promise<void> {
  await scope.locator('form.kit-search').getByLabel(label, { exact: true }).fill(value);
  await scope.getByRole('button', { name: /搜\s*索/ }).click();
}

/** Fills a kit form modal's text fields by their labels and saves it. */
async function fillAndSave(page: Page, values: Record<string, string>): Promise<void> {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(values)) {
    const input = dialog.getByLabel(label, { exact: true });
    await input.fill(value);
  }
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
}

test.describe('the resource kit (issue 5)', () => {
  // Whole maintenance stories, each several page loads and saves long.
  test.describe.configure({ timeout: 180_000 });

  test('op_admin creates, searches, edits and deletes a dictionary type, its data and a config', async ({ page }) => {
    await signInAs(page, 'op_admin');
    await page.goto('/op/system/dict');
    const types = list(page, 'dict-types');
    await expect(rows(types).first()).toBeVisible(FIRST_LOAD);

    // Create a type; a missing required field is refused with the form's message first.
    await types.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('新增字典类型');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.getByText('此处不能为空').first()).toBeVisible();
    await fillAndSave(page, { 字典名称: '结算方式', 字典类型: 'e2e_settle_way' });
    await expect(page.getByText('字典类型新增成功')).toBeVisible();

    await search(types, '字典类型', 'e2e_settle');
    await expect(rows(types)).toHaveCount(1);
    await expect(rowOf(types, 'e2e_settle_way')).toContainText('正常');
    await page.screenshot({ path: join(ARTIFACTS, 'kit-dict-types.png'), animations: 'disabled' });

    // Edit it: the type is create-only, the name changes.
    await rowOf(types, 'e2e_settle_way')
      .getByRole('button', { name: /修\s*改/ })
      .click();
    await expect(page.getByRole('dialog').getByLabel('字典类型', { exact: true })).toBeDisabled();
    // The edit form reads the record after it opens: what is typed before it arrives is overwritten by it.
    await expect(page.getByRole('dialog').getByLabel('字典名称', { exact: true })).toHaveValue('结算方式');
    await fillAndSave(page, { 字典名称: '结算方式（已改）' });
    await expect(rowOf(types, 'e2e_settle_way')).toContainText('结算方式（已改）');

    // Its data page: add two items, search one, edit, delete.
    await rowOf(types, 'e2e_settle_way').getByTestId('dict-data-link').click();
    await expect(page).toHaveURL(/\/op\/system\/dict\/data\?dictType=e2e_settle_way$/);
    const data = list(page, 'dict-datas');
    await expect(data).toContainText('暂无数据~');
    for (const [label, value] of [
      ['电汇', 'TT'],
      ['银行承兑汇票', 'BA'],
    ]) {
      await data.getByRole('button', { name: /新\s*增/ }).click();
      await expect(page.getByRole('dialog').getByLabel('字典类型', { exact: true })).toHaveValue('e2e_settle_way');
      await fillAndSave(page, { 字典标签: label, 字典键值: value });
    }
    await expect(rows(data)).toHaveCount(2);
    await search(data, '字典标签', '承兑');
    await expect(rows(data)).toHaveCount(1);
    await rowOf(data, '银行承兑汇票')
      .getByRole('button', { name: /修\s*改/ })
      .click();
    await expect(page.getByRole('dialog').getByLabel('字典标签', { exact: true })).toHaveValue('银行承兑汇票');
    await fillAndSave(page, { 字典标签: '银行承兑' });
    await expect(rowOf(data, 'BA')).toContainText('银行承兑');
    const failedCalls: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failedCalls.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await rowOf(data, 'BA')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(page.getByText('已删除 1 条数据')).toBeVisible();
    await data.getByRole('button', { name: /重\s*置/ }).click();
    await expect(rows(data)).toHaveCount(1);
    // The removed record's edit form is not fetched again (it would fail as 网络异常, HTTP 404).
    expect(failedCalls).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'kit-dict-data.png'), animations: 'disabled' });

    // A type that still has data cannot go; once its data is gone, a batch delete removes it.
    await page.goto('/op/system/dict');
    await expect(rows(types).first()).toBeVisible(FIRST_LOAD);
    await search(types, '字典类型', 'e2e_settle');
    const removeSelected = async () => {
      await rowOf(types, 'e2e_settle_way').getByRole('checkbox').check();
      await types
        .locator('.kit-toolbar')
        .getByRole('button', { name: /删\s*除/ })
        .click();
      await expect(page.getByRole('dialog')).toContainText('是否确认删除选中的 1 条数据？');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /删\s*除/ })
        .click();
      await expect(page.getByRole('dialog')).toBeHidden();
    };
    await removeSelected();
    await expect(page.getByText('字典类型下仍有字典数据，不能删除：e2e_settle_way')).toBeVisible();
    await expect(rowOf(types, 'e2e_settle_way')).toBeVisible();
    await rowOf(types, 'e2e_settle_way').getByTestId('dict-data-link').click();
    await rowOf(data, 'TT')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(data).toContainText('暂无数据~');
    await page.getByRole('link', { name: /返回字典管理/ }).click();
    await removeSelected();
    await expect(types).toContainText('暂无数据~');

    // A config: create, find, edit; a built-in one cannot be removed, with the server's words.
    await page.goto('/op/system/config');
    const configs = list(page, 'configs');
    await expect(rows(configs).first()).toBeVisible(FIRST_LOAD);
    await configs.getByRole('button', { name: /新\s*增/ }).click();
    await fillAndSave(page, { 参数名称: '端到端参数', 参数键名: 'e2e.kit.value', 参数键值: 'one' });
    await search(configs, '参数键名', 'e2e.kit');
    await rowOf(configs, 'e2e.kit.value')
      .getByRole('button', { name: /修\s*改/ })
      .click();
    await expect(page.getByRole('dialog').getByLabel('参数键值', { exact: true })).toHaveValue('one');
    await fillAndSave(page, { 参数键值: 'two' });
    await expect(rowOf(configs, 'e2e.kit.value')).toContainText('two');
    await rowOf(configs, 'e2e.kit.value')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(configs).toContainText('暂无数据~');

    await search(configs, '参数键名', 'scf.file-system.file.download.type');
    await rowOf(configs, 'scf.file-system.file.download.type')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    // The server's answer first, then its words on screen: a failure then says which of the two was missing.
    const refused = page.waitForResponse((r) => r.url().includes('/sys/configs/remove-by-ids'));
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    expect(await (await refused).json()).toMatchObject({ code: 'CONFIG_BUILT_IN', message: '内置参数不能删除：scf.file-system.file.download.type' });
    await expect(page.getByText(/内置参数.*不能删除|不能删除.*内置/)).toBeVisible();
    await expect(rowOf(configs, 'scf.file-system.file.download.type')).toBeVisible();
  });

  test('op_auditor sees dictionaries and configs without add, edit or delete, and the server refuses them', async ({ page, server }) => {
    await signInAs(page, 'op_auditor');
    for (const [path, resource] of [
      ['/op/system/dict', 'dict-types'],
      ['/op/system/config', 'configs'],
    ] as const) {
      await page.goto(path);
      const scope = list(page, resource);
      await expect(rows(scope).first()).toBeVisible(FIRST_LOAD);
      await expect(scope.getByRole('button', { name: /查\s*看/ }).first()).toBeVisible();
      for (const name of [/新\s*增/, /修\s*改/, /删\s*除/, /导\s*出/]) await expect(scope.getByRole('button', { name })).toHaveCount(0);
      await expect(scope.getByRole('checkbox')).toHaveCount(0);
    }
    const auditor = await apiSignIn(server.url, 'op_auditor');
    const refused = [
      ['/op/v1/sys/dict-types/save', { dictName: 'x', dictType: 'x_audit', status: '0' }],
      ['/op/v1/sys/dict-types/remove-by-ids', { ids: ['any'] }],
      ['/op/v1/sys/configs/update-by-id', { id: 'any', dataVersion: 0, configValue: 'x' }],
      ['/op/v1/sys/configs/export', {}],
    ] as const;
    for (const [path, json] of refused) expect((await auditor.call(path, { method: 'POST', json })).status, path).toBe(403);
    expect((await auditor.call('/op/v1/sys/dict-types/page', { method: 'POST', json: {} })).status).toBe(200);
  });

  test('two sessions edit one config: the second save gets DATA_VERSION_CONFLICT and the first edit survives', async ({ browser }) => {
    const first = await browser.newPage();
    const second = await browser.newPage();
    for (const page of [first, second]) {
      await signInAs(page, 'op_admin');
      await page.goto('/op/system/config');
      await expect(rows(list(page, 'configs')).first()).toBeVisible(FIRST_LOAD);
      await search(list(page, 'configs'), '参数键名', 'scf.pay.issue-corp-name');
      await rowOf(list(page, 'configs'), 'scf.pay.issue-corp-name')
        .getByRole('button', { name: /修\s*改/ })
        .click();
      await expect(page.getByRole('dialog').getByLabel('参数键值', { exact: true })).not.toHaveValue('');
    }
    await fillAndSave(first, { 参数键值: '第一位操作员的值' });
    await expect(rowOf(list(first, 'configs'), 'scf.pay.issue-corp-name')).toContainText('第一位操作员的值');

    const dialog = second.getByRole('dialog');
    await dialog.getByLabel('参数键值', { exact: true }).fill('第二位操作员的值');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(second.getByText('数据已被他人修改，请刷新后重试')).toBeVisible();
    await second.screenshot({ path: join(ARTIFACTS, 'kit-conflict.png'), animations: 'disabled' });
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    // What the second operator typed is unsaved: the form asks before dropping it (issue 26).
    await second
      .locator('.ant-modal-confirm')
      .filter({ hasText: '有未保存的修改' })
      .getByRole('button', { name: /离\s*开/ })
      .click();
    await list(second, 'configs').getByRole('button', { name: '刷新' }).click();
    await expect(rowOf(list(second, 'configs'), 'scf.pay.issue-corp-name')).toContainText('第一位操作员的值');
    await first.close();
    await second.close();
  });

  test('an export of a filtered list produces an .xlsx whose rows match the list; 我的导出 names every source', async ({ page, server }) => {
    // Two exports of areas whose copy this session has not loaded (the quota ledger, the issuance data's lines):
    // 我的导出 names them by their titles, not `ledger.title` or `credit-note-batch-lines` (issue 37).
    const admin = await apiSignIn(server.url, 'op_admin');
    const [account] = (await admin.call<{ records: Array<{ id: string }> }>(`${QUOTA_API}/accounts/page`, { json: { pageSize: 1 } })).body.data!.records;
    const [batch] = (await admin.call<{ records: Array<{ id: string }> }>(`${CREDIT_NOTE_API}/batches/page`, { json: { pageSize: 1 } })).body.data!.records;
    for (const [path, json] of [
      [`${QUOTA_API}/ledger/export`, { accountId: account.id }],
      [`${CREDIT_NOTE_API}/batches/export`, { id: batch.id }],
    ] as const) {
      expect((await admin.call(path, { json })).body.code, path).toBe('0');
    }
    await signInAs(page, 'op_admin');
    await page.goto('/op/system/dict/data?dictType=cert_status');
    const data = list(page, 'dict-datas');
    await expect(rows(data).first()).toBeVisible(FIRST_LOAD);
    await expect(rows(data)).toHaveCount(7);
    await search(data, '字典标签', '期');
    // Read once the list shows the search's rows, not the seven it showed before (seen in a two-worker run).
    const labelCells = rows(data).locator('td:nth-child(4)');
    await expect(labelCells).toHaveText(['续期中', '已过期']);
    const shown = (await labelCells.allTextContents()).map((text) => text.trim());

    await data.getByRole('button', { name: /导\s*出/ }).click();
    await page.getByRole('link', { name: '查看导出记录' }).click();
    await expect(page).toHaveURL(/\/op\/login\/my-export$/);
    const records = list(page, 'export-records');
    const download = records.getByTestId('export-download').first();
    await expect(download).toBeVisible({ timeout: 15_000 });
    await expect(rows(records).first()).toContainText('字典数据');
    await expect(rows(records).filter({ hasText: '额度流水' }).first()).toBeVisible();
    await expect(rows(records).filter({ hasText: '签发数据' }).first()).toBeVisible();
    await expect(records.getByText(/ledger\.title|credit-note-batch-lines/)).toHaveCount(0);
    await page.screenshot({ path: join(ARTIFACTS, 'kit-my-export.png'), animations: 'disabled' });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const labelColumn = header.indexOf('字典标签') + 1;
    expect(labelColumn).toBeGreaterThan(0);
    const labels: string[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) labels.push(String(row.getCell(labelColumn).value));
    });
    expect(labels).toEqual(shown);
  });

  test('表头设置: a hidden column and a new order survive a reload', async ({ page }) => {
    await signInAs(page, 'op_admin');
    await page.goto('/op/system/config');
    const configs = list(page, 'configs');
    await expect(rows(configs).first()).toBeVisible(FIRST_LOAD);
    const headers = () =>
      configs
        .locator('thead th')
        .allInnerTexts()
        .then((texts) => texts.map((t) => t.trim()).filter(Boolean));
    expect(await headers()).toEqual(['序号', '参数名称', '参数键名', '参数键值', '系统内置', '创建时间', '操作']);

    await configs.getByRole('button', { name: '表头设置' }).click();
    const dialog = page.getByRole('dialog', { name: '表头设置' });
    await dialog.getByRole('checkbox', { name: '参数键值' }).uncheck();
    // Keyboard drag: 参数键名 picked up, moved two places down (past the hidden 参数键值 and 系统内置), dropped.
    // Each key waits for the one before to have taken effect: a burst of keys on a busy machine could land
    // before the picked-up row had moved. Picked up, the handle is pressed; each move and the drop are said
    // in dnd-kit's live region, as a screen reader hears them.
    const handle = dialog.getByRole('button', { name: '拖动调整顺序：参数键名' });
    const announced = page.locator('[id^="DndLiveRegion-"]');
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    // The sensor takes moves once the pick-up is announced (then at once that it is over its own place): an
    // arrow pressed before that is lost on a busy machine.
    await expect(announced.filter({ hasText: /已拿起参数键名|参数键名移到了参数键名的位置/ })).toHaveCount(1);
    for (const [key, said] of [
      ['ArrowDown', '参数键名移到了参数键值的位置'],
      ['ArrowDown', '参数键名移到了系统内置的位置'],
      ['Space', '参数键名已放到系统内置的位置'],
    ]) {
      await page.keyboard.press(key);
      await expect(announced.filter({ hasText: said })).toHaveCount(1);
    }
    const handles = async () =>
      Promise.all(
        (await dialog.getByRole('button', { name: /^拖动调整顺序：/ }).all()).map(async (h) =>
          (await h.getAttribute('aria-label'))?.replace('拖动调整顺序：', ''),
        ),
      );
    await expect.poll(handles).toEqual(['参数名称', '参数键值', '系统内置', '参数键名', '创建时间']);
    await page.screenshot({ path: join(ARTIFACTS, 'kit-column-settings.png'), animations: 'disabled' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const arranged = ['序号', '参数名称', '系统内置', '参数键名', '创建时间', '操作'];
    await expect.poll(headers).toEqual(arranged);

    await page.reload();
    await expect(rows(configs).first()).toBeVisible(FIRST_LOAD);
    await expect.poll(headers).toEqual(arranged);

    // At least one column stays shown.
    await configs.getByRole('button', { name: '表头设置' }).click();
    await expect(dialog.getByRole('checkbox', { name: '参数键值' })).not.toBeChecked();
    // The dialog may still be opening (its zoom) when the first click lands: retry until the box follows.
    for (const name of ['参数名称', '系统内置', '参数键名'])
      await expect(() => dialog.getByRole('checkbox', { name }).uncheck({ timeout: 2_000 })).toPass({ timeout: 10_000 });
    await dialog.getByRole('checkbox', { name: '创建时间' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '至少保留一列' })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: '创建时间' })).toBeChecked();
    await dialog.getByRole('button', { name: '恢复默认' }).click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(headers).toEqual(['序号', '参数名称', '参数键名', '参数键值', '系统内置', '创建时间', '操作']);
  });
});
