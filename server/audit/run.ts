/**
 * The server built on a fresh in-memory database with the demo seed, and its permission matrix
 * (scripts/audit-permissions.ts). The whole app is built, not only the database: the matrix reads
 * each action's requirement from the routes the server declares (server/audit/declared-routes.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import { createPGlite, pgliteDatabase } from '../db/open';
import { matrixCsv, matrixTable, permissionMatrix, storedGrants } from './permission-matrix';

/** The seed's password hashes are never checked here: the cheapest cost keeps the audit quick. */
const AUDIT_SCRYPT_COST = { N: 1024, r: 8, p: 1 };

export async function computeMatrix(): Promise<{ table: string; csv: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scf-audit-'));
  const database = pgliteDatabase(createPGlite());
  const app = buildApp({ database, logger: false, demoMode: true, passwordCost: AUDIT_SCRYPT_COST, staticDir: '/nonexistent-dist', dataDir });
  try {
    await app.ready();
    const cells = permissionMatrix(await storedGrants(database.db));
    return { table: matrixTable(cells), csv: matrixCsv(cells) };
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
