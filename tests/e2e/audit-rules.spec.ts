/**
 * The auditors' rules in Chromium (issue 41 item 6): op_auditor opens 审计规则 from the sidebar, runs
 * it, opens a finding's evidence (a role excepted from the payment rule, with the exception's reason
 * and the director who approved it) and exports the report as Excel and PDF; op_admin, building a
 * role that both records and audits payments, is refused with the rule and the pair named.
 *
 * A rule change (item 1): op_admin proposes a new name and severity for a rule on 审计规则, the rule
 * stays as it was (marked 变更审批中) until op_director approves it from 待办, whose task view shows the
 * rule before → after; op_auditor then reads the changed rule and the moved rule-set version, and the
 * 例外 tab with an exception's people and state (item 2), and is offered no edit.
 *
 * A returned rule change (issue 37): op_director returns op_admin's change of SOD-FINANCING with a
 * reason; op_admin finds the rule form in 待办 filled with what was proposed, is stopped by an emptied
 * name, renames it and resubmits; op_director approves and 审计规则 shows the revised rule.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { AUDIT_RULES_API } from '../../src/lib/audit-rules';
import { PERMISSIONS } from '../../src/features/redemption/permissions';
import { ROLE_CALLS } from '../../src/resources/staff';
import { dataOf, signInAs as apiSignIn } from '../server/client';
import { expect, openedDropdown, PERSONAS, signIn, signOutQuietly, test, todoOfProcess } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const stamp = Date.now().toString(36).toUpperCase();

async function signInAs(page: Page, username: keyof typeof PERSONAS): Promise<void> {
  await signIn(page, username, PERSONAS[username]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
}

async function tick(tree: Locator, title: string): Promise<void> {
  const node = tree.locator('.ant-tree-treenode').filter({ has: tree.page().locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });
  await node.locator('.ant-tree-checkbox').first().click();
}

test.describe('auditors’ rules (issue 41)', () => {
  test.describe.configure({ timeout: 300_000 });

  test('op_auditor runs 审计规则, opens a finding’s evidence and exports the report', async ({ page, server }) => {
    // A finding to look at: a cashier role that records payments, then (under an exception a director
    // approved) audits them too. Built through the API, as the administrator and the director would.
    const [adminApi, directorApi] = await Promise.all(['op_admin', 'op_director'].map((u) => apiSignIn(server.url, u)));
    const roleName = `出纳兼审核${stamp}`;
    const role = await dataOf<{ id: string; dataVersion: number }>(adminApi, ROLE_CALLS.save, {
      roleName,
      code: `ROLE_E2E_CASHIER_${stamp}`,
      status: '0',
      permissions: [PERMISSIONS.redemption.list, PERMISSIONS.redemption.add],
      menuIds: [],
    });
    const asked = await dataOf<{ id: string }>(adminApi, AUDIT_RULES_API.requestException, {
      ruleId: 'SOD-PAYMENT-RECORD-AUDIT',
      subjectType: 'role',
      subjectId: role.id,
      reason: '月末结账临时兼岗',
      expiresAt: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    });
    await dataOf(directorApi, AUDIT_RULES_API.approveException, { id: asked.id });
    await dataOf(adminApi, ROLE_CALLS.update, {
      id: role.id,
      dataVersion: role.dataVersion,
      roleName,
      status: '0',
      permissions: [PERMISSIONS.redemption.list, PERMISSIONS.redemption.add, PERMISSIONS.redemption.audit],
      menuIds: [],
    });

    await signInAs(page, 'op_auditor');
    await page.getByTestId('sidebar').getByRole('menuitem', { name: '系统管理' }).click();
    await page.getByTestId('sidebar').getByRole('menuitem', { name: '审计规则' }).click();
    const table = page.getByTestId('audit-rules-table');
    await expect(table.getByRole('row').filter({ hasText: 'SOD-PAYMENT-RECORD-AUDIT' })).toBeVisible(FIRST_LOAD);

    await page.getByTestId('audit-rules-run').click();
    await expect(page.getByText('检查完成')).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('audit-rules-last-run')).toContainText('运行人 审计员赵六');
    const paymentRow = table.getByRole('row').filter({ hasText: 'SOD-PAYMENT-RECORD-AUDIT' });
    await expect(paymentRow).toContainText('付款登记与付款审核不相容');
    await expect(paymentRow).toContainText('通过');
    await page.screenshot({ path: join(ARTIFACTS, 'audit-rules-run.png'), fullPage: true });

    await page.getByTestId('audit-rule-open-SOD-PAYMENT-RECORD-AUDIT').click();
    const evidence = page.getByTestId('audit-rule-evidence');
    const excepted = evidence.locator('.ant-list-item').filter({ hasText: `角色“${roleName}”` });
    await expect(excepted).toContainText('例外');
    await expect(excepted).toContainText('月末结账临时兼岗');
    await expect(excepted).toContainText('批准人 主管李四');
    // Permissions read by their labels, as the permission matrix names them, not as codes.
    await expect(excepted).toContainText('白条兑付 · 新增');
    await expect(excepted).toContainText('白条兑付 · 审核');
    await expect(excepted).not.toContainText('credit:redeem');
    await page.screenshot({ path: join(ARTIFACTS, 'audit-rules-evidence.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /^例外/ }).click();
    await expect(page.getByTestId('audit-rules-exceptions')).toContainText('生效中');

    const xlsx = page.waitForEvent('download');
    await page.getByTestId('audit-rules-export-xlsx').click();
    expect((await xlsx).suggestedFilename()).toMatch(/^审计规则_\d{14}\.xlsx$/);
    const pdf = page.waitForEvent('download');
    await page.getByTestId('audit-rules-export-pdf').click();
    expect((await pdf).suggestedFilename()).toMatch(/^审计规则_\d{14}\.pdf$/);
  });

  test('op_admin is refused a role that both records and audits payments, with the rule named', async ({ page }) => {
    await signInAs(page, 'op_admin');
    await page.goto('/op/system/role');
    await expect(page.getByTestId('roles-list')).toBeVisible(FIRST_LOAD);
    await page.getByTestId('role-create').click();
    const form = page.getByTestId('role-form');
    await form.getByLabel('角色名称').fill(`付款全能${stamp}`);
    await form.getByLabel('角色编码').fill(`ROLE_E2E_PAY_${stamp}`);
    const tree = form.getByTestId('role-grant-tree');
    // 付款审核 sits under 资产证券化, folded at first.
    await tree
      .locator('.ant-tree-treenode')
      .filter({ has: page.locator('.ant-tree-title', { hasText: /^资产证券化$/ }) })
      .locator('.ant-tree-switcher')
      .click();
    await expect(tree.locator('.ant-tree-title', { hasText: /^付款审核$/ })).toBeVisible(FIRST_LOAD);
    await tick(tree, '付款审核');
    await form.getByRole('button', { name: /确\s*定|OK/ }).click();
    const refusal = page.getByText(/违反审计规则“付款登记与付款审核不相容”（SOD-PAYMENT-RECORD-AUDIT）/);
    await expect(refusal.first()).toBeVisible(FIRST_LOAD);
    await page.screenshot({ path: join(ARTIFACTS, 'audit-rules-refused.png') });
    await expect(refusal.first()).toContainText('“登记付款”');
    await expect(refusal.first()).toContainText('“审核付款”');
    // Nothing saved: the form stays open with what was entered.
    await expect(page.getByRole('dialog', { name: '新增角色' })).toBeVisible();
  });

  test('a rule change proposed by op_admin takes effect once op_director approves it; the exceptions tab', async ({ page, server }) => {
    const newName = `协议模板起草与定稿须两人完成${stamp}`;
    await signInAs(page, 'op_admin');
    await page.goto('/op/system/audit-rules');
    const row = page.getByTestId('audit-rules-table').getByRole('row').filter({ hasText: 'SOD-TEMPLATE' });
    await expect(row).toContainText('协议模板起草与定稿不相容', FIRST_LOAD);
    await page.getByTestId('audit-rule-edit-SOD-TEMPLATE').click();
    const dialog = page.getByRole('dialog', { name: '修改审计规则 SOD-TEMPLATE' });
    await expect(dialog.getByLabel('规则名称')).toHaveValue('协议模板起草与定稿不相容', FIRST_LOAD);
    await dialog.getByLabel('规则名称').fill(newName);
    await dialog
      .locator('.ant-form-item')
      .filter({ hasText: /^严重程度/ })
      .locator('.ant-select')
      .click();
    await (await openedDropdown(page)).locator('.ant-select-item-option').filter({ hasText: /^高$/ }).click();
    // The functions' permissions are picked and shown by their labels; the codes stay what is stored.
    const drafting = dialog.getByTestId('audit-rule-permissions-a');
    await expect(drafting).toContainText('标准库 · 新增');
    await expect(drafting).toContainText('标准库 · 修改');
    await expect(dialog).not.toContainText('product:template');
    await drafting.locator('.ant-select-selector').click();
    await page.keyboard.type('融资资格申请 · 审');
    const offered = await openedDropdown(page);
    await expect(offered.locator('.ant-select-item-option').filter({ hasText: /^融资资格申请 · 审核$/ })).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'audit-rules-change-form-permissions.png') });
    // Closed without choosing (a click beside it: Escape would close the dialog too).
    await dialog.locator('.ant-modal-title').click();
    await expect(offered).toBeHidden();
    await expect(drafting).not.toContainText('融资资格申请');
    await page.screenshot({ path: join(ARTIFACTS, 'audit-rules-change-form.png') });
    await dialog.getByRole('button', { name: '提交审批' }).click();
    await expect(page.getByText('已提交审批，经另一人批准后生效')).toBeVisible(FIRST_LOAD);
    // Until a second person approves, the rule is as it was, marked as changing.
    await expect(page.getByTestId('audit-rule-changing-SOD-TEMPLATE')).toBeVisible();
    await expect(row).toContainText('协议模板起草与定稿不相容');
    await expect(page.getByTestId('audit-rules-running')).toContainText(`修改 ${newName}（SOD-TEMPLATE）· 提出人 系统管理员`);
    await page.screenshot({ path: join(ARTIFACTS, 'audit-rules-change-proposed.png'), fullPage: true });

    await signOutQuietly(page);
    await signInAs(page, 'op_director');
    await page.goto('/op/task/todo');
    const todo = (await todoOfProcess(page, '审计规则变更')).locator('tbody tr.ant-table-row').filter({ hasText: 'SOD-TEMPLATE' });
    await expect(todo.first()).toContainText(`修改审计规则“${newName}”（SOD-TEMPLATE）`, FIRST_LOAD);
    await todo.first().getByTestId('task-work').click();
    await expect(page.getByTestId('audit-rule-change')).toContainText('系统管理员', FIRST_LOAD);
    const lines = page.getByTestId('audit-rule-change-lines');
    await expect(lines.getByRole('row').filter({ hasText: '规则名称' })).toContainText(`协议模板起草与定稿不相容${newName}`);
    await expect(lines.getByRole('row').filter({ hasText: '严重程度' })).toContainText('中高');
    await expect(lines.getByRole('row').filter({ hasText: '职责 A' })).toContainText('起草协议模板：标准库 · 新增、标准库 · 修改');
    await expect(lines.getByRole('row').filter({ hasText: '职责 B' })).toContainText('定稿协议模板：标准库 · 审批');
    await expect(lines).not.toContainText('product:template');
    await page.screenshot({ path: join(ARTIFACTS, 'audit-rules-change-task.png'), fullPage: true });
    await page.getByTestId('task-remark').fill('同意');
    await page.getByTestId('task-pass').click();
    await expect(page.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    // An exception for the tab, asked by the administrator and approved by the director.
    const [adminApi, directorApi] = await Promise.all(['op_admin', 'op_director'].map((u) => apiSignIn(server.url, u)));
    const role = await dataOf<{ id: string }>(adminApi, ROLE_CALLS.save, {
      roleName: `出纳临岗${stamp}`,
      code: `ROLE_E2E_TEMP_${stamp}`,
      status: '0',
      permissions: [PERMISSIONS.redemption.list, PERMISSIONS.redemption.add],
      menuIds: [],
    });
    const asked = await dataOf<{ id: string }>(adminApi, AUDIT_RULES_API.requestException, {
      ruleId: 'SOD-PAYMENT-RECORD-AUDIT',
      subjectType: 'role',
      subjectId: role.id,
      reason: '节假日值班兼岗',
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    await dataOf(directorApi, AUDIT_RULES_API.approveException, { id: asked.id });

    await signOutQuietly(page);
    await signInAs(page, 'op_auditor');
    await page.goto('/op/system/audit-rules');
    await expect(row).toContainText(newName, FIRST_LOAD);
    await expect(row).toContainText('高');
    await expect(page.getByTestId('audit-rule-changing-SOD-TEMPLATE')).toHaveCount(0);
    await expect(page.getByTestId('audit-rules-add')).toHaveCount(0);
    await expect(page.getByTestId('audit-rule-edit-SOD-TEMPLATE')).toHaveCount(0);
    await page.getByTestId('audit-rules-run').click();
    await expect(page.getByText('检查完成')).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('audit-rules-last-run')).toContainText(/规则集版本 \S+\+\d+ · 运行于/);
    await page.screenshot({ path: join(ARTIFACTS, 'audit-rules-changed.png'), fullPage: true });

    await page.getByRole('tab', { name: /^例外/ }).click();
    const exception = page
      .getByTestId('audit-rules-exceptions')
      .getByRole('row')
      .filter({ hasText: `出纳临岗${stamp}` });
    await expect(exception).toContainText('节假日值班兼岗');
    await expect(exception).toContainText('生效中');
    await expect(exception).toContainText('系统管理员');
    await expect(exception).toContainText('主管李四');
    await expect(exception).toContainText('付款登记与付款审核不相容');
    // The auditor reads; revoking is for whoever may request an exception.
    await expect(page.getByTestId(`audit-exception-revoke-${asked.id}`)).toHaveCount(0);
    await page.screenshot({ path: join(ARTIFACTS, 'audit-rules-exceptions.png'), fullPage: true });
  });
  test('a change op_director returns is edited by op_admin in the rule form and resubmitted; approved, the revised rule shows', async ({ page, server }) => {
    const revisedName = `融资申请与融资审核须分岗${stamp}`;
    const adminApi = await apiSignIn(server.url, 'op_admin');
    const overview = await dataOf<{ rules: Array<{ id: string; dataVersion: number; definition: Record<string, unknown> }> }>(
      adminApi,
      AUDIT_RULES_API.overview,
    );
    const rule = overview.rules.find((r) => r.id === 'SOD-FINANCING')!;
    const { id: _id, ...definition } = rule.definition;
    await dataOf(adminApi, AUDIT_RULES_API.proposeChange, {
      action: 'update',
      ruleId: rule.id,
      dataVersion: rule.dataVersion,
      rule: { ...definition, severity: 'low' },
    });

    await signInAs(page, 'op_director');
    await page.goto('/op/task/todo');
    const todo = (await todoOfProcess(page, '审计规则变更')).locator('tbody tr.ant-table-row').filter({ hasText: 'SOD-FINANCING' });
    await todo.first().getByTestId('task-work').click();
    await expect(page.getByTestId('audit-rule-change-lines')).toContainText('低', FIRST_LOAD);
    await page.getByTestId('task-remark').fill('严重程度不宜降为低，名称请写明分岗');
    await page.getByTestId('task-reject').click();
    await expect(page.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    await signOutQuietly(page);
    await signInAs(page, 'op_admin');
    await page.goto('/op/task/todo');
    const returned = (await todoOfProcess(page, '审计规则变更')).locator('tbody tr.ant-table-row').filter({ hasText: 'SOD-FINANCING' });
    await expect(returned.first().getByTestId('task-returned-reason')).toHaveText('已退回：严重程度不宜降为低，名称请写明分岗', FIRST_LOAD);
    await returned.first().getByTestId('task-work').click();
    const form = page.getByTestId('resubmit-form');
    const name = form.getByLabel('规则名称', { exact: true });
    // What was proposed: the rule's name and the lowered severity, the functions as they are.
    await expect(name).toHaveValue('融资申请与融资审核不相容', FIRST_LOAD);
    const severity = form.locator('.ant-form-item').filter({ hasText: /^严重程度/ });
    await expect(severity).toContainText('低');
    await expect(form.getByTestId('audit-rule-form-a').getByLabel('职责名称')).toHaveValue('办理融资申请');
    await expect(form.getByTestId('audit-rule-permissions-a')).toContainText('融资资格申请 · 签约');
    await expect(form).not.toContainText('financing:application');
    await expect(page.getByTestId('task-pass')).toHaveText(/重新提交/);
    await expect(page.getByTestId('task-reject')).toHaveText(/撤\s*回/);
    await expect(page.getByTestId('history-timeline')).toContainText('严重程度不宜降为低');
    await page.screenshot({ path: join(ARTIFACTS, 'audit-rules-change-returned.png'), fullPage: true });

    // An emptied name is stopped in the form, nothing sent.
    await name.fill('');
    await page.getByTestId('task-pass').click();
    await expect(page.getByTestId('task-action-error')).toContainText('请先修正表单中标出的错误，再重新提交');
    await expect(form).toContainText('请填写规则名称');

    await name.fill(revisedName);
    await severity.locator('.ant-select').click();
    await (await openedDropdown(page)).locator('.ant-select-item-option').filter({ hasText: /^中$/ }).click();
    await page.getByTestId('task-remark').fill('已按意见修改');
    await page.getByTestId('task-pass').click();
    await expect(page.getByText('已重新提交').first()).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    await signOutQuietly(page);
    await signInAs(page, 'op_director');
    await page.goto('/op/task/todo');
    const review = (await todoOfProcess(page, '审计规则变更')).locator('tbody tr.ant-table-row').filter({ hasText: 'SOD-FINANCING' });
    await expect(review.first()).toContainText(`修改审计规则“${revisedName}”（SOD-FINANCING）`, FIRST_LOAD);
    await review.first().getByTestId('task-work').click();
    const lines = page.getByTestId('audit-rule-change-lines');
    await expect(lines.getByRole('row').filter({ hasText: '规则名称' })).toContainText(`融资申请与融资审核不相容${revisedName}`, FIRST_LOAD);
    await expect(lines.getByRole('row').filter({ hasText: '严重程度' })).toContainText('高中');
    await page.screenshot({ path: join(ARTIFACTS, 'audit-rules-change-resubmitted.png'), fullPage: true });
    await page.getByTestId('task-remark').fill('同意');
    await page.getByTestId('task-pass').click();
    await expect(page.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    // 审计规则 is the administrator's and the auditors' page: op_admin reads the revised rule in force.
    await signOutQuietly(page);
    await signInAs(page, 'op_admin');
    await page.goto('/op/system/audit-rules');
    const row = page.getByTestId('audit-rules-table').getByRole('row').filter({ hasText: 'SOD-FINANCING' });
    await expect(row).toContainText(revisedName, FIRST_LOAD);
    await expect(row).toContainText('中');
    await expect(page.getByTestId('audit-rule-changing-SOD-FINANCING')).toHaveCount(0);
    await page.screenshot({ path: join(ARTIFACTS, 'audit-rules-change-revised.png'), fullPage: true });
  });
});
