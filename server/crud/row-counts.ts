/**
 * The pager's total of an unfiltered list over one of the largest tables (issue 42): the rows the
 * database counts in list_row_counts (server/dashboard/schema.ts), kept by statement triggers in the writing
 * transaction, so the total is exact and costs a few rows instead of a count of 1,000,000.
 */
import { count, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/open';
import { listRowCounts } from '../db/schema';
import { LIST_TOTAL_BOUND } from '../../src/protocol/envelope';

/**
 * The tables the database counts: migration dashboard_summaries_and_list_row_counts put the counting triggers on the first
 * three, list_counts_of_corporations_financings_payments on corporations and financing applications (issue 42: their
 * unfiltered lists counted 100,000 and 80,000 rows a page at the full year).
 */
const COUNTED_TABLES = new Set(['credit_notes', 'workflow_instances', 'sys_operation_logs', 'corporations', 'financing_applications']);

/** Every row of `table` when the database keeps its count; null for a table it does not count (count it). */
export async function keptRowCount(db: Db, table: PgTable): Promise<number | null> {
  const name = getTableName(table);
  if (!COUNTED_TABLES.has(name)) return null;
  const [{ rows }] = await db
    .select({ rows: sql<number>`coalesce(sum(${listRowCounts.rows}), 0)::bigint`.mapWith(Number) })
    .from(listRowCounts)
    .where(eq(listRowCounts.tableName, name));
  return rows;
}

/** Every row of `table`: the count the database keeps, or counted where it keeps none (an unfiltered list's total). */
export async function rowTotal(db: Db, table: PgTable): Promise<number> {
  return (await keptRowCount(db, table)) ?? (await db.select({ total: count() }).from(table))[0].total;
}

/**
 * A list's rows by status, as its tabs show them, for a table whose rows the database counts by status (credit_payments,
 * migration list_counts_of_corporations_financings_payments: kept under '<table>/<status>', moved by a status change in the
 * writing transaction). A status with no row is left out, as a group-by over the rows leaves it out.
 */
export async function keptStatusCounts(db: Db, table: PgTable, statuses: readonly string[]): Promise<Record<string, number>> {
  const name = getTableName(table);
  const rows = await db
    .select({ key: listRowCounts.tableName, rows: sql<number>`sum(${listRowCounts.rows})::bigint`.mapWith(Number) })
    .from(listRowCounts)
    .where(
      inArray(
        listRowCounts.tableName,
        statuses.map((status) => `${name}/${status}`),
      ),
    )
    .groupBy(listRowCounts.tableName);
  return Object.fromEntries(rows.filter((r) => r.rows > 0).map((r) => [r.key.slice(name.length + 1), r.rows]));
}

/**
 * The matches of a filtered list over `table`, counted up to LIST_TOTAL_BOUND and one more: a filter that
 * matches a large share of a large table (an operation log of one action) stops counting there instead
 * of reading every match on every page. Read the answer with boundedTotal, below.
 */
export async function boundedMatchCount(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(LIST_TOTAL_BOUND + 1)
    .as('matches');
  return (await db.select({ total: count() }).from(matches))[0].total;
}

/**
 * The pager's total from a count stopped at LIST_TOTAL_BOUND + 1: exact below the bound; past it, marked
 * bounded, and never less than the rows this page reaches (a deep page past the bound still has a next).
 */
export function boundedTotal(counted: number, reached: number): { total: number; totalBounded?: boolean } {
  if (counted <= LIST_TOTAL_BOUND) return { total: counted };
  return { total: Math.max(counted, reached), totalBounded: true };
}
