/**
 * Verification of a corporation over real HTTP with the shipped stand-in gateway, whose rules
 * (server/corporations/verification/gateway.ts) let each case aim at a state: identity, company and
 * address reach success, failure and authenticating (then success on a follow-up); a bank account is
 * paid a random 0.01–0.99 yuan, stored as numeric and never answered, confirmed back within three
 * tries, after which a new payment is needed. Concurrent confirmations: exactly one wins.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { corpVerifications } from '../../server/db/schema';
import { microPaymentsTo } from './demo-outbox';
import { sharedServer, type TestServer } from './server';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';

const V = '/op/v1/corporations/verifications';
interface Verification {
  id: string;
  kind: string;
  status: string;
  failReason: string | null;
  triesLeft: number | null;
  paidAmount?: string;
}

let srv: TestServer;
let handler: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [handler, auditor] = await Promise.all([signInAs(srv.baseUrl, 'op_handler'), signInAs(srv.baseUrl, 'op_auditor')]);
});

let seq = 0;
async function corpWith(mobile: string, creditCodeEnd: string, address: string, accountNo = '6222021234567890123') {
  seq += 1;
  const corp = await dataOf<{ id: string }>(handler, '/op/v1/corporations/save', {
    corpName: `认证测试企业${seq}有限公司`,
    creditCode: `91320500MA1VER${String(seq).padStart(3, '0')}${creditCodeEnd}`,
    corpTypes: ['SUPPLIER'],
    legalPersonName: '孙立',
    legalPersonIdCard: handler.encrypt('11010519491231002X'),
    managerName: '钱芳',
    managerMobile: handler.encrypt(mobile),
    registeredAddress: address,
  });
  const account = await dataOf<{ id: string }>(handler, '/op/v1/corporations/bank-accounts/save', {
    corpId: corp.id,
    bankName: '中国建设银行',
    branchName: '苏州分行',
    accountName: `认证测试企业${seq}有限公司`,
    accountNo: handler.encrypt(accountNo),
    usage: 'SETTLEMENT',
  });
  return { corpId: corp.id, accountId: account.id };
}
const start = (corpId: string, kind: string, bankAccountId?: string) => handler.call<Verification>(`${V}/start`, { json: { corpId, kind, bankAccountId } });
const paidOf = async (id: string) => (await srv.database.db.select().from(corpVerifications).where(eq(corpVerifications.id, id)))[0].paidAmount!;

describe('identity, company and address', () => {
  it.each([
    ['IDENTITY', { mobile: '13812345678' }, 'SUCCESS'],
    ['IDENTITY', { mobile: '13812345670' }, 'FAILURE'],
    ['IDENTITY', { mobile: '13812345679' }, 'AUTHENTICATING'],
    ['COMPANY', { end: 'A' }, 'SUCCESS'],
    ['COMPANY', { end: '0' }, 'FAILURE'],
    ['COMPANY', { end: '9' }, 'AUTHENTICATING'],
    ['ADDRESS', { address: '江苏省苏州市工业园区星湖街328号' }, 'SUCCESS'],
    ['ADDRESS', { address: '地址未知' }, 'FAILURE'],
    ['ADDRESS', { address: '江苏省苏州市待核地址1号' }, 'AUTHENTICATING'],
  ] as const)('%s with %o ends %s', async (kind, data, status) => {
    const { corpId } = await corpWith(
      'mobile' in data ? data.mobile : '13812345678',
      'end' in data ? data.end : 'A',
      'address' in data ? data.address : '江苏省苏州市',
    );
    const answer = await start(corpId, kind);
    expect(answer.body.data).toMatchObject({ kind, status });
    if (status === 'FAILURE') expect(answer.body.data!.failReason).toBeTruthy();
    if (status === 'AUTHENTICATING') {
      expect(refusalOf(await start(corpId, kind)).code).toBe('VERIFICATION_RUNNING');
      expect(await dataOf<Verification>(handler, `${V}/refresh`, { id: answer.body.data!.id })).toMatchObject({ status: 'SUCCESS' });
    }
  });

  it('names the data a verification still lacks', async () => {
    const corp = await dataOf<{ id: string }>(handler, '/op/v1/corporations/save', {
      corpName: '资料不全企业有限公司',
      creditCode: '91320500MA1VERZZZA',
      corpTypes: ['SUPPLIER'],
    });
    expect(refusalOf(await start(corp.id, 'IDENTITY')).message).toBe('请先补全以下信息再认证：法定代表人、法定代表人身份证号、管理员手机号');
  });
});

describe('bank account', () => {
  it('pays a random amount, never answers it, and succeeds on the right amount', async () => {
    const { corpId, accountId } = await corpWith('13812345678', 'A', '江苏省苏州市');
    const started = (await start(corpId, 'BANK_ACCOUNT', accountId)).body.data!;
    expect(started).toMatchObject({ status: 'AUTHENTICATING', triesLeft: 3 });
    expect(started.paidAmount).toBeUndefined();
    const paid = await paidOf(started.id);
    expect(paid).toMatch(/^0\.\d\d$/);
    expect(paid).not.toBe('0.00');
    expect(microPaymentsTo(srv.filesDir, '0123').at(-1)).toBe(paid);
    const list = await dataOf<Verification[]>(auditor, `${V}/list`, { corpId });
    expect(JSON.stringify(list)).not.toContain(paid);
    expect(await dataOf<Verification>(handler, `${V}/confirm`, { id: started.id, amount: paid })).toMatchObject({ status: 'SUCCESS' });
  });

  it('counts wrong amounts, fails after three and then needs a new payment', async () => {
    const { corpId, accountId } = await corpWith('13812345678', 'A', '江苏省苏州市');
    const started = (await start(corpId, 'BANK_ACCOUNT', accountId)).body.data!;
    const paid = await paidOf(started.id);
    const wrong = paid === '0.01' ? '0.02' : '0.01';
    expect(refusalOf(await handler.call(`${V}/confirm`, { json: { id: started.id, amount: '1.50' } })).message).toBe(
      '请输入 0.01 至 0.99 元之间、最多两位小数的金额',
    );
    // The list the confirm dialog reads says the tries left after each wrong one (it kept saying 3).
    const triesLeftNow = async () => (await dataOf<Verification[]>(handler, `${V}/list`, { corpId })).find((v) => v.id === started.id)!.triesLeft;
    expect(await triesLeftNow()).toBe(3);
    expect(refusalOf(await handler.call(`${V}/confirm`, { json: { id: started.id, amount: wrong } })).message).toBe('金额不正确，还可再试 2 次');
    expect(await triesLeftNow()).toBe(2);
    expect(refusalOf(await handler.call(`${V}/confirm`, { json: { id: started.id, amount: wrong } })).message).toBe('金额不正确，还可再试 1 次');
    expect(await triesLeftNow()).toBe(1);
    expect(refusalOf(await handler.call(`${V}/confirm`, { json: { id: started.id, amount: wrong } })).message).toBe('金额三次不正确，认证失败，请重新打款');
    expect(refusalOf(await handler.call(`${V}/confirm`, { json: { id: started.id, amount: paid } })).code).toBe('VERIFICATION_NOT_AUTHENTICATING');
    const [row] = await srv.database.db.select().from(corpVerifications).where(eq(corpVerifications.id, started.id));
    expect(row).toMatchObject({ status: 'FAILURE', attempts: 3 });
    expect((await start(corpId, 'BANK_ACCOUNT', accountId)).body.data).toMatchObject({ status: 'AUTHENTICATING', triesLeft: 3 });
  });

  it('fails at once for an account the bank cannot pay', async () => {
    const { corpId, accountId } = await corpWith('13812345678', 'A', '江苏省苏州市', '6222021234567890120');
    expect((await start(corpId, 'BANK_ACCOUNT', accountId)).body.data).toMatchObject({ status: 'FAILURE', failReason: '账户不存在或已销户' });
  });

  it('lets exactly one of two simultaneous right confirmations win, and the auditor none', async () => {
    const { corpId, accountId } = await corpWith('13812345678', 'A', '江苏省苏州市');
    const started = (await start(corpId, 'BANK_ACCOUNT', accountId)).body.data!;
    const paid = await paidOf(started.id);
    expect(refusalOf(await auditor.call(`${V}/confirm`, { json: { id: started.id, amount: paid } })).status).toBe(403);
    const answers = await Promise.all([0, 1].map(() => handler.call(`${V}/confirm`, { json: { id: started.id, amount: paid } })));
    expect(answers.map((a) => a.body.code).sort()).toEqual(['0', 'VERIFICATION_NOT_AUTHENTICATING']);
  });
});
