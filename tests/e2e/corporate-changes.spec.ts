/**
 * Corporate changes end to end (issue 16): op_handler proposes a core-enterprise admission and a
 * renaming on 企业变更, which saving submits (nothing waits in op_handler's 待办); op_director approves the admission and does the
 * renaming's initial review (the record still shows the old name), op_director2 the second review
 * (now the new name); the task view renders each change through the kit, current beside proposed;
 * op_auditor sees the history and no button.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const RUN = Date.now().toString(36).toUpperCase();
const NEW_CORE = `东海港口建设集团${RUN}有限公司`;
const OLD_NAME = '华北城建投资集团有限公司';
const NEW_NAME = `华北城建发展集团${RUN}有限公司`;

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `corporate-changes-${name}.png`), fullPage: true });
const rowOf = (scope: Locator, text: string) => scope.locator('tbody tr.ant-table-row').filter({ hasText: text });

async function openTab(page: Page, title: string): Promise<void> {
  await page.goto('/op/group/corp-change');
  await page.getByRole('tab', { name: title }).click();
}

/** Works the open task of a change from 待办 in the shared task view: the change is shown, then passed. */
async function passFromTodo(page: Page, text: string, remark: string, screenshot?: string): Promise<Locator> {
  await page.goto('/op/task/todo');
  const row = rowOf(page.getByTestId('task-todo-list'), text);
  await expect(row).toBeVisible(FIRST_LOAD);
  await row.getByTestId('task-work').click();
  const view = page.getByTestId('task-page');
  const change = view.getByTestId('approval-change-view');
  await expect(change).toBeVisible(FIRST_LOAD);
  if (screenshot) await shot(page, screenshot);
  await view.getByTestId('task-remark').fill(remark);
  await view.getByTestId('task-pass').click();
  await expect(view.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);
  return change;
}

test.describe.serial('corporate changes', () => {
  test('op_handler proposes a core-enterprise admission and a renaming; saving submits both', async ({ browser }) => {
    const page = await as(browser, 'op_handler');
    await openTab(page, '核心企业准入');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('企业名称').fill(NEW_CORE);
    await form.getByLabel('统一社会信用代码').fill(`91330200MA2${RUN.slice(-6).padStart(6, '0')}X`.slice(0, 18));
    await form.getByLabel('法定代表人', { exact: true }).fill('陈海波');
    await form.getByLabel('法定代表人身份证号').fill('11010519491231002X');
    await form.getByLabel('管理员姓名').fill('林晓');
    await form.getByLabel('管理员手机号').fill('13812345678');
    await form.getByLabel('注册地址').fill('浙江省宁波市北仑区港口路1号');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('已提交审批，审批通过后生效').first()).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('core-admissions-pending-creations')).toContainText(NEW_CORE);

    await page.getByRole('tab', { name: '企业自主更名' }).click();
    const list = page.getByTestId('corp-renamings-list');
    const row = rowOf(list, OLD_NAME);
    await expect(row).toBeVisible(FIRST_LOAD);
    await row.getByRole('button', { name: /修\s*改/ }).click();
    const rename = page.getByRole('dialog');
    // The form shows the record once it has loaded; typing before would be overwritten by it.
    await expect(rename.getByLabel('企业名称')).toHaveValue(OLD_NAME);
    await rename.getByLabel('企业名称').fill(NEW_NAME);
    await rename.getByRole('button', { name: /确\s*定/ }).click();
    await expect(rowOf(list, OLD_NAME).getByTestId('pending-tag')).toBeVisible(FIRST_LOAD);
    // The record in approval cannot be edited again, and its 修改 says why.
    const locked = rowOf(list, OLD_NAME).getByRole('button', { name: /修\s*改/ });
    await expect(locked).toBeDisabled();
    await locked.hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText('该记录有审批中的变更，审批结束后才能再次修改');
    await shot(page, 'list-pending');

    // Saving was the submission: neither waits in the handler's own 待办.
    await page.goto('/op/task/todo');
    await expect(page.getByTestId('task-todo-list')).toBeVisible(FIRST_LOAD);
    await expect(rowOf(page.getByTestId('task-todo-list'), NEW_CORE)).toHaveCount(0);
    await expect(rowOf(page.getByTestId('task-todo-list'), NEW_NAME)).toHaveCount(0);
  });

  test('op_director approves the admission and does the initial review of the renaming; the old name stays', async ({ browser }) => {
    const page = await as(browser, 'op_director');
    const admission = await passFromTodo(page, NEW_CORE, '准入通过', 'task-view-admission');
    await expect(admission).toContainText(NEW_CORE);
    const renaming = await passFromTodo(page, NEW_NAME, '初审通过', 'task-view-renaming');
    await expect(renaming).toContainText(OLD_NAME);
    await expect(renaming).toContainText(NEW_NAME);

    await openTab(page, '企业自主更名');
    await expect(rowOf(page.getByTestId('corp-renamings-list'), OLD_NAME)).toBeVisible(FIRST_LOAD);
    await openTab(page, '核心企业准入');
    await expect(rowOf(page.getByTestId('core-admissions-list'), NEW_CORE)).toContainText('已准入', FIRST_LOAD);
  });

  test('op_director2 does the second review; the corporation has its new name', async ({ browser }) => {
    const page = await as(browser, 'op_director2');
    await passFromTodo(page, NEW_NAME, '复审通过');
    await openTab(page, '企业自主更名');
    await expect(rowOf(page.getByTestId('corp-renamings-list'), NEW_NAME)).toBeVisible(FIRST_LOAD);
  });

  test('op_auditor sees the history of the change and no button', async ({ browser }) => {
    const page = await as(browser, 'op_auditor');
    await openTab(page, '企业自主更名');
    const row = rowOf(page.getByTestId('corp-renamings-list'), NEW_NAME);
    await expect(row).toBeVisible(FIRST_LOAD);
    await expect(row.getByRole('button', { name: /修\s*改/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
    await row.getByRole('button', { name: /查\s*看/ }).click();
    const history = page.getByTestId('corp-renamings-history');
    await expect(history).toContainText('已通过', FIRST_LOAD);
    // The proposer by name, never by username.
    await expect(history).toContainText('经办人张三');
    await expect(history).not.toContainText('op_handler');
    await shot(page, 'auditor-history');
  });
});
