/** SQL fragments the dashboard's sources share: exact sums as decimal strings, counts as integers. */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The numeric sum itself, to order by (the text of a sum would sort as text). */
export const numericSum = (expression: SQLWrapper): SQL => sql`coalesce(sum(${expression}), 0)`;

/** An exact sum as a 2-place decimal string; with `where`, of the rows it admits only. */
export const moneySum = (expression: SQLWrapper, where?: SQL): SQL<string> =>
  where
    ? sql<string>`coalesce(sum(${expression}) filter (where ${where}), 0)::numeric(18,2)::text`
    : sql<string>`coalesce(sum(${expression}), 0)::numeric(18,2)::text`;

/** A numeric column (a subquery's sum) as a 2-place decimal string. */
export const asMoney = (expression: SQLWrapper): SQL<string> => sql<string>`${expression}::numeric(18,2)::text`;

export const intCount = (where?: SQL): SQL<number> => (where ? sql<number>`(count(*) filter (where ${where}))::int` : sql<number>`count(*)::int`);

/** A count and its amount over the rows `where` admits (all rows without it). */
export const countAmount = (amount: SQLWrapper, where?: SQL) => ({ count: intCount(where), amount: moneySum(amount, where) });
