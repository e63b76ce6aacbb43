/** Starts a real server on 127.0.0.1 for a test file: in-memory PGlite unless a data folder is given. */
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import { openDatabase, pgliteDatabase, type Database } from '../../server/db/open';
import type { ScryptCost } from '../../server/security/password-hash';

/** Cheap hashes keep the suite fast; stored hashes carry their cost, so they verify all the same. */
export const TEST_SCRYPT_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startServer(options: Partial<Omit<AppOptions, 'database'>> & { dataDir?: string } = {}): Promise<TestServer> {
  const { dataDir, ...appOptions } = options;
  const database = dataDir ? openDatabase({ dataDir }) : pgliteDatabase(new PGlite());
  const app = buildApp({ logger: false, passwordCost: TEST_SCRYPT_COST, staticDir: '/nonexistent-dist', ...appOptions, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
