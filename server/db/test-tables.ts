/**
 * The tables of the test-only resources (tests/resources/*.table.ts), created in test runs only:
 * no migration holds them, so the migrations (and every real install) never see them. drizzle-kit's
 * programmatic API writes the same CREATE statements `drizzle-kit generate` would; a table that
 * exists already (a data folder reopened) is left alone. drizzle-kit is a dev dependency: this module
 * is imported only when the registry holds test tables.
 */
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './open';

export async function createTestTables(db: Db, tables: readonly PgTable[]): Promise<void> {
  const result = (await db.execute(sql`select tablename as name from pg_tables where schemaname = current_schema()`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  const existing = new Set(result.rows.map((row) => row.name));
  const missing = tables.filter((table) => !existing.has(getTableName(table)));
  if (!missing.length) return;
  const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
  const statements = await generateMigration(
    generateDrizzleJson({}),
    generateDrizzleJson(Object.fromEntries(missing.map((table) => [getTableName(table), table]))),
  );
  for (const statement of statements) await db.execute(sql.raw(statement));
}
