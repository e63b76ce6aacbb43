/**
 * Corporations and their bank accounts over real HTTP: the generic CRUD calls with the kit's
 * `sensitive` fields (sealed at rest, masked for users off the whitelist, revealed DES-encrypted to
 * the whitelist), the multiple-valued type field and its filter, and the auditor's read-only access.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { desDecrypt } from '../../src/protocol/des';
import { idCardCheckChar } from '../../src/lib/validators';
import { corpBankAccounts, corporations, operationLogs } from '../../server/db/schema';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

const CORPS = '/op/v1/corporations';
const ACCOUNTS = '/op/v1/corporations/bank-accounts';
const ID_CARD = '11010519491231002X';
const MOBILE = '13812345678';
/** A second valid ID card (checksum per spec 5.4), for a value typed anew. */
const OTHER_ID_CARD = `11010519800101001${idCardCheckChar('11010519800101001')}`;
const ACCOUNT_NO = '6222021234567890123';
/** Credit codes are unique and names are searched: this run's carry its mark, on a server other files (and this one again) write to. */
const RUN = randomUUID().slice(0, 8).toUpperCase();
/** An 18-character unified social credit code of this run's. */
const code = (n: number) => `9133${RUN}CORP${String(n).padStart(2, '0')}`;

interface Corp {
  id: string;
  dataVersion: number;
  corpName: string;
  corpTypes: string[];
  legalPersonIdCard: string | null;
  managerMobile: string | null;
  managerName?: string | null;
  registeredAddress?: string | null;
  realnameStatus: string | null;
  realnameRecordId?: string | null;
  creditCode?: string;
  revealed?: Record<string, string>;
}

let srv: TestServer;
let admin: ApiClient;
let handler: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [admin, handler, auditor] = await Promise.all([signInAs(srv.baseUrl, 'op_admin'), signInAs(srv.baseUrl, 'op_handler'), signInAs(srv.baseUrl, 'op_auditor')]);
});

/** A refusal with the field it names (data.field), as a form shows it under that input. */
const refusalAbout = (answer: Awaited<ReturnType<ApiClient['call']>>) => ({
  ...refusalOf(answer),
  field: (answer.body.data as { field?: string } | null)?.field,
});

const corpBody = (client: ApiClient, creditCode: string, extra: Record<string, unknown> = {}) => ({
  corpName: '杭州钱塘建材有限公司',
  creditCode,
  corpTypes: ['SUPPLIER'],
  legalPersonName: '周明',
  legalPersonIdCard: client.encrypt(ID_CARD),
  managerName: '吴婷',
  managerMobile: client.encrypt(MOBILE),
  registeredAddress: '浙江省杭州市上城区钱江路1号',
  ...extra,
});

describe('corporations', () => {
  it('read their real-name status from the admission filed under their credit code: 未认证 (NONE) until one is', async () => {
    const saved = await dataOf<Corp>(handler, `${CORPS}/save`, corpBody(handler, code(40), { corpName: `杭州实名状态${RUN}有限公司` }));
    expect(saved).toMatchObject({ realnameStatus: 'NONE', realnameRecordId: null });
    const filed = await dataOf<{ id: string; status: string }>(handler, '/op/v1/admit/realname/save', {
      corpName: saved.corpName,
      creditCode: saved.creditCode,
      licenceFileId: null,
    });
    expect(filed.status).toBe('DRAFT');
    const page = await dataOf<{ records: Corp[] }>(handler, `${CORPS}/page`, { creditCode: saved.creditCode });
    expect(page.records).toEqual([expect.objectContaining({ id: saved.id, realnameStatus: 'DRAFT', realnameRecordId: filed.id })]);
    expect(await dataOf<Corp>(handler, `${CORPS}/find-by-id`, { id: saved.id })).toMatchObject({ realnameStatus: 'DRAFT', realnameRecordId: filed.id });
  });

  it('seals sensitive values, masks them for the handler and reveals them to the whitelist only', async () => {
    const saved = await dataOf<Corp>(handler, `${CORPS}/save`, corpBody(handler, code(1), { corpName: `杭州钱塘建材${RUN}有限公司` }));
    expect(saved).toMatchObject({
      legalPersonIdCard: '1101****002X',
      managerMobile: '1381****5678',
      corpTypes: ['SUPPLIER'],
      realnameStatus: 'NONE',
      realnameRecordId: null,
    });
    const [row] = await srv.database.db.select().from(corporations).where(eq(corporations.id, saved.id));
    expect(row.legalPersonIdCard).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(ID_CARD);

    const asHandler = await dataOf<Corp>(handler, `${CORPS}/find-by-id`, { id: saved.id });
    expect(asHandler.revealed).toBeUndefined();
    const asAdmin = await dataOf<Corp>(admin, `${CORPS}/find-by-id`, { id: saved.id });
    expect(asAdmin.managerMobile).toBe('1381****5678');
    expect(desDecrypt(asAdmin.revealed!.legalPersonIdCard, admin.sessionKey)).toBe(ID_CARD);
    expect(desDecrypt(asAdmin.revealed!.managerMobile, admin.sessionKey)).toBe(MOBILE);
    // The whitelisted reveal left one entry naming the record and the fields answered in clear; the handler's masked read none.
    const reveals = await srv.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.resource, 'corporations'), eq(operationLogs.recordId, saved.id), eq(operationLogs.action, 'REVEAL')));
    expect(reveals.map((r) => [r.action, r.username, r.fields?.split(',').sort()])).toEqual([['REVEAL', 'op_admin', ['legalPersonIdCard', 'managerMobile']]]);

    const page = await dataOf<{ records: Corp[] }>(handler, `${CORPS}/page`, { corpName: `钱塘建材${RUN}` });
    expect(page.records.map((r) => r.managerMobile)).toEqual(['1381****5678']);
    expect(JSON.stringify(page)).not.toContain('v1.');
  });

  it('keeps a value the form left out, refuses a mask sent back as a value, and replaces one typed anew', async () => {
    const saved = await dataOf<Corp>(handler, `${CORPS}/save`, corpBody(handler, code(2)));
    // 修改 as op_handler sees it: the masked ID card and mobile were not touched, so the form sends neither.
    const kept = await dataOf<Corp>(handler, `${CORPS}/update-by-id`, {
      id: saved.id,
      dataVersion: 0,
      legalPersonName: '周明',
      registeredAddress: '杭州市钱塘区江东大道1号',
    });
    expect(kept).toMatchObject({
      legalPersonIdCard: '1101****002X',
      managerMobile: '1381****5678',
      registeredAddress: '杭州市钱塘区江东大道1号',
      dataVersion: 1,
    });
    const clear = await dataOf<Corp>(admin, `${CORPS}/find-by-id`, { id: saved.id });
    expect(desDecrypt(clear.revealed!.legalPersonIdCard, admin.sessionKey)).toBe(ID_CARD);
    expect(desDecrypt(clear.revealed!.managerMobile, admin.sessionKey)).toBe(MOBILE);

    // A mask is no value, whoever sends it and however (encrypted, or in clear): refused, naming the field, nothing changed.
    for (const [client, value] of [
      [handler, handler.encrypt('1101****002X')],
      [admin, admin.encrypt('1101****002X')],
      [handler, '1101****002X'],
    ] as const) {
      const refusal = refusalAbout(
        await client.call(`${CORPS}/update-by-id`, { json: { id: saved.id, dataVersion: 1, legalPersonIdCard: value, registeredAddress: '不应写入' } }),
      );
      expect(refusal).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'legalPersonIdCard',
        message: '法定代表人身份证号是脱敏显示的值（含****），不能作为新值提交：不修改请保持原样，修改请清空后输入完整的法定代表人身份证号',
      });
    }
    expect(await dataOf<Corp>(handler, `${CORPS}/find-by-id`, { id: saved.id })).toMatchObject({
      registeredAddress: '杭州市钱塘区江东大道1号',
      dataVersion: 1,
    });

    // Typed anew, the value is checked in full: a wrong check digit is refused, a right one replaces the stored value.
    expect(
      refusalAbout(
        await handler.call(`${CORPS}/update-by-id`, { json: { id: saved.id, dataVersion: 1, legalPersonIdCard: handler.encrypt('110105194912310021') } }),
      ),
    ).toMatchObject({ code: 'VALIDATION_FAILED', field: 'legalPersonIdCard' });
    const changed = await dataOf<Corp>(handler, `${CORPS}/update-by-id`, { id: saved.id, dataVersion: 1, legalPersonIdCard: handler.encrypt(OTHER_ID_CARD) });
    expect(changed.legalPersonIdCard).toBe(`${OTHER_ID_CARD.slice(0, 4)}****${OTHER_ID_CARD.slice(-4)}`);
  });

  it.each([
    ['a credit code of 10 characters', { creditCode: '9133010212' }, '统一社会信用代码'],
    ['a mobile number not encrypted', { managerMobile: '13812345678' }, '管理员手机号'],
    ['an ID card with a wrong check digit', { legalPersonIdCard: 'ENC:110105194912310021' }, '法定代表人身份证号'],
    ['an unknown type', { corpTypes: ['BANKER'] }, '企业类型'],
    ['no type', { corpTypes: [] }, '企业类型'],
  ])('refuses %s, naming the field, and stores nothing', async (_case, override, field) => {
    const body = corpBody(handler, code(3), override);
    if (typeof body.legalPersonIdCard === 'string' && body.legalPersonIdCard.startsWith('ENC:'))
      body.legalPersonIdCard = handler.encrypt(body.legalPersonIdCard.slice(4));
    const refusal = refusalOf(await handler.call(`${CORPS}/save`, { json: body }));
    expect(refusal.message).toContain(field);
    expect(
      await srv.database.db
        .select()
        .from(corporations)
        .where(eq(corporations.creditCode, code(3))),
    ).toHaveLength(0);
  });

  it('refuses a second corporation with the same credit code', async () => {
    await dataOf(handler, `${CORPS}/save`, corpBody(handler, code(4)));
    expect(refusalOf(await handler.call(`${CORPS}/save`, { json: corpBody(handler, code(4), { corpName: '另一家公司' }) }))).toMatchObject({
      code: 'DUPLICATE',
    });
  });

  it('filters by one of several types', async () => {
    await dataOf(handler, `${CORPS}/save`, corpBody(handler, code(5), { corpName: `类型筛选${RUN}甲公司`, corpTypes: ['CORE_ENTERPRISE', 'SUPPLIER'] }));
    await dataOf(handler, `${CORPS}/save`, corpBody(handler, code(6), { corpName: `类型筛选${RUN}乙公司`, corpTypes: ['SUPPLIER'] }));
    const page = await dataOf<{ records: Corp[] }>(handler, `${CORPS}/page`, { corpName: `类型筛选${RUN}`, corpTypes: 'CORE_ENTERPRISE' });
    expect(page.records.map((r) => r.corpName)).toEqual([`类型筛选${RUN}甲公司`]);
  });

  it('lets the auditor read but not write', async () => {
    expect((await auditor.call(`${CORPS}/page`, { json: {} })).body.code).toBe('0');
    expect(refusalOf(await auditor.call(`${CORPS}/save`, { json: corpBody(auditor, code(7)) }))).toMatchObject({ status: 403 });
  });
});

describe('bank accounts', () => {
  it('keeps the account number sealed and answers it masked; refuses an unknown corporation', async () => {
    const corp = await dataOf<Corp>(handler, `${CORPS}/save`, corpBody(handler, code(8)));
    const account = await dataOf<{ id: string; accountNo: string }>(handler, `${ACCOUNTS}/save`, {
      corpId: corp.id,
      bankName: '中国工商银行',
      branchName: '杭州钱江支行',
      accountName: '杭州钱塘建材有限公司',
      accountNo: handler.encrypt(ACCOUNT_NO),
      usage: 'SETTLEMENT',
    });
    expect(account.accountNo).toBe('6222****0123');
    const [row] = await srv.database.db.select().from(corpBankAccounts).where(eq(corpBankAccounts.id, account.id));
    expect(row.accountNo).not.toContain('6222');
    const refused = await handler.call(`${ACCOUNTS}/save`, {
      json: { corpId: 'nope', bankName: '中国银行', accountName: '某公司', accountNo: handler.encrypt(ACCOUNT_NO), usage: 'GENERAL' },
    });
    // The holder is a reference (issue 37): an id naming no corporation is refused at the field, as any reference is.
    expect(refusalOf(refused)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '所选的所属企业不在可选范围（企业管理）内：记录不存在或不符合条件，请重新选择',
    });
    expect(refused.body.data).toMatchObject({ field: 'corpId' });
  });
});
