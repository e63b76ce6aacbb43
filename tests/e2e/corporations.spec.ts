/**
 * Corporations end to end (issue 16): in the group tree op_handler drags a project department onto
 * another branch (confirmed, moved), drags a branch onto a project department and a unit holding quota
 * onto another branch (each refused with its reason before any confirmation, nothing moved); on a supplier's page a bank-account verification goes from
 * 认证中 to 认证成功 with the amount the stand-in bank paid (read from the demo outbox, the demo's
 * bank statement) after a wrong try the dialog counts down from the server; op_auditor sees the tree, the page and its history but no button.
 */
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { dataOf, signInAs as apiSignIn } from '../server/client';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { microPaymentsTo } from '../server/demo-outbox';
import { ARTIFACTS } from './support/server';
import { dragOnto } from './support/drag';

const FIRST_LOAD = { timeout: 30_000 };
const SUPPLIER = '杭州钱塘混凝土有限公司';

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `corporations-${name}.png`), fullPage: true });
const unit = (page: Page, name: string) => page.getByTestId(`unit-${name}`);

interface TreeUnit {
  id: string;
  parentId: string | null;
  unitName: string;
}

test('the group tree moves a project department by drag and drop and refuses a move that breaks a rule', async ({ browser, server }) => {
  const page = await as(browser, 'op_handler');
  await page.goto('/op/group/corp-member-customer');
  await expect(unit(page, '杭州地铁十号线项目部')).toBeVisible(FIRST_LOAD);
  const api = await apiSignIn(server.url, 'op_handler');
  const parentOf = async (name: string) => {
    const units = await dataOf<TreeUnit[]>(api, '/op/v1/group/units/tree', {});
    return units.find((u) => u.id === units.find((x) => x.unitName === name)!.parentId)!.unitName;
  };
  expect(await parentOf('杭州地铁十号线项目部')).toBe('中建华东第一分公司');

  await dragOnto(page, unit(page, '杭州地铁十号线项目部'), unit(page, '中建华东华南分公司'));
  const confirm = page.getByRole('dialog').filter({ hasText: '确认移动' });
  await expect(confirm).toContainText('确认将“杭州地铁十号线项目部”移动到“中建华东华南分公司”下吗？');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('移动成功')).toBeVisible();
  await expect(confirm).toBeHidden();
  expect(await parentOf('杭州地铁十号线项目部')).toBe('中建华东华南分公司');

  // A move that breaks the tree's rules is refused before anything is asked (src/lib/corporations moveRuleBroken,
  // the server's own rule): one message, no confirmation.
  await dragOnto(page, unit(page, '中建华东第一分公司'), unit(page, '广州白云机场三期项目部'));
  const ruleToast = page.locator('.ant-message-notice').filter({ hasText: '该类型的单位不能挂在此上级下' });
  await expect(ruleToast).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot(page, 'tree-move-refused');
  expect(await parentOf('中建华东第一分公司')).toBe('中建华东建设集团有限公司');

  // A unit that still holds quota: the server's move-check refuses it, again before any confirmation.
  await dragOnto(page, unit(page, '南京江北新区安置房项目部'), unit(page, '中建华东华南分公司'));
  const holdsToast = page.locator('.ant-message-notice').filter({ hasText: /“南京江北新区安置房项目部”仍持有额度 ¥[\d,]+\.\d{2}，请先释放后再移动/ });
  await expect(holdsToast).toHaveCount(1, FIRST_LOAD);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot(page, 'tree-move-holds');
  expect(await parentOf('南京江北新区安置房项目部')).toBe('中建华东第一分公司');

  await page.getByPlaceholder('搜索单位名称').fill('项目部');
  await expect(unit(page, '深圳前海综合管廊项目部')).toBeVisible();
  await expect(unit(page, SUPPLIER)).toHaveCount(0);
  await page.getByPlaceholder('搜索单位名称').fill('');
  await shot(page, 'tree');
});

test('a bank-account verification goes from authenticating to success with the paid amount', async ({ browser, server }) => {
  const api = await apiSignIn(server.url, 'op_admin');
  const corp = (await dataOf<{ records: Array<{ id: string }> }>(api, '/op/v1/corporations/page', { corpName: SUPPLIER })).records[0];
  const page = await as(browser, 'op_handler');
  await page.goto(`/op/group/corporation/detail?id=${corp.id}`);
  await expect(page.getByTestId('verification-banner')).toBeVisible(FIRST_LOAD);
  await page.getByRole('tab', { name: '银行账户' }).click();
  const accountNo = (await page.getByTestId('account-no').first().innerText()).replace(/\s/g, '');
  expect(accountNo).toMatch(/^\d{4}\*{4}\d{4}$/);
  await page.getByRole('tab', { name: '认证信息' }).click();
  await page.getByRole('button', { name: /发起打款认证/ }).click();
  const table = page.getByTestId('verification-table');
  const row = table.locator('tbody tr').filter({ hasText: '银行账户认证' }).first();
  await expect(row).toContainText('认证中');
  await expect(row).toContainText('剩余 3 次');
  await expect(page.getByTestId('verification-banner')).toContainText('银行账户认证：认证中');

  let amount: string | undefined;
  // The stand-in bank's statement: the demo outbox of this server's data folder.
  await expect.poll(() => (amount = microPaymentsTo(server.dataDir, accountNo.slice(-4)).at(-1))).toMatch(/^0\.\d\d$/);
  await row.getByRole('button', { name: '确认金额' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '确认打款金额' });
  await expect(dialog).toContainText('还有 3 次机会（共 3 次）');
  // A wrong try: refused, counted, and the dialog stays open saying the tries the server has left.
  await dialog.getByLabel('到账金额（元）').fill(amount === '0.01' ? '0.02' : '0.01');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message')).toContainText('金额不正确，还可再试 2 次');
  await expect(row).toContainText('剩余 2 次');
  await expect(dialog).toContainText('还有 2 次机会（共 3 次）');
  await expect(dialog.getByLabel('到账金额（元）')).toHaveValue('');
  for (const width of [1366, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS, `corporations-micro-payment-wrong-${width}.png`) });
  }
  await dialog.getByLabel('到账金额（元）').fill(amount!);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toContainText('认证成功');
  await expect(page.getByTestId('verification-banner')).toContainText('银行账户认证：认证成功');
  await shot(page, 'page');
});

test('op_auditor sees the tree, the corporation page and its history, and no button', async ({ browser, server }) => {
  const page = await as(browser, 'op_auditor');
  await page.goto('/op/group/corp-member-customer');
  await expect(unit(page, '中建华东第一分公司')).toBeVisible(FIRST_LOAD);
  await unit(page, '中建华东第一分公司').click();
  for (const name of ['新增集团', '新增下级', '重命名', '移除']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expect(page.locator('.ant-tree-treenode[draggable="true"], .ant-tree-node-content-wrapper[draggable="true"]')).toHaveCount(0);

  const api = await apiSignIn(server.url, 'op_admin');
  const corp = (await dataOf<{ records: Array<{ id: string }> }>(api, '/op/v1/corporations/page', { corpName: '苏州恒远钢材' })).records[0];
  await page.goto(`/op/group/corporation/detail?id=${corp.id}`);
  await expect(page.getByTestId('verification-banner')).toContainText('银行账户认证：认证中', FIRST_LOAD);
  await expect(page.getByTestId('corporation-basic')).toContainText('****');
  await page.getByRole('tab', { name: '认证信息' }).click();
  await expect(page.getByTestId('verification-table')).toBeVisible();
  await expect(page.getByRole('button', { name: /发起认证|发起打款认证|确认金额|查询结果/ })).toHaveCount(0);
  await page.getByRole('tab', { name: '银行账户' }).click();
  await expect(page.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
  await page.getByRole('tab', { name: '变更历史' }).click();
  await expect(page.getByText('暂无变更记录').or(page.getByTestId('corporation-history'))).toBeVisible();
  await shot(page, 'auditor');
});
