/**
 * A process's LISTENs share one connection of their own, outside the query pool (server/db/open.ts). Each
 * used to hold a pooled connection for good: with the server's four subscriptions a pool of 10 served
 * queries on 6, and a pool of 4 on none. Real PostgreSQL; skipped without its binaries.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from '../../server/db/open';
import { POSTGRES_MISSING, postgresBinDir, startPostgres, type TestPostgres } from './postgres';

const binDir = postgresBinDir();
if (!binDir) console.warn(POSTGRES_MISSING);

describe.skipIf(!binDir)('notifications on PostgreSQL', () => {
  let postgres: TestPostgres | undefined;
  let databaseUrl: string;

  beforeAll(async () => {
    postgres = await startPostgres(binDir!);
    databaseUrl = await postgres.createDatabase('listen');
  }, 120_000);

  afterAll(() => postgres?.stop());

  /** Connections to the test database whose last statement was a LISTEN (seen from a connection of the test's own). */
  async function listeners(): Promise<number> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'",
      );
      return rows[0].n;
    } finally {
      await client.end();
    }
  }

  it('keeps every query connection of a pool of 2 free while four subscriptions listen, and delivers to each', async () => {
    const database = postgresDatabase(databaseUrl, 2);
    const heard: string[] = [];
    const lost: unknown[] = [];
    try {
      const unlisten = await Promise.all(
        ['a', 'b', 'b', 'c'].map((channel, i) =>
          database.listen(
            `ch_${channel}`,
            (payload) => heard.push(`${i}:${payload}`),
            (error) => lost.push(error),
          ),
        ),
      );
      // One connection for all four LISTENs, none taken from the pool yet.
      expect(await listeners()).toBe(1);
      // Both pooled connections at once: with a LISTEN holding one of them (before, all of them) this would wait forever.
      await Promise.all([database.db.execute(sql`SELECT pg_sleep(0.05)`), database.db.execute(sql`SELECT pg_notify('ch_b', 'hi')`)]);
      await expect.poll(() => [...heard].sort()).toEqual(['1:hi', '2:hi']);

      // Unsubscribing one of two on a channel keeps the other hearing it.
      await unlisten[1]();
      await database.db.execute(sql`SELECT pg_notify('ch_b', 'again')`);
      await expect.poll(() => heard.filter((h) => h.endsWith('again'))).toEqual(['2:again']);

      // The last one out closes the listening connection.
      await Promise.all([unlisten[0](), unlisten[2](), unlisten[3]()]);
      await expect.poll(() => listeners()).toBe(0);
      expect(lost).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('tells every subscriber once when the listening connection is lost, and a new subscription connects again', async () => {
    const database = postgresDatabase(databaseUrl, 2);
    const lost: string[] = [];
    try {
      await database.listen(
        'ch_x',
        () => undefined,
        () => lost.push('x'),
      );
      await database.listen(
        'ch_y',
        () => undefined,
        () => lost.push('y'),
      );
      await database.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()`);
      await expect.poll(() => [...lost].sort()).toEqual(['x', 'y']);
      const heard: string[] = [];
      await database.listen(
        'ch_x',
        (payload) => heard.push(payload),
        () => lost.push('x2'),
      );
      await database.db.execute(sql`SELECT pg_notify('ch_x', 'back')`);
      await expect.poll(() => heard).toEqual(['back']);
    } finally {
      await database.close();
    }
  }, 60_000);
});
