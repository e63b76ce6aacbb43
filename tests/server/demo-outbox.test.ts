/**
 * The demo outbox (issue 23: no code in any log line): a demo run that sends an SMS sign code and
 * pays a bank verification's micro payment delivers both to DATA_DIR/demo-outbox.jsonl, where a demo
 * user reads them, and its whole log, at trace level, holds neither the code nor the amount, only
 * that each delivery was made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OUTBOX_FILE } from '../../server/demo-outbox';
import { dataOf, signInAs, type ApiClient } from './client';
import { demoOutbox, microPaymentsTo, smsCodesFor } from './demo-outbox';
import { captureLog, startServer, type TestServer } from './server';

let srv: TestServer;
let handler: ApiClient;
const log = captureLog();

beforeAll(async () => {
  // Private: it reads everything its server logs.
  srv = await startServer({ demoMode: true, logger: { level: 'trace', stream: log.stream } });
  handler = await signInAs(srv.baseUrl, 'op_handler');
});
afterAll(() => srv.close());

/** The value as a token of its own in the text: not part of a longer number (a timestamp holds many six-digit runs). */
const standsAlone = (text: string, value: string) => new RegExp(`(?<![\\d.])${value.replace('.', '\\.')}(?![\\d])`).test(text);

describe('a demo run with an SMS sign and a bank verification', () => {
  it('delivers the code and the amount to the outbox, and writes neither to the log', async () => {
    const scope = { businessKeys: ['OUTBOX-1'], businessType: 'CREDIT_ISSUE', productType: 'WHITE_SLIP', personId: 'u-op-handler', corpId: 'CORP-EAST' };
    expect((await handler.call('/op/v1/authentication/signature/sms/apply', { json: scope })).body.code).toBe('0');
    const corp = await dataOf<{ id: string }>(handler, '/op/v1/corporations/save', {
      corpName: '演示发件箱测试有限公司',
      creditCode: '91320500MA1OUTBOXA',
      corpTypes: ['SUPPLIER'],
      legalPersonName: '孙立',
      legalPersonIdCard: handler.encrypt('11010519491231002X'),
      managerName: '钱芳',
      managerMobile: handler.encrypt('13812345678'),
      registeredAddress: '江苏省苏州市',
    });
    const account = await dataOf<{ id: string }>(handler, '/op/v1/corporations/bank-accounts/save', {
      corpId: corp.id,
      bankName: '中国建设银行',
      branchName: '苏州分行',
      accountName: '演示发件箱测试有限公司',
      accountNo: handler.encrypt('6222021234567894321'),
      usage: 'SETTLEMENT',
    });
    const started = await dataOf<{ id: string; status: string }>(handler, '/op/v1/corporations/verifications/start', {
      corpId: corp.id,
      kind: 'BANK_ACCOUNT',
      bankAccountId: account.id,
    });
    expect(started.status).toBe('AUTHENTICATING');

    const [code] = smsCodesFor(srv.filesDir, 'op_handler');
    const [amount] = microPaymentsTo(srv.filesDir, '4321');
    expect(code).toMatch(/^\d{6}$/);
    expect(amount).toMatch(/^0\.\d\d$/);
    expect(demoOutbox(srv.filesDir)).toEqual([
      expect.objectContaining({
        kind: 'SMS_SIGN_CODE',
        username: 'op_handler',
        businessType: 'CREDIT_ISSUE',
        productType: 'WHITE_SLIP',
        businessKeys: ['OUTBOX-1'],
        code,
      }),
      expect.objectContaining({ kind: 'BANK_MICRO_PAYMENT', bankName: '中国建设银行', accountName: '演示发件箱测试有限公司', account: '4321', amount }),
    ]);
    // What a demo user reads is what the server checks: the code signs, the amount confirms.
    const verified = await handler.call('/op/v1/authentication/signature/sms/verify', {
      json: { ...scope, summary: '签发 1 笔白条', corpName: '华东运营分公司', verifyCode: code },
    });
    expect(verified.body.code).toBe('0');
    expect(await dataOf<{ status: string }>(handler, '/op/v1/corporations/verifications/confirm', { id: started.id, amount })).toMatchObject({
      status: 'SUCCESS',
    });

    const text = log.text();
    const deliveries = text.split('\n').filter((line) => line.includes('demo delivery written to the demo outbox'));
    expect(deliveries).toHaveLength(2);
    expect(deliveries.join('\n')).toContain(DEMO_OUTBOX_FILE);
    expect(standsAlone(text, code), 'the SMS code in the log').toBe(false);
    expect(standsAlone(text, amount), 'the micro payment in the log').toBe(false);
    expect(text).not.toMatch(/smsSignCode|microPayment|bank statement/);
  });
});
