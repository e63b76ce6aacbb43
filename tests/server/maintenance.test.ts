import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { createPGlite } from '../../server/db/open';
import { startPgliteMaintenance, vacuumNow } from '../../server/db/maintenance';

// What the maintenance is for: after a bulk insert, a count over an index reads the heap for every row
// until a VACUUM sets the visibility map (PGlite has no autovacuum daemon to do it).
const heapFetches = async (db: PGlite) => {
  const { rows } = await db.query<{ 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> }>(
    'EXPLAIN (ANALYZE, FORMAT JSON) SELECT count(*) FROM ledger WHERE account = 1 AND at >= 1000 AND at < 3000',
  );
  const find = (plan: Record<string, unknown>): number | undefined =>
    (plan['Heap Fetches'] as number | undefined) ?? ((plan.Plans as Array<Record<string, unknown>> | undefined) ?? []).map(find).find((n) => n !== undefined);
  return find(rows[0]['QUERY PLAN'][0].Plan);
};

describe('PGlite maintenance', () => {
  let db: PGlite;
  const logged: string[] = [];
  const log = { info: (_: unknown, m: string) => logged.push(m), error: (_: unknown, m: string) => logged.push(m) };
  beforeAll(async () => {
    db = createPGlite();
    await db.exec(`CREATE TABLE ledger (id bigserial PRIMARY KEY, account int NOT NULL, at int NOT NULL, note text);
      CREATE INDEX ledger_account_at ON ledger (account, at);
      INSERT INTO ledger (account, at, note) SELECT 1, i, 'row ' || i FROM generate_series(1, 20000) AS i;
      ANALYZE ledger; SET enable_seqscan = off; SET enable_bitmapscan = off;`);
  });
  afterAll(() => db.close());

  it('a vacuum lets an index count skip the heap', async () => {
    expect(await heapFetches(db)).toBeGreaterThan(1000);
    await vacuumNow(db, log);
    expect(await heapFetches(db)).toBe(0);
    expect(logged).toContain('database vacuumed');
  });

  it('starts with a vacuum and keeps a timer that can be stopped', async () => {
    await db.exec(`INSERT INTO ledger (account, at, note) SELECT 1, i, 'again' FROM generate_series(1000, 2999) AS i`);
    expect(await heapFetches(db)).toBeGreaterThan(1000);
    const stop = await startPgliteMaintenance(db, log, 60_000);
    expect(await heapFetches(db)).toBe(0);
    stop();
  });

  it('a failing vacuum is logged, not thrown', async () => {
    const broken = { exec: () => Promise.reject(new Error('closed')) } as unknown as PGlite;
    await expect(vacuumNow(broken, log)).resolves.toBeUndefined();
    expect(logged).toContain('database vacuum failed');
  });
});
