/** Starts the real server (production build, its own data folder) for end-to-end tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { cachedTemplate } from '../../server/template-cache';

export const ROOT = resolve(import.meta.dirname, '../../..');
// E2E_ARTIFACTS: a second run (CI's npm-Chromium check) keeps the first run's screenshots.
export const ARTIFACTS = process.env.E2E_ARTIFACTS ? resolve(ROOT, process.env.E2E_ARTIFACTS) : join(ROOT, 'test-results', 'e2e-artifacts');

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  // A first start migrates and seeds the whole demo world; on two busy cores that can pass a minute, and
  // two workers may start servers at once. E2E_START_TIMEOUT_MS waits longer still on a machine shared with other work.
  const waitMs = Number(process.env.E2E_START_TIMEOUT_MS) || 180_000;
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/web/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy within ${waitMs / 1000} s`);
}

/**
 * A data folder as a first start leaves it (migrated, seeded, the demo world built), made once per
 * source and day (tests/server/template-cache.ts) by a server that then stops: each worker's server
 * and each journey's own server start from a copy, as a server restarted on its data does.
 */
const seededDataDir = () =>
  cachedTemplate('scf-e2e-data', async (staging) => {
    const builder = await launch('template', join(staging, 'data'), {});
    await builder.stop();
  });

/**
 * Starts a server over `dataDir` (kept between restarts unless `fresh`). A fresh one starts from the seeded
 * template when it runs with the default environment, or when `template` says the given variables do not
 * change what a first start seeds (a restart on the template's data, as an upgrade is).
 */
export async function startServer(
  name: string,
  options: { dataDir?: string; fresh?: boolean; port?: number; env?: Record<string, string>; template?: boolean } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? join(ROOT, 'test-results', 'e2e-data', name);
  const fresh = options.fresh !== false;
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  if (fresh && (!options.env || options.template) && process.env.SCF_TEST_DB_TEMPLATE !== 'off')
    cpSync(join(await seededDataDir(), 'data'), dataDir, { recursive: true });
  return launch(name, dataDir, options);
}

async function launch(name: string, dataDir: string, options: { port?: number; env?: Record<string, string> }): Promise<RunningServer> {
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(ROOT, 'test-results', `server-${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  // A server outlives no worker: a test that timed out never reaches its own stop(), and its retry, in
  // another worker, must not find the old server still writing in a data folder or holding a port.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => process.removeListener('exit', orphanGuard));
  try {
    await waitForHealth(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    dataDir,
    // A child that already ended (by exit code or by signal) never emits 'exit' again, and a server stuck in its
    // graceful close (a browser's open connection) must not eat the test's time: SIGKILL after 10 s.
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}
