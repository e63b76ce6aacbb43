/**
 * What the data dashboard reads instead of the raw rows (issue 42): sums of the quota ledger kept by
 * the database itself, in the transaction that appends the ledger row (trigger quota_ledger_summaries,
 * migration group_tree_search_indexes_and_dashboard_summaries), so a figure is never stale past the
 * write that moved the money, whichever code path wrote it. At 10,000,000 ledger rows the dashboard
 * sums 5,000 account rows and a year of quarter hours instead. Written only by that trigger and by
 * quota_ledger_summaries_rebuild() (the migration's backfill, the scale world's bulk load).
 */
import { bigint, boolean, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { quotaAccounts } from '../quotas/schema';

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
 * Per unit holding quota, its accounts' ledger sums (quota_ledger_totals summed over the unit's accounts), kept
 * at commit by the same flush, after quota_ledger_totals (migration dashboard_quota_unit_totals). The quota
 * panel's units granted the most are the first rows of the rank index, however many units a group has (5,000
 * at a year's scale), instead of every account's sums grouped by unit and sorted. group_id is the accounts'
 * (a unit holding quota is never moved to another group).
 */
export const quotaUnitTotals = pgTable(
  'quota_unit_totals',
  {
    unitId: text('unit_id').primaryKey(),
    groupId: text('group_id').notNull(),
    movements: integer('movements').notNull().default(0),
    dGranted: money('d_granted'),
    dDispatched: money('d_dispatched'),
    dFrozen: money('d_frozen'),
    dUsed: money('d_used'),
  },
  (t) => [index('quota_unit_totals_rank_idx').on(t.dGranted.desc().nullsFirst(), t.groupId, t.unitId)],
);

/**
 * RECYCLE movements (a note paid) per quarter hour of UTC: every time zone's offset is a multiple of
 * a quarter hour, so a bin lies within one day and one month of any calendar the server keeps.
 */
export const quotaRecycleBins = pgTable('quota_recycle_bins', {
  bin: timestamp('bin', { withTimezone: true }).primaryKey(),
  movements: integer('movements').notNull().default(0),
  amount: money('amount'),
});

/*
 * The credit-note, task and corporation panels' summaries (issue 42): kept by the triggers of migration
 * dashboard_note_task_corporation_summaries on credit_notes, workflow_instances and corporations, in the
 * statement's own transaction, whichever code path wrote the row; filled there from the rows already
 * there, and again by dashboard_summaries_rebuild() after a bulk load with the triggers off. Each
 * figure's rule (which statuses are outstanding, which days are due soon) stays in src/lib and the
 * server's dashboard sources: these tables keep counts and sums by the columns those rules read.
 */

/** Every note (whatever its status) counted and summed by due date and status: outstanding, overdue and the maturity buckets are ranges of these rows. */
export const creditNoteDueTotals = pgTable(
  'credit_note_due_totals',
  {
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    notes: integer('notes').notNull().default(0),
    amount: money('amount'),
  },
  (t) => [primaryKey({ columns: [t.dueDate, t.status] })],
);

/** Issued notes (parent_id null: what issuance made, so a split never counts twice) by issue date. */
export const creditNoteIssueTotals = pgTable('credit_note_issue_totals', {
  issueDate: date('issue_date', { mode: 'string' }).primaryKey(),
  notes: integer('notes').notNull().default(0),
  amount: money('amount'),
});

/**
 * Per holder, its outstanding notes (ISSUED or FINANCED, OUTSTANDING_STATUSES of src/lib/credit-notes;
 * the test compares the ranking with one from the raw rows, so the two cannot drift apart unseen). A
 * holder with none has no row; the index is the top-holders ranking's order, read ten rows deep.
 */
export const creditNoteHolderTotals = pgTable(
  'credit_note_holder_totals',
  {
    holderCorpId: text('holder_corp_id').primaryKey(),
    notes: integer('notes').notNull().default(0),
    amount: money('amount'),
  },
  (t) => [index('credit_note_holder_totals_rank_idx').on(t.amount.desc().nullsFirst(), t.holderCorpId)],
);

/**
 * Ended instances (an end time set) per quarter hour of UTC and status: the last 30 days are these bins
 * plus the rows of the one partial bin at the window's start, read through workflow_instances_end_idx.
 */
export const workflowEndBins = pgTable(
  'workflow_end_bins',
  {
    bin: timestamp('bin', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    instances: integer('instances').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bin, t.status] })],
);

/**
 * Open tasks (status TODO) by process, working role and whether someone claimed them: the approvals
 * panel's counts read these few dozen rows instead of every task waiting (10,000 at a large group's
 * scale; issue 42). Kept by the trigger of migration dashboard_open_task_counts on workflow_tasks, applied
 * at commit with the other summaries; the longest wait of each process is read through
 * workflow_tasks_open_process_idx, one index entry per process.
 */
export const workflowOpenTaskCounts = pgTable(
  'workflow_open_task_counts',
  {
    processKey: text('process_key').notNull(),
    workingRole: text('working_role').notNull(),
    claimed: boolean('claimed').notNull(),
    tasks: integer('tasks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.processKey, t.workingRole, t.claimed] })],
);

/** Corporations by admission status (their sum is every corporation on file). */
export const corporationAdmissionCounts = pgTable('corporation_admission_counts', {
  admissionStatus: text('admission_status').primaryKey(),
  corporations: integer('corporations').notNull().default(0),
});

/** Corporations by each of their types and admission status: one with several types counts under each. */
export const corporationTypeCounts = pgTable(
  'corporation_type_counts',
  {
    corpType: text('corp_type').notNull(),
    admissionStatus: text('admission_status').notNull(),
    corporations: integer('corporations').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.corpType, t.admissionStatus] })],
);

/**
 * How many rows the largest lists' tables hold (credit_notes, workflow_instances, sys_operation_logs),
 * kept by statement triggers in the writing transaction: an unfiltered list's pager total (共 N 条)
 * reads a few rows here instead of counting 1,000,000 (issue 42), and stays exact. A table's count is
 * the sum over its shards; a writer adds to the shard of its connection (pg_backend_pid() % 16), so
 * concurrent writers on PostgreSQL seldom wait on one another's counter row.
 */
export const listRowCounts = pgTable(
  'list_row_counts',
  {
    tableName: text('table_name').notNull(),
    shard: smallint('shard').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.shard] })],
);
