/**
 * On PostgreSQL, each pooled connection names the statements it runs with parameters by their text (server/db/open.ts), so
 * that PostgreSQL parses and plans a statement once a connection rather than on every call: month end's hundred operators
 * spent PostgreSQL's time mostly parsing and planning the same few hundred statements again (docs/developers/benchmarks.md).
 * A statement without parameters keeps the simple protocol, which runs several statements in one text. Real PostgreSQL;
 * skipped without its binaries.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase, type Database } from '../../server/db/open';
import { POSTGRES_MISSING, postgresBinDir, startPostgres, type TestPostgres } from './postgres';

const binDir = postgresBinDir();
if (!binDir) console.warn(POSTGRES_MISSING);

describe.skipIf(!binDir)('statements named by their text on PostgreSQL', () => {
  let postgres: TestPostgres | undefined;
  let database: Database;

  beforeAll(async () => {
    postgres = await startPostgres(binDir!);
    database = postgresDatabase(await postgres.createDatabase('named'), 2);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await postgres?.stop();
  });

  /** What the transaction's own connection has prepared (pg_prepared_statements is per session). */
  const prepared = async (tx: Pick<Database['db'], 'execute'>) =>
    (
      (await tx.execute(sql`SELECT name, statement FROM pg_prepared_statements ORDER BY name`)) as unknown as {
        rows: Array<{ name: string; statement: string }>;
      }
    ).rows;

  it('prepares a statement with parameters once a connection and reuses it, with each call its own values', async () => {
    await database.db.transaction(async (tx) => {
      const before = await prepared(tx);
      const answers = [];
      for (const n of [1, 2, 3]) answers.push((await tx.execute(sql`SELECT ${n}::int + 40 AS answer`)) as unknown as { rows: Array<{ answer: number }> });
      expect(answers.map((a) => a.rows[0].answer)).toEqual([41, 42, 43]);
      const after = await prepared(tx);
      const added = after.filter((row) => !before.some((b) => b.name === row.name));
      // The three calls are one statement, prepared once; the catalogue read itself has no parameters and stays unnamed.
      expect(added.map((row) => row.statement)).toEqual(['SELECT $1::int + 40 AS answer']);
      expect(added[0].name).toMatch(/^scf_\d+$/);
    });
  });

  it('keeps the simple protocol for a text without parameters: several statements in one text still run', async () => {
    await database.db.execute(sql.raw('CREATE TABLE IF NOT EXISTS named_probe (n int); INSERT INTO named_probe VALUES (7)'));
    const { rows } = (await database.db.execute(sql`SELECT sum(n)::int AS total FROM named_probe WHERE n = ${7}`)) as unknown as {
      rows: Array<{ total: number }>;
    };
    expect(rows[0].total).toBeGreaterThanOrEqual(7);
  });

  it('answers a refused statement as refused, and the connection goes on with its named statements', async () => {
    await expect(database.db.execute(sql`SELECT 1 / ${0}::int`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/division by zero/) } });
    const { rows } = (await database.db.execute(sql`SELECT ${5}::int * 2 AS ten`)) as unknown as { rows: Array<{ ten: number }> };
    expect(rows[0].ten).toBe(10);
  });
});
