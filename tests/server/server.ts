/** Starts a real server on 127.0.0.1 for a test file: in-memory PGlite unless a data folder is given. */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
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

export async function startServer(options: Partial<AppOptions> & { dataDir?: string } = {}): Promise<TestServer> {
  const { dataDir, database: given, ...appOptions } = options;
  const database = given ?? (dataDir ? openDatabase({ dataDir }) : pgliteDatabase(createPGlite()));
  // Exports are written to a folder of this server's own, removed on close.
  const filesDir = dataDir ?? mkdtempSync(join(tmpdir(), 'scf-test-'));
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
