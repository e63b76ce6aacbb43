/**
 * Masked values and owned fields in the corporation area, as op_handler meets them (issue 37 items 2
 * and 3): op_handler, who sees the ID card and the mobile only masked, changes a core enterprise's
 * registered address under 企业管理 › 修改 and again under 企业变更 › 核心企业准入 › 修改, where the name
 * and the administrator are shown read-only with where they change (under 企业管理 also the legal person
 * and the ID card, which 核心企业准入 owns for a core enterprise, while an ordinary corporation's stay
 * editable there, their mask kept unless changed in full); op_director approves the
 * admission update from 待办; the address is new and the ID card and mobile are what they were. A
 * change still in approval shows on 企业管理 (tagged beside the name) and on 企业详情 (current beside proposed).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { dataOf, signInAs as apiSignIn, type ApiClient } from '../server/client';
import { desDecrypt } from '../../src/protocol/des';
import { expect, leaveUnsavedForm, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const RUN = randomUUID().slice(0, 6).toUpperCase();
const CORP = `遮蔽测试${RUN}建设集团有限公司`;
const ORDINARY = `遮蔽测试${RUN}建材有限公司`;
const ID_CARD = '11010519491231002X';
const MOBILE = '13812345678';
const FIRST_ADDRESS = '上海市浦东新区世纪大道100号';
const DIRECT_ADDRESS = `上海市浦东新区张江路${RUN}号`;
const APPROVED_ADDRESS = `上海市徐汇区漕溪北路${RUN}号`;

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `corp-masked-${name}.png`), fullPage: true });
const rowOf = (scope: Locator, text: string) => scope.locator('tbody tr.ant-table-row').filter({ hasText: text });

interface Proposal {
  change: { recordId: string };
  taskId: string | null;
}

/** Saving a proposal submits it (spec §4.5): its task already waits for a director; nothing for the handler to do. */
async function submitted(_handler: ApiClient, proposal: Proposal): Promise<void> {
  expect(proposal.taskId).toBeTruthy();
}

/** The corporation as op_admin (on the whitelist) reads it, its sensitive values opened. */
async function clearValues(admin: ApiClient, id: string): Promise<Record<string, unknown>> {
  const corp = await dataOf<Record<string, unknown> & { revealed: Record<string, string> }>(admin, '/op/v1/corporations/find-by-id', { id });
  return {
    registeredAddress: corp.registeredAddress,
    corpName: corp.corpName,
    managerName: corp.managerName,
    legalPersonIdCard: desDecrypt(corp.revealed.legalPersonIdCard, admin.sessionKey),
    managerMobile: desDecrypt(corp.revealed.managerMobile, admin.sessionKey),
  };
}

test("op_handler edits a corporation's address without seeing its ID card; the name and the administrator stay with their processes", async ({
  browser,
  server,
}) => {
  // A core enterprise of this test's own, admitted through its process.
  const [handlerApi, directorApi, adminApi] = await Promise.all(['op_handler', 'op_director', 'op_admin'].map((u) => apiSignIn(server.url, u)));
  const admission = await dataOf<Proposal>(handlerApi, '/op/v1/corporations/changes/core-admissions/save', {
    corpName: CORP,
    creditCode: `9131${RUN}MASK00000`.slice(0, 18),
    legalPersonName: '王建国',
    legalPersonIdCard: handlerApi.encrypt(ID_CARD),
    managerName: '李管理',
    managerMobile: handlerApi.encrypt(MOBILE),
    registeredAddress: FIRST_ADDRESS,
  });
  await submitted(handlerApi, admission);
  const [waiting] = (
    await dataOf<{ records: Array<{ id: string; businessKey: string }> }>(directorApi, '/op/v1/workflow/tasks/todo/page', { pageSize: 500 })
  ).records.filter((t) => t.businessKey === admission.change.recordId);
  await dataOf(directorApi, '/op/v1/workflow/tasks/complete', { taskId: waiting.id, outcome: 'PASS' });
  const id = admission.change.recordId;

  // An ordinary corporation (a supplier) beside it, whose legal person 企业管理 edits.
  await dataOf(handlerApi, '/op/v1/corporations/save', {
    corpName: ORDINARY,
    creditCode: `9131${RUN}ORDI00000`.slice(0, 18),
    corpTypes: ['SUPPLIER'],
    legalPersonName: '周明',
    legalPersonIdCard: handlerApi.encrypt(ID_CARD),
    managerName: '吴婷',
    managerMobile: handlerApi.encrypt(MOBILE),
    registeredAddress: FIRST_ADDRESS,
  });

  // 企业管理 › 修改 of the core enterprise: the name, the administrator, the legal person and the
  // masked ID card are read-only, each saying where it changes; the address is edited.
  const page = await as(browser, 'op_handler');
  await page.goto('/op/group/corporation');
  const list = page.getByTestId('corporations-list');
  await list.locator('form.kit-search').getByLabel('企业名称', { exact: true }).fill(CORP);
  await list.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(rowOf(list, CORP)).toBeVisible(FIRST_LOAD);
  await rowOf(list, CORP)
    .getByRole('button', { name: /修\s*改/ })
    .click();
  const form = page.getByRole('dialog');
  await expect(form.getByTestId('owned-legalPersonIdCard')).toHaveValue('1101****002X', FIRST_LOAD);
  await expect(form.getByTestId('owned-legalPersonIdCard')).toBeDisabled();
  await expect(form.getByTestId('owned-legalPersonName')).toHaveValue('王建国');
  await expect(form.getByTestId('owned-legalPersonName')).toBeDisabled();
  await expect(form).toContainText('核心企业的此项请在“核心企业准入”中变更');
  await expect(form.getByTestId('owned-corpName')).toHaveValue(CORP);
  await expect(form.getByTestId('owned-corpName')).toBeDisabled();
  await expect(form).toContainText('请在“企业自主更名”中变更');
  await expect(form.getByTestId('owned-managerMobile')).toHaveValue('1381****5678');
  await expect(form).toContainText('请在“管理员变更”中变更');
  await form.getByLabel('注册地址').fill(DIRECT_ADDRESS);
  await shot(page, 'corporation-edit');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('企业修改成功').first()).toBeVisible(FIRST_LOAD);
  await expect(form).toBeHidden();
  expect(await clearValues(adminApi, id)).toMatchObject({ registeredAddress: DIRECT_ADDRESS, legalPersonIdCard: ID_CARD, managerMobile: MOBILE });

  // An ordinary corporation's legal person is edited here; a mask the operator half edits is not taken for a value: the form says how to change it.
  await list.locator('form.kit-search').getByLabel('企业名称', { exact: true }).fill(ORDINARY);
  await list.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(rowOf(list, ORDINARY)).toBeVisible(FIRST_LOAD);
  await rowOf(list, ORDINARY)
    .getByRole('button', { name: /修\s*改/ })
    .click();
  const again = page.getByRole('dialog');
  await expect(again.getByLabel('法定代表人身份证号')).toHaveValue('1101****002X', FIRST_LOAD);
  await expect(again).toContainText('保持脱敏显示即不修改；如需修改，请清空后输入完整的法定代表人身份证号');
  await expect(again.getByLabel('法定代表人', { exact: true })).toBeEnabled();
  await expect(again).not.toContainText('核心企业准入');
  await again.getByLabel('法定代表人身份证号').press('End');
  await again.getByLabel('法定代表人身份证号').pressSequentially('1');
  await again.getByRole('button', { name: /确\s*定/ }).click();
  await expect(again).toContainText('法定代表人身份证号仍含脱敏字符（****）：请清空后输入完整的法定代表人身份证号，或取消修改');
  await expect(again).not.toContainText('请输入正确的身份证号码');
  await shot(page, 'corporation-edited-mask');
  await again.getByRole('button', { name: /取\s*消/ }).click();
  // Typed in, the form asks before dropping what was typed.
  await leaveUnsavedForm(page);

  // 企业变更 › 核心企业准入 › 修改: 企业名称 is not offered, the address goes for approval.
  await page.goto('/op/group/corp-change');
  await page.getByRole('tab', { name: '核心企业准入' }).click();
  const admissions = page.getByTestId('core-admissions-list');
  await expect(rowOf(admissions, CORP)).toBeVisible(FIRST_LOAD);
  await rowOf(admissions, CORP)
    .getByRole('button', { name: /修\s*改/ })
    .click();
  const change = page.getByRole('dialog');
  await expect(change.getByLabel('法定代表人身份证号')).toHaveValue('1101****002X', FIRST_LOAD);
  await expect(change.getByTestId('owned-corpName')).toBeDisabled();
  await expect(change.getByRole('textbox', { name: '企业名称' })).toHaveCount(0);
  await expect(change.getByTestId('owned-managerName')).toHaveValue('李管理');
  await change.getByLabel('注册地址').fill(APPROVED_ADDRESS);
  await shot(page, 'admission-edit');
  await change.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已提交审批，审批通过后生效').first()).toBeVisible(FIRST_LOAD);
  await expect(rowOf(admissions, CORP).getByTestId('pending-tag')).toBeVisible(FIRST_LOAD);
  const pending = await dataOf<{ pendingChange: { proposed: Record<string, unknown>; taskId?: string; instanceId: string } }>(
    handlerApi,
    '/op/v1/corporations/changes/core-admissions/find-by-id',
    { id },
  );
  expect(pending.pendingChange.proposed).toEqual({ registeredAddress: APPROVED_ADDRESS });
  const [own] = (
    await dataOf<{ records: Array<{ id: string; businessKey: string }> }>(handlerApi, '/op/v1/workflow/tasks/todo/page', { pageSize: 500 })
  ).records.filter((t) => t.businessKey === id);
  if (own) await submitted(handlerApi, { change: { recordId: id }, taskId: own.id });

  // op_director approves it from 待办, seeing the address change and no clear value.
  const director = await as(browser, 'op_director');
  await director.goto('/op/task/todo');
  const task = rowOf(director.getByTestId('task-todo-list'), CORP);
  await expect(task).toBeVisible(FIRST_LOAD);
  await task.getByTestId('task-work').click();
  const view = director.getByTestId('task-page');
  await expect(view.getByTestId('approval-change-view')).toContainText(APPROVED_ADDRESS, FIRST_LOAD);
  await expect(view).not.toContainText(ID_CARD);
  await shot(director, 'admission-task');
  await view.getByTestId('task-remark').fill('地址变更属实');
  await view.getByTestId('task-pass').click();
  await expect(view.getByTestId('task-actions')).toBeHidden(FIRST_LOAD);

  // The address is new; the ID card and the mobile are unchanged, and op_handler still sees them masked.
  expect(await clearValues(adminApi, id)).toEqual({
    registeredAddress: APPROVED_ADDRESS,
    corpName: CORP,
    managerName: '李管理',
    legalPersonIdCard: ID_CARD,
    managerMobile: MOBILE,
  });
  await page.goto(`/op/group/corporation/detail?id=${id}`);
  const basic = page.getByTestId('corporation-basic');
  await expect(basic).toContainText(APPROVED_ADDRESS, FIRST_LOAD);
  await expect(basic).toContainText('1101****002X');
  await expect(basic).toContainText('1381****5678');
  await expect(basic).not.toContainText(ID_CARD);
  // No real-name admission is filed for it: 未认证, not a blank.
  await expect(basic.locator('.ant-descriptions-item-label', { hasText: '实名状态' }).locator('+ .ant-descriptions-item-content')).toHaveText('未认证');
  await shot(page, 'detail-after');

  // 管理员变更 › 修改: a new name with the mobile left masked goes for approval, the mobile not in it.
  await page.goto('/op/group/corp-change');
  await page.getByRole('tab', { name: '管理员变更' }).click();
  const managers = page.getByTestId('corp-manager-changes-list');
  await expect(rowOf(managers, CORP)).toBeVisible(FIRST_LOAD);
  await rowOf(managers, CORP)
    .getByRole('button', { name: /修\s*改/ })
    .click();
  const manager = page.getByRole('dialog');
  await expect(manager.getByLabel('管理员手机号')).toHaveValue('1381****5678', FIRST_LOAD);
  await manager.getByLabel('管理员姓名').fill('周新管');
  await manager.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已提交审批，审批通过后生效').first()).toBeVisible(FIRST_LOAD);
  const proposed = await dataOf<{ pendingChange: { proposed: Record<string, unknown> } }>(handlerApi, '/op/v1/corporations/changes/manager/find-by-id', { id });
  expect(proposed.pendingChange.proposed).toEqual({ managerName: '周新管' });

  // The change in approval is not hidden where the corporation is read: 企业管理 tags it beside the
  // name, 企业详情 shows who proposed it and the administrator now beside the one proposed.
  await page.goto('/op/group/corporation');
  await list.locator('form.kit-search').getByLabel('企业名称', { exact: true }).fill(CORP);
  await list.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(rowOf(list, CORP).getByTestId('corporation-pending-tag')).toHaveText('管理员变更审批中', FIRST_LOAD);
  await shot(page, 'list-pending');
  await page.goto(`/op/group/corporation/detail?id=${id}`);
  const waitingChange = page.getByTestId('corporation-pending-change');
  await expect(waitingChange).toContainText('待生效的变更：管理员变更', FIRST_LOAD);
  await expect(waitingChange).toContainText('经办人张三');
  const managerLine = waitingChange.locator('tr[data-field="managerName"]');
  await expect(managerLine).toContainText('李管理');
  await expect(managerLine).toContainText('周新管');
  await expect(managerLine).toHaveAttribute('data-changed', 'true');
  await expect(waitingChange).not.toContainText(MOBILE);
  await shot(page, 'detail-pending');
});
