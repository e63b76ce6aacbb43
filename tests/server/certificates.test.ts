/**
 * Certificates over real HTTP (spec 2.3, §4.5): create, renew and reopen each start their process and
 * the certificate's status follows it to the end, pass or withdrawal; one running application per
 * certificate; bad input and the auditor change nothing; the expiring filter; the handler's edit
 * step; the invoice-type list (spec §7).
 */
import dayjs from 'dayjs';
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { lookup } from './error-catalogue';
import { CERT_EXPIRING_DAYS, CERT_STATUS, type CertStatus } from '../../src/lib/certificates';
import { addDays, dayOf } from '../../src/lib/dates';
import type { DictItem } from '../../src/protocol/api-types';
import { certificates } from '../../server/db/schema';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

const API = '/op/v1/certificates';
const WF = '/op/v1/workflow';

interface Certificate {
  id: string;
  holderCorpName: string;
  holderCorpId: string;
  serialNo: string | null;
  issuer: string | null;
  validFrom: string | null;
  validTo: string | null;
  status: string;
  invoiceType: string | null;
  dataVersion: number;
  expiringSoon: boolean;
}
interface Application {
  id: string;
  certificateId: string;
  kind: string;
  validFrom: string | null;
  validTo: string;
  invoiceType: string | null;
  instanceId: string;
  status: string;
  dataVersion: number;
}
interface Started {
  certificate: Certificate;
  application: Application;
  instanceId: string;
  taskId: string;
}
interface Task {
  id: string;
  instanceId: string;
  taskDefinitionKey: string;
}
interface Page<T> {
  records: T[];
  total: number;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [handler, director, auditor] = await Promise.all(['op_handler', 'op_director', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});

const today = () => dayOf(Date.now());
const inDays = (days: number) => addDays(today(), days);
const find = (id: string) => dataOf<Certificate & { applications: Application[] }>(auditor, `${API}/find-by-id`, { id });
const page = (filters: Record<string, unknown> = {}) => dataOf<Page<Certificate>>(auditor, `${API}/page`, { pageSize: 100, ...filters });
const call = (client: ApiClient, path: string, json: unknown) => client.call(`${API}/${path}`, { json });

/** The open task of an instance, as the given worker's to-do list shows it. */
async function openTask(client: ApiClient, instanceId: string): Promise<Task> {
  const todo = await dataOf<Page<Task>>(client, `${WF}/tasks/todo/page`, { pageSize: 500 });
  const task = todo.records.find((t) => t.instanceId === instanceId);
  if (!task) throw new Error(`no open task of ${instanceId} for this worker`);
  return task;
}
const complete = (client: ApiClient, taskId: string, outcome: 'PASS' | 'REJECT', remark?: string) =>
  dataOf(client, `${WF}/tasks/complete`, { taskId, outcome, remark });

/** The handler submits the first step, the director approves. */
async function approve(started: Started): Promise<void> {
  // Saving the application submitted it: started.taskId is the director's review.
  await complete(director, (await openTask(director, started.instanceId)).id, 'PASS');
}

/** This run's mark: the demo's certificates are every file's, so each test plants the ones it changes or counts. */
const RUN = randomUUID().slice(0, 8);
let planted = 0;

/**
 * A certificate as the demo seeds one (server/db/seed-data/certificates.ts), of this run's own: its validity
 * starts and ends the given days from today; its holder carries the tag, for a search to find this run's only.
 */
async function plant(holder: string, from: number, to: number, status: CertStatus, invoiceType: string, tag = RUN): Promise<Certificate> {
  planted += 1;
  const [row] = await srv.database.db
    .insert(certificates)
    .values({
      id: `cert-test-${RUN}-${planted}`,
      holderCorpName: `${holder}（${tag}）`,
      holderCorpId: '91320594MA1N9012AB',
      serialNo: `SCF-CA-2025-${randomBytes(4).toString('hex').toUpperCase()}`,
      issuer: '中国金融认证中心（CFCA）',
      validFrom: inDays(from),
      validTo: inDays(to),
      status,
      invoiceType,
    })
    .returning();
  return row as unknown as Certificate;
}

async function newCertificate(holder: string): Promise<Started> {
  return dataOf<Started>(handler, `${API}/save`, {
    holderCorpName: holder,
    holderCorpId: '91310000MA1FL9999X',
    validFrom: today(),
    validTo: inDays(365),
    invoiceType: 'VAT_SPECIAL',
    remark: '新客户',
  });
}

describe('certificate applications follow their process', () => {
  it('a create starts Process_AUTH_SOFT_CA_CREATE (申请中) and, approved, issues the certificate', async () => {
    const started = await newCertificate('宁波港城国际贸易有限公司');
    expect(started.certificate.status).toBe(CERT_STATUS.APPLYING);
    const instance = await dataOf<{ processKey: string; businessKey: string; status: string }>(auditor, `${WF}/instances/find-by-business-key`, {
      businessKey: started.application.id,
    });
    expect(instance).toMatchObject({ processKey: 'Process_AUTH_SOFT_CA_CREATE', status: 'RUNNING' });
    expect((await find(started.certificate.id)).serialNo).toBeNull();

    await approve(started);
    const issued = await find(started.certificate.id);
    expect(issued).toMatchObject({
      status: CERT_STATUS.VALID,
      validFrom: today(),
      validTo: inDays(365),
      issuer: '中国金融认证中心（CFCA）',
      invoiceType: 'VAT_SPECIAL',
    });
    expect(issued.serialNo).toMatch(/^SCF-CA-\d{4}-[0-9A-F]{8}$/);
    expect(issued.applications).toEqual([expect.objectContaining({ kind: 'CREATE', status: 'APPROVED', instanceId: started.instanceId })]);
  });

  it('a renewal starts Process_AUTH_SOFT_CA_RENEWAL (续期中); approved, validity to becomes the requested date', async () => {
    const { id } = await plant('杭州钱塘商贸有限公司', -100, 265, CERT_STATUS.VALID, 'VAT_E_NORMAL');
    const before = await find(id);
    const newEnd = dayjs(before.validTo).add(1, 'year').format('YYYY-MM-DD');
    const started = await dataOf<Started>(handler, `${API}/renew`, { id, validTo: newEnd, invoiceType: 'VAT_E_NORMAL' });
    expect((await find(id)).status).toBe(CERT_STATUS.RENEWING);
    const instance = await dataOf<{ processKey: string }>(auditor, `${WF}/instances/find-by-business-key`, { businessKey: started.application.id });
    expect(instance.processKey).toBe('Process_AUTH_SOFT_CA_RENEWAL');

    await approve(started);
    expect(await find(id)).toMatchObject({ status: CERT_STATUS.VALID, validTo: newEnd, validFrom: before.validFrom, serialNo: before.serialNo });
  });

  it('a second application while one runs is refused, and changes nothing', async () => {
    const { id } = await plant('上海浦江供应链管理有限公司', -200, 530, CERT_STATUS.VALID, 'VAT_SPECIAL');
    const started = await dataOf<Started>(handler, `${API}/renew`, { id, validTo: inDays(900), invoiceType: 'VAT_SPECIAL' });
    const before = await find(id);
    for (const path of ['renew', 'reopen']) {
      const answer = await call(handler, path, { id, validTo: inDays(1000), invoiceType: 'VAT_SPECIAL' });
      expect(refusalOf(answer)).toEqual({ status: 200, code: 'CERT_APPLICATION_RUNNING', message: lookup('zh-CN', 'server:cert.applicationRunning') });
    }
    const after = await find(id);
    expect(after).toEqual(before);
    expect(after.applications).toHaveLength(1);
    await approve(started);
  });

  it('a reopening starts Process_AUTH_SOFT_CA_REOPEN (重新开通中); rejected and withdrawn, it is 已吊销 again', async () => {
    const { id } = await plant('广州南沙物流有限公司', -150, 215, CERT_STATUS.REVOKED, 'VAT_E_SPECIAL');
    const started = await dataOf<Started>(handler, `${API}/reopen`, { id, validTo: inDays(400), invoiceType: 'VAT_E_SPECIAL' });
    expect((await find(id)).status).toBe(CERT_STATUS.REOPENING);
    // Saving the application submitted it: started.taskId is the director's review.
    const review = await openTask(director, started.instanceId);
    expect(review.taskDefinitionKey).toBe('ReopenApprove');
    await complete(director, review.id, 'REJECT', '材料不全');
    // Back at the handler's first step: still reopening until the handler withdraws.
    const again = await openTask(handler, started.instanceId);
    expect(again.taskDefinitionKey).toBe('ReopenEdit');
    expect((await find(id)).status).toBe(CERT_STATUS.REOPENING);
    await complete(handler, again.id, 'REJECT', '撤回申请');
    const after = await find(id);
    expect(after.status).toBe(CERT_STATUS.REVOKED);
    expect(after.applications[0]).toMatchObject({ kind: 'REOPEN', status: 'REJECTED' });
  });

  it('a reopening approved makes a revoked certificate valid with the requested end', async () => {
    const { id } = await plant('广州南沙物流有限公司', -150, 215, CERT_STATUS.REVOKED, 'VAT_E_SPECIAL');
    const started = await dataOf<Started>(handler, `${API}/reopen`, { id, validTo: inDays(420), invoiceType: 'VAT_E_SPECIAL' });
    await approve(started);
    expect(await find(id)).toMatchObject({ status: CERT_STATUS.VALID, validTo: inDays(420) });
  });

  it('a withdrawn create leaves the certificate 申请未通过 without a serial', async () => {
    const started = await newCertificate('温州瓯江电器有限公司');
    // Withdrawn from 我发起的 before the director acted (the start submitted it).
    await dataOf(handler, `${WF}/instances/withdraw`, { instanceId: started.instanceId, remark: '信息有误' });
    expect(await find(started.certificate.id)).toMatchObject({ status: CERT_STATUS.REFUSED, serialNo: null, validTo: null });
  });
});

describe('refusals change nothing', () => {
  // A valid certificate ending in 12 days, and an expired one: as the demo's third and fourth.
  let valid: Certificate;
  let expired: Certificate;
  beforeAll(async () => {
    valid = await plant('苏州工业园区精密制造有限公司', -350, 12, CERT_STATUS.VALID, 'VAT_NORMAL');
    expired = await plant('南京江北建材贸易有限公司', -385, -20, CERT_STATUS.EXPIRED, 'VAT_SPECIAL');
  });

  const BAD: Array<[name: string, path: string, body: Record<string, unknown>, message: string]> = [
    ['a renewal ending before the current end', 'renew', { validTo: inDays(5), invoiceType: 'VAT_NORMAL' }, '续期后的有效期止必须晚于当前有效期止'],
    ['a renewal to an impossible date', 'renew', { validTo: '2027-02-30', invoiceType: 'VAT_NORMAL' }, '有效期止必须是 YYYY-MM-DD 格式的有效日期'],
    ['a renewal without a date', 'renew', { invoiceType: 'VAT_NORMAL' }, '有效期止不能为空'],
    ['a renewal with a hidden invoice type', 'renew', { validTo: inDays(500), invoiceType: 'MOTOR_VEHICLE' }, '发票类型不可选：MOTOR_VEHICLE'],
    ['a reopening of a valid certificate', 'reopen', { validTo: inDays(500), invoiceType: 'VAT_NORMAL' }, '不能重新开通'],
  ];
  for (const [name, path, body, message] of BAD) {
    it(`refuses ${name}`, async () => {
      const before = await find(valid.id);
      const answer = await call(handler, path, { id: valid.id, ...body });
      expect(answer.body.code).not.toBe('0');
      expect(answer.body.message).toContain(message);
      expect(await find(valid.id)).toEqual(before);
    });
  }

  it('refuses a create whose validity ends before it starts, or whose holder name is too long, and writes no certificate', async () => {
    const { total } = await page();
    const base = {
      holderCorpName: '嘉兴禾城纺织有限公司',
      holderCorpId: '91330400MA2CAAAA1X',
      validFrom: inDays(10),
      validTo: inDays(5),
      invoiceType: 'VAT_NORMAL',
    };
    const backwards = await call(handler, 'save', base);
    expect(refusalOf(backwards)).toMatchObject({ code: 'VALIDATION_FAILED', message: '有效期止必须晚于有效期起' });
    const longName = await call(handler, 'save', { ...base, validTo: inDays(100), holderCorpName: '企'.repeat(81) });
    expect(longName.body.code).toBe('VALIDATION_FAILED');
    expect(longName.body.message).toContain('持证企业名称');
    expect((await page()).total).toBe(total);
  });

  it('refuses op_auditor and op_director every change, over HTTP, while they read', async () => {
    for (const client of [auditor, director]) {
      for (const [path, body] of [
        ['save', { holderCorpName: '某公司', holderCorpId: '91330400MA2CAAAA1X', validFrom: today(), validTo: inDays(30), invoiceType: 'VAT_NORMAL' }],
        ['renew', { id: valid.id, validTo: inDays(400), invoiceType: 'VAT_NORMAL' }],
        ['reopen', { id: expired.id, validTo: inDays(400), invoiceType: 'VAT_NORMAL' }],
      ] as const) {
        expect((await call(client, path, body)).status, path).toBe(403);
      }
      expect((await call(client, 'page', {})).body.code).toBe('0');
    }
    expect((await find(expired.id)).status).toBe(CERT_STATUS.EXPIRED);
  });
});

describe('the list', () => {
  // The demo's five, planted for this run: the list's searches are narrowed to them by their holders' tag.
  const tag = `列表${RUN}`;
  const mine = { holderCorpName: tag };
  let soon: Certificate;
  let qiantang: Certificate;
  let expired: Certificate;
  beforeAll(async () => {
    await plant('上海浦江供应链管理有限公司', -200, 530, CERT_STATUS.VALID, 'VAT_SPECIAL', tag);
    qiantang = await plant('杭州钱塘商贸有限公司', -100, 265, CERT_STATUS.VALID, 'VAT_E_NORMAL', tag);
    soon = await plant('苏州工业园区精密制造有限公司', -350, 12, CERT_STATUS.VALID, 'VAT_NORMAL', tag);
    expired = await plant('南京江北建材贸易有限公司', -385, -20, CERT_STATUS.EXPIRED, 'VAT_SPECIAL', tag);
    await plant('广州南沙物流有限公司', -150, 215, CERT_STATUS.REVOKED, 'VAT_E_SPECIAL', tag);
  });

  it('the expiring filter finds the valid certificates ending within CERT_EXPIRING_DAYS, and marks them', async () => {
    const expiring = await page({ expiring: true, ...mine });
    expect(expiring.records.map((c) => c.id)).toEqual([soon.id]);
    expect(expiring.records[0]).toMatchObject({ expiringSoon: true, validTo: inDays(12) });
    expect(CERT_EXPIRING_DAYS).toBe(30);
    // Whoever's they are, what the filter finds is valid, ends within the days, and is marked.
    for (const c of (await page({ expiring: true })).records) {
      expect(c, c.id).toMatchObject({ status: CERT_STATUS.VALID, expiringSoon: true });
      expect(c.validTo! >= today() && c.validTo! <= inDays(CERT_EXPIRING_DAYS), c.id).toBe(true);
    }
    const all = await page(mine);
    expect(all.total).toBe(5);
    expect(all.records.filter((c) => c.expiringSoon).map((c) => c.id)).toEqual([soon.id]);
  });

  it('searches by holder, serial and status, and sorts by validity', async () => {
    expect((await page({ holderCorpName: `钱塘商贸有限公司（${tag}` })).records.map((c) => c.id)).toEqual([qiantang.id]);
    expect((await page({ serialNo: expired.serialNo!.slice(-8) })).records.map((c) => c.id)).toEqual([expired.id]);
    expect((await page({ status: CERT_STATUS.EXPIRED, ...mine })).records.map((c) => c.id)).toEqual([expired.id]);
    const sorted = (await page({ orderBy: [{ field: 'validTo', order: 'asc' }], status: CERT_STATUS.VALID })).records.map((c) => c.validTo);
    expect(sorted).toEqual([...sorted].sort());
    expect(refusalOf(await call(auditor, 'page', { status: 'NOPE' })).code).toBe('VALIDATION_FAILED');
  });
});

describe("the handler's edit step", () => {
  const resubmit = (client: ApiClient, instanceId: string, body: Record<string, unknown>) =>
    client.call('/op/v1/workflow/instances/resubmit', { json: { instanceId, ...body } });

  it('changes the requested validity once returned, by its submitter only, refusing a stale version', async () => {
    const { id } = await plant('苏州工业园区精密制造有限公司', -350, 12, CERT_STATUS.VALID, 'VAT_NORMAL');
    const started = await dataOf<Started>(handler, `${API}/renew`, { id, validTo: inDays(300), invoiceType: 'VAT_NORMAL' });
    const { application } = started;
    // Saving submitted it: at the director's review the handler may not change it; a reject returns it to Edit.
    const atReview = await resubmit(handler, started.instanceId, { dataVersion: application.dataVersion, validTo: inDays(366), invoiceType: 'VAT_SPECIAL' });
    expect(refusalOf(atReview).code).toBe('NOT_RETURNED');
    await complete(director, started.taskId, 'REJECT', '有效期请改为一年');
    const edited = (
      await dataOf<{ application: Application }>(handler, '/op/v1/workflow/instances/resubmit', {
        instanceId: started.instanceId,
        dataVersion: application.dataVersion,
        validTo: inDays(366),
        invoiceType: 'VAT_SPECIAL',
      })
    ).application;
    expect(edited).toMatchObject({ validTo: inDays(366), invoiceType: 'VAT_SPECIAL' });
    const stale = await resubmit(handler, started.instanceId, { dataVersion: application.dataVersion, validTo: inDays(400), invoiceType: 'VAT_SPECIAL' });
    expect(refusalOf(stale).code).toBe('DATA_VERSION_CONFLICT');
    const byDirector = await resubmit(director, started.instanceId, { dataVersion: edited.dataVersion, validTo: inDays(400), invoiceType: 'VAT_SPECIAL' });
    expect(refusalOf(byDirector).status).toBe(403);

    await complete(handler, (await openTask(handler, started.instanceId)).id, 'PASS', '已改为一年');
    const atApprove = await resubmit(handler, started.instanceId, { dataVersion: edited.dataVersion, validTo: inDays(400), invoiceType: 'VAT_SPECIAL' });
    expect(refusalOf(atApprove).code).toBe('NOT_RETURNED');
    await complete(director, (await openTask(director, started.instanceId)).id, 'PASS');
    expect(await find(id)).toMatchObject({ status: CERT_STATUS.VALID, validTo: inDays(366), invoiceType: 'VAT_SPECIAL', expiringSoon: false });

    const shown = await dataOf<{ application: Application; certificate: Certificate }>(auditor, `${API}/applications/find-by-id`, { id: application.id });
    expect(shown).toMatchObject({ application: { status: 'APPROVED', validTo: inDays(366) }, certificate: { id } });
  });
});

describe('list_invoice_type_dict', () => {
  it('answers every enabled invoice type with its isShow flag', async () => {
    const items = await dataOf<DictItem[]>(auditor, '/op/v1/ci/corps/list_invoice_type_dict', {});
    expect(items.map((i) => [i.dictValue, i.isShow])).toEqual([
      ['VAT_SPECIAL', true],
      ['VAT_NORMAL', true],
      ['VAT_E_SPECIAL', true],
      ['VAT_E_NORMAL', true],
      ['MOTOR_VEHICLE', false],
    ]);
  });
});
