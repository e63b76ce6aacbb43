/**
 * SMS signing over real HTTP (spec 4.3, 5.2, §7, §8): the switch per corporation, a code's life
 * (sent, verified once, wrong entries, lock after 5, expiry after 5 minutes, no resend within 60 s)
 * and incomplete parameters answering code 1. The code is read from the demo outbox, the stand-in
 * for the SMS gateway, and never appears in the log; the clock is the server's injectable one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_KEY } from '../../src/lib/codes';
import { SMS_CODE_TTL_MS, SMS_RESEND_WAIT_MS } from '../../src/lib/sms-sign';
import { CORPS } from '../../server/db/seed-data/personas';
import { signInAs, type ApiClient, type ApiResponse } from './client';
import { demoOutbox, smsCodesFor } from './demo-outbox';
import { captureLog, startServer, type TestServer } from './server';

const SIGN = '/op/v1/authentication/signature';

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let admin: ApiClient;
let offset = 0;
const serverLog = captureLog();

beforeAll(async () => {
  // Private: it moves the server's clock and reads its log.
  srv = await startServer({ now: () => Date.now() + offset, logger: { level: 'info', stream: serverLog.stream } });
  [handler, director, admin] = await Promise.all(['op_handler', 'op_director', 'op_admin'].map((u) => signInAs(srv.baseUrl, u)));
});
afterAll(() => srv.close());

const refusal = (answer: ApiResponse) => ({ status: answer.status, code: answer.body.code, message: answer.body.message });
const call = (client: ApiClient, path: string, json?: unknown) => client.call(`${SIGN}/${path}`, { json });

let scopeSeq = 0;
const newScope = () => ({
  businessKeys: [`BIZ-${(scopeSeq += 1)}-A`, `BIZ-${scopeSeq}-B`],
  businessType: 'CREDIT_ISSUE',
  productType: 'WHITE_SLIP',
  personId: 'u-op-handler',
  corpId: 'CORP-EAST',
});
type Scope = ReturnType<typeof newScope>;

/** The codes the demo outbox holds for a user, oldest first. */
const sentCodes = (username: string) => smsCodesFor(srv.filesDir, username);

/** Waits out the resend countdown, asks for a code and reads it from the demo outbox. */
async function applyCode(client: ApiClient, username: string, scope: Scope): Promise<string> {
  offset += SMS_RESEND_WAIT_MS + 1000;
  const answer = await call(client, 'sms/apply', scope);
  expect(answer.body).toMatchObject({ code: '0', data: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
  const code = sentCodes(username).at(-1)!;
  expect(code).toMatch(/^\d{6}$/);
  return code;
}
const verify = (client: ApiClient, scope: Scope, verifyCode: unknown) =>
  call(client, 'sms/verify', { ...scope, summary: '签发 2 笔白条', corpName: '华东运营分公司', verifyCode });

describe('the signing switch', () => {
  it('is on for the seeded corporations, off for any other, and follows the sys config', async () => {
    for (const { corpName } of CORPS) expect((await call(handler, 'switch/find', { corpName })).body).toMatchObject({ code: '0', data: { open: true } });
    expect((await call(handler, 'switch/find', { corpName: '未开通企业' })).body.data).toEqual({ open: false });
    expect(refusal(await call(handler, 'switch/find', {}))).toEqual({ status: 200, code: 'VALIDATION_FAILED', message: '企业名称不能为空' });

    const update = (configValue: string) =>
      admin.call('/op/v1/sys/configs/update-value-by-config-key', { json: { configKey: CONFIG_KEY.smsSignOpenCorps, configValue } });
    expect((await update(JSON.stringify(['华南运营分公司']))).body.code).toBe('0');
    expect((await call(handler, 'switch/find', { corpName: '华东运营分公司' })).body.data).toEqual({ open: false });
    expect((await call(handler, 'switch/find', { corpName: '华南运营分公司' })).body.data).toEqual({ open: true });
    await update(JSON.stringify(CORPS.map((c) => c.corpName)));
  });
});

describe('an SMS code', () => {
  it('verifies once, for its own scope and user only, whatever the order of the business keys', async () => {
    const scope = newScope();
    const code = await applyCode(handler, 'op_handler', scope);
    expect(refusal(await verify(handler, { ...scope, businessType: 'OTHER' }, code))).toEqual({
      status: 200,
      code: 'SMS_CODE_MISSING',
      message: '请先获取短信验证码',
    });
    expect(refusal(await verify(director, scope, code)).code).toBe('SMS_CODE_MISSING');
    const signed = await verify(handler, { ...scope, businessKeys: [...scope.businessKeys].reverse() }, code);
    expect(signed.body).toMatchObject({ code: '0', data: { signed: true, summary: '签发 2 笔白条', corpName: '华东运营分公司' } });
    expect(refusal(await verify(handler, scope, code))).toEqual({ status: 200, code: 'SMS_CODE_USED', message: '短信验证码已使用，请重新获取' });
  });

  it('is not re-sent within 60 s', async () => {
    const scope = newScope();
    await applyCode(handler, 'op_handler', scope);
    const sent = sentCodes('op_handler').length;
    offset += 20_000;
    expect(refusal(await call(handler, 'sms/apply', scope))).toEqual({ status: 200, code: 'SMS_RESEND_TOO_SOON', message: '验证码已发送，请 40 秒后再试' });
    expect(refusal(await call(handler, 'sms/apply', newScope())).code).toBe('SMS_RESEND_TOO_SOON');
    expect(sentCodes('op_handler')).toHaveLength(sent);
    offset += 41_000;
    expect((await call(handler, 'sms/apply', scope)).body.code).toBe('0');
  });

  it('counts wrong entries and locks after 5, even against the right code', async () => {
    const scope = newScope();
    const code = await applyCode(handler, 'op_handler', scope);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1]) {
      expect(refusal(await verify(handler, scope, wrong))).toEqual({ status: 200, code: 'SMS_CODE_INVALID', message: `短信验证码错误，还可尝试 ${left} 次` });
    }
    expect(refusal(await verify(handler, scope, wrong))).toEqual({ status: 200, code: 'SMS_CODE_LOCKED', message: '短信验证码错误次数过多，请重新获取' });
    expect(refusal(await verify(handler, scope, code)).code).toBe('SMS_CODE_LOCKED');
    const fresh = await applyCode(handler, 'op_handler', scope);
    expect((await verify(handler, scope, fresh)).body.code).toBe('0');
  });

  it('expires after 5 minutes', async () => {
    const first = newScope();
    const expiring = await applyCode(handler, 'op_handler', first);
    const sentAt = offset;
    const second = newScope();
    const fresh = await applyCode(handler, 'op_handler', second); // sent 61 s after the first
    offset = sentAt + SMS_CODE_TTL_MS + 1000;
    expect(refusal(await verify(handler, first, expiring))).toEqual({ status: 200, code: 'SMS_CODE_EXPIRED', message: '短信验证码已过期，请重新获取' });
    expect((await verify(handler, second, fresh)).body.code).toBe('0');
  });

  it('needs the code itself', async () => {
    const scope = newScope();
    await applyCode(handler, 'op_handler', scope);
    expect(refusal(await verify(handler, scope, ''))).toEqual({ status: 200, code: 'SMS_CODE_REQUIRED', message: '请输入短信验证码' });
    expect(refusal(await verify(handler, scope, undefined)).code).toBe('SMS_CODE_REQUIRED');
  });
});

describe('incomplete parameters', () => {
  const incomplete = { status: 200, code: '1', message: '传入参数不完整' };
  const full = { businessKeys: ['K1'], businessType: 'T', productType: 'P', corpName: '华东运营分公司', verifyCode: '123456' };

  it.each([
    ['businessKeys', { ...full, businessKeys: undefined }],
    ['businessKeys empty', { ...full, businessKeys: [] }],
    ['businessKeys not text', { ...full, businessKeys: [1] }],
    ['businessType', { ...full, businessType: '' }],
    ['productType', { ...full, productType: undefined }],
    ['corpName', { ...full, corpName: ' ' }],
  ])('verify without %s answers code 1', async (_name, body) => {
    expect(refusal(await call(handler, 'sms/verify', body))).toEqual(incomplete);
  });

  it.each([
    ['businessKeys', { businessType: 'T', productType: 'P' }],
    ['businessType', { businessKeys: ['K'], productType: 'P' }],
    ['productType', { businessKeys: ['K'], businessType: 'T' }],
    ['a body', undefined],
  ])('apply without %s answers code 1 and sends nothing', async (_name, body) => {
    offset += SMS_RESEND_WAIT_MS + 1000;
    const sent = sentCodes('op_handler').length;
    expect(refusal(await call(handler, 'sms/apply', body))).toEqual(incomplete);
    expect(sentCodes('op_handler')).toHaveLength(sent);
  });
});

describe('outside demo mode', () => {
  it('sends no code, since there is no SMS gateway and no demo outbox', async () => {
    const log = captureLog();
    const production = await startServer({ demoMode: false, logger: { level: 'trace', stream: log.stream } });
    try {
      const api = await import('./client');
      const first = await new api.ApiClient(production.baseUrl).init();
      // Outside demo mode op_admin must change the password first: the server refuses anything else until then.
      await first.login('op_admin', api.passwordOf('op_admin'));
      expect(refusal(await first.call(`${SIGN}/sms/apply`, { json: newScope() })).code).toBe('PASSWORD_CHANGE_REQUIRED');
      const changed = 'Changed@2026#ok';
      const change = await first.call('/op/v1/staffs/password', {
        json: { originalPassword: first.encrypt(api.passwordOf('op_admin')), newPassword: first.encrypt(changed) },
      });
      expect(change.body.code).toBe('0');
      const client = await new api.ApiClient(production.baseUrl).init();
      await client.login('op_admin', changed);
      const answer = await client.call(`${SIGN}/sms/apply`, { json: newScope() });
      expect(refusal(answer)).toEqual({ status: 200, code: 'SMS_SEND_FAILED', message: '发送短信验证码失败，请重试' });
      expect(demoOutbox(production.filesDir)).toEqual([]);
      expect(log.text()).not.toContain('demo outbox');
    } finally {
      await production.close();
    }
  });
});
