/**
 * Real-name admission end to end (issue 6): op_handler fills and submits an application with a
 * licence upload; op_director passes the initial review with the SMS code (read from the server's
 * demo outbox), op_director2 the second; the record shows 已通过. A second application rejected by
 * op_director goes back to op_handler with the remark visible. op_auditor sees the history and no
 * action buttons.
 */
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { FILE_CALLS } from '../../src/lib/files';
import { REALNAME_CALLS } from '../../src/lib/realname';
import { signInAs as apiSignIn } from '../server/client';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { smsCodesFor } from '../server/demo-outbox';
import { ARTIFACTS } from './support/server';

/** A first load fetches the lazy page chunk, its dictionaries and its data. */
const FIRST_LOAD = { timeout: 30_000 };
const APPROVED_CORP = '上海浦江供应链管理有限公司';
const REJECTED_CORP = '杭州钱塘保理服务有限公司';
const REJECT_REMARK = '营业执照已过期，请上传最新版本';

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `realname-${name}.png`), fullPage: true });

const licencePng = () =>
  sharp({ create: { width: 640, height: 420, channels: 3, background: '#f4f1e8' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="640" height="420"><rect x="20" y="20" width="600" height="380" fill="none" stroke="#c0392b" stroke-width="6"/><text x="320" y="120" font-size="48" text-anchor="middle" fill="#c0392b">BUSINESS LICENCE</text></svg>',
        ),
        top: 0,
        left: 0,
      },
    ])
    .png()
    .toBuffer();

/** The newest SMS code the server delivered to a user, read from its demo outbox. */
async function smsCodeFor(username: string, dataDir: string): Promise<string> {
  let code: string | undefined;
  await expect.poll(() => (code = smsCodesFor(dataDir, username).at(-1)), FIRST_LOAD).toMatch(/^\d{6}$/);
  return code!;
}

/** Opens the task centre's 待办 and works the task about this corporation. */
async function workTask(page: Page, corpName: string): Promise<void> {
  await page.goto('/op/task/todo');
  const row = page.getByTestId('task-todo-list').locator('tbody tr.ant-table-row').filter({ hasText: corpName });
  await row.getByTestId('task-work').click(FIRST_LOAD);
  await expect(page.getByTestId('realname-detail')).toBeVisible(FIRST_LOAD);
}

test.describe('real-name admission (issue 6)', () => {
  test.describe.configure({ timeout: 180_000, mode: 'serial' });

  test('op_handler submits, op_director passes the initial review with the SMS code, op_director2 the second: 已通过', async ({ browser, server }) => {
    // Three personas sign in and each first load fetches its chunks: the longest story of the suite.
    test.setTimeout(360_000);
    const handler = await as(browser, 'op_handler');
    await handler.goto('/op/admit/realname');
    await expect(handler.getByTestId('realname-records-list')).toBeVisible(FIRST_LOAD);
    await handler.getByTestId('realname-create').click();
    const form = handler.getByTestId('realname-form');
    await expect(form).toBeVisible(FIRST_LOAD);

    // A bad value is refused beside its field before anything is sent.
    await form.getByLabel('手机号码', { exact: true }).fill('12812345678');
    await form.getByTestId('realname-submit').click();
    await expect(form.getByText('请输入正确的手机号码')).toBeVisible();
    await shot(handler, 'refused-field');

    const values: Record<string, string> = {
      企业名称: APPROVED_CORP,
      统一社会信用代码: '91310115MA1K4ABC2X',
      法定代表人姓名: '陈立明',
      法定代表人身份证号: '11010519491231002X',
      手机号码: '13812345678',
      对公银行账号: '6222021234567890123',
    };
    for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
    await form.locator('input[type=file]').setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: await licencePng() });
    await expect(form.locator('.ant-upload-list-item-done, .ant-upload-list-item').first()).toBeVisible(FIRST_LOAD);
    await expect(form.locator('.ant-upload-list-item-uploading')).toHaveCount(0, FIRST_LOAD);
    await shot(handler, 'add');
    await form.getByTestId('realname-submit').click();

    const detail = handler.getByTestId('realname-detail');
    await expect(detail).toBeVisible(FIRST_LOAD);
    await expect(detail.getByText('待初审')).toBeVisible(FIRST_LOAD);
    // Masked for the handler (spec 5.5).
    await expect(detail.getByTestId('realname-idCard')).toHaveText('1101****002X');
    await expect(detail.getByTestId('realname-mobilePhone')).toHaveText('1381****5678');

    const director = await as(browser, 'op_director');
    await workTask(director, APPROVED_CORP);
    await shot(director, 'oapprove');
    await director.getByTestId('task-pass').click();
    const modal = director.getByRole('dialog', { name: '短信验证码签署' });
    await expect(modal).toBeVisible(FIRST_LOAD);
    await modal.getByTestId('sms-code-input').fill(await smsCodeFor('op_director', server.dataDir));
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect(director.getByTestId('realname-detail').getByText('待复审')).toBeVisible(FIRST_LOAD);
    await expect(director.getByTestId('task-actions')).toHaveCount(0);

    const director2 = await as(browser, 'op_director2');
    await workTask(director2, APPROVED_CORP);
    await shot(director2, 'mapprove');
    await director2.getByTestId('task-pass').click();
    await expect(director2.getByTestId('realname-detail').getByText('已通过')).toBeVisible(FIRST_LOAD);

    await handler.goto('/op/admit/realname');
    const row = handler.getByTestId('realname-records-list').locator('tbody tr.ant-table-row').filter({ hasText: APPROVED_CORP });
    await expect(row.getByText('已通过')).toBeVisible(FIRST_LOAD);
    // Nothing is left to edit or submit once approved.
    await expect(row.getByRole('button', { name: /编\s*辑|提\s*交/ })).toHaveCount(0);
    await shot(handler, 'list');

    // 我发起的 → 查看: the shared task view shows the admission through the real-name area's own task view
    // (declared in its pages.ts, found by the task-component registry), the record as its check page shows it.
    await handler.goto('/op/task/started');
    const started = handler.getByTestId('task-started-list').locator('tbody tr.ant-table-row').filter({ hasText: APPROVED_CORP });
    await expect(started).toContainText('已通过', FIRST_LOAD);
    await started.getByTestId('task-view').click();
    const record = handler.getByTestId('task-record');
    await expect(record.getByTestId('realname-detail').getByText('已通过')).toBeVisible(FIRST_LOAD);
    await expect(record.getByTestId('realname-idCard')).toHaveText('1101****002X');
    await expect(handler.getByTestId('task-actions')).toHaveCount(0);
    await shot(handler, 'task-view');
  });

  test('a reject by op_director returns the application to op_handler with the remark', async ({ browser, server }) => {
    const api = await apiSignIn(server.url, 'op_handler');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await licencePng())]), 'licence.png');
    const licenceFileId = (await api.upload<{ id: string }>(FILE_CALLS.upload, form)).body.data!.id;
    const saved = await api.call<{ id: string }>(REALNAME_CALLS.save, {
      json: {
        corpName: REJECTED_CORP,
        creditCode: '91330100MA2H000001',
        legalPersonName: '周晓燕',
        licenceFileId,
        idCard: api.encrypt('11010519491231002X'),
        mobilePhone: api.encrypt('13900001111'),
        bankCard: api.encrypt('31000000000000000001'),
      },
    });
    expect((await api.call(REALNAME_CALLS.submit, { json: { id: saved.body.data!.id } })).body.code).toBe('0');

    const director = await as(browser, 'op_director');
    await workTask(director, REJECTED_CORP);
    await director.getByTestId('task-remark').fill(REJECT_REMARK);
    await director.getByTestId('task-reject').click();
    await expect(director.getByTestId('realname-detail').getByText('已驳回')).toBeVisible(FIRST_LOAD);

    const handler = await as(browser, 'op_handler');
    await handler.goto('/op/admit/realname');
    const row = handler.getByTestId('realname-records-list').locator('tbody tr.ant-table-row').filter({ hasText: REJECTED_CORP });
    await expect(row.getByText('已驳回')).toBeVisible(FIRST_LOAD);
    await row.getByRole('button', { name: /查\s*看/ }).click();
    await expect(handler.getByTestId('realname-reject-remark')).toContainText(REJECT_REMARK, FIRST_LOAD);
    await expect(handler.getByTestId('realname-check').getByText(`驳回意见：${REJECT_REMARK}`)).toBeVisible(FIRST_LOAD);
    await shot(handler, 'check-rejected');

    await handler.getByRole('button', { name: /编\s*辑/ }).click();
    await expect(handler.getByTestId('realname-form').getByTestId('realname-reject-remark')).toContainText(REJECT_REMARK, FIRST_LOAD);
    // Sensitive values come masked and stay so unless retyped.
    await expect(handler.getByLabel('手机号码', { exact: true })).toHaveValue('1390****1111');
    await shot(handler, 'edit-rejected');
  });

  test('op_auditor opens an application, sees its history and no action', async ({ browser }) => {
    const auditor = await as(browser, 'op_auditor');
    await auditor.goto('/op/admit/realname');
    const list = auditor.getByTestId('realname-records-list');
    await expect(list).toBeVisible(FIRST_LOAD);
    await expect(auditor.getByTestId('realname-create')).toHaveCount(0);
    const row = list.locator('tbody tr.ant-table-row').filter({ hasText: APPROVED_CORP });
    await expect(row.getByRole('button', { name: /编\s*辑|提\s*交|删\s*除/ })).toHaveCount(0, FIRST_LOAD);
    await row.getByRole('button', { name: /查\s*看/ }).click();

    const check = auditor.getByTestId('realname-check');
    await expect(check.getByText('已通过')).toBeVisible(FIRST_LOAD);
    const history = check.locator('.ant-timeline');
    await expect(history.getByText('初审 · 通过')).toBeVisible(FIRST_LOAD);
    await expect(history.getByText('复审 · 通过')).toBeVisible();
    await expect(history.getByText(/主管王五/).first()).toBeVisible();
    await expect(check.getByRole('button', { name: /编\s*辑/ })).toHaveCount(0);
    await expect(auditor.getByTestId('task-actions')).toHaveCount(0);
    await shot(auditor, 'check-auditor');
  });
});
