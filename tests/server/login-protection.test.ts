/**
 * Login protection and the login log (issue 20): five wrong passwords in a row lock the name for 15
 * minutes with a clear message, whichever server instance is asked; the lock is logged; simultaneous
 * guesses are each counted; unknown names lock alike. Every sign-in is logged with its address and
 * browser and never its password; the log is read, searched and exported, and never written, through the API.
 * The administrator sees a lock on the user list and lifts it (解锁: logged, never for oneself, under the
 * status grant); a password reset clears it too, and a lock past its time is not shown.
 */
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOCK_MS } from '../../src/lib/login-protection';
import { loginLogResource } from '../../src/resources/login-log';
import { loginLogs, operationLogs } from '../../server/db/schema';
import { ApiClient, dataOf, passwordOf, refusalOf, signInAs } from './client';
import { exportFinished } from './export-job';
import { captureLog, startServer, type TestServer } from './server';

const LOG = loginLogResource.apiBase;
const RECORDS = '/op/v1/export/file-export-records';
const LOCKED_MESSAGE = '密码连续输错 5 次，账户已锁定，请 15 分钟后再试';
const WRONG = 'Wrong-Passw0rd!x';

let clock = Date.now();
let srv: TestServer;
let second: TestServer['app'];
let secondUrl: string;
const serverLog = captureLog();

beforeAll(async () => {
  // Private: it moves the clock and locks accounts out.
  srv = await startServer({ now: () => clock, logger: { level: 'trace', stream: serverLog.stream } });
  // A second instance over the same database, as a second process would be: it shares nothing in memory.
  const other = await startServer({ database: srv.database, now: () => clock });
  second = other.app;
  secondUrl = other.baseUrl;
});
afterAll(async () => {
  await second.close();
  await srv.close();
});

async function attempt(username: string, password: string, baseUrl = srv.baseUrl, agent?: string) {
  const client = await new ApiClient(baseUrl).init();
  const body = { username, password: client.encrypt(password) };
  const request = client.prepare('/uaa/login', { json: body });
  if (agent) request.headers['User-Agent'] = agent;
  const answer = await client.send<{ authToken: string }>(request);
  return { code: answer.body.code, message: answer.body.message, status: answer.status };
}

const entriesOf = (username: string) => srv.database.db.select().from(loginLogs).where(eq(loginLogs.username, username)).orderBy(loginLogs.createTime);

describe('login protection', () => {
  it('locks after the fifth wrong password in a row, with a clear message, and logs the lock', async () => {
    const user = 'op_handler';
    for (let i = 1; i <= 4; i += 1) expect(await attempt(user, WRONG)).toMatchObject({ code: 'LOGIN_FAILED', message: '用户名或密码错误' });
    expect(await attempt(user, WRONG)).toEqual({ code: 'LOGIN_LOCKED', message: LOCKED_MESSAGE, status: 200 });
    // The right password no longer helps, on this instance or another.
    expect(await attempt(user, passwordOf(user))).toMatchObject({ code: 'LOGIN_LOCKED', message: LOCKED_MESSAGE });
    expect(await attempt(user, passwordOf(user), secondUrl)).toMatchObject({ code: 'LOGIN_LOCKED' });
    expect((await entriesOf(user)).map((e) => e.status)).toEqual(['FAILURE', 'FAILURE', 'FAILURE', 'FAILURE', 'LOCK', 'LOCKED', 'LOCKED']);
    expect(serverLog.text()).toContain('login locked after repeated wrong passwords');
  });

  it('lifts the lock after 15 minutes, the minutes left counting down meanwhile', async () => {
    const user = 'op_handler';
    clock += LOGIN_LOCK_MS - 4 * 60_000 - 1_000;
    expect((await attempt(user, passwordOf(user))).message).toBe('密码连续输错 5 次，账户已锁定，请 5 分钟后再试');
    clock += 5 * 60_000;
    expect(await attempt(user, passwordOf(user), secondUrl)).toMatchObject({ code: '0' });
    // A success forgives: four more wrong passwords do not lock.
    for (let i = 1; i <= 4; i += 1) expect((await attempt(user, WRONG)).code).toBe('LOGIN_FAILED');
    expect((await attempt(user, passwordOf(user))).code).toBe('0');
  });

  it('counts only failures in a row: a quiet spell as long as a lock forgives them', async () => {
    const user = 'op_director';
    for (let i = 1; i <= 4; i += 1) expect((await attempt(user, WRONG)).code).toBe('LOGIN_FAILED');
    clock += LOGIN_LOCK_MS;
    expect((await attempt(user, WRONG)).code).toBe('LOGIN_FAILED');
    expect((await attempt(user, passwordOf(user))).code).toBe('0');
  });

  it('locks an unknown name exactly as a known one', async () => {
    const ghost = 'nobody_here';
    for (let i = 1; i <= 4; i += 1) expect(await attempt(ghost, WRONG)).toMatchObject({ code: 'LOGIN_FAILED', message: '用户名或密码错误' });
    expect(await attempt(ghost, WRONG)).toMatchObject({ code: 'LOGIN_LOCKED', message: LOCKED_MESSAGE });
    expect((await entriesOf(ghost)).every((e) => e.userId === null)).toBe(true);
  });

  it('counts simultaneous guesses each: a burst of ten checks at most five passwords', async () => {
    const user = 'op_auditor';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => attempt(user, i === 9 ? passwordOf(user) : `${WRONG}${i}`, i % 2 ? secondUrl : srv.baseUrl)),
    );
    const statuses = (await entriesOf(user)).map((e) => e.status);
    expect(statuses).toHaveLength(10);
    expect(statuses.filter((s) => s !== 'LOCKED').length).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Whatever the order, the name ends locked unless the right password came within the first five.
    if (!statuses.includes('SUCCESS')) expect((await attempt(user, passwordOf(user))).code).toBe('LOGIN_LOCKED');
    clock += LOGIN_LOCK_MS;
  });
});

describe('the administrator and a locked account', () => {
  const STAFFS = '/op/v1/sys/staffs';
  const lock = async (user: string) => {
    for (let i = 1; i <= 5; i += 1) await attempt(user, WRONG);
    expect((await attempt(user, passwordOf(user))).code).toBe('LOGIN_LOCKED');
  };
  const accountOf = async (admin: ApiClient, username: string) =>
    (
      await dataOf<{ records: Array<{ id: string; username: string; locked: boolean; lockedUntil: string | null; dataVersion: number }> }>(
        admin,
        `${STAFFS}/page`,
        { username },
      )
    ).records.find((r) => r.username === username)!;

  it('sees the lock on the user list and lifts it: the name signs in again, and the unlock is logged', async () => {
    const admin = await signInAs(srv.baseUrl, 'op_admin');
    const user = 'op_director2';
    expect(await accountOf(admin, user)).toMatchObject({ locked: false, lockedUntil: null });
    await lock(user);
    const locked = await accountOf(admin, user);
    expect(locked).toMatchObject({ locked: true, lockedUntil: new Date(clock + LOGIN_LOCK_MS).toISOString() });
    expect(await dataOf(admin, `${STAFFS}/find-by-id`, { id: locked.id })).toMatchObject({ locked: true });

    // Not by someone without the status grant, not for oneself, not at a stale version.
    const auditor = await signInAs(srv.baseUrl, 'op_auditor');
    expect((await auditor.call(`${STAFFS}/unlock`, { json: { id: locked.id } })).status).toBe(403);
    expect(refusalOf(await admin.call(`${STAFFS}/unlock`, { json: { id: 'u-op-admin' } }))).toMatchObject({
      code: 'CANNOT_UNLOCK_SELF',
      message: '不能解锁自己的账号',
    });
    expect(refusalOf(await admin.call(`${STAFFS}/unlock`, { json: { id: locked.id, dataVersion: locked.dataVersion + 1 } })).code).toBe(
      'DATA_VERSION_CONFLICT',
    );
    expect((await attempt(user, passwordOf(user))).code).toBe('LOGIN_LOCKED');

    const unlocked = await dataOf<{ locked: boolean }>(admin, `${STAFFS}/unlock`, { id: locked.id, dataVersion: locked.dataVersion });
    expect(unlocked).toMatchObject({ locked: false, lockedUntil: null });
    expect((await attempt(user, passwordOf(user), secondUrl)).code).toBe('0');
    expect(refusalOf(await admin.call(`${STAFFS}/unlock`, { json: { id: locked.id } }))).toMatchObject({
      code: 'NOT_LOCKED',
      message: '用户“主管王五”未被锁定',
    });
    const [entry] = await srv.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.recordId, locked.id), eq(operationLogs.action, 'UNLOCK')));
    expect(entry).toMatchObject({ username: 'op_admin', resource: 'staffs' });
  });

  it('a password reset clears the lock, and a lock past its time is no longer shown', async () => {
    const admin = await signInAs(srv.baseUrl, 'op_admin');
    await lock('op_agent');
    const agent = await accountOf(admin, 'op_agent');
    expect(agent.locked).toBe(true);
    await dataOf(admin, `${STAFFS}/reset-password`, { id: agent.id, password: admin.encrypt('Reset@2026!') });
    expect(await accountOf(admin, 'op_agent')).toMatchObject({ locked: false });
    expect((await attempt('op_agent', 'Reset@2026!')).code).toBe('0');

    await lock('op_handler');
    expect((await accountOf(admin, 'op_handler')).locked).toBe(true);
    clock += LOGIN_LOCK_MS + 1_000;
    expect(await accountOf(admin, 'op_handler')).toMatchObject({ locked: false, lockedUntil: null });
  });
});

describe('the login log', () => {
  let admin: ApiClient;
  let auditor: ApiClient;
  let handler: ApiClient;

  beforeAll(async () => {
    clock += LOGIN_LOCK_MS;
    [admin, auditor, handler] = await Promise.all(['op_admin', 'op_auditor', 'op_handler'].map((u) => signInAs(srv.baseUrl, u)));
    await attempt('op_newbie', WRONG, srv.baseUrl, 'LoginLogTest/1.0 (Chromium)');
  });

  it('records success and failure with address and browser, and never the password', async () => {
    const [success] = (await entriesOf('op_admin')).filter((e) => e.status === 'SUCCESS');
    expect(success).toMatchObject({ userId: 'u-op-admin', ipAddress: '127.0.0.1' });
    expect(success.userAgent).toBeTruthy();
    const [failure] = await entriesOf('op_newbie');
    expect(failure).toMatchObject({ status: 'FAILURE', ipAddress: '127.0.0.1', userAgent: 'LoginLogTest/1.0 (Chromium)' });
    const everything = JSON.stringify(await srv.database.db.select().from(loginLogs));
    for (const secret of [WRONG, passwordOf('op_admin'), passwordOf('op_handler')]) {
      expect(everything).not.toContain(secret);
      expect(serverLog.text()).not.toContain(secret);
    }
  });

  it('lists and searches for the auditor; refuses who lacks the grant; offers no write', async () => {
    const page = await dataOf<{ records: Array<Record<string, unknown>>; total: number }>(auditor, `${LOG}/page`, { username: 'op_newbie', status: 'FAILURE' });
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ username: 'op_newbie', status: 'FAILURE', userAgent: 'LoginLogTest/1.0 (Chromium)' });
    const locks = await dataOf<{ records: Array<{ status: string }> }>(admin, `${LOG}/page`, { status: 'LOCK', pageSize: 50 });
    expect(locks.records.length).toBeGreaterThanOrEqual(2);
    expect(refusalOf(await handler.call(`${LOG}/page`, { json: {} })).status).toBe(403);
    for (const call of ['save', 'update-by-id', 'remove-by-ids']) {
      const answer = await admin.call(`${LOG}/${call}`, { json: { id: page.records[0].id, ids: [page.records[0].id], username: 'x' } });
      expect(answer.body?.code).not.toBe('0');
    }
    expect(await entriesOf('op_newbie')).toHaveLength(1);
  });

  it('exports the filtered list through the export job', async () => {
    const started = await dataOf<{ id: string }>(admin, `${LOG}/export`, { username: 'op_newbie' });
    const record = await exportFinished(admin, started.id);
    expect(record).toMatchObject({ status: 'SUCCESS', rowCount: 1 });
    const request = admin.prepare(`${RECORDS}/export`, { json: { id: started.id } });
    const response = await fetch(`${srv.baseUrl}${request.url}`, { method: 'POST', headers: request.headers, body: request.body });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('op_newbie');
    expect(rows[1]).toContain('密码错误');
  });
});
