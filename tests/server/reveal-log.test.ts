/**
 * Every reveal is recorded (issue 26): an answer carrying sensitive values in clear (to a whitelisted
 * user, under the session key) writes one operation-log entry (who, when, from which address, which
 * record, which fields) in the same transaction; when the entry cannot be written, nothing is
 * revealed. Every signed answer carries Cache-Control: no-store. The auditor reads and filters the
 * log; nobody changes it through the API.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_CALLS } from '../../src/lib/files';
import { REALNAME_CALLS, type RealnameRecord } from '../../src/lib/realname';
import { desDecrypt } from '../../src/protocol/des';
import { operationLogResource } from '../../src/resources/operation-log';
import { operationLogs } from '../../server/db/schema';
import { refusalOf, signInAs, type ApiClient, type ApiResponse } from './client';
import { sharedServer, type TestServer } from './server';

const PLAIN = { idCard: '11010519491231002X', mobilePhone: '13812345678', bankCard: '6222021234567890123' };
const LOG = operationLogResource.apiBase;

let srv: TestServer;
let admin: ApiClient;
let handler: ApiClient;
let auditor: ApiClient;
let licenceId: string;
/** The application the reveals below are of. */
let record: RealnameRecord;

beforeAll(async () => {
  srv = await sharedServer();
  [admin, handler, auditor] = await Promise.all(['op_admin', 'op_handler', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6bfd' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)]), '营业执照.png');
  licenceId = (await handler.upload<{ id: string }>(FILE_CALLS.upload, form)).body.data!.id;
});

function ok<T>(answer: ApiResponse<T>): T {
  expect(answer.body.code, answer.text).toBe('0');
  return answer.body.data as T;
}

const application = (client: ApiClient) => ({
  corpName: '上海浦江供应链管理有限公司',
  creditCode: '91310115MA1K4ABC2X',
  legalPersonName: '陈立明',
  idCard: client.encrypt(PLAIN.idCard),
  mobilePhone: client.encrypt(PLAIN.mobilePhone),
  bankCard: client.encrypt(PLAIN.bankCard),
  licenceFileId: licenceId,
});

// The record's reveals (its writes are logged too, issue 20: tests/server/operation-log.test.ts).
const entriesFor = (recordId: string) =>
  srv.database.db
    .select()
    .from(operationLogs)
    .where(and(eq(operationLogs.recordId, recordId), eq(operationLogs.action, 'REVEAL')));
// The admin's reveals: other files reveal too, on the shared server.
const revealCount = async (username: string) =>
  (
    await srv.database.db
      .select({ n: count() })
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'REVEAL'), eq(operationLogs.username, username)))
  )[0].n;

describe('reveals', () => {
  it('records nothing for a caller who gets masked values only', async () => {
    record = ok(await handler.call<RealnameRecord>(REALNAME_CALLS.save, { json: application(handler) }));
    const seen = ok(await handler.call<RealnameRecord>(REALNAME_CALLS.findById, { json: { id: record.id } }));
    expect(seen.revealed).toBeUndefined();
    expect(await entriesFor(record.id)).toEqual([]);
  });

  it('writes one entry per answer in clear: who, when, address, record, fields', async () => {
    const before = Date.now();
    const answer = await admin.call<RealnameRecord>(REALNAME_CALLS.findById, { json: { id: record.id } });
    const seen = ok(answer);
    expect(desDecrypt(seen.revealed!.idCard!, admin.sessionKey)).toBe(PLAIN.idCard);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const entries = await entriesFor(record.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userId: 'u-op-admin',
      username: 'op_admin',
      personName: '系统管理员',
      ipAddress: '127.0.0.1',
      resource: 'realname-records',
      recordId: record.id,
      action: 'REVEAL',
      fields: 'idCard,mobilePhone,bankCard',
      before: null,
      after: null,
    });
    expect(entries[0].createTime.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // a second look is a second entry; an edit answered in clear is one more
    ok(await admin.call(REALNAME_CALLS.findById, { json: { id: record.id } }));
    const edited = ok(
      await admin.call<RealnameRecord>(REALNAME_CALLS.updateById, { json: { id: record.id, dataVersion: seen.dataVersion, legalPersonName: '陈立新' } }),
    );
    expect(edited.revealed).toBeDefined();
    expect(await entriesFor(record.id)).toHaveLength(3);
  });

  it('reveals nothing when the entry cannot be written: the answer and its record stand or fall together', async () => {
    const { db } = srv.database;
    await db.execute(sql`ALTER TABLE sys_operation_logs ADD CONSTRAINT no_more_entries CHECK (false) NOT VALID`);
    try {
      const refused = await admin.call<RealnameRecord>(REALNAME_CALLS.findById, { json: { id: record.id } });
      expect(refused.body.code).not.toBe('0');
      expect(refused.text).not.toContain('revealed');
      // the masked answer needs no entry and still works
      expect(ok(await handler.call<RealnameRecord>(REALNAME_CALLS.findById, { json: { id: record.id } })).idCard).toMatch(/\*/);
    } finally {
      await db.execute(sql`ALTER TABLE sys_operation_logs DROP CONSTRAINT no_more_entries`);
    }
    expect(await entriesFor(record.id)).toHaveLength(3);
  });
});

describe('no-store', () => {
  it('is on every signed answer, refusals included', async () => {
    for (const answer of [
      await admin.call('/op/v1/userInfo'),
      await auditor.call(`${LOG}/page`, { json: {} }),
      await handler.call(REALNAME_CALLS.findById, { json: { id: 'no-such-record' } }),
      await auditor.call('/op/v1/sys/configs/save', { json: {} }),
      await admin.call('/op/v1/no-such-call'),
    ]) {
      expect(answer.headers.get('cache-control'), answer.text).toBe('no-store');
    }
  });
});

describe('the auditor reads the log', () => {
  it('lists and filters reveals, by action, user and record', async () => {
    const page = ok(
      await auditor.call<{ records: Array<Record<string, unknown>>; total: number }>(`${LOG}/page`, {
        json: { action: 'REVEAL', username: 'op_admin', pageSize: 50 },
      }),
    );
    expect(page.total).toBe(await revealCount('op_admin'));
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.records.every((r) => r.action === 'REVEAL' && r.username === 'op_admin')).toBe(true);
    // The record's own reveals, by its id (the admin's reveals of other files' records are on the list too).
    const ofRecord = ok(
      await auditor.call<{ records: Array<Record<string, unknown>>; total: number }>(`${LOG}/page`, {
        json: { action: 'REVEAL', username: 'op_admin', recordId: record.id },
      }),
    );
    expect(ofRecord.total).toBe(3);
    expect(ofRecord.records.every((r) => r.recordId === record.id)).toBe(true);
    const one = ofRecord.records[0];
    expect(ok(await auditor.call(`${LOG}/find-by-id`, { json: { id: one.id } }))).toMatchObject({ id: one.id, fields: 'idCard,mobilePhone,bankCard' });
    const none = ok(await auditor.call<{ total: number }>(`${LOG}/page`, { json: { action: 'REVEAL', username: 'op_handler' } }));
    expect(none.total).toBe(0);
  });

  it('changes nothing through the API, not even as op_admin', async () => {
    const [entry] = await srv.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'REVEAL')));
    for (const [path, body] of [
      ['save', { username: 'x', resource: 'x', action: 'REVEAL' }],
      ['update-by-id', { id: entry.id, dataVersion: 0, fields: 'none' }],
      ['remove-by-ids', { ids: [entry.id] }],
    ] as const) {
      for (const client of [auditor, admin]) {
        const answer = await client.call(`${LOG}/${path}`, { json: body });
        expect(refusalOf(answer).code, `${path}: ${answer.text}`).toBe('NOT_FOUND');
      }
    }
    expect((await srv.database.db.select().from(operationLogs).where(eq(operationLogs.id, entry.id)))[0]).toEqual(entry);
    // the handler holds no log permission
    expect(refusalOf(await handler.call(`${LOG}/page`, { json: {} })).status).toBe(403);
  });
});
