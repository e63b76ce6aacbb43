/**
 * Several server processes on one database, and hard restarts (README, "Run several instances"):
 * whatever must hold across requests is in the database, so it holds whichever process a request
 * reaches, and after a kill -9.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_SOCKET_PATH, SOCKET_CLOSE, type SocketEvent } from '../../src/lib/messages';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient, dataOf, signInAs, type ApiResponse, type OutgoingRequest } from './client';
import { exportFinished } from './export-job';
import { POSTGRES_MISSING, postgresBinDir, startPostgres, type TestPostgres } from './postgres';
import { startServerProcess, type ServerProcess } from './processes';

const TYPES = '/op/v1/sys/dict-types';
const RECORDS = '/op/v1/export/file-export-records';

/** The same client state (keys, tokens, CSRF) pointed at another process. */
const at = (client: ApiClient, baseUrl: string) => Object.assign(new ApiClient(baseUrl), { ...client, baseUrl });

function expectReplayRefused(answer: ApiResponse) {
  expect({ status: answer.status, code: answer.body?.code }).toEqual({ status: 400, code: 'NONCE_REPLAYED' });
}

async function typesNamed(client: ApiClient, dictType: string): Promise<number> {
  return (await dataOf<{ total: number }>(client, `${TYPES}/page`, { dictType })).total;
}

/** A signed write making one dict type: the request as captured on the wire, and its type. */
function captureWrite(client: ApiClient, tag: string): { request: OutgoingRequest; dictType: string } {
  const dictType = `scale_${tag}_${Date.now()}`;
  return { request: client.prepare(`${TYPES}/save`, { json: { dictType, dictName: `横向扩展${tag}`, status: '0' } }), dictType };
}

const binDir = postgresBinDir();
if (!binDir) console.warn(POSTGRES_MISSING);

describe.skipIf(!binDir)('two server processes on one PostgreSQL', () => {
  let postgres: TestPostgres;
  let databaseUrl: string;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let adminA: ApiClient;
  let adminB: ApiClient;

  beforeAll(async () => {
    postgres = await startPostgres(binDir!);
    databaseUrl = await postgres.createDatabase('scale_out');
    // Exports are files: the processes share the data folder (one machine, or a shared volume).
    dataDir = mkdtempSync(join(tmpdir(), 'scf-scale-'));
    // The first migrates and seeds; the second finds both done.
    a = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    b = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    adminA = await signInAs(a.baseUrl, 'op_admin');
    adminB = at(adminA, b.baseUrl);
  }, 240_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    postgres?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves one session from either process, alternately', async () => {
    for (const client of [adminA, adminB, adminA, adminB]) {
      expect(await dataOf<{ username: string }>(client, '/op/v1/userInfo')).toMatchObject({ username: 'op_admin' });
    }
  });

  it('refuses on one process a signed write already accepted by the other, byte for byte', async () => {
    const { request, dictType } = captureWrite(adminA, 'ab');
    expect((await adminA.send(request)).body.code).toBe('0');
    expectReplayRefused(await adminB.send(request));
    expect(await typesNamed(adminB, dictType)).toBe(1);
  });

  it('lets only one of two processes accept the same write sent to both at once', async () => {
    const { request, dictType } = captureWrite(adminA, 'race');
    const answers = await Promise.all([adminA.send(request), adminB.send(request), adminA.send(request), adminB.send(request)]);
    expect(answers.filter((answer) => answer.body?.code === '0')).toHaveLength(1);
    for (const answer of answers.filter((x) => x.body?.code !== '0')) expectReplayRefused(answer);
    expect(await typesNamed(adminA, dictType)).toBe(1);
  });

  it('refuses a replay after the process that took it is killed (kill -9) and started again', async () => {
    const { request, dictType } = captureWrite(adminA, 'kill');
    expect((await adminA.send(request)).body.code).toBe('0');
    await a.kill9();
    a = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: a.port });
    expectReplayRefused(await adminA.send(request));
    expect(await typesNamed(adminA, dictType)).toBe(1);
    // The session outlived the process too.
    expect(await dataOf<{ username: string }>(adminA, '/op/v1/userInfo')).toMatchObject({ username: 'op_admin' });
  }, 120_000);

  it('refuses a session logged out on one process on the other within a second', async () => {
    const auditorA = await signInAs(a.baseUrl, 'op_auditor');
    const auditorB = at(auditorA, b.baseUrl);
    expect((await auditorB.call('/op/v1/userInfo')).status).toBe(200); // now cached on B
    expect((await auditorA.call('/uaa/logout')).body.code).toBe('0');
    const deadline = Date.now() + 1000;
    let status = (await auditorB.call('/op/v1/userInfo')).status;
    while (status !== 401 && Date.now() < deadline) status = (await auditorB.call('/op/v1/userInfo')).status;
    expect(status).toBe(401);
  });

  it('keeps a login lock made on one process on the other (issue 20)', async () => {
    const probe = `scale_lock_${Date.now()}`;
    const attempt = async (baseUrl: string) => (await (await new ApiClient(baseUrl).init()).login(probe, 'Wrong@2026!')).body.code;
    for (let i = 1; i <= 4; i += 1) expect(await attempt(i % 2 ? a.baseUrl : b.baseUrl)).toBe('LOGIN_FAILED');
    expect(await attempt(a.baseUrl)).toBe('LOGIN_LOCKED');
    expect(await attempt(b.baseUrl)).toBe('LOGIN_LOCKED');
  });

  it('refuses a session forced out on one process on the other within a second (issue 20)', async () => {
    const handlerA = await signInAs(a.baseUrl, 'op_handler');
    const handlerB = at(handlerA, b.baseUrl);
    expect((await handlerB.call('/op/v1/userInfo')).status).toBe(200);
    const page = await dataOf<{ records: Array<{ id: string; current: boolean }> }>(adminA, '/op/v1/sys/online-sessions/page', {
      username: 'op_handler',
      pageSize: 50,
    });
    for (const { id } of page.records) expect((await adminA.call('/op/v1/sys/online-sessions/force-logout', { json: { id } })).body.code).toBe('0');
    const deadline = Date.now() + 1000;
    let status = (await handlerB.call('/op/v1/userInfo')).status;
    while (status !== 401 && Date.now() < deadline) status = (await handlerB.call('/op/v1/userInfo')).status;
    expect(status).toBe(401);
  });

  it('notifies a WebSocket on one process of an approval made on the other, and closes it at a logout there (issue 21)', async () => {
    const [handlerA, directorA] = await Promise.all([signInAs(a.baseUrl, 'op_handler'), signInAs(a.baseUrl, 'op_director')]);
    const socket = new WebSocket(`${b.baseUrl.replace('http', 'ws')}${MESSAGE_SOCKET_PATH}`);
    const events: SocketEvent[] = [];
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const until = (predicate: (e: SocketEvent) => boolean, ms: number) =>
      new Promise<SocketEvent>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms: ${JSON.stringify(events)}`)), ms);
        socket.on('message', () => {
          const found = events.find(predicate);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        });
      });
    socket.on('message', (data) => events.push(JSON.parse(String(data)) as SocketEvent));
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', wsToken: handlerA.wsToken })));
    await until((e) => e.type === 'ready', 5000);
    const run = Date.now().toString(36).toUpperCase();
    const admission = await dataOf<{ instanceId: string; taskId: string }>(handlerA, '/op/v1/corporations/changes/core-admissions/save', {
      corpName: `横向扩展消息${run}有限公司`,
      creditCode: `91330200MA2S${run.slice(-5).padStart(5, '0')}X`.slice(0, 18),
      legalPersonName: '陈海波',
      legalPersonIdCard: handlerA.encrypt('11010519491231002X'),
      managerName: '林晓',
      managerMobile: handlerA.encrypt('13812345678'),
      registeredAddress: '宁波市江北区1号',
    });
    // Saving submitted it: its task is the director's review.
    const approved = until((e) => e.type === 'message' && e.message.subjectId === admission.instanceId, 1000);
    await dataOf(directorA, '/op/v1/workflow/tasks/complete', { taskId: admission.taskId, outcome: 'PASS' });
    expect(((await approved) as Extract<SocketEvent, { type: 'message' }>).message.kind).toBe('INSTANCE_APPROVED');
    expect((await handlerA.call('/uaa/logout')).body.code).toBe('0');
    expect(await closed).toBe(SOCKET_CLOSE.SESSION_ENDED);
  });

  it('downloads from one process an export started on the other, by signed call and by ticket', async () => {
    const started = await dataOf<{ id: string }>(adminA, `${TYPES}/export`, { dictName: '横向扩展' });
    // Listed and finished as the other process sees it.
    expect((await exportFinished(adminB, started.id)).status).toBe('SUCCESS');

    const signed = adminB.prepare(`${RECORDS}/export`, { json: { id: started.id } });
    const response = await fetch(`${b.baseUrl}${signed.url}`, { method: 'POST', headers: signed.headers, body: signed.body });
    expect(response.status).toBe(200);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK'); // an .xlsx is a zip

    const { url } = await dataOf<{ url: string }>(adminA, `${RECORDS}/export`, { id: started.id, ticket: true });
    expect((await fetch(`${b.baseUrl}${url}`)).status).toBe(200);
    expect((await fetch(`${a.baseUrl}${url}`)).status).toBe(404); // spent, whichever process is asked
  });

  it("leaves a live process's running export alone when another restarts, and fails a dead one's", async () => {
    const pg = (await import('pg')).default;
    const sqlClient = new pg.Client({ connectionString: databaseUrl });
    await sqlClient.connect();
    try {
      // B's clean stop deletes its own row first, so the most recently seen row left is A's (a process killed
      // earlier in this file stopped beating long ago). Picked while B still ran, it was once B's, whose
      // export the restart then rightly failed.
      await b.stop();
      const { rows } = await sqlClient.query<{ id: string }>('select id from server_processes order by seen_at desc limit 1');
      const insert = async (id: string, processId: string) => {
        await sqlClient.query(
          `insert into file_export_records (id, user_id, resource_name, file_name, create_by, update_by) values ($1, 'u-op-admin', 'dict-types', 'x.xlsx', 'op_admin', 'op_admin')`,
          [id],
        );
        await sqlClient.query('insert into export_runners (record_id, process_id) values ($1, $2)', [id, processId]);
      };
      await insert('exp-live-runner', rows[0].id);
      await insert('exp-dead-runner', 'a-process-that-died');
      b = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
      adminB = at(adminA, b.baseUrl);
      const status = async (id: string) =>
        (await sqlClient.query<{ status: string }>('select status from file_export_records where id = $1', [id])).rows[0].status;
      expect(await status('exp-live-runner')).toBe('PROCESSING');
      expect(await status('exp-dead-runner')).toBe('FAILURE');
    } finally {
      await sqlClient.end();
    }
  }, 120_000);
});

describe('a hard restart on PGlite', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'scf-kill-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a write replayed after kill -9 and a restart over the same data folder', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
    const admin = await signInAs(server.baseUrl, 'op_admin');
    const { request, dictType } = captureWrite(admin, 'lite');
    expect((await admin.send(request)).body.code).toBe('0');
    await server.kill9();
    server = await startServerProcess({ DATA_DIR: dataDir, PORT: server.port });
    expectReplayRefused(await admin.send(request));
    expect(await typesNamed(admin, dictType)).toBe(1);
  }, 240_000);
});
