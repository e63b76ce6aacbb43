/**
 * Issue 20 item 5 end to end: op_admin changes a dictionary item through the kit's edit form;
 * op_auditor finds that write in 操作日志 (searching by record), opens it and reads the change field
 * by field — the label from the declaration, the value before and after — with no way to change it.
 */
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';
import { DEMO_CORPORATE_KEY } from '../../server/support/corporate-routes';
import { CORPORATE_KEY_HEADER, CORPORATE_SUPPORT_API } from '../../src/lib/messages';

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
  await admin
    .locator('.ant-modal')
    .filter({ has: form })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  const { data } = (await (await saved).json()) as { data: { id: string } };
  await expect(admin.getByText('字典数据修改成功')).toBeVisible(FIRST_LOAD);

  const auditor = await as(browser, 'op_auditor');
  const firstPage = auditor.waitForResponse((response) => response.url().includes('/operation-logs/page') && response.status() === 200);
  await auditor.goto('/op/system/operlog');
  const log = auditor.getByTestId('operation-logs-list');
  await expect(log).toBeVisible(FIRST_LOAD);
  // The unfiltered log's total is the row count the database keeps with each write (issue 42), not a count of the table: the
  // pager says exactly what the page call answered, and the admin's write is in it.
  const answered = ((await (await firstPage).json()) as { data: { total: number } }).data.total;
  expect(answered).toBeGreaterThan(20);
  const totalText = log.locator('.ant-pagination-total-text');
  await expect(totalText).toHaveText(new RegExp(`^共 ${answered.toLocaleString('en-US').replaceAll(',', ',?')} 条$`), FIRST_LOAD);
  await totalText.scrollIntoViewIfNeeded();
  await auditor.screenshot({ path: join(ARTIFACTS, 'operation-log-total.png') });
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

test('at 1366 px op_admin edits a role, takes and closes a support conversation, places a call; each entry reads by labels', async ({ browser, server }) => {
  const run = Date.now();
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const admin = await context.newPage();
  await signIn(admin, 'op_admin', PERSONAS.op_admin);
  await expect(admin.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  const shot = (name: string) => admin.screenshot({ path: join(ARTIFACTS, `operation-log-${name}.png`), fullPage: true });
  const tick = async (title: string) => {
    const tree = admin.getByTestId('role-form').getByTestId('role-grant-tree');
    await tree
      .locator('.ant-tree-treenode')
      .filter({ has: admin.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) })
      .locator('.ant-tree-checkbox')
      .first()
      .click();
  };

  // A role made and then edited: its name and one more grant change.
  const code = `ROLE_LOG_${run}`;
  await admin.goto('/op/system/role');
  await expect(admin.getByTestId('roles-list')).toBeVisible(FIRST_LOAD);
  await admin.getByTestId('role-create').click();
  await admin.getByTestId('role-form').getByLabel('角色名称').fill('日志演练角色');
  await admin.getByTestId('role-form').getByLabel('角色编码').fill(code);
  await tick('字典管理');
  const created = admin.waitForResponse((r) => r.url().includes('/sys/roles/save') && r.status() === 200);
  await admin
    .getByTestId('role-form')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  const { data: role } = (await (await created).json()) as { data: { id: string } };
  await admin.getByTestId('roles-list').getByRole('row').filter({ hasText: code }).getByTestId('role-edit').click();
  const form = admin.getByTestId('role-form');
  await expect(form.getByLabel('角色名称')).toHaveValue('日志演练角色', FIRST_LOAD);
  await form.getByLabel('角色名称').fill('日志演练角色（已改）');
  await tick('字典数据');
  const updated = admin.waitForResponse((r) => r.url().includes('/sys/roles/update-by-id') && r.status() === 200);
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await updated;

  // A conversation the corporate side opens, taken, answered and closed.
  const subject = `日志演练会话 ${run}`;
  const opened = (await (
    await fetch(`${server.url}${CORPORATE_SUPPORT_API}/conversations/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CORPORATE_KEY_HEADER]: DEMO_CORPORATE_KEY },
      body: JSON.stringify({ corpName: '演练企业', contactName: '周敏', subject, body: '请问额度何时生效？' }),
    })
  ).json()) as { data: { conversation: { id: string } } };
  const conversationId = opened.data.conversation.id;
  await admin.goto('/op/message-center/support');
  await admin.getByTestId('support-item').filter({ hasText: subject }).click();
  await admin.getByTestId('support-take').click();
  await admin.getByTestId('support-reply-input').fill('审批通过后即时生效。');
  await admin.getByTestId('support-send').click();
  await expect(admin.getByTestId('support-reply-input')).toHaveValue('', FIRST_LOAD);
  await admin.getByTestId('support-close').click();
  await expect(admin.getByTestId('support-take')).toHaveCount(0, FIRST_LOAD);

  // A call placed and summed up.
  const state = admin.waitForResponse((r) => r.url().includes('/op/v1/hotline/state'));
  await admin.goto('/op/group/corporation/detail?id=corp-demo-group');
  await state;
  const started = admin.waitForResponse((r) => r.url().includes('/op/v1/hotline/start') && r.status() === 200);
  await admin.getByTestId('call-button').click();
  const { data: call } = (await (await started).json()) as { data: { id: string } };
  const bar = admin.getByTestId('call-bar');
  await bar.getByTestId('call-hang-up').click();
  await expect(bar.getByTestId('call-state')).toHaveAttribute('data-state', 'WRAP_UP', FIRST_LOAD);
  await bar.getByTestId('call-note').fill(`演练通话小结 ${run}`);
  await bar.getByTestId('call-finish').click();
  await expect(bar).toHaveCount(0, FIRST_LOAD);

  // The log: each entry by its record.
  await admin.goto('/op/system/operlog');
  const log = admin.getByTestId('operation-logs-list');
  await expect(log).toBeVisible(FIRST_LOAD);
  const find = async (recordId: string) => {
    await log.getByRole('textbox', { name: /记录编号/ }).fill(recordId);
    await log.getByRole('button', { name: /搜\s*索/ }).click();
    return log.locator('tbody tr.ant-table-row');
  };
  const roleRows = (await find(role.id)).filter({ hasText: '修改' });
  await expect(roleRows).toHaveCount(1, FIRST_LOAD);
  await expect(roleRows).toContainText('角色管理');
  await expect(roleRows).toContainText(/角色名称/);
  await expect(roleRows).toContainText(/按钮权限/);
  // The record by its name above its id.
  await expect(roleRows.getByTestId('operation-record')).toContainText('日志演练角色（已改）');
  await roleRows.getByRole('button', { name: /查\s*看/ }).click();
  const change = admin.getByTestId('operation-change');
  await expect(change).toBeVisible(FIRST_LOAD);
  // Only what changed: the name and the grants, never the code, the status or bookkeeping.
  const labels = await change.locator('tbody tr td:first-child').allInnerTexts();
  expect(labels).toEqual(expect.arrayContaining(['角色名称', '按钮权限']));
  expect(labels.filter((label) => !['角色名称', '按钮权限', '菜单权限'].includes(label))).toEqual([]);
  await expect(change).toContainText('日志演练角色（已改）');
  await expect(change).not.toContainText(/dataVersion|updateTime|builtIn|menuIds/);
  // The grants by name, only what changed: the buttons 字典数据 brought, as "menu · action", none taken
  // away; never a permission code or a menu's id.
  const buttons = change.locator('tbody tr').filter({ has: admin.locator('td:first-child', { hasText: /^按钮权限$/ }) });
  await expect(buttons.getByTestId('operation-change-added')).toContainText(/^新增：.*字典数据 · /);
  await expect(buttons.getByTestId('operation-change-removed')).toHaveText('移除：无');
  await expect(buttons).not.toContainText('字典管理 · ');
  await expect(change).not.toContainText(/system:dict|[0-9a-f]{8}-[0-9a-f]{4}-/);
  const drawer = admin.locator('.ant-drawer-content');
  const [tableWidth, drawerWidth] = await Promise.all([
    change.evaluate((el) => (el as unknown as { scrollWidth: number }).scrollWidth),
    drawer.evaluate((el) => (el as unknown as { clientWidth: number }).clientWidth),
  ]);
  expect(tableWidth).toBeLessThanOrEqual(drawerWidth);
  await shot('role-change-1366');
  // The drawer scrolls: the change table itself, whole.
  await change.screenshot({ path: join(ARTIFACTS, 'operation-log-role-change-table-1366.png') });
  await admin.keyboard.press('Escape');

  const conversationRows = await find(conversationId);
  await expect(conversationRows).toHaveCount(2, FIRST_LOAD);
  await expect(conversationRows.first()).toContainText('在线客服会话');
  await shot('support-entries-1366');
  await conversationRows
    .first()
    .getByRole('button', { name: /查\s*看/ })
    .click();
  await expect(admin.getByTestId('operation-change')).toContainText('已关闭');
  await shot('support-change-1366');
  await admin.keyboard.press('Escape');

  // Start, hang-up and summary (and the centre's answer, when it came before the hang-up).
  const callRows = await find(call.id);
  await expect(callRows.nth(2)).toBeVisible(FIRST_LOAD);
  await expect(callRows.first()).toContainText(/热线|通话/);
  await callRows
    .first()
    .getByRole('button', { name: /查\s*看/ })
    .click();
  await expect(admin.getByTestId('operation-change')).toContainText(`演练通话小结 ${run}`);
  await shot('call-change-1366');
  await context.close();
});
