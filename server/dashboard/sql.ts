/** SQL fragments the dashboard's sources share: exact sums as decimal strings, counts as integers. */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The numeric sum itself, to order by (the text of a sum would sort as text). */
export const numericSum = (expression: SQLWrapper): SQL => sql`coalesce(sum(${expression}), 0)`;

export const moneySum = (expression: SQLWrapper): SQL<string> => sql<string>`coalesce(sum(${expression}), 0)::numeric(18,2)::text`;

export const intCount = (where?: SQL): SQL<number> =>
  where ? sql<number>`(count(*) filter (where ${where}))::int` : sql<number>`count(*)::int`;
