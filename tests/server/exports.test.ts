/**
 * Exports over real HTTP: a filtered list becomes an .xlsx whose rows are the listed rows; the
 * records are each user's own; the file comes by a signed POST or a one-time, short-lived ticket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { signInAs, type ApiClient, dataOf, refusalOf } from './client';
import { TICKET_TTL_MS } from '../../server/exports/tickets';
import { OWN_EXPORT_PERMISSIONS, withOwnExports } from '../../src/lib/own-exports';
import { until } from '../support/until';
import { captureLog, startServer, type TestServer } from './server';

interface ExportRecord {
  id: string;
  status: string;
  fileName: string;
  resourceName: string;
  rowCount: number | null;
  readAt: string | null;
  [field: string]: unknown;
}
interface Page<T> {
  records: T[];
  total: number;
}

const RECORDS = '/op/v1/export/file-export-records';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let srv: TestServer;
/** How far the server's clock is moved ahead: the tickets' expiry is read from it, not waited for. */
let clockAhead = 0;
let admin: ApiClient;
let auditor: ApiClient;
const serverLog = captureLog();

beforeAll(async () => {
  // Private: it moves its server's clock (the tickets expire by it) and reads its server's log.
  srv = await startServer({ now: () => Date.now() + clockAhead, logger: { level: 'trace', stream: serverLog.stream } });
  admin = await signInAs(srv.baseUrl, 'op_admin');
  auditor = await signInAs(srv.baseUrl, 'op_auditor');
});
afterAll(() => srv.close());

const ok = dataOf;
const refusal = refusalOf;

const finished = (client: ApiClient, id: string): Promise<ExportRecord> =>
  until(`export ${id} finished`, async () => {
    const record = (await ok<Page<ExportRecord>>(client, `${RECORDS}/page`, {})).records.find((r) => r.id === id);
    return record && record.status !== 'PROCESSING' ? record : undefined;
  });

/** The signed POST answers a file, not an envelope: read its bytes. */
async function download(client: ApiClient, id: string) {
  const request = client.prepare(`${RECORDS}/export`, { json: { id } });
  const response = await fetch(`${srv.baseUrl}${request.url}`, { method: 'POST', headers: request.headers, body: request.body });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer); // exceljs's typings predate Node's generic Buffer
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('exporting a filtered list', () => {
  let exported: ExportRecord;

  beforeAll(async () => {
    for (const [dictType, dictName, status] of [
      ['exp_b', '导出测试乙', '1'],
      ['exp_a', '导出测试甲', '0'],
      ['exp_c', '导出测试丙', '0'],
      ['other', '其他类型', '0'],
    ]) {
      await ok(admin, '/op/v1/sys/dict-types/save', { dictType, dictName, status });
    }
    const filters = { dictName: '导出测试', orderBy: [{ field: 'dictType', order: 'asc' }] };
    const started = await ok<ExportRecord>(admin, '/op/v1/sys/dict-types/export', filters);
    expect(started).toMatchObject({ status: 'PROCESSING', resourceName: 'dict-types' });
    expect(started).not.toHaveProperty('filePath');
    exported = await finished(admin, started.id);
  });

  it('writes an .xlsx whose rows are the listed rows, dict values as labels', async () => {
    expect(exported).toMatchObject({ status: 'SUCCESS', rowCount: 3 });
    expect(exported.fileName).toMatch(/^字典管理_\d{14}\.xlsx$/);
    const list = await ok<Page<{ dictType: string }>>(admin, '/op/v1/sys/dict-types/page', {
      dictName: '导出测试',
      orderBy: [{ field: 'dictType', order: 'asc' }],
    });
    const { response, bytes } = await download(admin, exported.id);
    expect(response.headers.get('content-type')).toBe(XLSX);
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(exported.fileName)}`);
    const rows = await sheetRows(bytes);
    expect(rows[0]).toEqual(['字典名称', '字典类型', '状态', '创建时间']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(list.records.map((r) => r.dictType));
    expect(rows.slice(1).map((r) => [r[0], r[2]])).toEqual([
      ['导出测试甲', '正常'],
      ['导出测试乙', '停用'],
      ['导出测试丙', '正常'],
    ]);
  });

  it('shows each user only their own records, auditors included', async () => {
    const mine = await ok<Page<ExportRecord>>(admin, `${RECORDS}/page`, {});
    expect(mine.records.map((r) => r.id)).toContain(exported.id);
    expect(await ok<Page<ExportRecord>>(auditor, `${RECORDS}/page`, {})).toMatchObject({ total: 0, records: [] });
    // The auditor exports the operation log, so it may download its own files (issue 37), never another's.
    expect(refusal(await auditor.call(`${RECORDS}/export`, { json: { id: exported.id } }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(refusal(await auditor.call(`${RECORDS}/remove-by-ids`, { json: { ids: [exported.id] } })).status).toBe(403);
    expect(refusal(await auditor.call('/op/v1/sys/dict-types/export', { json: {} }))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('counts new records for the badge until they are marked read', async () => {
    expect(await ok<number>(admin, `${RECORDS}/count-new`)).toBeGreaterThanOrEqual(1);
    await ok(admin, `${RECORDS}/mark-read`);
    expect(await ok<number>(admin, `${RECORDS}/count-new`)).toBe(0);
    expect(await ok<number>(auditor, `${RECORDS}/count-new`)).toBe(0);
  });

  it('hands out a download ticket that works once, for a plain GET, and expires', async () => {
    const { url } = await ok<{ url: string }>(admin, `${RECORDS}/export`, { id: exported.id, ticket: true });
    expect(url).toMatch(/^\/api\/web\/op\/v1\/export\/file-export-records\/download\/[A-Za-z0-9_-]{43}$/);
    const first = await fetch(`${srv.baseUrl}${url}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe(XLSX);
    expect((await sheetRows(Buffer.from(await first.arrayBuffer()))).length).toBe(4);
    const again = await fetch(`${srv.baseUrl}${url}`);
    expect(again.status).toBe(404);
    const ticket = url.slice(url.lastIndexOf('/') + 1);
    expect(serverLog.text()).toContain('/download/[redacted]');
    expect(serverLog.text()).not.toContain(ticket);

    // Two more tickets: half-way through its life one still downloads, the other is refused once its
    // life has passed (the clock is moved; half a life leaves room for a slow machine between the calls).
    const inTime = await ok<{ url: string }>(admin, `${RECORDS}/export`, { id: exported.id, ticket: true });
    const late = await ok<{ url: string }>(admin, `${RECORDS}/export`, { id: exported.id, ticket: true });
    clockAhead += TICKET_TTL_MS / 2;
    expect((await fetch(`${srv.baseUrl}${inTime.url}`)).status).toBe(200);
    clockAhead += TICKET_TTL_MS / 2 + 1;
    expect((await fetch(`${srv.baseUrl}${late.url}`)).status).toBe(404);
    clockAhead = 0;
  });

  it('removes own records and their files', async () => {
    const started = await ok<ExportRecord>(admin, '/op/v1/sys/dict-types/export', { dictType: 'other' });
    const done = await finished(admin, started.id);
    expect(done.rowCount).toBe(1);
    const dir = join(srv.filesDir, 'exports');
    expect(existsSync(join(dir, `${done.id}.xlsx`))).toBe(true);
    expect(await ok<number>(admin, `${RECORDS}/remove-by-ids`, { ids: [done.id] })).toBe(1);
    expect(existsSync(join(dir, `${done.id}.xlsx`))).toBe(false);
    expect(refusal(await admin.call(`${RECORDS}/export`, { json: { id: done.id } })).code).toBe('NOT_FOUND');
  });
});

/**
 * Whoever may export something follows their own exports (issue 37): op_handler, who holds the
 * issuance batches' export (credit:note:export) and no system:export:*, lists, counts and downloads
 * the file it started, sees nobody else's and removes nothing; a user who may export nothing is
 * refused the list as before.
 */
describe("following one's own exports", () => {
  let handler: ApiClient;
  let agent: ApiClient;
  beforeAll(async () => {
    [handler, agent] = await Promise.all([signInAs(srv.baseUrl, 'op_handler'), signInAs(srv.baseUrl, 'op_agent')]);
  });

  it('is what an export permission grants besides, as the guard and the user info read it', async () => {
    const { menuPerms } = await ok<{ menuPerms: string[] }>(handler, '/op/v1/userInfo');
    expect(menuPerms).toContain('credit:note:export');
    expect(menuPerms.filter((p) => p.startsWith('system:export:')).sort()).toEqual(OWN_EXPORT_PERMISSIONS.slice().sort());
    expect(withOwnExports(menuPerms.filter((p) => !p.startsWith('system:export:'))).sort()).toEqual(menuPerms.slice().sort());
    const agentPerms = (await ok<{ menuPerms: string[] }>(agent, '/op/v1/userInfo')).menuPerms;
    expect(agentPerms.some((p) => p.endsWith(':export') || p.startsWith('system:export:'))).toBe(false);
  });

  it('lets op_handler list, count and download the batch export it started, and nothing of anyone else', async () => {
    const [batch] = (await ok<Page<{ id: string }>>(handler, '/op/v1/credit-notes/batches/page', {})).records;
    expect(batch).toBeDefined();
    const started = await ok<ExportRecord>(handler, '/op/v1/credit-notes/batches/export', { id: batch.id });
    const done = await finished(handler, started.id);
    expect(done.status).toBe('SUCCESS');
    const mine = await ok<Page<ExportRecord>>(handler, `${RECORDS}/page`, {});
    expect(mine.records.map((r) => r.id)).toEqual([done.id]);
    expect(await ok<number>(handler, `${RECORDS}/count-new`)).toBe(1);
    const { response, bytes } = await download(handler, done.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX);
    expect((await sheetRows(bytes)).length).toBeGreaterThan(1);
    // Someone else's record is not there for it; removing stays with system:export:remove.
    const adminsOwn = (await ok<Page<ExportRecord>>(admin, `${RECORDS}/page`, {})).records[0];
    expect(adminsOwn).toBeDefined();
    expect(refusal(await handler.call(`${RECORDS}/export`, { json: { id: adminsOwn.id } }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(refusal(await handler.call(`${RECORDS}/remove-by-ids`, { json: { ids: [done.id] } }))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await ok<Page<ExportRecord>>(admin, `${RECORDS}/page`, {})).records.map((r) => r.id)).not.toContain(done.id);
  });

  it('refuses the list to a user who may export nothing', async () => {
    expect(refusal(await agent.call(`${RECORDS}/page`, { json: {} }))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(refusal(await agent.call(`${RECORDS}/count-new`, { json: {} }))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});
