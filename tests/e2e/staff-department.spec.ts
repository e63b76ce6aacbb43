/**
 * Staff accounts belong to a department (issue 38 item 5), as op_admin meets it at 1366 px: 新增用户
 * offers 所属部门 as the organisation tree by name; the new account's row names its department; the
 * list filters by department; 组织机构 › 成员 lists the department's people with their positions;
 * removing that department is refused with 机构下仍有人员，不允许删除 and the department stays.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect as baseExpect, openedDropdown, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const expect = baseExpect.configure({ timeout: 30_000 });
const USERNAME = `risk_${randomUUID().slice(0, 6)}`;
const PERSON = '风控专员小林';

test.use({ viewport: { width: 1366, height: 900 } });

test('op_admin places a new account in a department and finds it among the department’s members', async ({ page }) => {
  await signIn(page, 'op_admin', PERSONAS.op_admin);
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.goto('/op/system/user');
  const list = page.getByTestId('staffs-list');
  await expect(list).toBeVisible();
  // The seeded personas already sit in the demo tree's departments.
  await expect(list.getByRole('row').filter({ hasText: 'op_handler' })).toContainText('业务审核组');

  await page.getByTestId('staff-create').click();
  const form = page.getByTestId('staff-form');
  await form.getByLabel('用户名').fill(USERNAME);
  await form.getByLabel('姓名').fill(PERSON);
  await form.getByLabel('初始密码').fill('Risk@2026!ok');
  // Without a department the form says so and sends nothing.
  await form.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(form.getByText('请选择所属部门').last()).toBeVisible();
  await form.getByTestId('staff-org').click();
  const tree = await openedDropdown(page);
  // The tree by names: the operating centre and its departments, nested.
  await expect(tree.getByTitle('供应链金融服务平台运营中心', { exact: true })).toBeVisible();
  await expect(tree.getByTitle('业务审核组', { exact: true })).toBeVisible();
  await page.screenshot({ path: join(ARTIFACTS, 'staff-department-picker-1366.png') });
  await tree.getByTitle('风险管理部', { exact: true }).click();
  await expect(form.getByTestId('staff-org')).toContainText('风险管理部');
  await form.getByTestId('staff-roles').click();
  await (await openedDropdown(page)).getByTitle('运营审计', { exact: true }).click();
  await form.getByText('新增用户').click();
  await form.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('用户已创建，首次登录须修改初始密码')).toBeVisible();
  const row = list.getByRole('row').filter({ hasText: USERNAME });
  await expect(row).toContainText('风险管理部');
  await page.screenshot({ path: join(ARTIFACTS, 'staff-department-list-1366.png'), fullPage: true });

  // 组织机构 › 风险管理部 › 成员: the new account and the director already there, by name and position.
  await page.goto('/op/system/dept');
  await page.getByTestId('org-members-RISK').click();
  const members = page.getByTestId('org-members');
  await expect(members).toContainText(PERSON);
  await expect(members.getByRole('row').filter({ hasText: '主管王五' })).toContainText('系统授权主管、部门授权主管');
  await expect(page.getByRole('dialog')).toContainText('风险管理部 · 成员');
  await page.screenshot({ path: join(ARTIFACTS, 'staff-department-members-1366.png') });
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Close|关闭/ })
    .click();
  await expect(members).toHaveCount(0);

  // A department with members cannot be removed: the server says why, and the department stays.
  await page.getByTestId('org-remove-RISK').click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '风险管理部' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('机构下仍有人员，不允许删除')).toBeVisible();
  await expect(page.getByTestId('org-table')).toContainText('风险管理部');
  await page.screenshot({ path: join(ARTIFACTS, 'staff-department-remove-refused-1366.png') });
});
