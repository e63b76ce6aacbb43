/**
 * A renaming shows everywhere the corporation is named (issue 37 item 1): a core enterprise standing
 * at the root of its own group tree, with a quota dispatched to its branch, and a supplier of it with a
 * financing application, are renamed through 企业自主更名 (op_handler proposes, op_director and
 * op_director2 review). op_auditor then finds the new names in 企业集团树管理, in 额度流水 (the
 * account's header and the branch's 对方单位), in 融资资格申请's list and application and in the
 * product's core enterprise (产品配置, searched by the new name). The set-up
 * and the renamings go through the same calls the screens make (the renaming screens have their own
 * journey, corporate-changes.spec.ts). Screenshots in test-results/e2e-artifacts/corp-rename-*.png.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { approveAll } from '../server/approve-all';
import { dataOf, signInAs as apiSignIn, type ApiClient } from '../server/client';
import { FINANCING_CALLS } from '../../src/lib/financing';
import { QUOTA_API } from '../../src/lib/quotas';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const CHANGES = '/op/v1/corporations/changes';
const TREE = '/op/v1/group/units';
// A demo supplier no other journey names, with its own demo application with 中建华东.
const SUPPLIER_ID = 'corp-demo-supplier-03';
const SUPPLIER_THEN = '常州金桥建材有限公司';
const SUPPLIER_NOW = '常州金桥新材料科技有限公司';
const CORE_THEN = '旭日建设集团有限公司';
const CORE_NOW = '旭日城建集团有限公司';
const BRANCH = '旭日建设第一分公司';
const PRODUCT_CODE = `E2E-XR-${randomUUID().slice(0, 6).toUpperCase()}`;
const PRODUCT_NAME = '旭日平台授信';
const TEMPLATE_LABEL = 'CREDIT-MASTER@2 授信协议标准文本';
const CALL_NOTE = `端到端：与旭日联系人确认准入资料 ${PRODUCT_CODE}`;
// The demo's approved payment, paid by 南京's project department (a unit with a name of its own).
const PAYMENT_SERIAL = 'ICBC2026111800519';
const PAYER_UNIT = 'unit-demo-dept-nj';

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `corp-rename-${name}.png`), fullPage: true });

test.describe.serial('a corporation renamed by two directors', () => {
  test.describe.configure({ timeout: 300_000 });
  let actors: ApiClient[];
  let handler: ApiClient;
  let corpId: string;
  let groupAccountId: string;
  let branchAccountId: string;

  test("set-up: a core enterprise with its group tree, a dispatched quota and a supplier's financing application", async ({ server }) => {
    actors = await Promise.all(['op_handler', 'op_director', 'op_director2'].map((u) => apiSignIn(server.url, u)));
    [handler] = actors;
    const admission = await dataOf<{ taskId: string; change: { recordId: string } }>(handler, `${CHANGES}/core-admissions/save`, {
      corpName: CORE_THEN,
      creditCode: `9133${randomUUID().slice(0, 8).toUpperCase()}E2E01`.slice(0, 17) + 'X',
      legalPersonName: '周旭日',
      legalPersonIdCard: handler.encrypt('11010519491231002X'),
      managerName: '吴管理',
      managerMobile: handler.encrypt('13812345678'),
      registeredAddress: '江苏省苏州市工业园区星湖街328号',
    });
    await approveAll(actors, admission.taskId);
    corpId = admission.change.recordId;
    const group = await dataOf<{ id: string }>(handler, `${TREE}/save`, { kind: 'GROUP', corpId });
    const branch = await dataOf<{ id: string }>(handler, `${TREE}/save`, { kind: 'BRANCH', parentId: group.id, unitName: BRANCH });
    await dataOf(handler, `${TREE}/save`, { kind: 'MEMBER_CUSTOMER', parentId: group.id, corpId: SUPPLIER_ID });

    const apply = await dataOf<{ taskId: string }>(handler, `${QUOTA_API}/requests/apply`, {
      kind: 'FINANCE',
      channel: 'FINANCE',
      grantorId: 'corp-demo-bank-icbc',
      unitId: group.id,
      amount: '2000000.00',
      termEnd: `${new Date().getFullYear() + 2}-12-31`,
      reason: '年度授信',
    });
    await approveAll(actors, apply.taskId);
    const accounts = async () =>
      (await dataOf<{ records: Array<{ id: string; unitId: string }> }>(handler, `${QUOTA_API}/accounts/page`, { pageSize: 100 })).records;
    groupAccountId = (await accounts()).find((a) => a.unitId === group.id)!.id;
    const dispatch = await dataOf<{ taskId: string }>(handler, `${QUOTA_API}/requests/dispatch`, {
      accountId: groupAccountId,
      reason: '按施工产值下发',
      lines: [{ unitId: branch.id, amount: '750000.00' }],
    });
    await approveAll(actors, dispatch.taskId);
    branchAccountId = (await accounts()).find((a) => a.unitId === branch.id)!.id;
    await dataOf(handler, FINANCING_CALLS.start, { supplierCorpId: SUPPLIER_ID, coreCorpId: corpId, prdCode: 'CREDIT-ICBC-E' });
    // A platform credit product of the new core enterprise: its parties name it by reference.
    const [version] = (
      await dataOf<{ records: Array<{ id: string }> }>(handler, '/op/v1/products/templates/page', {
        templateCode: 'CREDIT-MASTER',
        status: 'APPROVED',
        refLabel: 'CREDIT-MASTER@2',
      })
    ).records;
    const product = await dataOf<{ taskId: string }>(handler, '/op/v1/products/credit/core/save', {
      prdCode: PRODUCT_CODE,
      prdName: PRODUCT_NAME,
      prdShortName: '旭日授信',
      coreCorpId: corpId,
      tenorMinDays: 30,
      tenorMaxDays: 180,
      amountMin: '1000.00',
      amountMax: '2000000.00',
      templateVersionIds: [version.id],
    });
    await approveAll(actors, product.taskId);
    // op_admin (on the sensitive-data whitelist, the one who may call) calls the new core enterprise's contact from the hotline.
    const admin = await apiSignIn(server.url, 'op_admin');
    const call = await dataOf<{ id: string }>(admin, '/op/v1/hotline/start', { corpId });
    await dataOf(admin, '/op/v1/hotline/hang-up', { id: call.id });
    await dataOf(admin, '/op/v1/hotline/wrap-up', { id: call.id, note: CALL_NOTE });
  });

  test('before: the tree shows the names the corporations have now', async ({ browser }) => {
    const page = await as(browser, 'op_auditor');
    await page.goto('/op/group/corp-member-customer');
    await expect(page.getByTestId(`unit-${CORE_THEN}`)).toBeVisible(FIRST_LOAD);
    await page.getByPlaceholder('搜索单位名称').fill('旭日');
    await expect(page.getByTestId(`unit-${CORE_THEN}`)).toBeVisible();
    await shot(page, 'tree-before');
    await page.context().close();
  });

  test('op_handler renames both through 企业自主更名; op_director and op_director2 approve', async () => {
    for (const [id, corpName] of [
      [corpId, CORE_NOW],
      [SUPPLIER_ID, SUPPLIER_NOW],
    ] as const) {
      const record = await dataOf<{ dataVersion: number }>(handler, `${CHANGES}/renaming/find-by-id`, { id });
      const { taskId } = await dataOf<{ taskId: string }>(handler, `${CHANGES}/renaming/update-by-id`, { id, dataVersion: record.dataVersion, corpName });
      await approveAll(actors, taskId);
      expect((await dataOf<{ corpName: string }>(handler, `${CHANGES}/renaming/find-by-id`, { id })).corpName).toBe(corpName);
    }
  });

  test('the group tree names the root and the member customer by their new names', async ({ browser }) => {
    const page = await as(browser, 'op_auditor');
    await page.goto('/op/group/corp-member-customer');
    await expect(page.getByTestId(`unit-${CORE_NOW}`)).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId(`unit-${CORE_THEN}`)).toHaveCount(0);
    // The supplier hangs under 中建华东 and under the new group: both name it anew.
    await expect(page.getByTestId(`unit-${SUPPLIER_NOW}`).first()).toBeVisible();
    await expect(page.getByTestId(`unit-${SUPPLIER_THEN}`)).toHaveCount(0);
    await page.getByPlaceholder('搜索单位名称').fill('旭日');
    await expect(page.getByTestId(`unit-${BRANCH}`)).toBeVisible();
    await shot(page, 'tree-after');
    await page.context().close();
  });

  test("op_handler cannot rename the group in the tree: its name is the corporation's", async ({ browser }) => {
    const page = await as(browser, 'op_handler');
    await page.goto('/op/group/corp-member-customer');
    await page.getByTestId(`unit-${CORE_NOW}`).click(FIRST_LOAD);
    const rename = page.getByRole('button', { name: '重命名' });
    await expect(rename).toBeDisabled();
    await rename.hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText('该单位即企业本身，名称随企业自主更名变化');
    await shot(page, 'tree-rename-disabled');
    await page.getByTestId(`unit-${BRANCH}`).click();
    await expect(rename).toBeEnabled();
    await page.context().close();
  });

  test('the quota ledger names the account and the counterpart unit by the new name', async ({ browser }) => {
    const page = await as(browser, 'op_auditor');
    await page.goto(`/op/quota/ledger?accountId=${groupAccountId}`);
    await expect(page.getByTestId('ledger-account')).toContainText(CORE_NOW, FIRST_LOAD);
    await expect(page.getByTestId('ledger-account')).not.toContainText(CORE_THEN);
    await shot(page, 'ledger-group');
    await page.goto(`/op/quota/ledger?accountId=${branchAccountId}`);
    const ledger = page.getByTestId('quota-ledger');
    await expect(ledger.getByTestId('ledger-account')).toContainText(BRANCH, FIRST_LOAD);
    const row = ledger.locator('tbody tr.ant-table-row').filter({ hasText: '下拨' });
    await expect(row).toContainText(CORE_NOW);
    await expect(row).toContainText('750,000.00');
    await shot(page, 'ledger-branch');
    await page.context().close();
  });

  test('the financing applications name the supplier and the core enterprise anew, and are found by the new name', async ({ browser }) => {
    const page = await as(browser, 'op_auditor');
    await page.goto('/op/financing/sign-up/detail');
    const list = page.getByTestId('financing-list');
    await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible(FIRST_LOAD);
    await page.locator('form').getByLabel('供应商', { exact: true }).fill('金桥新材料');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const rows = list.locator('tbody tr.ant-table-row');
    // The demo's application with 中建华东 and the one with the renamed core enterprise.
    await expect(rows).toHaveCount(2, FIRST_LOAD);
    await expect(rows.filter({ hasText: SUPPLIER_NOW })).toHaveCount(2);
    const mine = rows.filter({ hasText: CORE_NOW });
    await expect(mine).toContainText('工银e信融资');
    await expect(list).not.toContainText(SUPPLIER_THEN);
    await shot(page, 'financing-list');
    await mine.getByRole('button', { name: /查\s*看/ }).click();
    const view = page.getByTestId('financing-application');
    await expect(view).toContainText(SUPPLIER_NOW, FIRST_LOAD);
    await expect(view).toContainText(CORE_NOW);
    await shot(page, 'financing-application');
    await page.context().close();
  });

  test('the product names its core enterprise anew, and is found by the new name', async ({ browser }) => {
    const page = await as(browser, 'op_auditor');
    await page.goto('/op/product/products');
    await page.getByRole('tab', { name: '核心企业平台授信产品', exact: true }).click();
    const list = page.getByTestId('products-credit-core-list');
    await page.locator('#products-credit-core-search_coreCorpId').fill('旭日城建');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const row = list.locator('tbody tr.ant-table-row').filter({ hasText: PRODUCT_NAME });
    await expect(row).toContainText(CORE_NOW, FIRST_LOAD);
    await expect(list).not.toContainText(CORE_THEN);
    // Its template versions are references too: named by CODE@version and name, never by an id.
    await expect(row).toContainText(TEMPLATE_LABEL);
    await expect(row).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await row.getByRole('button', { name: /查\s*看/ }).click();
    await expect(page.locator('.ant-drawer-body')).toContainText(TEMPLATE_LABEL, FIRST_LOAD);
    await shot(page, 'product-show');
    await page.keyboard.press('Escape');
    // A product still in approval is listed above by its code and its proposer's name, never a login.
    await expect(page.getByTestId('products-credit-core-pending-creations')).not.toContainText('op_handler');
    await shot(page, 'product');
    await page.context().close();
  });

  test("the hotline's call log names the corporation called by its new name", async ({ browser }) => {
    const page = await as(browser, 'op_auditor');
    await page.goto('/op/group/hotline-calls');
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: CALL_NOTE });
    await expect(row).toContainText(CORE_NOW, FIRST_LOAD);
    await expect(page.locator('tbody')).not.toContainText(CORE_THEN);
    await expect(row).not.toContainText(corpId);
    await shot(page, 'hotline-calls');
    await page.context().close();
  });

  test('a payment names its payer as the group tree names it now', async ({ browser }) => {
    type Unit = { id: string; unitName: string; dataVersion: number };
    const unit = async () => (await dataOf<Unit[]>(handler, `${TREE}/tree`, {})).find((u) => u.id === PAYER_UNIT)!;
    const rename = async (unitName: string) => dataOf(handler, `${TREE}/rename`, { id: PAYER_UNIT, dataVersion: (await unit()).dataVersion, unitName });
    const then = (await unit()).unitName;
    const now = `${then}（更名）`;
    // The department is renamed in the tree (a unit with its own name is renamed there; one standing for a corporation follows 企业自主更名).
    await rename(now);
    try {
      const page = await as(browser, 'op_director');
      await page.goto('/op/abs/credit-recycling-manage/audit');
      await page.locator('.ant-segmented-item').filter({ hasText: '已通过' }).click(FIRST_LOAD);
      const row = page.locator('tbody tr.ant-table-row').filter({ hasText: PAYMENT_SERIAL });
      await expect(row).toContainText(now, FIRST_LOAD);
      await row.getByRole('button', { name: /详\s*情/ }).click();
      const drawer = page.locator('.ant-drawer-body');
      await expect(drawer).toContainText(now, FIRST_LOAD);
      await expect(drawer).toContainText('27,000.00');
      await shot(page, 'payment');
      await page.context().close();
    } finally {
      // Other journeys of this worker pick the department by its demo name.
      await rename(then);
    }
  });
});
