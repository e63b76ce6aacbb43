/**
 * The pager's total of an unfiltered list over one of the largest tables (issue 42): the rows the
 * database counts in list_row_counts (schema-dashboard.ts), kept by statement triggers in the writing
 * transaction, so the total is exact and costs a few rows instead of a count of 1,000,000.
 */
import { eq, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/open';
import { listRowCounts } from '../db/schema';

/** The tables migration dashboard_summaries_and_list_row_counts put the counting triggers on. */
const COUNTED_TABLES = new Set(['credit_notes', 'workflow_instances', 'sys_operation_logs']);

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
