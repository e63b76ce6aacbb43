/**
 * A column named with its table (or alias), for SQL that drizzle does not qualify itself: a
 * correlated subquery reading a referenced record's current name. Drizzle writes a one-table select's
 * columns bare, and inside `(select … from products p where p.prd_code = "prd_code")` the bare name
 * resolves to the subquery's own table, so the reference must name its table.
 */
import { getTableName, sql, type AnyColumn, type SQL, type Table } from 'drizzle-orm';

export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table as Table))}.${sql.identifier(column.name)}`;
}
