/**
 * Starts a real server on 127.0.0.1 for a test file: in-memory PGlite unless a data folder is given.
 *
 * A first start migrates, seeds and builds the demo world through the workflow engine (approvals,
 * quotas, notes, packages): some 20 s of one core, paid by some sixty test files. So the first
 * default start of a run builds it once and keeps the database (a PGlite dump) and the files it
 * wrote as a template under node_modules/.cache, named by a hash of every source the seeds read
 * and the day; a default start then loads that copy and starts as a server restarted on its data
 * does (the migrations and the seeds find their work done). A start that changes what is seeded
 * (demoMode false, other resources, a shifted clock, another call centre, a given database or
 * folder) still builds from nothing.
 */
import { createHash } from 'node:crypto';
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import { createPGlite, openDatabase, pgliteDatabase, type Database } from '../../server/db/open';
import type { ScryptCost } from '../../server/security/password-hash';

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

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const TEMPLATE_CACHE = join(ROOT, 'node_modules/.cache/scf-test-db');
/** What the migrations, the seeds and the demo world are made of. */
const TEMPLATE_SOURCES = ['server', 'src', 'locales', 'tests/resources', 'package-lock.json'];

let templateKeyMemo: string | undefined;
function templateKey(): string {
  if (templateKeyMemo) return templateKeyMemo;
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(path, name));
      return;
    }
    hash.update(path.slice(ROOT.length)).update(readFileSync(path));
  };
  for (const source of TEMPLATE_SOURCES) add(join(ROOT, source));
  // The demo world is dated from today (notes due in 30 days, overdue ones): a new day, a new template.
  hash.update(new Date().toISOString().slice(0, 10));
  return (templateKeyMemo = hash.digest('hex').slice(0, 20));
}

/** A start whose seeded data is the default one, so the template stands for it. */
function seedsAsDefault(options: Partial<AppOptions> & { dataDir?: string }): boolean {
  if (options.dataDir || options.database || options.resources || options.callCentre) return false;
  if (options.demoMode === false) return false;
  if (options.passwordCost && options.passwordCost !== TEST_SCRYPT_COST) return false;
  return !options.now || Math.abs(options.now() - Date.now()) < 60_000;
}

async function buildTemplate(dir: string): Promise<void> {
  const filesDir = mkdtempSync(join(tmpdir(), 'scf-template-'));
  const pglite = createPGlite();
  const database = pgliteDatabase(pglite);
  try {
    const app = buildApp({ logger: false, passwordCost: TEST_SCRYPT_COST, staticDir: '/nonexistent-dist', dataDir: filesDir, database });
    await app.ready();
    await app.close();
    // The builder's own process rows: a server started from the copy is another process.
    await pglite.exec('DELETE FROM server_processes; DELETE FROM export_runners;');
    const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
    const staging = mkdtempSync(join(TEMPLATE_CACHE, 'staging-'));
    cpSync(filesDir, join(staging, 'files'), { recursive: true });
    writeFileSync(join(staging, 'db.tar'), dump);
    // Whole or not at all: a reader sees the folder only once it holds both parts.
    try {
      renameSync(staging, dir);
    } catch {
      rmSync(staging, { recursive: true, force: true });
    }
  } finally {
    await database.close();
    rmSync(filesDir, { recursive: true, force: true });
  }
}

/** The template of this source and day: built by the first start that needs it, waited for by the others. */
async function seededTemplate(): Promise<string> {
  const dir = join(TEMPLATE_CACHE, templateKey());
  if (existsSync(join(dir, 'db.tar'))) return dir;
  mkdirSync(TEMPLATE_CACHE, { recursive: true });
  const lock = `${dir}.lock`;
  // A lock left by a run that was killed while building is older than any build takes.
  if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { force: true });
  let building: number | undefined;
  try {
    building = openSync(lock, 'wx');
  } catch {
    // Another test file builds it: wait for it, and build it here if that one died.
    for (let waited = 0; waited < 240_000 && !existsSync(join(dir, 'db.tar')); waited += 250) await new Promise((r) => setTimeout(r, 250));
    if (existsSync(join(dir, 'db.tar'))) return dir;
  }
  try {
    await buildTemplate(dir);
  } finally {
    if (building !== undefined) {
      closeSync(building);
      rmSync(lock, { force: true });
    }
  }
  return dir;
}

export async function startServer(options: Partial<AppOptions> & { dataDir?: string } = {}): Promise<TestServer> {
  const { dataDir, database: given, ...appOptions } = options;
  const template = seedsAsDefault(options) && process.env.SCF_TEST_DB_TEMPLATE !== 'off' ? await seededTemplate() : undefined;
  const database =
    given ??
    (dataDir
      ? openDatabase({ dataDir })
      : pgliteDatabase(template ? createPGlite(undefined, new Blob([readFileSync(join(template, 'db.tar'))])) : createPGlite()));
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
