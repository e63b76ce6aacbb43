/**
 * The auditors' rules in Chromium (issue 41 item 6): op_auditor opens 审计规则 from the sidebar, runs
 * it, opens a finding's evidence (a role excepted from the payment rule, with the exception's reason
 * and the director who approved it) and exports the report as Excel and PDF; op_admin, building a
 * role that both records and audits payments, is refused with the rule and the pair named.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { AUDIT_RULES_API } from '../../src/lib/audit-rules';
import { PERMISSIONS } from '../../src/lib/permissions';
import { ROLE_CALLS } from '../../src/resources/staff';
import { dataOf, signInAs as apiSignIn } from '../server/client';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
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
      roleName, code: `ROLE_E2E_CASHIER_${stamp}`, status: '0', permissions: [PERMISSIONS.redemption.list, PERMISSIONS.redemption.add], menuIds: [],
    });
    const asked = await dataOf<{ id: string }>(adminApi, AUDIT_RULES_API.requestException, {
      ruleId: 'SOD-PAYMENT-RECORD-AUDIT', subjectType: 'role', subjectId: role.id, reason: '月末结账临时兼岗', expiresAt: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    });
    await dataOf(directorApi, AUDIT_RULES_API.approveException, { id: asked.id });
    await dataOf(adminApi, ROLE_CALLS.update, {
      id: role.id, dataVersion: role.dataVersion, roleName, status: '0', permissions: [PERMISSIONS.redemption.list, PERMISSIONS.redemption.add, PERMISSIONS.redemption.audit], menuIds: [],
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
    await expect(excepted).toContainText('credit:redeem:add');
    await expect(excepted).toContainText('credit:redeem:audit');
    await page.screenshot({ path: join(ARTIFACTS, 'audit-rules-evidence.png') });
    await page.keyboard.press('Escape');
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
    await tree.locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-title', { hasText: /^资产证券化$/ }) }).locator('.ant-tree-switcher').click();
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
});
