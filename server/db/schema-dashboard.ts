/**
 * What the data dashboard reads instead of the raw rows (issue 42): sums of the quota ledger kept by
 * the database itself, in the transaction that appends the ledger row (trigger quota_ledger_summaries,
 * migration group_tree_search_indexes_and_dashboard_summaries), so a figure is never stale past the
 * write that moved the money, whichever code path wrote it. At 10,000,000 ledger rows the dashboard
 * sums 5,000 account rows and a year of quarter hours instead. Written only by that trigger and by
 * quota_ledger_summaries_rebuild() (the migration's backfill, the scale world's bulk load).
 */
import { integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { quotaAccounts } from './schema-quotas';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull().default('0');

/** Per account: how many ledger rows it has and what their deltas sum to (an account without rows has no row here). */
export const quotaLedgerTotals = pgTable('quota_ledger_totals', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => quotaAccounts.id, { onDelete: 'restrict' }),
  movements: integer('movements').notNull().default(0),
  dGranted: money('d_granted'),
  dDispatched: money('d_dispatched'),
  dFrozen: money('d_frozen'),
  dUsed: money('d_used'),
});

/**
 * RECYCLE movements (a note paid) per quarter hour of UTC: every time zone's offset is a multiple of
 * a quarter hour, so a bin lies within one day and one month of any calendar the server keeps.
 */
export const quotaRecycleBins = pgTable('quota_recycle_bins', {
  bin: timestamp('bin', { withTimezone: true }).primaryKey(),
  movements: integer('movements').notNull().default(0),
  amount: money('amount'),
});
