/**
 * `npm run audit:rules`: the evaluation against the live database (DATABASE_URL, or the PGlite data
 * folder DATA_DIR), or with --demo against a fresh in-memory demo world. Embedded PGlite serves one
 * process: while a server runs on the folder (its heartbeat is fresh) the command refuses rather
 * than open it a second time; run it on PostgreSQL, or use the page.
 */
import { gt, sql } from 'drizzle-orm';
import { readConfig } from '../config';
import { createPGlite, openDatabase, pgliteDatabase, type Database } from '../db/open';
import { serverProcesses } from '../db/schema';
import { seedIfEmpty } from '../db/seed';
import { PROCESS_GONE_MS } from '../process-heartbeat';
import { evaluateRules, storedRules, type AuditReport } from './evaluate';

const DEMO_SCRYPT_COST = { N: 1024, r: 8, p: 1 };

export class AuditRunRefused extends Error {}

export async function runAuditRules(options: { demo: boolean; env?: NodeJS.ProcessEnv }): Promise<AuditReport> {
  let database: Database;
  if (options.demo) {
    database = pgliteDatabase(createPGlite());
  } else {
    database = openDatabase(readConfig(options.env));
  }
  try {
    if (!options.demo && database.kind === 'pglite') {
      const [live] = await database.db
        .select({ id: serverProcesses.id })
        .from(serverProcesses)
        .where(gt(serverProcesses.seenAt, sql`now() - make_interval(secs => ${PROCESS_GONE_MS / 1000})`))
        .limit(1)
        .catch(() => [] as Array<{ id: string }>);
      if (live) throw new AuditRunRefused('A server is running on this PGlite data folder: stop it first, or run the rules from the 审计规则 page.');
    }
    await database.migrate();
    if (options.demo) await seedIfEmpty(database.db, { demoMode: true, passwordCost: DEMO_SCRYPT_COST });
    if (!(await storedRules(database.db)).length)
      throw new AuditRunRefused('No audit rule is enabled in this database (has a server of this release started on it?).');
    return await evaluateRules(database.db, { now: () => new Date() });
  } finally {
    await database.close();
  }
}
