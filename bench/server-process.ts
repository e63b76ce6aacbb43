/**
 * The real server (server/main.ts) in a child process, for the benchmarks that measure it from outside:
 * it migrates and seeds as on any start, and its resident memory is read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { freePort } from '../tests/e2e/support/server';

/** Resident memory of a process, MB, from /proc (NaN where there is none). */
export function rssMb(pid: number): number {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return NaN;
  const line = readFileSync(status, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Math.round(Number(line.split(/\s+/)[1]) / 1024) : NaN;
}

async function waitForHealth(baseUrl: string, deadline = Date.now() + 600_000): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/web/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start within 600 s');
}

/** The real server (server/main.ts) in a child process over the folder or database: it migrates and seeds as on any start. */
export async function startServer(dataDir: string, databaseUrl = ''): Promise<{ child: ChildProcess; baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS passes flags to the server's node (as for bench:server), e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a
  // bench's load spends each process's time (the profile is written at the SIGTERM that stops it).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it answered`))));
  exited.catch(() => {});
  const stop = async () => {
    if (child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  };
  try {
    await Promise.race([waitForHealth(baseUrl), exited]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, baseUrl, stop };
}
