/** What must survive a restart over the same data folder, and what ends a session. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { fileExportRecords, sessions, users } from '../../server/db/schema';
import { hashToken } from '../../server/security/sessions';
import { ApiClient, signInAs } from './client';
import { startServer, type TestServer } from './server';

let dataDir: string;
let srv: TestServer;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'scf-data-'));
});
afterAll(async () => {
  await srv?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The same client state (keys, tokens, CSRF), pointed at the restarted server's new port. */
const moveTo = (client: ApiClient, baseUrl: string) => Object.assign(new ApiClient(baseUrl), { ...client, baseUrl });

describe('a restart over the same DATA_DIR', () => {
  let admin: ApiClient;
  let auditor: ApiClient;
  let publicKey: string;

  beforeAll(async () => {
    // Private: it restarts a server over a data folder of its own.
    srv = await startServer({ dataDir });
    admin = await signInAs(srv.baseUrl, 'op_admin');
    auditor = await signInAs(srv.baseUrl, 'op_auditor');
    publicKey = admin.publicKey;
    expect((await admin.call('/op/v1/auth/switch/corp', { json: { corpId: 'CORP-SOUTH' } })).body.code).toBe('0');
    // An export whose job the restart will cut off.
    await srv.database.db
      .insert(fileExportRecords)
      .values({ id: 'exp-cut-off', userId: 'u-op-admin', resourceName: 'configs', fileName: 'cut-off.xlsx', createBy: 'op_admin', updateBy: 'op_admin' });
    await srv.close();
    srv = await startServer({ dataDir });
    admin = moveTo(admin, srv.baseUrl);
    auditor = moveTo(auditor, srv.baseUrl);
  });

  it('keeps the RSA key pair: the same public key, and values encrypted before still decrypt', async () => {
    const answer = await new ApiClient(srv.baseUrl).call<{ publicKey: string }>('/uaa/v1/security/public-keys');
    expect(answer.body.data!.publicKey).toBe(publicKey);
    const login = await admin.call('/uaa/login', { json: { username: 'op_admin', password: admin.encrypt('Admin@2026!') } });
    expect(login.body.code).toBe('0');
  });

  it('keeps operators signed in, with their current corp', async () => {
    const info = await admin.call<{ username: string; corpId: string }>('/op/v1/userInfo');
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ username: 'op_admin', corpId: 'CORP-SOUTH' });
  });

  it('fails exports that a restart cut off instead of leaving them processing', async () => {
    const [record] = await srv.database.db.select().from(fileExportRecords).where(eq(fileExportRecords.id, 'exp-cut-off'));
    expect(record).toMatchObject({ status: 'FAILURE', message: '服务重启，导出已中断，请重新导出' });
  });

  it('does not seed twice', async () => {
    const [{ n }] = await srv.database.db.select({ n: count() }).from(users);
    expect(n).toBe(7);
  });

  it('ends a session on logout', async () => {
    expect((await admin.call('/uaa/logout')).body.code).toBe('0');
    expect((await admin.call('/op/v1/userInfo')).status).toBe(401);
    const [row] = await srv.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(admin.authToken)));
    expect(row).toBeUndefined();
  });

  it('stores only a hash of the auth token', async () => {
    const rows = await srv.database.db.select().from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(auditor.authToken);
  });

  it('answers 401 on the next call once the session row is deleted from the database', async () => {
    expect((await auditor.call('/op/v1/userInfo', { method: 'GET' })).status).toBe(200);
    await srv.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(auditor.authToken)));
    expect((await auditor.call('/op/v1/userInfo', { method: 'GET' })).status).toBe(401);
  });
});
