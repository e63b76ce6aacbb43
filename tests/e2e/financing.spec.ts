/**
 * Financing end to end (issue 18 item 7): op_handler selects a member supplier of 中建华东 and
 * starts a signing application, completes its signing information and uploads its materials
 * through the four upload pages to 资料上传成功, then submits it; op_director reviews each file from
 * 待办 in the task view and passes it; op_handler signs with the SMS code (read from the demo
 * outbox): 签约成功. The supplier's onboarding record shows the five steps done, and op_auditor
 * reads the materials with their verdicts on 融资资料查看. Screenshots in
 * test-results/e2e-artifacts/financing-*.png.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { smsCodesFor } from '../server/demo-outbox';
import { demoPdf } from '../../server/doc-review/demo-files';
import { expect, openedDropdown, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const GROUP = '中建华东建设集团有限公司';
const SUPPLIER = '嘉兴禾丰五金有限公司';
const SUPPLIER_ID = 'corp-demo-supplier-10';
const PRODUCT = '华东建设招银白条';

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `financing-${name}.png`), fullPage: true });

async function choose(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await (await openedDropdown(page)).locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

async function smsCodeFor(username: string, dataDir: string, before: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => (smsCodesFor(dataDir, username).length > before ? (code = smsCodesFor(dataDir, username).at(-1)) : undefined), FIRST_LOAD)
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Uploads one PDF on the current upload page and waits for it in the kind's list. */
async function uploadOn(page: Page, kind: string, name: string): Promise<void> {
  const screen = page.getByTestId(`finance-data-upload-${kind}`);
  await expect(screen.locator('input[type=file]')).toBeAttached(FIRST_LOAD);
  await screen.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: demoPdf(name) });
  await expect(screen.getByTestId('upload-kind-files').getByText(name)).toBeVisible(FIRST_LOAD);
}

/** 下一步 (完成上传 on the last) of one upload page: the tabs keep the visited pages mounted, hidden. */
const next = (page: Page, kind: string) => page.getByTestId(`finance-data-upload-${kind}`).getByTestId('upload-next').click();

test.describe.serial('financing qualification', () => {
  test.describe.configure({ timeout: 360_000 });

  test("start, complete, upload, review, approve and sign a supplier's signing application", async ({ browser, server }) => {
    const handler = await as(browser, 'op_handler');
    await handler.goto('/op/financing/sign-up/detail');
    const list = handler.getByTestId('financing-list');
    // The demo world: applications in every status.
    await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible(FIRST_LOAD);
    await expect(list.getByText('签约成功').first()).toBeVisible();
    await expect(list.getByText('已退回补正').first()).toBeVisible();
    await shot(handler, 'list');

    const start = handler.getByTestId('financing-start-form');
    await choose(handler, start.getByLabel('核心企业'), GROUP);
    await choose(handler, start.getByLabel('供应商'), SUPPLIER);
    await choose(handler, start.getByLabel('融资产品'), PRODUCT);
    await start.getByRole('button', { name: '发起签约申请' }).click();
    const view = handler.getByTestId('financing-application');
    await expect(view.getByTestId('financing-status')).toHaveText('待完善签约信息', FIRST_LOAD);
    await expect(view.getByTestId('signing-steps')).toHaveAttribute('data-current', '2');

    // Submitting too early is refused with the server's words.
    await view.getByRole('button', { name: '提交审核' }).click();
    await expect(handler.getByText('请先完善签约信息：申请融资金额（元）')).toBeVisible(FIRST_LOAD);

    const info = view.getByTestId('signing-info-form');
    await info.getByLabel('申请融资金额（元）').fill('1234567.89');
    await info.getByLabel('联系人', { exact: true }).fill('沈经理');
    await info.getByLabel('联系人手机号').fill('13700001234');
    await choose(handler, info.getByLabel('收款账户'), SUPPLIER);
    await view.getByRole('button', { name: '保存签约信息' }).click();
    await expect(handler.getByText('签约信息已保存')).toBeVisible(FIRST_LOAD);
    await expect(view.getByText('壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分')).toBeVisible(FIRST_LOAD);
    await shot(handler, 'application-draft');

    await view.getByRole('button', { name: '上传资料' }).click();
    await uploadOn(handler, 'BASIC_INFO', 'business-licence.pdf');
    await shot(handler, 'upload-auth');
    await next(handler, 'BASIC_INFO');
    await uploadOn(handler, 'BUSI_CONTRACT', 'purchase-contract.pdf');
    await next(handler, 'BUSI_CONTRACT');
    await uploadOn(handler, 'INVOICE', 'vat-invoice.pdf');
    await next(handler, 'INVOICE');
    await expect(handler.getByTestId('finance-data-upload-OTHER')).toBeVisible(FIRST_LOAD);
    await next(handler, 'OTHER');
    const success = handler.getByTestId('finance-data-success');
    await expect(success.getByText('资料上传成功')).toBeVisible(FIRST_LOAD);
    await shot(handler, 'upload-success');
    await success.getByRole('button', { name: '返回融资资格申请' }).click();

    await expect(view.getByTestId('financing-status')).toHaveText('待完善签约信息', FIRST_LOAD);
    await view.getByRole('button', { name: '提交审核' }).click();
    await expect(view.getByTestId('financing-status')).toHaveText('内部审核中', FIRST_LOAD);
    await expect(view.getByTestId('signing-steps')).toHaveAttribute('data-current', '3');
    await shot(handler, 'application-reviewing');

    // op_director: every file must be decided before the pass.
    const director = await as(browser, 'op_director');
    await director.goto('/op/task/todo');
    const row = director.getByTestId('task-todo-list').locator('tbody tr.ant-table-row').filter({ hasText: SUPPLIER });
    await row.getByTestId('task-work').click(FIRST_LOAD);
    const task = director.getByTestId('financing-task-view');
    await expect(task).toBeVisible(FIRST_LOAD);
    await director.getByTestId('task-remark').fill('资料齐全');
    await director.getByTestId('task-pass').click();
    await expect(director.getByText('还有 3 个文件待审核，请逐一审核后再通过')).toBeVisible(FIRST_LOAD);
    for (const kind of ['BASIC_INFO', 'BUSI_CONTRACT', 'INVOICE']) {
      await task
        .getByTestId(`materials-${kind}`)
        .getByRole('button', { name: /^通\s*过$/ })
        .click();
      await expect(task.getByTestId(`materials-${kind}`).getByTestId('verdict')).toHaveText('通过', FIRST_LOAD);
    }
    await shot(director, 'review');
    await director.getByTestId('task-pass').click();
    await expect(director.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

    // op_handler signs with the SMS code: 签约成功.
    await handler.reload();
    await expect(view.getByTestId('financing-status')).toHaveText('内部审核通过', FIRST_LOAD);
    await expect(view.getByTestId('signing-steps')).toHaveAttribute('data-current', '4');
    const before = smsCodesFor(server.dataDir, 'op_handler').length;
    await view.getByRole('button', { name: '确认签约' }).click();
    const modal = handler.getByRole('dialog', { name: '短信验证码签署' });
    await expect(modal).toBeVisible(FIRST_LOAD);
    await modal.getByTestId('sms-code-input').fill(await smsCodeFor('op_handler', server.dataDir, before));
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect(view.getByTestId('financing-status')).toHaveText('签约成功', FIRST_LOAD);
    await expect(view.locator('.ant-steps-item-finish')).toHaveCount(5);
    await shot(handler, 'signed');

    // The supplier's onboarding record shows the five steps, done.
    await handler.goto(`/op/group/corporation/detail?id=${SUPPLIER_ID}`);
    await handler.getByRole('tab', { name: '签约流程' }).click(FIRST_LOAD);
    const signing = handler.getByTestId('supplier-signing-application').filter({ hasText: PRODUCT });
    await expect(signing.getByTestId('financing-status')).toHaveText('签约成功', FIRST_LOAD);
    await expect(signing.locator('.ant-steps-item-finish')).toHaveCount(5);
    await shot(handler, 'onboarding-steps');
  });

  test('op_auditor reads the materials with their verdicts, and no write button', async ({ browser }) => {
    const auditor = await as(browser, 'op_auditor');
    await auditor.goto('/op/financing/sign-up/detail');
    const list = auditor.getByTestId('financing-list');
    await expect(auditor.getByTestId('financing-start-form')).toHaveCount(0);
    await list.locator('tbody tr.ant-table-row').filter({ hasText: '已退回补正' }).first().getByRole('button', { name: '查看' }).click(FIRST_LOAD);
    const view = auditor.getByTestId('financing-application');
    await expect(view.getByTestId('financing-status')).toHaveText('已退回补正', FIRST_LOAD);
    await expect(view.getByRole('button', { name: '提交审核' })).toHaveCount(0);
    await view.getByRole('button', { name: '查看资料' }).click();
    const detail = auditor.getByTestId('finance-data-detail');
    await expect(detail.getByTestId('materials-INVOICE').getByTestId('verdict')).toHaveText('不通过', FIRST_LOAD);
    await expect(detail.getByText('发票金额与合同金额不一致，请补充完整发票')).toBeVisible();
    await expect(detail.getByRole('button', { name: /^通\s*过$/ })).toHaveCount(0);
    await shot(auditor, 'detail-verdicts');
  });
});
