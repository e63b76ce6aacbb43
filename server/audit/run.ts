/** A fresh in-memory database with the demo seed, and its permission matrix (scripts/audit-permissions.ts). */
import { createPGlite, pgliteDatabase } from '../db/open';
import { seedIfEmpty } from '../db/seed';
import { matrixCsv, matrixTable, permissionMatrix, storedGrants } from './permission-matrix';

/** The seed's password hashes are never checked here: the cheapest cost keeps the audit quick. */
const AUDIT_SCRYPT_COST = { N: 1024, r: 8, p: 1 };

export async function computeMatrix(): Promise<{ table: string; csv: string }> {
  const database = pgliteDatabase(createPGlite());
  try {
    await database.migrate();
    await seedIfEmpty(database.db, { demoMode: true, passwordCost: AUDIT_SCRYPT_COST });
    const cells = permissionMatrix(await storedGrants(database.db));
    return { table: matrixTable(cells), csv: matrixCsv(cells) };
  } finally {
    await database.close();
  }
}
