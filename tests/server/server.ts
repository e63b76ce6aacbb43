/**
 * Starts a real server on 127.0.0.1 for a test file: in-memory PGlite unless a data folder is given.
 *
 * A first start builds the demo world (some 20 s of one core), and some sixty test files start one:
 * a default start loads a seeded template instead (template-cache.ts) and starts as a server restarted
 * on its data does, the migrations and the seeds finding their work done. A start that changes what is
 * seeded (demoMode false, other resources, a shifted clock, another call centre, a given database or
 * folder) still builds from nothing.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import { createPGlite, openDatabase, pgliteDatabase, pgliteDirOf, type Database } from '../../server/db/open';
import type { ScryptCost } from '../../server/security/password-hash';
import { cachedTemplate } from './template-cache';

/** Cheap hashes keep the suite fast; stored hashes carry their cost, so they verify all the same. */
export const TEST_SCRYPT_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  /** The folder the server writes files under (exports/). */
  filesDir: string;
  close(): Promise<void>;
}

/** What a test may ask of its server beyond the app's options. */
export interface StartOptions extends Partial<AppOptions> {
  /** A data folder of the test's own (PGlite on disk, files), kept on close: for restarts over the same data. */
  dataDir?: string;
  /** With dataDir: the folder starts as the seeded template, as a first start leaves it, instead of empty. */
  seeded?: boolean;
}

/** A start whose seeded data is the default one, so the template stands for it. */
function seedsAsDefault(options: StartOptions): boolean {
  if ((options.dataDir && !options.seeded) || options.database || options.resources || options.callCentre) return false;
  if (options.demoMode === false) return false;
  if (options.passwordCost && options.passwordCost !== TEST_SCRYPT_COST) return false;
  return !options.now || Math.abs(options.now() - Date.now()) < 60_000;
}

/** The default start's database (a PGlite dump) and the files it wrote, made once (template-cache.ts). */
const seededTemplate = () =>
  cachedTemplate('scf-test-db', async (staging) => {
    const filesDir = mkdtempSync(join(tmpdir(), 'scf-template-'));
    const pglite = createPGlite();
    const database = pgliteDatabase(pglite);
    try {
      const app = buildApp({ logger: false, passwordCost: TEST_SCRYPT_COST, staticDir: '/nonexistent-dist', dataDir: filesDir, database });
      await app.ready();
      await app.close();
      // The builder's own process rows: a server started from the copy is another process.
      await pglite.exec('DELETE FROM server_processes; DELETE FROM export_runners;');
      writeFileSync(join(staging, 'db.tar'), Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
      cpSync(filesDir, join(staging, 'files'), { recursive: true });
    } finally {
      await database.close();
      rmSync(filesDir, { recursive: true, force: true });
    }
  });

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const { dataDir, seeded: _seeded, database: given, ...appOptions } = options;
  const template = seedsAsDefault(options) && process.env.SCF_TEST_DB_TEMPLATE !== 'off' ? await seededTemplate() : undefined;
  const dump = template ? new Blob([readFileSync(join(template, 'db.tar'))]) : undefined;
  const database =
    given ??
    (dataDir ? (dump ? pgliteDatabase(createPGlite(pgliteDirOf(dataDir), dump)) : openDatabase({ dataDir })) : pgliteDatabase(createPGlite(undefined, dump)));
  // Exports are written to a folder of this server's own, removed on close.
  const filesDir = dataDir ?? mkdtempSync(join(tmpdir(), 'scf-test-'));
  if (template) cpSync(join(template, 'files'), filesDir, { recursive: true });
  const app = buildApp({ logger: false, passwordCost: TEST_SCRYPT_COST, staticDir: '/nonexistent-dist', dataDir: filesDir, ...appOptions, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    filesDir,
    async close() {
      await app.close();
      await database.close();
      if (!dataDir) rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

let shared: Promise<TestServer> | undefined;

/**
 * The worker's shared server: a default start made once per vitest worker and kept for every file the
 * worker runs (the server project runs without isolation, vite.config.ts), so a file pays neither the
 * server's start nor its import. Its data is everyone's: a test creates what it needs and asserts on its
 * own rows, never on a total of the demo world. Closing it is left to the worker's end, so its close() does nothing.
 * A file that needs a private server (another clock, seed or option, or data it must own) calls startServer
 * and says why in one line.
 */
export function sharedServer(): Promise<TestServer> {
  shared ??= startServer().then((server) => {
    // The worker's end closes the database and the socket; the files folder would stay behind in the OS temp folder.
    process.once('exit', () => rmSync(server.filesDir, { recursive: true, force: true }));
    return { ...server, close: async () => undefined };
  });
  return shared;
}

/** Captures everything the server logs, so tests can assert what never appears in it. */
export function captureLog(): { stream: Writable; text: () => string } {
  let captured = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      captured += chunk.toString('utf8');
      done();
    },
  });
  return { stream, text: () => captured };
}
