/**
 * Financing qualification over real HTTP (DOMAIN.md "Financing", src/lib/financing.ts): the demo
 * world's applications in every status; a supplier's signing application from the start to the
 * signature, with each refusal naming why and writing nothing; the qualification taking effect
 * only at the approved end; two directors approving at once, of whom exactly one wins; the return
 * path; and who may do what.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FINANCING_CALLS, FINANCING_SIGN_SCOPE, type FinancingApplication, type FinancingMaterial } from '../../src/lib/financing';
import { FILE_CALLS } from '../../src/lib/files';
import { CORPS } from '../../server/db/seed-data/personas';
import { financingApplications } from '../../server/db/schema';
import { demoPdf } from '../../server/doc-review/demo-files';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { smsCodesFor } from './demo-outbox';
import { sharedServer, type TestServer } from './server';

const WF = '/op/v1/workflow';
const GROUP = 'corp-demo-group';
const supplier = (n: number) => `corp-demo-supplier-${String(n).padStart(2, '0')}`;
/** This run's mark: a supplier holds one open application per product, and credit codes are unique, on a server other files and runs share. */
const RUN = randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase();
let supplierSeq = 0;

interface Supplier {
  id: string;
  corpName: string;
  /** Its own bank account, for the settlement. */
  accountId: string;
}

interface Found {
  application: FinancingApplication;
  materials: FinancingMaterial[];
  accounts: Array<{ id: string }>;
}
interface Submitted {
  application: FinancingApplication;
  instanceId: string;
  taskId: string | null;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let director2: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [handler, director, director2, auditor] = await Promise.all(['op_handler', 'op_director', 'op_director2', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});

const find = (id: string) => dataOf<Found>(auditor, FINANCING_CALLS.find, { id });
const refusal = async (client: ApiClient, path: string, json: unknown) => refusalOf(await client.call(path, { json }));

async function uploadPdf(name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(demoPdf(name))]), `${name}.pdf`);
  const answer = await handler.upload<{ id: string }>(FILE_CALLS.upload, form);
  expect(answer.body.code, answer.text).toBe('0');
  return answer.body.data!.id;
}

/**
 * A supplier of this test's own, attached to the demo group as its member customer, with a bank account: the
 * demo's suppliers would keep this run's applications open for the next run on the same server.
 */
async function newSupplier(): Promise<Supplier> {
  supplierSeq += 1;
  const corpName = `测试幕墙${RUN}${supplierSeq}有限公司`;
  const { id } = await dataOf<{ id: string }>(handler, '/op/v1/corporations/save', {
    corpName,
    creditCode: `91${RUN}${String(supplierSeq).padStart(4, '0')}`,
    corpTypes: ['SUPPLIER'],
  });
  await dataOf(handler, '/op/v1/group/units/save', { kind: 'MEMBER_CUSTOMER', parentId: 'unit-demo-group', corpId: id });
  const account = await dataOf<{ id: string }>(handler, '/op/v1/corporations/bank-accounts/save', {
    corpId: id,
    bankName: '招商银行',
    accountName: corpName,
    accountNo: handler.encrypt('6225880212345678'),
  });
  return { id, corpName, accountId: account.id };
}

/** A started application of a member supplier with its signing information and the three required kinds. */
async function readyApplication(s: Supplier, prdCode = 'CREDIT-HD-CMB'): Promise<FinancingApplication> {
  const started = await dataOf<FinancingApplication>(handler, FINANCING_CALLS.start, { supplierCorpId: s.id, coreCorpId: GROUP, prdCode });
  for (const kind of ['BASIC_INFO', 'BUSI_CONTRACT', 'INVOICE']) {
    await dataOf(handler, FINANCING_CALLS.addFiles, { applicationId: started.id, kind, fileIds: [await uploadPdf(`${kind}-${supplierSeq}`)] });
  }
  return dataOf<FinancingApplication>(handler, FINANCING_CALLS.update, {
    id: started.id,
    dataVersion: started.dataVersion,
    amount: '1000000.01',
    contactName: '测试联系人',
    contactMobile: '13800001111',
    settlementAccountId: s.accountId,
  });
}

/**
 * Asks for op_handler's signing code. The server sends a user one code a minute, whatever the scope (one
 * phone, one countdown), and on the shared server another file may just have signed as op_handler: a
 * refusal naming the seconds left is waited out, then asked again.
 */
async function applyForCode(scope: Record<string, unknown>) {
  for (let tries = 0; ; tries++) {
    const answer = await handler.call('/op/v1/authentication/signature/sms/apply', { json: scope });
    if (answer.body.code !== 'SMS_RESEND_TOO_SOON' || tries === 2) return answer;
    const seconds = Number(/\d+/.exec(answer.body.message ?? '')?.[0] ?? 60);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 200));
  }
}

/** Passes every file still waiting (a refused one keeps its verdict). */
async function passAll(client: ApiClient, applicationId: string): Promise<void> {
  for (const m of (await find(applicationId)).materials) {
    if (m.verdict === 'WAIT') await dataOf(client, FINANCING_CALLS.verdict, { id: m.id, verdict: 'PASS', dataVersion: m.dataVersion });
  }
}

describe('the demo world', () => {
  it('holds an application in every status, with materials and verdicts, readable by the auditor', async () => {
    // The demo's applications, one of each of suppliers 1 to 6, each its supplier's first: the newest of the list
    // are other files' and runs' on the shared server.
    const demo: FinancingApplication[] = [];
    for (let n = 1; n <= 6; n++)
      demo.push((await dataOf<{ records: FinancingApplication[] }>(auditor, FINANCING_CALLS.ofSupplier, { supplierCorpId: supplier(n) })).records.at(-1)!);
    expect(new Set(demo.map((r) => r.status))).toEqual(new Set(['DRAFT', 'REVIEWING', 'RETURNED', 'APPROVED', 'SIGNED', 'WITHDRAWN']));
    const page = await dataOf<{ records: FinancingApplication[]; total: number }>(auditor, FINANCING_CALLS.page, { pageSize: 50 });
    expect(page.total).toBeGreaterThanOrEqual(demo.length);
    const reviewing = demo.find((r) => r.status === 'REVIEWING')!;
    const found = await find(reviewing.id);
    expect(found.materials.map((m) => m.verdict)).toContain('PASS');
    expect(found.materials.map((m) => m.verdict)).toContain('WAIT');
    const returned = await find(demo.find((r) => r.status === 'RETURNED')!.id);
    expect(returned.materials.find((m) => m.kind === 'INVOICE')).toMatchObject({ verdict: 'NOPASS', remark: expect.stringContaining('发票') });
    const signed = demo.find((r) => r.status === 'SIGNED')!;
    expect(signed).toMatchObject({ signedBy: '经办人张三', settlementAccount: expect.any(String) });
    expect(signed.qualifiedAt).not.toBeNull();
    const todo = await dataOf<{ records: Array<{ processKey: string; businessKey: string }> }>(director, `${WF}/tasks/todo/page`, {
      processKey: 'Process_FINANCING_SIGN_UP',
      businessKey: reviewing.id,
    });
    expect(todo.records.map((t) => t.businessKey)).toContain(reviewing.id);
  });
});

describe('a signing application', () => {
  it('changes only the signing information sent: null or blank clears a field, one left out stays', async () => {
    const own = await newSupplier();
    const app = await dataOf<FinancingApplication>(handler, FINANCING_CALLS.start, { supplierCorpId: own.id, coreCorpId: GROUP, prdCode: 'RF-HD-CMB' });
    const first = await dataOf<FinancingApplication>(handler, FINANCING_CALLS.update, {
      id: app.id,
      dataVersion: app.dataVersion,
      amount: '100.00',
      contactName: '周工',
      remark: '首次填写',
    });
    const second = await dataOf<FinancingApplication>(handler, FINANCING_CALLS.update, {
      id: app.id,
      dataVersion: first.dataVersion,
      contactName: '  ',
      remark: null,
    });
    expect(second).toMatchObject({ amount: '100.00', contactName: null, remark: null, dataVersion: first.dataVersion + 1 });
    expect(await refusal(handler, FINANCING_CALLS.update, { id: app.id, amount: '1.00' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '数据版本不能为空',
    });
    expect(await refusal(auditor, FINANCING_CALLS.find, {})).toMatchObject({ code: 'VALIDATION_FAILED', message: '申请不能为空' });
  });

  it('is refused with a clear message when the parties do not fit, and nothing is written', async () => {
    const before = (await dataOf<{ total: number }>(auditor, FINANCING_CALLS.page, {})).total;
    // Supplier 13 is not attached to the group as a member customer.
    expect(await refusal(handler, FINANCING_CALLS.start, { supplierCorpId: supplier(13), coreCorpId: GROUP, prdCode: 'CREDIT-HD-CMB' })).toMatchObject({
      code: 'FINANCING_NOT_MEMBER',
      message: expect.stringContaining('不是中建华东建设集团有限公司集团的成员客户'),
    });
    expect(await refusal(handler, FINANCING_CALLS.start, { supplierCorpId: GROUP, coreCorpId: GROUP, prdCode: 'CREDIT-HD-CMB' })).toMatchObject({
      code: 'FINANCING_NOT_SUPPLIER',
      message: '所选企业不是供应商',
    });
    expect(await refusal(handler, FINANCING_CALLS.start, { supplierCorpId: supplier(7), coreCorpId: supplier(8), prdCode: 'CREDIT-HD-CMB' })).toMatchObject({
      code: 'FINANCING_NOT_CORE',
    });
    // A product still in its approval (CREDIT-HD-PLAT) is not in effect.
    expect(await refusal(handler, FINANCING_CALLS.start, { supplierCorpId: supplier(7), coreCorpId: GROUP, prdCode: 'CREDIT-HD-PLAT' })).toMatchObject({
      code: 'FINANCING_PRODUCT_UNKNOWN',
      message: '融资产品不存在或尚未审批生效',
    });
    expect(await refusal(handler, FINANCING_CALLS.start, { coreCorpId: GROUP, prdCode: 'CREDIT-HD-CMB' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '供应商不能为空',
    });
    // Supplier 5 has a draft for this product in the demo.
    expect(await refusal(handler, FINANCING_CALLS.start, { supplierCorpId: supplier(5), coreCorpId: GROUP, prdCode: 'CREDIT-HD-CMB' })).toMatchObject({
      code: 'FINANCING_APPLICATION_OPEN',
      message: expect.stringContaining('已有进行中的同产品签约申请'),
    });
    expect((await dataOf<{ total: number }>(auditor, FINANCING_CALLS.page, {})).total).toBe(before);
  });

  it('checks the signing information and refuses a submission until it and the required materials are complete', async () => {
    const own = await newSupplier();
    const app = await dataOf<FinancingApplication>(handler, FINANCING_CALLS.start, { supplierCorpId: own.id, coreCorpId: GROUP, prdCode: 'RF-HD-CMB' });
    expect(app).toMatchObject({ status: 'DRAFT', supplierName: own.corpName, coreName: '中建华东建设集团有限公司', instanceId: null });
    const update = (json: Record<string, unknown>) => refusal(handler, FINANCING_CALLS.update, { id: app.id, dataVersion: app.dataVersion, ...json });
    expect(await update({ amount: '-5' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '申请融资金额（元）格式不正确：只写数字，最多 14 位整数、2 位小数，不带正负号、空格、千分位或指数',
    });
    expect(await update({ amount: '0.001' })).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await update({ contactMobile: '12345' })).toMatchObject({ code: 'VALIDATION_FAILED', message: '请输入正确的手机号' });
    expect(await update({ settlementAccountId: `acct-${supplier(9)}` })).toMatchObject({
      code: 'FINANCING_ACCOUNT_NOT_SUPPLIERS',
      message: '收款账户须为该供应商自己的银行账户',
    });
    expect(await refusal(handler, FINANCING_CALLS.update, { id: app.id, dataVersion: app.dataVersion + 7, amount: '1.00' })).toMatchObject({
      code: 'DATA_VERSION_CONFLICT',
    });
    expect(await refusal(handler, FINANCING_CALLS.submit, { id: app.id, dataVersion: app.dataVersion })).toMatchObject({
      code: 'FINANCING_INFO_INCOMPLETE',
      message: '请先完善签约信息：申请融资金额（元）',
    });

    const saved = await dataOf<FinancingApplication>(handler, FINANCING_CALLS.update, {
      id: app.id,
      dataVersion: app.dataVersion,
      amount: '880000.10',
      contactName: '周工',
      contactMobile: '13900002222',
      settlementAccountId: own.accountId,
    });
    expect(saved).toMatchObject({ amount: '880000.10', dataVersion: app.dataVersion + 1 });
    expect(await refusal(handler, FINANCING_CALLS.submit, { id: app.id, dataVersion: saved.dataVersion })).toMatchObject({
      code: 'FINANCING_MATERIAL_MISSING',
      message: '请先上传基础资料',
    });
    expect(await refusal(handler, FINANCING_CALLS.addFiles, { applicationId: app.id, kind: 'PHOTO', fileIds: ['x'] })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '资料类型的值不在可选范围内：PHOTO',
    });
    expect(await refusal(handler, FINANCING_CALLS.addFiles, { applicationId: app.id, kind: 'BASIC_INFO', fileIds: [] })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '文件必须是 1 到 500 个记录 id 的列表',
    });
    expect(await refusal(handler, FINANCING_CALLS.addFiles, { applicationId: app.id, kind: 'BASIC_INFO', fileIds: ['no-such-file'] })).toMatchObject({
      code: 'NOT_FOUND',
      message: '上传的文件不存在，请重新上传',
    });
    const basic = await uploadPdf('basic');
    await dataOf(handler, FINANCING_CALLS.addFiles, { applicationId: app.id, kind: 'BASIC_INFO', fileIds: [basic] });
    expect(await refusal(handler, FINANCING_CALLS.submit, { id: app.id, dataVersion: saved.dataVersion })).toMatchObject({
      code: 'FINANCING_MATERIAL_MISSING',
      message: '请先上传商务合同',
    });
    const found = await find(app.id);
    expect(found.application).toMatchObject({ status: 'DRAFT', instanceId: null });
    expect(found.materials).toHaveLength(1);
    expect(found.materials[0]).toMatchObject({ kind: 'BASIC_INFO', verdict: 'WAIT', fileId: basic });
  });

  it('qualifies the supplier only when its approval ends; of two directors approving at once exactly one wins; signing needs the SMS code, once', async () => {
    const app = await readyApplication(await newSupplier());
    const submitted = await dataOf<Submitted>(handler, FINANCING_CALLS.submit, { id: app.id, dataVersion: app.dataVersion });
    expect(submitted.application).toMatchObject({ status: 'REVIEWING', qualifiedAt: null });
    const taskId = submitted.taskId!;
    // In review nothing is editable any more, and the handler gives no verdict.
    expect(await refusal(handler, FINANCING_CALLS.update, { id: app.id, dataVersion: submitted.application.dataVersion, amount: '1.00' })).toMatchObject({
      code: 'FINANCING_STATUS_NOT_ALLOWED',
      message: '申请当前状态为内部审核中，不能进行此操作',
    });
    const [first] = (await find(app.id)).materials;
    expect((await handler.call(FINANCING_CALLS.verdict, { json: { id: first.id, verdict: 'PASS', dataVersion: first.dataVersion } })).status).toBe(403);
    expect(await refusal(director, FINANCING_CALLS.verdict, { id: first.id, verdict: 'NOPASS', dataVersion: first.dataVersion })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '不通过时请填写审核意见',
    });
    expect(await refusal(director, `${WF}/tasks/complete`, { taskId, outcome: 'PASS' })).toMatchObject({
      code: 'FINANCING_FILES_WAITING',
      message: '还有 3 个文件待审核，请逐一审核后再通过',
    });
    await dataOf(director, FINANCING_CALLS.verdict, { id: first.id, verdict: 'NOPASS', remark: '执照已过期', dataVersion: first.dataVersion });
    expect(await refusal(director, FINANCING_CALLS.verdict, { id: first.id, verdict: 'PASS', dataVersion: first.dataVersion })).toMatchObject({
      code: 'DATA_VERSION_CONFLICT',
    });
    await passAll(director, app.id);
    expect(await refusal(director, `${WF}/tasks/complete`, { taskId, outcome: 'PASS' })).toMatchObject({ code: 'FINANCING_FILES_REFUSED' });
    const refused = (await find(app.id)).materials.find((m) => m.id === first.id)!;
    await dataOf(director, FINANCING_CALLS.verdict, { id: first.id, verdict: 'PASS', dataVersion: refused.dataVersion });
    expect((await find(app.id)).application).toMatchObject({ status: 'REVIEWING', qualifiedAt: null });

    const answers = await Promise.all([director, director2].map((c) => c.call(`${WF}/tasks/complete`, { json: { taskId, outcome: 'PASS', remark: '同意' } })));
    expect(answers.map((a) => a.body.code).sort()).toEqual(['0', 'TASK_COMPLETED']);
    const approved = (await find(app.id)).application;
    expect(approved).toMatchObject({ status: 'APPROVED', signedAt: null });
    expect(approved.qualifiedAt).not.toBeNull();

    expect(await refusal(handler, FINANCING_CALLS.sign, { id: app.id })).toMatchObject({
      code: 'SIGNATURE_REQUIRED',
      message: '签约需短信验证码签署，请先完成签署',
    });
    const scope = { businessKeys: [app.id], ...FINANCING_SIGN_SCOPE };
    expect((await applyForCode(scope)).body.code).toBe('0');
    const code = smsCodesFor(srv.filesDir, 'op_handler').at(-1);
    expect(
      (await handler.call('/op/v1/authentication/signature/sms/verify', { json: { ...scope, corpName: CORPS[1].corpName, verifyCode: code } })).body.code,
    ).toBe('0');
    const signs = await Promise.all([0, 1].map(() => handler.call(FINANCING_CALLS.sign, { json: { id: app.id } })));
    expect(signs.map((a) => a.body.code).sort()).toEqual(['0', 'FINANCING_STATUS_NOT_ALLOWED']);
    expect((await find(app.id)).application).toMatchObject({ status: 'SIGNED', signedBy: '经办人张三' });
  }, 150_000); // a minute's wait for the signing code at most (applyForCode), beside its own time

  it('returned by the director is editable again; a resubmission asks for a new verdict on the refused file only; a withdrawal ends it', async () => {
    const own = await newSupplier();
    const app = await readyApplication(own, 'CREDIT-HD-SUPPLY');
    const submitted = await dataOf<Submitted>(handler, FINANCING_CALLS.submit, { id: app.id, dataVersion: app.dataVersion });
    const materials = (await find(app.id)).materials;
    for (const m of materials) {
      await dataOf(
        director,
        FINANCING_CALLS.verdict,
        m.kind === 'INVOICE'
          ? { id: m.id, verdict: 'NOPASS', remark: '发票模糊', dataVersion: m.dataVersion }
          : { id: m.id, verdict: 'PASS', dataVersion: m.dataVersion },
      );
    }
    expect((await director.call(`${WF}/tasks/complete`, { json: { taskId: submitted.taskId, outcome: 'REJECT', remark: '请补正发票' } })).body.code).toBe('0');
    const returned = (await find(app.id)).application;
    expect(returned.status).toBe('RETURNED');
    const extra = await uploadPdf('invoice-b');
    await dataOf(handler, FINANCING_CALLS.addFiles, { applicationId: app.id, kind: 'INVOICE', fileIds: [extra] });
    const resubmitted = await dataOf<Submitted>(handler, FINANCING_CALLS.submit, { id: app.id, dataVersion: returned.dataVersion });
    expect(resubmitted.application.status).toBe('REVIEWING');
    const verdicts = Object.fromEntries((await find(app.id)).materials.map((m) => [m.fileName, m.verdict]));
    expect(Object.values(verdicts).filter((v) => v === 'WAIT')).toHaveLength(2);
    expect(Object.values(verdicts).filter((v) => v === 'PASS')).toHaveLength(2);

    // Rejected again, then withdrawn by the handler at Edit: WITHDRAWN, and a new application may start.
    expect((await director.call(`${WF}/tasks/complete`, { json: { taskId: resubmitted.taskId, outcome: 'REJECT', remark: '产品不符' } })).body.code).toBe('0');
    const edit = await dataOf<{ records: Array<{ id: string; businessKey: string }> }>(handler, `${WF}/tasks/todo/page`, {
      processKey: 'Process_FINANCING_SIGN_UP',
    });
    const back = edit.records.find((t) => t.businessKey === app.id)!;
    expect((await handler.call(`${WF}/tasks/complete`, { json: { taskId: back.id, outcome: 'REJECT', remark: '撤回' } })).body.code).toBe('0');
    expect((await find(app.id)).application).toMatchObject({ status: 'WITHDRAWN', qualifiedAt: null });
    expect(await refusal(handler, FINANCING_CALLS.sign, { id: app.id })).toMatchObject({ code: 'FINANCING_STATUS_NOT_ALLOWED' });
    const again = await dataOf<FinancingApplication>(handler, FINANCING_CALLS.start, {
      supplierCorpId: own.id,
      coreCorpId: GROUP,
      prdCode: 'CREDIT-HD-SUPPLY',
    });
    expect(again.status).toBe('DRAFT');
  });

  it('lets the auditor read and nothing else; directors review but do not start', async () => {
    expect((await auditor.call(FINANCING_CALLS.start, { json: { supplierCorpId: supplier(10), coreCorpId: GROUP, prdCode: 'CREDIT-HD-CMB' } })).status).toBe(
      403,
    );
    expect((await director.call(FINANCING_CALLS.start, { json: { supplierCorpId: supplier(10), coreCorpId: GROUP, prdCode: 'CREDIT-HD-CMB' } })).status).toBe(
      403,
    );
    expect((await auditor.call(FINANCING_CALLS.sign, { json: { id: 'x' } })).status).toBe(403);
    // Supplier 1's applications, all of them: the demo's one, and any another file made of it.
    const [{ n: held }] = await srv.database.db
      .select({ n: count() })
      .from(financingApplications)
      .where(eq(financingApplications.supplierCorpId, supplier(1)));
    expect(held).toBeGreaterThanOrEqual(1);
    const ofSupplier = (await dataOf<{ records: FinancingApplication[] }>(auditor, FINANCING_CALLS.ofSupplier, { supplierCorpId: supplier(1) })).records;
    expect(ofSupplier).toHaveLength(held);
    expect(ofSupplier.every((r) => r.supplierCorpId === supplier(1))).toBe(true);
    expect(await refusal(auditor, FINANCING_CALLS.find, { id: 'no-such' })).toMatchObject({ code: 'NOT_FOUND', message: '融资资格申请不存在' });
  });
});
