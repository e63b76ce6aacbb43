/**
 * The server's idle timeout (issue 38 item 6): a session with no request for SESSION_IDLE_MINUTES
 * (default 30, spec §9) ends, and its sockets on every process close with the reason TIMEOUT, so each
 * tab leaves for the login page saying why. Two servers over one database share an injected clock: the
 * sweep of either ends the session, and a request that kept the session alive on one keeps it on both.
 */
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import { hashToken } from '../../server/security/sessions';
import { MESSAGE_SOCKET_PATH, SESSION_END_REASON, SOCKET_CLOSE } from '../../src/lib/messages';
import { BACKGROUND_CALL_HEADER } from '../../src/protocol/headers';
import { ApiClient, refusalOf, signInAs } from './client';
import { startServer, type TestServer } from './server';

const IDLE_MS = 30 * 60_000;
/** Longer than the last-seen resolution (10 s at the default timeout): past it the session must be gone. */
const PAST_RESOLUTION_MS = 11_000;

let clock = Date.now();
let srv: TestServer;
let second: TestServer;

beforeAll(async () => {
  // Private servers: the clock moves by half an hour, which would end every other file's sessions.
  srv = await startServer({ now: () => clock });
  second = await startServer({ database: srv.database, now: () => clock });
}, 180_000);
afterAll(async () => {
  await second.app.close();
  await srv.close();
});

interface Live {
  ready: Promise<void>;
  closed: Promise<{ code: number; reason: string; at: number }>;
}

function openSocket(baseUrl: string, client: ApiClient): Live {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}${MESSAGE_SOCKET_PATH}`);
  socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', wsToken: client.wsToken })));
  const ready = new Promise<void>((resolve) => socket.on('message', (data) => JSON.parse(String(data)).type === 'ready' && resolve()));
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason), at: Date.now() })),
  );
  return { ready, closed };
}

const userInfo = (client: ApiClient) => client.call('/op/v1/userInfo', { method: 'GET' });
const sessionRow = async (client: ApiClient) =>
  (
    await srv.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(client.authToken)))
  )[0];
/** The sweep's interval at the default timeout: a thirtieth of it, at most 10 s (server/security/sessions.ts). */
const SWEEP_EVERY_MS = 10_000;
/** Time for a sweep to run if one were due (the sessions kept below must survive it). */
const sweepsPass = () => new Promise((r) => setTimeout(r, 2_500));

describe('the idle timeout', () => {
  it('keeps a session used within the timeout, on either server, and never ends one early', async () => {
    const handler = await signInAs(srv.baseUrl, 'op_handler');
    const elsewhere = Object.assign(new ApiClient(second.baseUrl), { ...handler, baseUrl: second.baseUrl });
    // Idle for exactly the timeout: not yet past it.
    clock += IDLE_MS;
    await sweepsPass();
    expect((await userInfo(handler)).body.code).toBe('0');
    // That request recorded the activity: twenty more minutes later, on the other server, still signed in.
    expect((await sessionRow(handler)).lastSeenAt.getTime()).toBe(clock);
    clock += 20 * 60_000;
    await sweepsPass();
    expect((await userInfo(elsewhere)).body.code).toBe('0');
    clock += 20 * 60_000;
    await sweepsPass();
    expect((await userInfo(handler)).body.code).toBe('0');
  });

  it('ends a session idle past the timeout: its sockets on every server close with TIMEOUT within 2 s, then 401', async () => {
    const director = await signInAs(srv.baseUrl, 'op_director');
    const bystander = await signInAs(srv.baseUrl, 'op_auditor');
    const here = openSocket(srv.baseUrl, director);
    const there = openSocket(second.baseUrl, director);
    await Promise.all([here.ready, there.ready]);
    // The bystander keeps working: only the idle session ends.
    clock += IDLE_MS - 60_000;
    expect((await userInfo(bystander)).body.code).toBe('0');
    clock += 60_000 + PAST_RESOLUTION_MS;
    const movedAt = Date.now();
    // The session ends at the next sweep (every 10 s at the default timeout); its sockets close within 2 s of that
    // end, on both servers. Measured from the end, not from the clock's move, which a sweep may follow by up to 10 s.
    while (await sessionRow(director)) await new Promise((r) => setTimeout(r, 50));
    const endedAt = Date.now();
    expect(endedAt - movedAt).toBeLessThan(SWEEP_EVERY_MS + 2_000);
    for (const live of [here, there]) {
      const closed = await live.closed;
      expect(closed).toMatchObject({ code: SOCKET_CLOSE.SESSION_ENDED, reason: SESSION_END_REASON.TIMEOUT });
      expect(closed.at - endedAt).toBeLessThan(2_000);
    }
    expect(await sessionRow(director)).toBeUndefined();
    expect(refusalOf(await userInfo(director))).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((await userInfo(bystander)).body.code).toBe('0');
  });

  it("does not count a screen's own timer (a background call) as activity", async () => {
    const handler = await signInAs(srv.baseUrl, 'op_handler');
    const live = openSocket(srv.baseUrl, handler);
    await live.ready;
    const background = () => handler.call('/op/v1/userInfo', { method: 'GET', tamper: (r) => (r.headers[BACKGROUND_CALL_HEADER] = '1') });
    // Badge counts every few minutes are answered, but leave the recorded last-seen time where it was.
    const signedInAt = (await sessionRow(handler)).lastSeenAt.getTime();
    for (let i = 0; i < 3; i += 1) {
      clock += 10 * 60_000 - 60_000;
      expect((await background()).body.code).toBe('0');
      expect((await sessionRow(handler)).lastSeenAt.getTime()).toBe(signedInAt);
    }
    clock += 3 * 60_000 + PAST_RESOLUTION_MS;
    expect(await live.closed).toMatchObject({ code: SOCKET_CLOSE.SESSION_ENDED, reason: SESSION_END_REASON.TIMEOUT });
    expect(refusalOf(await background())).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('refuses a request of an idle session at once, before any sweep, and tells its tabs TIMEOUT', async () => {
    const admin = await signInAs(srv.baseUrl, 'op_admin');
    // Cached on both servers: the refusal must not trust a cached principal's session.
    expect((await userInfo(admin)).body.code).toBe('0');
    const live = openSocket(srv.baseUrl, admin);
    await live.ready;
    clock += IDLE_MS + PAST_RESOLUTION_MS;
    // Sent at once, most likely before this second's sweep: refused either way, and never answered 200.
    expect(refusalOf(await userInfo(admin))).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(await live.closed).toMatchObject({ code: SOCKET_CLOSE.SESSION_ENDED, reason: SESSION_END_REASON.TIMEOUT });
  });
});
