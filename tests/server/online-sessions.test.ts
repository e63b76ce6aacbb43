/**
 * Online sessions (issue 20): administrators see who is signed in (user, address, browser, since,
 * last active) and force a session out; the forced user's next call answers 401 on every instance;
 * two administrators forcing the same session out cannot both succeed; each force is in the
 * operation log. The list never carries a token or its hash.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORCE_LOGOUT_CALL, onlineSessionResource } from '../../src/resources/online-session';
import { operationLogs } from '../../server/db/schema';
import { ApiClient, dataOf, refusalOf, signInAs } from './client';
import { sharedServer, startServer, type TestServer } from './server';

const API = onlineSessionResource.apiBase;

interface SessionRow {
  id: string;
  username: string;
  personName: string;
  ipAddress: string;
  userAgent: string | null;
  createTime: string;
  lastSeenAt: string;
  current: boolean;
}

let srv: TestServer;
let other: TestServer['app'];
let otherUrl: string;
let admin: ApiClient;
let auditor: ApiClient;

/** The same client state pointed at the other instance. */
const at = (client: ApiClient, baseUrl: string) => Object.assign(new ApiClient(baseUrl), { ...client, baseUrl });

beforeAll(async () => {
  srv = await sharedServer();
  // A second instance over the same database: a force must reach the principal cache of every instance.
  const second = await startServer({ database: srv.database });
  other = second.app;
  otherUrl = second.baseUrl;
  [admin, auditor] = await Promise.all(['op_admin', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});
afterAll(async () => {
  await other.close();
});

const sessionsOf = async (client: ApiClient, username: string) =>
  (await dataOf<{ records: SessionRow[]; total: number }>(client, `${API}/page`, { username, pageSize: 50 })).records.filter((r) => r.username === username);

/**
 * Signs the persona in and names the session that made: the one its list did not hold before (the list
 * shows the last active first). Other files' sessions of the persona, on the shared server, are left alone.
 */
async function signInWithSession(baseUrl: string, username: string): Promise<{ client: ApiClient; session: SessionRow }> {
  const before = new Set((await sessionsOf(admin, username)).map((r) => r.id));
  const client = await signInAs(baseUrl, username);
  const made = (await sessionsOf(admin, username)).filter((r) => !before.has(r.id));
  expect(made).toHaveLength(1);
  return { client, session: made[0] };
}

describe('online sessions', () => {
  it('lists who is signed in: user, address, browser, since and last active, and never a token', async () => {
    const handler = await signInAs(srv.baseUrl, 'op_handler');
    const answer = await admin.call<{ records: SessionRow[] }>(`${API}/page`, { json: { username: 'op_handler' } });
    const [row] = answer.body.data!.records;
    expect(row).toMatchObject({ username: 'op_handler', personName: expect.any(String), ipAddress: '127.0.0.1', current: false });
    expect(row.userAgent).toBeTruthy();
    expect(Date.parse(row.createTime)).toBeLessThanOrEqual(Date.parse(row.lastSeenAt));
    expect(answer.text).not.toContain(handler.authToken);
    expect(answer.text).not.toMatch(/tokenHash|[0-9a-f]{64}/);
    expect((await sessionsOf(admin, 'op_admin')).filter((r) => r.current)).toHaveLength(1);
    expect(await dataOf(admin, `${API}/find-by-id`, { id: row.id })).toMatchObject({ id: row.id, username: 'op_handler' });
  });

  it('forces a session out: the next call answers 401 on every instance, and the log has it', async () => {
    const { client: handler, session: target } = await signInWithSession(srv.baseUrl, 'op_handler');
    const elsewhere = at(handler, otherUrl);
    // Both instances have the principal cached before the force.
    expect((await handler.call('/op/v1/userInfo')).status).toBe(200);
    expect((await elsewhere.call('/op/v1/userInfo')).status).toBe(200);
    expect((await admin.call(FORCE_LOGOUT_CALL, { json: { id: target.id } })).body.code).toBe('0');
    expect((await handler.call('/op/v1/userInfo')).status).toBe(401);
    expect((await elsewhere.call('/op/v1/userInfo')).status).toBe(401);
    expect((await sessionsOf(admin, 'op_handler')).map((r) => r.id)).not.toContain(target.id);
    const [entry] = await srv.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'FORCE_LOGOUT'), eq(operationLogs.recordId, target.id)));
    expect(entry).toMatchObject({ username: 'op_admin', resource: 'online-sessions', ipAddress: '127.0.0.1' });
    // The session is the entry's record (recordId); its before keeps what a person reads, not the id again.
    expect(entry.before).toMatchObject({ username: 'op_handler' });
    expect(JSON.stringify(entry.before)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('lets one of two simultaneous forces win; the other is told the session is gone', async () => {
    const { session: target } = await signInWithSession(srv.baseUrl, 'op_director');
    const secondAdmin = await signInAs(otherUrl, 'op_admin');
    const answers = await Promise.all([admin, secondAdmin].map((client) => client.call(FORCE_LOGOUT_CALL, { json: { id: target.id } })));
    expect(answers.map((a) => a.body.code).sort()).toEqual(['0', 'SESSION_GONE']);
    expect(answers.find((a) => a.body.code !== '0')!.body.message).toBe('该会话已结束（用户已退出或已被强制退出）');
    const entries = await srv.database.db.select().from(operationLogs).where(eq(operationLogs.recordId, target.id));
    expect(entries).toHaveLength(1);
  });

  it('refuses forcing out one’s own session, and anyone without the grant', async () => {
    const mine = (await sessionsOf(admin, 'op_admin')).find((r) => r.current)!;
    expect(refusalOf(await admin.call(FORCE_LOGOUT_CALL, { json: { id: mine.id } }))).toMatchObject({
      code: 'OWN_SESSION',
      message: '不能强制退出自己当前的会话，请使用退出登录',
    });
    // The auditor reads the list but changes nothing.
    expect((await sessionsOf(auditor, 'op_admin')).length).toBeGreaterThan(0);
    expect(refusalOf(await auditor.call(FORCE_LOGOUT_CALL, { json: { id: mine.id } })).status).toBe(403);
    const handler = await signInAs(srv.baseUrl, 'op_handler');
    expect(refusalOf(await handler.call(`${API}/page`, { json: {} })).status).toBe(403);
    expect(refusalOf(await admin.call(FORCE_LOGOUT_CALL, { json: {} })).code).not.toBe('0');
    expect((await admin.call('/op/v1/userInfo')).status).toBe(200);
  });
});
