/**
 * Issue 26 end to end: the task view tells op_admin, who submitted a request, why it cannot approve
 * it (maker-checker); op_auditor finds a reveal of sensitive values in 操作日志, filtered by action.
 */
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { FILE_CALLS } from '../../src/lib/files';
import { REALNAME_CALLS } from '../../src/lib/realname';
import { dataOf, signInAs as apiSignIn } from '../server/client';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

test('the task view says why the maker cannot approve; the auditor finds reveals in the operation log', async ({ browser, server }) => {
  const admin = await apiSignIn(server.url, 'op_admin');
  // op_admin proposes a core-enterprise admission (a real record) and submits it: the review step is not its to take.
  const run = Date.now().toString(36).toUpperCase();
  const started = await dataOf<{ taskId: string }>(admin, '/op/v1/corporations/changes/core-admissions/save', {
    corpName: `制单审批分离建设集团${run}有限公司`,
    creditCode: `91330200MA2M${run.slice(-5).padStart(5, '0')}X`.slice(0, 18),
    legalPersonName: '陈海波',
    legalPersonIdCard: admin.encrypt('11010519491231002X'),
    managerName: '林晓',
    managerMobile: admin.encrypt('13812345678'),
    registeredAddress: '宁波市江北区1号',
  });
  // Saving submitted it: the task it answers is the review.
  const review = { task: { id: started.taskId } };

  const page = await as(browser, 'op_admin');
  await page.goto(`/op/task/view?taskId=${encodeURIComponent(review.task.id)}`);
  const why = page.getByTestId('task-not-workable');
  await expect(why).toBeVisible(FIRST_LOAD);
  await expect(why).toHaveText('您已提交该申请，不能审批');
  await expect(page.getByTestId('task-pass')).toHaveCount(0);
  await page.screenshot({ path: join(ARTIFACTS, 'maker-checker-task-view.png'), fullPage: true });

  // a whitelisted reveal, then the auditor's page
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6bfd' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)]), '营业执照.png');
  const licence = (await admin.upload<{ id: string }>(FILE_CALLS.upload, form)).body.data!.id;
  const record = await dataOf<{ id: string }>(admin, REALNAME_CALLS.save, {
    corpName: '宁波港城保理有限公司',
    creditCode: '91330201MA2H4ABC1Y',
    legalPersonName: '郑海',
    idCard: admin.encrypt('11010519491231002X'),
    mobilePhone: admin.encrypt('13812345678'),
    bankCard: admin.encrypt('6222021234567890123'),
    licenceFileId: licence,
  });
  await dataOf(admin, REALNAME_CALLS.findById, { id: record.id });

  const auditor = await as(browser, 'op_auditor');
  await auditor.goto('/op/system/operlog');
  const list = auditor.getByTestId('operation-logs-list');
  await expect(list).toBeVisible(FIRST_LOAD);
  // Its creation (issue 20) and the two answers in clear (the save's and the read's), newest first; fields by their labels.
  await expect(list.locator('tbody tr.ant-table-row').filter({ hasText: record.id })).toHaveCount(3, FIRST_LOAD);
  await expect(list.locator('tbody tr.ant-table-row').filter({ hasText: record.id }).filter({ hasText: '新增' })).toHaveCount(1);
  await expect(list.locator('tbody tr.ant-table-row').filter({ hasText: record.id }).first()).toContainText('查看敏感信息');
  await expect(list.locator('tbody tr.ant-table-row').filter({ hasText: record.id }).first()).toContainText('法定代表人身份证号、手机号码、对公银行账号');
  await expect(auditor.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
  await auditor.screenshot({ path: join(ARTIFACTS, 'operation-log-auditor.png'), fullPage: true });
});
