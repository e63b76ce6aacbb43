/**
 * A throwaway PostgreSQL server for a test: Debian's `postgresql` package (initdb and pg_ctl under
 * /usr/lib/postgresql/<version>/bin), a cluster in a temporary folder, on a free port, trust
 * authentication on 127.0.0.1 only. PostgreSQL refuses to run as root, so as root the cluster belongs
 * to the package's `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/support/server';

export interface TestPostgres {
  /** A connection string for a new, empty database. */
  createDatabase(name: string): Promise<string>;
  /** The connection string of a database that exists (a kept cluster's, made by createDatabase on an earlier run). */
  urlOf(name: string): string;
  stop(): void;
}

/** The bin folder of the newest installed PostgreSQL, or undefined when the package is missing. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

export const POSTGRES_MISSING =
  "PostgreSQL is not installed (Debian package 'postgresql'; .ci/run installs it): the tests on PostgreSQL (two processes, the upgrade) are skipped";

function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * `keptIn`: a folder the cluster lives in and stays in after stop (made on the first start, started
 * again on the next), for a benchmark that builds its data once and times it many times
 * (bench/scale.ts, BENCH_WORLD); without it, a temporary folder removed on stop.
 */
export async function startPostgres(binDir: string, keptIn?: string): Promise<TestPostgres> {
  const dir = keptIn ?? mkdtempSync(join(tmpdir(), 'scf-pg-'));
  mkdirSync(dir, { recursive: true });
  const dataDir = join(dir, 'data');
  const owner = postgresUser();
  if (owner) {
    chmodSync(dir, 0o755);
    chownSync(dir, owner.uid, owner.gid);
  }
  const run = (command: string, args: string[]) =>
    owner
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(binDir, command), ...args], { stdio: 'pipe' })
      : execFileSync(join(binDir, command), args, { stdio: 'pipe' });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  // The socket goes into the temporary folder: /var/run/postgresql may not exist or be writable.
  run('pg_ctl', ['-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off`, 'start']);
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    async createDatabase(name) {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    urlOf: url,
    stop() {
      try {
        // A kept cluster stops cleanly (a checkpoint), so its next start has nothing to recover.
        run('pg_ctl', ['-D', dataDir, '-m', keptIn ? 'fast' : 'immediate', 'stop']);
      } finally {
        if (!keptIn) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
