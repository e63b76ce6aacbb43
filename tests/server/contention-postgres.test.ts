/**
 * Two transactions that lock the same two rows in opposite orders, on a real PostgreSQL server:
 * PostgreSQL aborts one of them with a deadlock (40P01), and the error the server's code sees (pg's,
 * wrapped by drizzle) is answered as CONTENTION with the catalogue's message, not as a 500
 * (server/db/contention.ts). PGlite runs one transaction at a time and cannot deadlock.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentionCodeOf, contentionError } from '../../server/db/contention';
import { postgresDatabase, type Database } from '../../server/db/open';
import { translate } from '../../server/i18n';
import { POSTGRES_MISSING, postgresBinDir, startPostgres, type TestPostgres } from './postgres';

const binDir = postgresBinDir();
if (!binDir) console.warn(POSTGRES_MISSING);

describe.skipIf(!binDir)('a deadlock on PostgreSQL', () => {
  let postgres: TestPostgres;
  let database: Database;

  beforeAll(async () => {
    postgres = await startPostgres(binDir!);
    database = postgresDatabase(await postgres.createDatabase('contention'), 4);
    await database.db.execute(sql`CREATE TABLE pair (id int PRIMARY KEY, n int NOT NULL)`);
    await database.db.execute(sql`INSERT INTO pair VALUES (1, 0), (2, 0)`);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    postgres?.stop();
  });

  it('aborts one of the two; its error is CONTENTION, the other commits, and the aborted one changed nothing', async () => {
    // Each takes its first row, waits until the other has its own, then asks for the other's.
    let bothHoldOne!: () => void;
    let held = 0;
    const ready = new Promise<void>((resolve) => (bothHoldOne = resolve));
    const crossing = (first: number, second: number) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE pair SET n = n + 1 WHERE id = ${first}`);
        if (++held === 2) bothHoldOne();
        await ready;
        await tx.execute(sql`UPDATE pair SET n = n + 10 WHERE id = ${second}`);
      });
    const outcomes = await Promise.allSettled([crossing(1, 2), crossing(2, 1)]);
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(contentionCodeOf(failed[0].reason)).toBe('40P01');
    const answer = contentionError(failed[0].reason);
    expect(answer?.code).toBe('CONTENTION');
    expect(answer?.httpStatus).toBe(200);
    expect(answer?.message).toBe(translate('server:db.contention'));
    // The winner's two updates only: 1 + 10 on the rows it touched, nothing of the loser's.
    const { rows } = (await database.db.execute(sql`SELECT id, n FROM pair ORDER BY id`)) as unknown as { rows: Array<{ id: number; n: number }> };
    expect(rows.map((r) => r.n).sort((a, b) => a - b)).toEqual([1, 10]);
  }, 60_000);

  it('leaves any other error alone', () => {
    expect(contentionError(new Error('boom'))).toBeUndefined();
    expect(contentionError(Object.assign(new Error('unique'), { code: '23505' }))).toBeUndefined();
    expect(contentionCodeOf({ cause: { cause: { code: '40001' } } })).toBe('40001');
  });
});
