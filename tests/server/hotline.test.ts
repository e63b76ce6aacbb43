/**
 * The hotline over real HTTP (spec §6): the call button's four conditions computed by the server,
 * which refuses a start whenever one fails; a call through idle → dialling → talking → wrap-up → idle
 * driven by the stand-in call centre on a clock the test moves; illegal moves refused; one open call
 * per operator even for simultaneous starts; every call in the corporation's call log.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInCallCentre } from '../../server/call-centre';
import { DEMO_CORP } from '../../server/corporations/demo-seed';
import { corporations, hotlineCalls, users } from '../../server/db/schema';
import { sensitiveCipherOf } from '../../server/sensitive/values';
import { hotlineCallResource } from '../../src/features/hotline/resources';
import { CALL_BLOCK } from '../../src/lib/hotline';
import { signInAs, type ApiClient, dataOf, refusalOf } from './client';
import { startServer, type TestServer } from './server';

interface Call {
  id: string;
  corpId: string;
  corpName?: string | null;
  status: string;
  outcome: string | null;
  reason: string | null;
  note: string | null;
  phoneMasked: string;
  talkSeconds: number | null;
  operatorId: string;
}
interface State {
  state: string;
  call: Call | null;
  linkReady: boolean;
  blocks: string[];
}

const H = '/op/v1/hotline';
const LOG = hotlineCallResource.apiBase;
let clock = Date.now();
let linkUp = true;
let srv: TestServer;
let admin: ApiClient;
let admin2: ApiClient;
let handler: ApiClient;
let auditor: ApiClient;
/** Demo corporations by the last digit of their contact's number (the stand-in's script). */
const corpEndingIn: Record<string, string> = {};

const tick = (ms: number) => {
  clock += ms;
};
const stateOf = (client: ApiClient) => dataOf<State>(client, `${H}/state`);
const start = (client: ApiClient, corpId: string) => client.call<Call>(`${H}/start`, { json: { corpId } });
const hangUp = (client: ApiClient, id: string) => client.call<Call>(`${H}/hang-up`, { json: { id } });
const wrapUp = (client: ApiClient, id: string, note?: unknown) => client.call<Call>(`${H}/wrap-up`, { json: { id, note } });
const ok = <T>(answer: { body: { code: string; data?: T | null }; text: string }): T => {
  expect(answer.body.code, answer.text).toBe('0');
  return answer.body.data as T;
};
const callCount = async () => (await srv.database.db.select().from(hotlineCalls)).length;

beforeAll(async () => {
  // The shipped stand-in on the test's clock, whose link the test can take down.
  const standIn = standInCallCentre({ now: () => clock });
  const callCentre = { ...standIn, link: async () => (linkUp ? standIn.link() : { ready: false, reason: '测试：链路断开' }) };
  // Private: it moves the server's clock and stands in its own call centre.
  srv = await startServer({ now: () => clock, callCentre });
  [admin, admin2, handler, auditor] = await Promise.all(['op_admin', 'op_admin', 'op_handler', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
  const cipher = await sensitiveCipherOf(srv.database.db);
  for (const corp of await srv.database.db.select().from(corporations)) {
    if (corp.managerMobile) corpEndingIn[cipher.open(corp.managerMobile).slice(-1)] ??= corp.id;
  }
});
afterAll(() => srv.close());

describe('hotline: who may call', () => {
  it('computes the button conditions on the server for each operator', async () => {
    expect(await stateOf(admin)).toMatchObject({ state: 'IDLE', call: null, linkReady: true, blocks: [] });
    // op_handler holds the call authorisation but is not on the whitelist.
    expect((await stateOf(handler)).blocks).toEqual([CALL_BLOCK.notWhitelisted]);
    expect((await stateOf(auditor)).blocks).toEqual([CALL_BLOCK.noAuthorisation, CALL_BLOCK.notWhitelisted]);
  });

  it('refuses a start by a non-whitelisted operator or one without authorisation, writing nothing', async () => {
    const before = await callCount();
    expect(refusalOf(await start(handler, DEMO_CORP.group))).toMatchObject({
      status: 200,
      code: 'CALL_NOT_WHITELISTED',
      message: '您不在敏感信息白名单中，不能呼叫企业联系人',
    });
    expect(refusalOf(await start(auditor, DEMO_CORP.group)).status).toBe(403);
    expect(await callCount()).toBe(before);
  });

  it('refuses every start while the call-centre link is down, and says so in the state', async () => {
    linkUp = false;
    try {
      const before = await callCount();
      expect(await stateOf(admin)).toMatchObject({ linkReady: false, blocks: [CALL_BLOCK.linkNotReady] });
      expect(refusalOf(await start(admin, DEMO_CORP.group))).toMatchObject({ code: 'CALL_LINK_NOT_READY', message: '呼叫中心连接未就绪，暂时不能呼叫' });
      expect(await callCount()).toBe(before);
    } finally {
      linkUp = true;
    }
  });
});

describe('hotline: the state machine', () => {
  it('moves an answered call idle → dialling → talking → wrap-up → idle and logs it against the corporation', async () => {
    const corpId = corpEndingIn['1'];
    const call = ok(await start(admin, corpId));
    const [operator] = await srv.database.db.select().from(users).where(eq(users.username, 'op_admin'));
    expect(call).toMatchObject({ status: 'DIALLING', outcome: null, corpId, operatorId: operator.id });
    expect(call.phoneMasked).toMatch(/^\d{4}\*{4}\d{4}$/);
    expect(await stateOf(admin)).toMatchObject({ state: 'DIALLING', blocks: [CALL_BLOCK.notIdle] });

    // Illegal while dialling: a wrap-up, and a second call.
    expect(refusalOf(await wrapUp(admin, call.id, '提前小结'))).toMatchObject({
      code: 'CALL_STATE_INVALID',
      message: '当前通话状态为「呼叫中」，不能完成话后处理',
    });
    expect(refusalOf(await start(admin, corpId)).code).toBe('CALL_NOT_IDLE');

    tick(1_000);
    expect((await stateOf(admin)).state).toBe('DIALLING');
    tick(2_000); // the stand-in answers 2.5 s after dialling
    expect((await stateOf(admin)).state).toBe('TALKING');
    expect(refusalOf(await wrapUp(admin, call.id)).code).toBe('CALL_STATE_INVALID');

    tick(42_000);
    const hung = ok(await hangUp(admin, call.id));
    expect(hung).toMatchObject({ status: 'WRAP_UP', outcome: 'ANSWERED' });
    expect(hung.talkSeconds).toBeGreaterThanOrEqual(42);
    expect(refusalOf(await hangUp(admin, call.id))).toMatchObject({ code: 'CALL_STATE_INVALID', message: '当前通话状态为「话后处理」，不能挂断' });
    expect((await stateOf(admin)).state).toBe('WRAP_UP');

    const ended = ok(await wrapUp(admin, call.id, '  确认下周提交额度申请  '));
    expect(ended).toMatchObject({ status: 'ENDED', note: '确认下周提交额度申请' });
    expect(await stateOf(admin)).toMatchObject({ state: 'IDLE', call: null, blocks: [] });
    expect(refusalOf(await wrapUp(admin, call.id)).message).toBe('当前通话状态为「空闲」，不能完成话后处理');

    const log = await dataOf<{ records: Call[] }>(auditor, `${LOG}/page`, { corpId });
    expect(log.records.find((r) => r.id === call.id)).toMatchObject({ status: 'ENDED', outcome: 'ANSWERED', note: '确认下周提交额度申请' });
    expect(log.records.every((r) => r.corpId === corpId)).toBe(true);

    // The corporation called is a reference (issue 37): a renaming shows at once on the log and the call bar's answer.
    const [corp] = await srv.database.db.select({ corpName: corporations.corpName }).from(corporations).where(eq(corporations.id, corpId));
    expect(log.records.find((r) => r.id === call.id)).toMatchObject({ corpIdLabel: corp.corpName });
    const renamed = `${corp.corpName}（更名）`;
    await srv.database.db.update(corporations).set({ corpName: renamed }).where(eq(corporations.id, corpId));
    try {
      expect((await dataOf<Call & { corpIdLabel: string }>(auditor, `${LOG}/find-by-id`, { id: call.id })).corpIdLabel).toBe(renamed);
      const next = ok(await start(admin, corpId));
      expect(next.corpName).toBe(renamed);
      expect((await stateOf(admin)).call).toMatchObject({ corpId, corpName: renamed });
      ok(await hangUp(admin, next.id));
      expect(ok(await wrapUp(admin, next.id)).corpName).toBe(renamed);
    } finally {
      await srv.database.db.update(corporations).set({ corpName: corp.corpName }).where(eq(corporations.id, corpId));
    }

    // The operator is a reference too: named by the staff member's current name, searched by it.
    expect((await dataOf<Call & { operatorIdLabel: string }>(auditor, `${LOG}/find-by-id`, { id: call.id })).operatorIdLabel).toBe(operator.personName);
    const newName = `${operator.personName}（改名）`;
    await srv.database.db.update(users).set({ personName: newName }).where(eq(users.id, operator.id));
    try {
      expect((await dataOf<Call & { operatorIdLabel: string }>(auditor, `${LOG}/find-by-id`, { id: call.id })).operatorIdLabel).toBe(newName);
      const found = await dataOf<{ records: Array<Call & { operatorIdLabel: string }> }>(auditor, `${LOG}/page`, { operatorId: '改名', pageSize: 100 });
      expect(found.records.map((r) => r.id)).toContain(call.id);
      expect(found.records.every((r) => r.operatorIdLabel === newName)).toBe(true);
      expect((await dataOf<{ records: Call[] }>(auditor, `${LOG}/page`, { operatorId: '无此人', pageSize: 100 })).records).toHaveLength(0);
    } finally {
      await srv.database.db.update(users).set({ personName: operator.personName }).where(eq(users.id, operator.id));
    }
  });

  it('refuses to remove a corporation with calls on record, saying why (the log is its contact history)', async () => {
    const cipher = await sensitiveCipherOf(srv.database.db);
    const [corp] = await srv.database.db
      .insert(corporations)
      .values({
        corpName: '热线删除测试有限公司',
        creditCode: '91310000MAHOTL01XX',
        corpTypes: ['SUPPLIER'],
        managerName: '测联系',
        managerMobile: cipher.seal('13900000001'),
      })
      .returning();
    const call = ok(await start(admin, corp.id));
    ok(await hangUp(admin, call.id));
    ok(await wrapUp(admin, call.id));
    const removal = refusalOf(await admin.call('/op/v1/corporations/remove-by-ids', { json: { ids: [corp.id] } }));
    expect(removal).toMatchObject({ status: 200, code: 'CORP_REFERENCED', message: '“热线删除测试有限公司”有热线通话记录，不能删除' });
    expect((await srv.database.db.select().from(corporations).where(eq(corporations.id, corp.id))).length).toBe(1);
  });

  it('moves a busy call from dialling to wrap-up with the centre reason', async () => {
    const call = ok(await start(admin, corpEndingIn['4']));
    tick(2_100);
    const { state, call: open } = await stateOf(admin);
    expect(state).toBe('WRAP_UP');
    expect(open).toMatchObject({ outcome: 'BUSY', reason: '对方忙线' });
    ok(await wrapUp(admin, call.id, '对方忙线，稍后再打'));
  });

  it('cancels a call hung up while dialling', async () => {
    const call = ok(await start(admin, corpEndingIn['1']));
    expect(ok(await hangUp(admin, call.id))).toMatchObject({ status: 'WRAP_UP', outcome: 'CANCELLED' });
    ok(await wrapUp(admin, call.id));
    expect((await stateOf(admin)).state).toBe('IDLE');
  });

  it('keeps a call its operator’s own: another operator cannot hang it up', async () => {
    const call = ok(await start(admin, corpEndingIn['1']));
    expect(refusalOf(await hangUp(handler, call.id)).code).toBe('NOT_FOUND');
    ok(await hangUp(admin, call.id));
    ok(await wrapUp(admin, call.id));
  });

  it('refuses hostile input with a Chinese message, never a 5xx, and writes nothing', async () => {
    const before = await callCount();
    for (const json of [{}, { corpId: 5 }, { corpId: '' }, { corpId: 'no-such-corp' }, [], 'x', { corpId: ['a'] }]) {
      const answer = await admin.call(`${H}/start`, { json });
      expect(answer.status, JSON.stringify(json)).toBeLessThan(500);
      expect(answer.body.code).not.toBe('0');
      expect(answer.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const path of ['hang-up', 'wrap-up']) {
      for (const json of [{}, { id: 7 }, { id: 'no-such-call' }]) {
        const answer = await admin.call(`${H}/${path}`, { json });
        expect(answer.status).toBeLessThan(500);
        expect(answer.body.message).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    expect(await callCount()).toBe(before);
    const call = ok(await start(admin, corpEndingIn['1']));
    ok(await hangUp(admin, call.id));
    expect(refusalOf(await wrapUp(admin, call.id, 'x'.repeat(501))).code).toBe('VALIDATION_FAILED');
    expect(refusalOf(await wrapUp(admin, call.id, { note: 1 })).code).toBe('VALIDATION_FAILED');
    ok(await wrapUp(admin, call.id, '正常结束'));
  });
});

describe('hotline: concurrency', () => {
  it('lets only one of two simultaneous starts by one operator win, every time', async () => {
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([start(admin, corpEndingIn['1']), start(admin2, DEMO_CORP.group)]);
      const won = answers.filter((a) => a.body.code === '0');
      expect(won, answers.map((a) => a.text).join('\n')).toHaveLength(1);
      expect(answers.find((a) => a.body.code !== '0')!.body.code).toBe('CALL_NOT_IDLE');
      const open = await srv.database.db.select().from(hotlineCalls).where(eq(hotlineCalls.operatorId, 'u-op-admin'));
      expect(open.filter((c) => c.status !== 'ENDED')).toHaveLength(1);
      const id = won[0].body.data!.id;
      ok(await hangUp(admin, id));
      ok(await wrapUp(admin2, id));
    }
  });

  it('lets only one of two simultaneous hang-ups move the call', async () => {
    const call = ok(await start(admin, corpEndingIn['1']));
    tick(3_000);
    const answers = await Promise.all([hangUp(admin, call.id), hangUp(admin2, call.id)]);
    expect(answers.filter((a) => a.body.code === '0')).toHaveLength(1);
    expect(answers.find((a) => a.body.code !== '0')!.body.code).toBe('CALL_STATE_INVALID');
    ok(await wrapUp(admin, call.id));
  });
});

describe('hotline: demo data', () => {
  it('seeds a few ended calls in the log', async () => {
    const demo = (await srv.database.db.select().from(hotlineCalls)).filter((c) => c.centreRef?.startsWith('demo:'));
    expect(demo.length).toBeGreaterThanOrEqual(3);
    expect(demo.every((c) => c.status === 'ENDED' && c.note)).toBe(true);
    expect(new Set(demo.map((c) => c.outcome))).toEqual(new Set(['ANSWERED', 'BUSY', 'NO_ANSWER']));
  });
});
