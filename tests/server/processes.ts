/** Server processes (server/main.ts) for the tests of several instances and of hard restarts. */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../e2e/support/server';

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
