/**
 * Real-name admission over real HTTP: every field's rule refuses bad input and changes nothing;
 * sensitive values are sealed at rest, answered masked (in full, DES-encrypted, to the whitelist),
 * and a masked value left out keeps the stored one; the record's status follows Process_CORP_ADMIT
 * through both reviews, rejects and resubmission; four-eyes and the auditor's read-only role hold.
 */
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_CALLS } from '../../src/lib/files';
import { maskValue } from '../../src/lib/masking';
import { REALNAME_CALLS, REALNAME_STATUS, type RealnameRecord } from '../../src/lib/realname';
import { SMS_RESEND_WAIT_MS } from '../../src/lib/sms-sign';
import { desDecrypt } from '../../src/protocol/des';
import { realnameRecords } from '../../server/db/schema';
import { refusalOf, signInAs, type ApiClient, type ApiResponse } from './client';
import { smsCodesFor } from './demo-outbox';
import { startServer, type TestServer } from './server';

const WORKFLOW = '/op/v1/workflow';
const SIGN = '/op/v1/authentication/signature';

const PLAIN = { idCard: '11010519491231002X', mobilePhone: '13812345678', bankCard: '6222021234567890123' };

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let director2: ApiClient;
let auditor: ApiClient;
let admin: ApiClient;
let licenceId: string;
let offset = 0;

beforeAll(async () => {
  // Private: it moves the server's clock.
  srv = await startServer({ now: () => Date.now() + offset });
  [handler, director, director2, auditor, admin] = await Promise.all(
    ['op_handler', 'op_director', 'op_director2', 'op_auditor', 'op_admin'].map((u) => signInAs(srv.baseUrl, u)),
  );
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6bfd' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)]), '营业执照.png');
  licenceId = (await handler.upload<{ id: string }>(FILE_CALLS.upload, form)).body.data!.id;
});
afterAll(() => srv.close());

const call = <T = RealnameRecord>(client: ApiClient, path: string, json: unknown) => client.call<T>(path, { json });

function ok<T>(answer: ApiResponse<T>): T {
  expect(answer.body.code, answer.text).toBe('0');
  return answer.body.data as T;
}

/** A complete application as the form sends it: sensitive values RSA-encrypted with the server's key. */
const application = (client: ApiClient, overrides: Record<string, unknown> = {}) => ({
  corpName: '上海浦江供应链管理有限公司',
  creditCode: '91310115MA1K4ABC2X',
  legalPersonName: '陈立明',
  idCard: client.encrypt(PLAIN.idCard),
  mobilePhone: client.encrypt(PLAIN.mobilePhone),
  bankCard: client.encrypt(PLAIN.bankCard),
  licenceFileId: licenceId,
  ...overrides,
});

const rowCount = async () => (await srv.database.db.select({ n: count() }).from(realnameRecords))[0].n;
const rawRow = async (id: string) => (await srv.database.db.select().from(realnameRecords).where(eq(realnameRecords.id, id)))[0];

async function draft(overrides: Record<string, unknown> = {}): Promise<RealnameRecord> {
  return ok(await call(handler, REALNAME_CALLS.save, application(handler, overrides)));
}

async function submitted(): Promise<RealnameRecord> {
  const record = await draft();
  return ok(await call(handler, REALNAME_CALLS.submit, { id: record.id }));
}

const find = async (client: ApiClient, id: string) => ok(await call(client, REALNAME_CALLS.findById, { id }));

async function openTaskId(client: ApiClient, id: string): Promise<string> {
  const instance = ok(await call<{ currentTask: { id: string } | null }>(client, `${WORKFLOW}/instances/find-by-business-key`, { businessKey: id }));
  return instance.currentTask!.id;
}

/** The SMS signature a pass of the initial review needs, the code read from the demo outbox. */
async function sign(client: ApiClient, username: string, id: string): Promise<void> {
  offset += SMS_RESEND_WAIT_MS + 1000;
  const scope = { businessKeys: [id], businessType: 'Process_CORP_ADMIT', productType: 'InitialReview', personId: username, corpId: 'CORP-EAST' };
  ok(await call(client, `${SIGN}/sms/apply`, scope));
  const code = smsCodesFor(srv.filesDir, username).at(-1);
  ok(await call(client, `${SIGN}/sms/verify`, { ...scope, summary: '实名认证初审', corpName: '华东运营分公司', verifyCode: code }));
}

async function review(client: ApiClient, username: string, id: string, outcome: 'PASS' | 'REJECT', remark?: string) {
  const taskId = await openTaskId(client, id);
  if (outcome === 'PASS' && (await find(client, id)).status === REALNAME_STATUS.PENDING_FIRST) await sign(client, username, id);
  return call(client, `${WORKFLOW}/tasks/complete`, { taskId, outcome, remark });
}

describe('field rules', () => {
  const refused: Array<[string, (c: ApiClient) => Record<string, unknown>, string]> = [
    ['an empty corporation name', () => ({ corpName: '  ' }), '企业名称不能为空'],
    ['a corporation name of 81 characters', () => ({ corpName: '企'.repeat(81) }), '企业名称：企业名称长度应为1至80个字符'],
    ['a credit code of 16 characters', () => ({ creditCode: '91310115MA1K4ABC' }), '统一社会信用代码：请输入正确的税号（15、18或20位字母或数字）'],
    ['a one-character legal person name', () => ({ legalPersonName: '陈' }), '法定代表人姓名：请输入正确的姓名（2至30个字，可含·）'],
    ['an ID card with a wrong check digit', (c) => ({ idCard: c.encrypt('110105194912310021') }), '法定代表人身份证号：请输入正确的身份证号码'],
    ['a mobile number starting 12', (c) => ({ mobilePhone: c.encrypt('12812345678') }), '手机号码：请输入正确的手机号码'],
    ['a bank account of 8 digits', (c) => ({ bankCard: c.encrypt('62220212') }), '对公银行账号：请输入正确的银行账号（9至30位数字）'],
    ['an ID card sent in plain text', () => ({ idCard: PLAIN.idCard }), '法定代表人身份证号未按要求加密，请刷新页面后重新填写'],
    ['a licence file that does not exist', () => ({ licenceFileId: 'no-such-file' }), '营业执照文件不存在，请重新上传'],
  ];

  it.each(refused)('refuses %s with a Chinese message and saves nothing', async (_name, bad, message) => {
    const before = await rowCount();
    expect(refusalOf(await call(handler, REALNAME_CALLS.save, application(handler, bad(handler))))).toEqual({
      status: 200,
      code: 'VALIDATION_FAILED',
      message,
    });
    expect(await rowCount()).toBe(before);
  });

  // Each field of the wrong type, a missing required name, and a stored file that is no licence: refused by the body's
  // schema or the reading after it, naming the field (data.field), with nothing saved.
  const wrongType: Array<[string, string, (c: ApiClient) => Record<string, unknown>, string]> = [
    ['a corporation name that is a number', 'corpName', () => ({ corpName: 42 }), '企业名称：企业名称长度应为1至80个字符'],
    ['no corporation name', 'corpName', () => ({ corpName: undefined }), '企业名称不能为空'],
    ['a corporation name of null', 'corpName', () => ({ corpName: null }), '企业名称不能为空'],
    [
      'a credit code that is a list',
      'creditCode',
      () => ({ creditCode: ['91310115MA1K4ABC2X'] }),
      '统一社会信用代码：请输入正确的税号（15、18或20位字母或数字）',
    ],
    ['a legal person name that is a flag', 'legalPersonName', () => ({ legalPersonName: true }), '法定代表人姓名：请输入正确的姓名（2至30个字，可含·）'],
    ['an ID card that is a number', 'idCard', () => ({ idCard: 110105194912310 }), '法定代表人身份证号未按要求加密，请刷新页面后重新填写'],
    ['a mobile number that is an object', 'mobilePhone', () => ({ mobilePhone: { value: '13812345678' } }), '手机号码未按要求加密，请刷新页面后重新填写'],
    ['a bank account that is not ciphertext', 'bankCard', () => ({ bankCard: 'not-rsa' }), '对公银行账号未按要求加密，请刷新页面后重新填写'],
    ['a licence file id that is a number', 'licenceFileId', () => ({ licenceFileId: 7 }), '营业执照文件不存在，请重新上传'],
    ['a licence file that does not exist', 'licenceFileId', () => ({ licenceFileId: 'no-such-file' }), '营业执照文件不存在，请重新上传'],
  ];

  it.each(wrongType)('refuses %s, naming the field, and saves nothing', async (_name, field, bad, message) => {
    const before = await rowCount();
    const answer = await call(handler, REALNAME_CALLS.save, application(handler, bad(handler)));
    expect(refusalOf(answer)).toEqual({ status: 200, code: 'VALIDATION_FAILED', message });
    expect((answer.body.data as { field?: string } | null)?.field).toBe(field);
    expect(await rowCount()).toBe(before);
  });

  it('refuses a stored file of another type as the licence, on save and on update, and changes nothing', async () => {
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ffffff' } })
      .webp()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(webp)]), '营业执照.webp');
    const photoId = ok(await handler.upload<{ id: string }>(FILE_CALLS.upload, form)).id;
    const fileType = { status: 200, code: 'VALIDATION_FAILED', message: '营业执照只能是 PNG、JPG 图片或 PDF 文件' };
    const before = await rowCount();
    expect(refusalOf(await call(handler, REALNAME_CALLS.save, application(handler, { licenceFileId: photoId })))).toEqual(fileType);
    expect(await rowCount()).toBe(before);
    const record = await draft();
    const update = { id: record.id, dataVersion: record.dataVersion, corpName: '不应写入有限公司', licenceFileId: photoId };
    expect(refusalOf(await call(handler, REALNAME_CALLS.updateById, update))).toEqual(fileType);
    expect(await rawRow(record.id)).toMatchObject({ corpName: record.corpName, licenceFileId: licenceId, dataVersion: record.dataVersion });
  });

  it('on update keeps what the body leaves out, clears an optional field sent empty, and refuses emptying the name', async () => {
    const record = await draft();
    const emptied = await call(handler, REALNAME_CALLS.updateById, { id: record.id, dataVersion: record.dataVersion, corpName: ' ' });
    expect(refusalOf(emptied)).toEqual({ status: 200, code: 'VALIDATION_FAILED', message: '企业名称不能为空' });
    const updated = ok(await call(handler, REALNAME_CALLS.updateById, { id: record.id, dataVersion: record.dataVersion, creditCode: '', bankCard: '' }));
    expect(updated).toMatchObject({
      corpName: record.corpName,
      creditCode: null,
      legalPersonName: record.legalPersonName,
      bankCard: null,
      licenceFileId: licenceId,
    });
    expect(updated.idCard).toBe(maskValue(PLAIN.idCard));
  });

  it('refuses a bad value on update and keeps the record as it was', async () => {
    const record = await draft();
    const answer = await call(handler, REALNAME_CALLS.updateById, {
      id: record.id,
      dataVersion: record.dataVersion,
      corpName: '改名',
      mobilePhone: handler.encrypt('1381234'),
    });
    expect(refusalOf(answer)).toMatchObject({ code: 'VALIDATION_FAILED', message: '手机号码：请输入正确的手机号码' });
    expect(await find(handler, record.id)).toMatchObject({ corpName: record.corpName, dataVersion: record.dataVersion });
  });

  it('refuses to submit an incomplete draft, naming what is missing', async () => {
    const record = await draft({ legalPersonName: '', bankCard: undefined, licenceFileId: null });
    const answer = await call(handler, REALNAME_CALLS.submit, { id: record.id });
    expect(refusalOf(answer)).toEqual({ status: 200, code: 'VALIDATION_FAILED', message: '请先补全以下信息再提交：法定代表人姓名、对公银行账号、营业执照' });
    expect((await find(handler, record.id)).status).toBe(REALNAME_STATUS.DRAFT);
  });
});

describe('sensitive values', () => {
  it('are sealed at rest: the table row holds none of them in plain text', async () => {
    const record = await draft();
    const row = await rawRow(record.id);
    const stored = JSON.stringify(row);
    for (const plain of Object.values(PLAIN)) expect(stored).not.toContain(plain);
    for (const sealed of [row.idCardCipher, row.mobilePhoneCipher, row.bankCardCipher]) expect(sealed).toMatch(/^v1\./);
  });

  it('are answered masked to op_handler and in full (DES under the session key) to op_admin on the whitelist', async () => {
    const record = await draft();
    const masked = await find(handler, record.id);
    expect(masked).toMatchObject({ idCard: maskValue(PLAIN.idCard), mobilePhone: maskValue(PLAIN.mobilePhone), bankCard: maskValue(PLAIN.bankCard) });
    expect(masked.revealed).toBeUndefined();
    expect(JSON.stringify((await call(handler, REALNAME_CALLS.page, { pageNum: 1, pageSize: 50 })).body)).not.toContain(PLAIN.mobilePhone);

    const full = await find(admin, record.id);
    expect(full.idCard).toBe(maskValue(PLAIN.idCard));
    const revealed = Object.fromEntries(Object.entries(full.revealed!).map(([field, value]) => [field, desDecrypt(value, admin.sessionKey)]));
    expect(revealed).toEqual(PLAIN);
  });

  it('name their 申请人 by the person, not the login name, in the detail and the list', async () => {
    const record = await draft();
    expect((await find(handler, record.id)).createBy).toBe('经办人张三');
    const page = ok(await call(handler, REALNAME_CALLS.page, { pageNum: 1, pageSize: 200 })) as { records: Array<{ id: string; createBy: string }> };
    expect(page.records.find((r) => r.id === record.id)?.createBy).toBe('经办人张三');
  });

  it('keep the stored value when sent as nothing (still masked), refuse the mask sent as a value, and change when sent anew', async () => {
    const record = await draft();
    const masked = await call(handler, REALNAME_CALLS.updateById, {
      id: record.id,
      dataVersion: record.dataVersion,
      corpName: '不应写入有限公司',
      mobilePhone: handler.encrypt(maskValue(PLAIN.mobilePhone)),
    });
    expect(refusalOf(masked)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('是脱敏显示的值（含****），不能作为新值提交') });
    const updated = ok(
      await call(handler, REALNAME_CALLS.updateById, {
        id: record.id,
        dataVersion: record.dataVersion,
        corpName: '上海浦江供应链有限公司',
        bankCard: handler.encrypt('31000000000000000001'),
      }),
    );
    expect(updated).toMatchObject({ corpName: '上海浦江供应链有限公司', dataVersion: record.dataVersion + 1 });
    const full = await find(admin, record.id);
    expect(desDecrypt(full.revealed!.idCard!, admin.sessionKey)).toBe(PLAIN.idCard);
    expect(desDecrypt(full.revealed!.mobilePhone!, admin.sessionKey)).toBe(PLAIN.mobilePhone);
    expect(desDecrypt(full.revealed!.bankCard!, admin.sessionKey)).toBe('31000000000000000001');
  });

  it('for the whitelist too, a masked value is not the original they saw and is refused', async () => {
    const record = ok(await call(admin, REALNAME_CALLS.save, application(admin)));
    const answer = await call(admin, REALNAME_CALLS.updateById, {
      id: record.id,
      dataVersion: record.dataVersion,
      idCard: admin.encrypt(maskValue(PLAIN.idCard)),
    });
    expect(refusalOf(answer)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '法定代表人身份证号是脱敏显示的值（含****），不能作为新值提交：不修改请保持原样，修改请清空后输入完整的法定代表人身份证号',
    });
  });
});

describe('status follows the approval', () => {
  it('草稿 → 待初审 → 待复审 → 已通过, with op_director and op_director2 reviewing', async () => {
    const record = await draft();
    expect(record.status).toBe(REALNAME_STATUS.DRAFT);
    const sent = ok(await call(handler, REALNAME_CALLS.submit, { id: record.id, dataVersion: record.dataVersion }));
    expect(sent).toMatchObject({ status: REALNAME_STATUS.PENDING_FIRST, instanceId: expect.any(String) });

    ok(await review(director, 'op_director', record.id, 'PASS'));
    expect((await find(director, record.id)).status).toBe(REALNAME_STATUS.PENDING_SECOND);

    // Four-eyes: the initial reviewer may not also do the second review.
    expect(refusalOf(await review(director, 'op_director', record.id, 'PASS'))).toMatchObject({ code: 'FOUR_EYES' });
    ok(await review(director2, 'op_director2', record.id, 'PASS'));
    expect((await find(auditor, record.id)).status).toBe(REALNAME_STATUS.APPROVED);

    const history = ok(
      await call<{ history: Array<{ action: string; taskDefinitionKey: string; username: string }> }>(auditor, `${WORKFLOW}/instances/history`, {
        instanceId: sent.instanceId,
      }),
    );
    expect(history.history.filter((h) => h.action !== 'CLAIM').map((h) => [h.action, h.taskDefinitionKey, h.username])).toEqual([
      ['START', 'Submit', 'op_handler'],
      ['PASS', 'Submit', 'op_handler'],
      ['PASS', 'InitialReview', 'op_director'],
      ['PASS', 'SecondReview', 'op_director2'],
    ]);
  });

  it('the initial review is not passed without the SMS signature', async () => {
    const record = await submitted();
    const taskId = await openTaskId(director2, record.id);
    expect(refusalOf(await call(director2, `${WORKFLOW}/tasks/complete`, { taskId, outcome: 'PASS' }))).toMatchObject({ code: 'SIGNATURE_REQUIRED' });
    expect((await find(director2, record.id)).status).toBe(REALNAME_STATUS.PENDING_FIRST);
  });

  it('a reject at the initial review returns it 已驳回 with the remark; edited and resubmitted it waits 待初审 again', async () => {
    const record = await submitted();
    ok(await review(director, 'op_director', record.id, 'REJECT', '营业执照不清晰，请重新上传'));
    const rejected = await find(handler, record.id);
    expect(rejected).toMatchObject({ status: REALNAME_STATUS.REJECTED, rejectRemark: '营业执照不清晰，请重新上传' });

    const edited = ok(await call(handler, REALNAME_CALLS.updateById, { id: record.id, dataVersion: rejected.dataVersion, licenceFileId: licenceId }));
    const again = ok(await call(handler, REALNAME_CALLS.submit, { id: record.id, dataVersion: edited.dataVersion }));
    expect(again).toMatchObject({ status: REALNAME_STATUS.PENDING_FIRST, rejectRemark: null, instanceId: record.instanceId ?? rejected.instanceId });
  });

  it('a reject at the second review returns it 已驳回 with that remark', async () => {
    const record = await submitted();
    ok(await review(director, 'op_director', record.id, 'PASS'));
    ok(await review(director2, 'op_director2', record.id, 'REJECT', '银行账号与开户许可证不符'));
    expect(await find(handler, record.id)).toMatchObject({ status: REALNAME_STATUS.REJECTED, rejectRemark: '银行账号与开户许可证不符' });
  });

  it('a record under review can be neither changed, resubmitted nor removed', async () => {
    const record = await submitted();
    const notEditable = { status: 200, code: 'REALNAME_NOT_EDITABLE', message: '当前状态不能修改或提交，仅草稿和已驳回的申请可以' };
    expect(refusalOf(await call(handler, REALNAME_CALLS.updateById, { id: record.id, dataVersion: record.dataVersion, corpName: '改名' }))).toEqual(
      notEditable,
    );
    expect(refusalOf(await call(handler, REALNAME_CALLS.submit, { id: record.id }))).toEqual(notEditable);
    expect(refusalOf(await call(handler, REALNAME_CALLS.removeByIds, { ids: [record.id] }))).toMatchObject({ code: 'REALNAME_NOT_REMOVABLE' });
    expect(await rawRow(record.id)).toMatchObject({ corpName: record.corpName, status: REALNAME_STATUS.PENDING_FIRST });
  });

  it('refuses an update at a stale version', async () => {
    const record = await draft();
    ok(await call(handler, REALNAME_CALLS.updateById, { id: record.id, dataVersion: record.dataVersion, corpName: '第一次修改' }));
    expect(refusalOf(await call(handler, REALNAME_CALLS.updateById, { id: record.id, dataVersion: record.dataVersion, corpName: '第二次修改' }))).toMatchObject(
      { code: 'DATA_VERSION_CONFLICT' },
    );
  });
});

describe('access', () => {
  it('op_auditor reads the list and a record but is refused every change', async () => {
    const record = await draft();
    const page = ok(await call<{ records: RealnameRecord[] }>(auditor, REALNAME_CALLS.page, { pageNum: 1, pageSize: 10, status: REALNAME_STATUS.DRAFT }));
    expect(page.records.every((r) => r.status === REALNAME_STATUS.DRAFT)).toBe(true);
    expect((await find(auditor, record.id)).idCard).toBe(maskValue(PLAIN.idCard));

    const before = await rowCount();
    for (const [path, body] of [
      [REALNAME_CALLS.save, application(auditor)],
      [REALNAME_CALLS.updateById, { id: record.id, dataVersion: record.dataVersion, corpName: '审计改名' }],
      [REALNAME_CALLS.removeByIds, { ids: [record.id] }],
      [REALNAME_CALLS.submit, { id: record.id }],
    ] as const) {
      expect(refusalOf(await call(auditor, path, body))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    expect(await rowCount()).toBe(before);
    expect(await rawRow(record.id)).toMatchObject({ corpName: record.corpName, status: REALNAME_STATUS.DRAFT, dataVersion: record.dataVersion });
  });

  it('op_director reads but may not enter or submit an application', async () => {
    const record = await draft();
    expect(refusalOf(await call(director, REALNAME_CALLS.save, application(director)))).toMatchObject({ status: 403 });
    expect(refusalOf(await call(director, REALNAME_CALLS.submit, { id: record.id }))).toMatchObject({ status: 403 });
  });

  it('the handler removes a draft', async () => {
    const record = await draft();
    expect(ok(await call<number>(handler, REALNAME_CALLS.removeByIds, { ids: [record.id] }))).toBe(1);
    expect(await rawRow(record.id)).toBeUndefined();
  });

  it('the list searches by corporation name, credit code and status', async () => {
    await draft({ corpName: '杭州西湖保理有限公司', creditCode: '91330100MA2H000001' });
    const byName = ok(
      await call<{ records: RealnameRecord[]; total: number }>(handler, REALNAME_CALLS.page, { pageNum: 1, pageSize: 10, corpName: '西湖保理' }),
    );
    expect(byName.records.map((r) => r.corpName)).toEqual(['杭州西湖保理有限公司']);
    const byCode = ok(await call<{ total: number }>(handler, REALNAME_CALLS.page, { pageNum: 1, pageSize: 10, creditCode: 'MA2H000001' }));
    expect(byCode.total).toBe(1);
    const approved = ok(
      await call<{ records: RealnameRecord[] }>(handler, REALNAME_CALLS.page, { pageNum: 1, pageSize: 50, status: REALNAME_STATUS.APPROVED }),
    );
    expect(approved.records.length).toBeGreaterThan(0);
    expect(approved.records.every((r) => r.status === REALNAME_STATUS.APPROVED)).toBe(true);
  });
});
