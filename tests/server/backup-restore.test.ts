/**
 * Backup and restore of the embedded database (issue 26): a server runs on a data folder and keeps
 * being written to; `npm run db:backup` takes its snapshot through the running server; more is
 * written; `npm run db:restore` fills an empty folder; a server on the restored folder shows exactly
 * the state of the backup: every table, row for row, and the uploaded files' bytes.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_CALLS } from '../../src/lib/files';
import { BACKUP_SOCKET, serveBackups } from '../../server/db/backup';
import type { Db } from '../../server/db/open';
import { dataOf, signInAs, type ApiClient } from './client';
import { startServer, type TestServer } from './server';

const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;
const CONFIGS = '/op/v1/sys/configs';

const work = mkdtempSync(join(tmpdir(), 'scf-backup-'));
const liveDir = join(work, 'live');
const restoredDir = join(work, 'restored');
const backupFile = join(work, 'backup.tar.gz');

let live: TestServer;
let stopBackups: () => Promise<void>;
let admin: ApiClient;

beforeAll(async () => {
  mkdirSync(liveDir);
  // Private: it backs up and restores a data folder of its own.
  live = await startServer({ dataDir: liveDir });
  stopBackups = await serveBackups(live.database.pglite!, liveDir, (error) => {
    throw error;
  });
  admin = await signInAs(live.baseUrl, 'op_admin');
}, 120_000);

afterAll(async () => {
  await stopBackups?.();
  await live?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every table of the public schema, every row, in a stable order: the state compared. */
/**
 * Bookkeeping of the running processes, not data: each server that starts adds its own heartbeat, and
 * every signed request its nonce (the requests sent "during" the backup land before or after the
 * snapshot depending on how fast the backup script starts on a loaded machine).
 */
const PROCESS_TABLES = new Set(['server_processes', 'used_nonces']);

async function stateOf(db: Db): Promise<Record<string, unknown[]>> {
  const tables = await db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const state: Record<string, unknown[]> = {};
  for (const { table_name: table } of rowsOf<{ table_name: string }>(tables)) {
    if (PROCESS_TABLES.has(table)) continue;
    const rows = rowsOf(await db.execute(sql`SELECT to_jsonb(t) AS row FROM ${sql.identifier(table)} t`)) as Array<{ row: unknown }>;
    state[table] = rows.map((r) => JSON.stringify(r.row)).sort();
  }
  return state;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);
const filesOf = (dataDir: string) => {
  const dir = join(dataDir, 'files');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((n) => n !== 'snapshots' && !n.endsWith('.tmp'))
      .sort()
      .map((n) => [n, readFileSync(join(dir, n)).toString('base64')]),
  );
};

const env = (dataDir: string) => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
const tsx = (script: string, args: string[], dataDir: string) =>
  run(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], { cwd: ROOT, env: env(dataDir), timeout: 300_000 });

async function writeSome(label: string): Promise<void> {
  const saved = await admin.call(`${CONFIGS}/save`, {
    json: { configName: `备份测试 ${label}`, configKey: `test.backup.${label}`, configValue: label, configType: 'N' },
  });
  expect(saved.body.code, saved.text).toBe('0');
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: label.length % 2 ? '#f00' : '#00f' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)]), `${label}.png`);
  expect((await admin.upload(FILE_CALLS.upload, form)).body.code).toBe('0');
}

describe('db:backup and db:restore', () => {
  it('restores exactly the state of the backup, taken while the server runs and is written to', async () => {
    await writeSome('before');
    const atBackup = await stateOf(live.database.db);
    const filesAtBackup = filesOf(liveDir);
    expect(existsSync(join(liveDir, BACKUP_SOCKET))).toBe(true);

    // requests keep arriving, one after the other, for as long as the backup runs, however fast the machine:
    // those that meet the snapshot wait for it, and none is in it
    const started = Date.now();
    let backingUp = true;
    const backup = tsx('scripts/db-backup.ts', [backupFile], liveDir).finally(() => (backingUp = false));
    const during = (async () => {
      let reads = 0;
      for (; backingUp; reads++) await dataOf(admin, '/op/v1/userInfo');
      return reads;
    })();
    const { stdout } = await backup;
    expect(await during).toBeGreaterThan(0);
    expect(stdout).toContain('from the running server');
    const backupMs = Date.now() - started;

    await writeSome('after');
    const afterState = await stateOf(live.database.db);
    expect(afterState.sys_config.length).toBe(atBackup.sys_config.length + 1);

    // a folder that is not empty is refused, and left as it was
    mkdirSync(join(work, 'busy'));
    writeFileSync(join(work, 'busy', 'keep.txt'), 'x');
    await expect(tsx('scripts/db-restore.ts', [backupFile], join(work, 'busy'))).rejects.toMatchObject({ stderr: expect.stringContaining('not empty') });
    expect(readdirSync(join(work, 'busy'))).toEqual(['keep.txt']);

    const restoreStarted = Date.now();
    const restored = await tsx('scripts/db-restore.ts', [backupFile], restoredDir);
    const restoreMs = Date.now() - restoreStarted;
    expect(restored.stdout).toContain('Restored the backup');

    const again = await startServer({ dataDir: restoredDir });
    try {
      expect(await stateOf(again.database.db)).toEqual(atBackup);
      expect(filesOf(restoredDir)).toEqual(filesAtBackup);
      // and it serves: the persona signs in and reads what was saved before the backup, not after
      const client = await signInAs(again.baseUrl, 'op_admin');
      expect(await dataOf(client, `${CONFIGS}/find-value-by-config-key`, { configKey: 'test.backup.before' })).toBe('before');
      expect(await dataOf(client, `${CONFIGS}/find-value-by-config-key`, { configKey: 'test.backup.after' })).toBeNull();
    } finally {
      await again.close();
    }
    console.info(
      `backup ${(statSync(backupFile).size / 1024 / 1024).toFixed(1)} MB in ${backupMs} ms (script included); restore in ${restoreMs} ms; ${stdout.trim()}`,
    );
  }, 600_000);

  it('refuses a damaged backup without touching the folder', async () => {
    const damaged = Buffer.from(readFileSync(backupFile));
    damaged[damaged.length - 100] ^= 0xff;
    const file = join(work, 'damaged.tar.gz');
    writeFileSync(file, damaged);
    const target = join(work, 'from-damaged');
    await expect(tsx('scripts/db-restore.ts', [file], target)).rejects.toMatchObject({ stderr: expect.stringContaining('Restore failed') });
    expect(existsSync(join(target, 'pglite'))).toBe(false);
  }, 120_000);
});
