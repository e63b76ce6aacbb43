/** Server processes (server/main.ts) for the tests of several instances and of hard restarts. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freePort } from '../e2e/support/server';
import { startPostgres } from './postgres';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  baseUrl: string;
  port: number;
  /** What the process wrote, for a failing test's message. */
  output(): string;
  /** SIGKILL: no shutdown code runs, as in a crash or an OOM kill. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/web/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy within 120 s:\n${output()}`);
}

export async function startServerProcess(env: { DATA_DIR: string; DATABASE_URL?: string; PORT?: number }): Promise<ServerProcess> {
  const port = env.PORT ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: env.DATA_DIR,
      DATABASE_URL: env.DATABASE_URL ?? '',
      LOG_LEVEL: 'warn',
      STATIC_DIR: '/nonexistent-dist',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const output = () => text;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await waitForHealth(baseUrl, child, output);
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { baseUrl, port, output, kill9: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

/**
 * Two server processes on one database of a throwaway PostgreSQL cluster, and a connection of the test's own to it: the
 * tests of requests racing through several instances (each of a pair sent to its own process). `stop` ends them all and
 * removes the processes' data folder.
 */
export interface TwoProcesses {
  a: ServerProcess;
  b: ServerProcess;
  databaseUrl: string;
  /** The test's own connection, for what the processes wrote. */
  db: pg.Client;
  /** The end of both processes' output, for a failing test's message. */
  logs(): string;
  stop(): Promise<void>;
}

export async function startTwoProcesses(binDir: string, database: string): Promise<TwoProcesses> {
  const postgres = await startPostgres(binDir);
  const databaseUrl = await postgres.createDatabase(database);
  const dataDir = mkdtempSync(join(tmpdir(), `scf-${database.replace(/_/g, '-')}-`));
  const db = new pg.Client({ connectionString: databaseUrl });
  const started: ServerProcess[] = [];
  let connected = false;
  const stop = async () => {
    if (connected) await db.end().catch(() => undefined);
    for (const server of started) await server.stop();
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // One after the other: the first migrates and seeds the database, the second finds it ready.
    started.push(await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }));
    started.push(await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }));
    await db.connect();
    connected = true;
  } catch (error) {
    await stop();
    throw error;
  }
  const [a, b] = started;
  return { a, b, databaseUrl, db, logs: () => `${a.output().slice(-3000)}\n${b.output().slice(-3000)}`, stop };
}
