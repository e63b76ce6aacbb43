/**
 * Securitisation end to end (issues 19 and 37), as op_handler over the demo world: the locked first
 * package shows its figures and concentration chart, its pool within its cap; the second, still being
 * built, marks an overdue financed note as refused (not selectable) and the one eligible note as
 * passing the cap alone, which the server then refuses by debtor, share and cap (adding nothing), and
 * an empty package does not lock; the first package is not issued while its materials and its 获批 and
 * 发行 nodes are missing; two issue nodes are recorded in order after one dated before the previous is
 * refused, and 发行 waits for a locked pool; the registration list flags the pledge expiring within 30
 * days; the first package is pledged with the registry (number and certificate), extended and amended,
 * its history reading ¥ amounts and the person's name, a second pledge is refused with the registry's
 * reason, and the cancellation reads 有效 → 已注销 (labels, not codes).
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { confirmPopconfirm, expect, openedDropdown, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `abs-${name}.png`), fullPage: true });
const rows = (scope: Locator) => scope.locator('tbody tr.ant-table-row');
const dialog = (page: Page) => page.locator('.ant-modal-content:visible');
const pick = async (page: Page, field: Locator, option: string | RegExp) => {
  await field.click();
  await (await openedDropdown(page)).locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  // The closing dropdown stays :visible while it animates out; the next pick must not find its options.
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
};

/** Signed in as op_handler, the home page shown (the session is set before the next address is opened). */
async function asHandler(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1480, height: 1000 });
  await signIn(page, 'op_handler', PERSONAS.op_handler);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
}

test.describe.serial('securitisation and the central registry', () => {
  test.describe.configure({ timeout: 180_000 });

  test('asset packages: figures and chart within the cap, a one-debtor pool refused by debtor, share and cap, no lock or issue against the rules', async ({
    page,
  }) => {
    await asHandler(page);
    await page.goto('/op/abs/assets/assets-manage');
    const list = page.getByTestId('abs-packages');
    await expect(rows(list)).toHaveCount(2, FIRST_LOAD);
    await shot(page, 'packages');

    await rows(list).filter({ hasText: '第一期' }).click();
    const first = page.getByTestId('abs-package');
    await expect(first.getByText('已锁定')).toBeVisible(FIRST_LOAD);
    await expect(first.getByTestId('abs-concentration-chart').locator('canvas')).toBeVisible();
    await expect(first.getByText('加权平均剩余期限')).toBeVisible();
    // Two debtors, the larger at 61.54% under the 80% cap: a pool the rules allow, nothing marked above the cap.
    await expect(first.getByText('61.54%').first()).toBeVisible();
    await expect(first.getByText('超过上限')).toHaveCount(0);
    // Locked is not issued: the materials first (and then the 获批 and 发行 nodes, tested on the server).
    await first.getByTestId('abs-issue').click();
    await confirmPopconfirm(page, /确\s*定|OK/);
    await expect(page.locator('.ant-message').getByText('资产证券化资料尚未审核通过，不能发行')).toBeVisible(FIRST_LOAD);
    await expect(first.getByText('已锁定')).toBeVisible();
    await shot(page, 'package-locked');

    await page.goto('/op/abs/assets/assets-manage');
    await rows(page.getByTestId('abs-packages')).filter({ hasText: '第二期' }).click();
    const second = page.getByTestId('abs-package');
    const candidates = second.getByTestId('abs-candidates');
    await expect(rows(candidates)).toHaveCount(2, FIRST_LOAD);
    const overdue = rows(candidates).filter({ hasText: '不可入池：白条已逾期' });
    await expect(overdue).toHaveCount(1);
    await expect(overdue.locator('.ant-checkbox-input')).toBeDisabled();
    // The one eligible note would be one debtor at 100% against 50%: it may be picked, with a warning.
    const alone = rows(candidates).filter({ hasText: '单独入池将超过占比上限' });
    await expect(alone).toHaveCount(1);
    await expect(alone).toContainText('86,500.00');
    await shot(page, 'candidates');

    await alone.locator('.ant-checkbox-input').check();
    await second.getByTestId('abs-add-notes').click();
    await expect(page.locator('.ant-message').getByText(/白条不能入池：入池后单一债务人占比将超过上限（.+将占 100\.00%，上限 50\.00%）/)).toBeVisible(
      FIRST_LOAD,
    );
    const pool = second.getByTestId('abs-pool');
    await expect(rows(pool)).toHaveCount(0);
    await shot(page, 'concentration-refused');

    await second.getByTestId('abs-lock').click();
    await confirmPopconfirm(page, /确\s*定|OK/);
    await expect(page.locator('.ant-message').getByText('资产包中没有白条，不能锁定')).toBeVisible(FIRST_LOAD);
    await expect(second.getByText('构建中').first()).toBeVisible();
    await expect(second.getByTestId('abs-add-notes')).toBeVisible();
  });

  test('issue nodes: two recorded in order on the new package, one dated before the previous refused with the reason', async ({ page }) => {
    await asHandler(page);
    await page.goto('/op/abs/assets/issue-node-register');
    const nodes = page.getByTestId('abs-issue-nodes');
    await pick(page, nodes.locator('.ant-select'), '第二期');
    await expect(nodes.getByTestId('abs-node-PROJECT')).toContainText('未登记', FIRST_LOAD);
    const form = dialog(page);
    const record = async (node: string, date: string, remark: string) => {
      await nodes.getByTestId(`abs-node-${node}`).getByRole('button', { name: '登记' }).click();
      await form.getByLabel('节点日期').fill(date);
      await form.getByLabel('节点日期').press('Enter');
      await form.getByLabel('备注').fill(remark);
      await form.getByRole('button', { name: /确\s*定/ }).click();
    };
    await record('PROJECT', '2026-10-08', '计划管理人立项');
    await expect(page.locator('.ant-message').getByText('节点已登记')).toBeVisible(FIRST_LOAD);
    await expect(nodes.getByTestId('abs-node-PROJECT')).toContainText('2026-10-08');

    await record('ACCEPTED', '2026-10-01', '上海证券交易所受理');
    await expect(page.locator('.ant-message').getByText('“交易所受理”的日期不能早于“立项”（2026-10-08）')).toBeVisible(FIRST_LOAD);
    await form.getByLabel('节点日期').fill('2026-10-20');
    await form.getByLabel('节点日期').press('Enter');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect(nodes.getByTestId('abs-node-ACCEPTED')).toContainText('2026-10-20', FIRST_LOAD);
    await expect(nodes.getByTestId('abs-node-ACCEPTED')).toContainText('上海证券交易所受理');

    // 获批 may be dated while the pool is built; 发行 happens to a locked pool only.
    await record('APPROVED', '2026-10-25', '证监会获批');
    await expect(nodes.getByTestId('abs-node-APPROVED')).toContainText('2026-10-25', FIRST_LOAD);
    await record('ISSUED', '2026-10-28', '发行');
    await expect(page.locator('.ant-message').getByText('资产包锁定后才能登记“发行”节点')).toBeVisible(FIRST_LOAD);
    await form.getByRole('button', { name: /取\s*消/ }).click();
    await expect(nodes.getByTestId('abs-node-ISSUED')).toContainText('未登记');
    await shot(page, 'issue-nodes');
  });

  test('central registry: an expiring pledge flagged; a package registered with a certificate, extended, and refused a second time', async ({
    page,
    server,
  }) => {
    await asHandler(page);
    await page.goto('/op/zd-registration/management/register');
    const list = page.getByTestId('zd-registrations');
    await expect(rows(list)).toHaveCount(2, FIRST_LOAD);
    await expect(rows(list).filter({ hasText: '应收账款质押' }).getByTestId('zd-expiring')).toContainText(/\d+ 天后到期/);
    await shot(page, 'registrations');

    // The first package (locked, its transfer registered by the demo) pledged to a bank.
    const register = async () => {
      await list.getByTestId('zd-register').click();
      const form = dialog(page);
      await form.getByText('应收账款质押', { exact: true }).click();
      await pick(page, form.getByLabel('出让人/出质人'), '保理');
      await pick(page, form.getByLabel('受让人/质权人'), '中国工商银行');
      await form.getByText('资产包', { exact: true }).click();
      await pick(page, form.getByRole('combobox', { name: '资产包' }), '第一期');
      await form.getByLabel('登记金额（元）').fill('1000.00');
      await form.getByLabel('登记期限（年）').fill('2');
      await form.getByLabel('财产描述').fill('第一期资产包项下应收账款质押');
      await page.locator('#zd-register-submit').click();
      return form;
    };
    await register();
    await expect(page.locator('.ant-message').getByText(/登记成功，登记编号 ZD\d{16}/)).toBeVisible(FIRST_LOAD);
    const drawer = page.getByTestId('zd-detail');
    await expect(drawer).toBeVisible(FIRST_LOAD);
    await expect(drawer.getByTestId('zd-history')).toContainText('初始登记');

    // The certificate is a PDF the file service serves to the signed-in user, opened in a new tab. What
    // the tab then shows depends on the browser: Debian's Chromium opens its PDF viewer at that address,
    // the npm headless shell has no viewer and takes the PDF as a download (the tab keeps no address).
    // Both send the tab's navigation request for the granted address: that request is what is checked,
    // and its address is fetched again to read the PDF.
    const certificate = page.waitForEvent('popup');
    const opened = page.context().waitForEvent('request', { predicate: (request) => request.url().includes('/preview?grant='), timeout: FIRST_LOAD.timeout });
    await page.getByTestId('zd-certificate').click();
    const [pdf, request] = await Promise.all([certificate, opened]);
    expect(request.frame().page(), 'the certificate opens in the new tab').toBe(pdf);
    const answer = await page.request.get(request.url());
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/pdf');
    expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await pdf.close();

    await page.getByTestId('zd-extend').click();
    const extend = dialog(page);
    await extend.getByLabel('展期后期限（年）').fill('5');
    await page.locator('#zd-act-submit').click();
    await expect(page.locator('.ant-message').getByText('展期登记成功')).toBeVisible(FIRST_LOAD);
    await expect(drawer.getByTestId('zd-history')).toContainText('展期登记');
    await expect(drawer.getByTestId('zd-history')).toContainText('2 → 5');

    // An amendment's history reads amounts in the app's money format, and who acted by name.
    await page.getByTestId('zd-amend').click();
    const amend = dialog(page);
    await amend.getByLabel('登记金额（元）').fill('1500.50');
    await page.locator('#zd-act-submit').click();
    await expect(page.locator('.ant-message').getByText('变更登记成功')).toBeVisible(FIRST_LOAD);
    const history = drawer.getByTestId('zd-history');
    await expect(history).toContainText('登记金额（元）：¥1,000.00 → ¥1,500.50');
    await expect(history).toContainText('经办人张三');
    await expect(history).not.toContainText('op_handler');
    await expect(history).not.toContainText('1000.00');
    await shot(page, 'registration-detail');
    // The close button, not Escape: the drawer hears Escape only while focus is inside it, and an Escape
    // sent while the extension's dialog is still closing finds focus elsewhere (a CI run then waited 3 min
    // on the 登记 button under the drawer).
    await page.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();

    // The same package again: the registry says why it refuses, and nothing is added.
    await register();
    await expect(page.getByTestId('zd-register-error')).toContainText('中登登记被拒绝：登记财产已存在有效的同类登记', FIRST_LOAD);
    await shot(page, 'registry-refusal');
    await dialog(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await expect(rows(list)).toHaveCount(3);

    // Cancelled, the history reads the statuses by their labels, not REGISTERED → CANCELLED.
    await rows(list).filter({ hasText: '应收账款质押' }).filter({ hasText: '1,500.50' }).click();
    await expect(drawer).toBeVisible(FIRST_LOAD);
    await page.getByTestId('zd-cancel').click();
    await dialog(page).getByLabel('注销原因').fill('质押已解除');
    // The call's own answer is awaited and its body named in a failure: a CI run under load once saw no
    // 注销登记成功 toast, and a screenshot after 30 s could not say whether the call failed or was slow.
    const answered = page.waitForResponse((r) => r.url().includes('/zd-registrations/cancel') && r.request().method() === 'POST', { timeout: 60_000 });
    await page.locator('#zd-act-submit').click();
    const cancelAnswer = await answered;
    expect(cancelAnswer.status(), await cancelAnswer.text()).toBe(200);
    await expect(history).toContainText('状态：有效 → 已注销', FIRST_LOAD);
    await expect(history).not.toContainText(/REGISTERED|CANCELLED/);
    await shot(page, 'registration-cancelled');
    expect(server.url).toBeTruthy();
  });
});
