/**
 * The approvals section: open tasks counted by process and by the working role that must act (handler
 * or director), how long the oldest has waited, and the instances that ended in the last 30 days. Both
 * grow with the business (the work waiting, 10,000 tasks at a large group's scale; the history), so the
 * dashboard reads summaries the database keeps in the transaction that writes the rows (server/dashboard/schema.ts):
 * workflow_open_task_counts (open tasks by process, role and claimed) with each process's longest wait
 * read as the first entry of workflow_tasks_open_process_idx, and workflow_end_bins. `taskSectionFromRows`
 * counts the same from the rows (open: a TODO task of a running instance); the tests hold the two equal.
 */
import { and, asc, desc, eq, gte, isNull, lt, min, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/tx';
import type { TaskSection } from '../../src/lib/dashboard';
import type { WorkingRole } from '../../src/workflows/activities';
import { INSTANCE_STATUS, TASK_STATUS } from '../../src/workflows/states';
import { workflowEndBins, workflowInstances, workflowOpenTaskCounts, workflowTasks } from '../db/schema';
import { qualified } from '../db/qualified';
import { dashboardSource } from './source';
import { intCount } from './sql';

const DAY_MS = 86_400_000;
/** workflow_end_bins' width: a quarter hour, from 2000-01-01 UTC (a whole number of them from the epoch). */
const BIN_MS = 15 * 60_000;
const HANDLER: WorkingRole = 'handler';
const DIRECTOR: WorkingRole = 'director';

const t = workflowTasks;
const open = and(eq(t.status, TASK_STATUS.TODO), eq(workflowInstances.status, INSTANCE_STATUS.RUNNING));
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const approved = (status: AnyPgColumn) => eq(status, INSTANCE_STATUS.APPROVED);
const rejected = (status: AnyPgColumn) => eq(status, INSTANCE_STATUS.REJECTED);
const i = workflowInstances;
const b = workflowEndBins;

/** Instances ended since `since`, from their rows. */
async function endedFromRows(tx: Tx, since: Date): Promise<TaskSection['ended30d']> {
  const [ended] = await tx
    .select({ approved: intCount(approved(i.status)), rejected: intCount(rejected(i.status)) })
    .from(i)
    .where(gte(i.endTime, since));
  return ended;
}

/**
 * The same from workflow_end_bins (quarter hours of UTC, kept by the instance's own transaction): the
 * whole bins after `since`, and the rows of the one bin `since` falls in, read through
 * workflow_instances_end_idx (at most a quarter hour of endings, whatever the history holds).
 */
async function endedFromBins(tx: Tx, since: Date): Promise<TaskSection['ended30d']> {
  const edge = new Date(Math.floor(since.getTime() / BIN_MS) * BIN_MS + BIN_MS);
  const sum = (where: SQL) => sql<number>`coalesce(sum(${b.instances}) filter (where ${where}), 0)::int`;
  const [whole] = await tx
    .select({ approved: sum(approved(b.status)), rejected: sum(rejected(b.status)) })
    .from(b)
    .where(gte(b.bin, edge));
  const [part] = await tx
    .select({ approved: intCount(approved(i.status)), rejected: intCount(rejected(i.status)) })
    .from(i)
    .where(and(gte(i.endTime, since), lt(i.endTime, edge)));
  return { approved: whole.approved + part.approved, rejected: whole.rejected + part.rejected };
}

/** The approvals section read from the tasks' and instances' rows: what the summaries must always equal (tests). */
export const taskSectionFromRows = (tx: Tx, now: Date) => taskSection(tx, now, 'rows');

export const taskSource = dashboardSource({
  key: 'tasks',
  load: (tx, now) => taskSection(tx, now, 'summaries'),
});

type OpenTasks = Pick<TaskSection, 'pending' | 'unclaimed' | 'oldest' | 'byProcess'>;

/** Open tasks from their TODO rows (workflow_tasks_todo_idx), each instance by its key: every task waiting is read. */
async function openFromRows(tx: Tx): Promise<OpenTasks> {
  const [summary] = await tx
    .select({ pending: intCount(), unclaimed: intCount(isNull(t.assigneeId)), oldest: min(t.createTime) })
    .from(t)
    .innerJoin(workflowInstances, eq(workflowInstances.id, t.instanceId))
    .where(open);
  const rows = await tx
    .select({
      processKey: t.processKey,
      handler: intCount(eq(t.workingRole, HANDLER)),
      director: intCount(eq(t.workingRole, DIRECTOR)),
      total: intCount(),
      oldest: min(t.createTime),
    })
    .from(t)
    .innerJoin(workflowInstances, eq(workflowInstances.id, t.instanceId))
    .where(open)
    .groupBy(t.processKey)
    .orderBy(desc(sql`count(*)`), asc(t.processKey));
  return {
    pending: summary.pending,
    unclaimed: summary.unclaimed,
    oldest: iso(summary.oldest),
    byProcess: rows.map((row) => ({ ...row, oldest: iso(row.oldest)! })),
  };
}

const c = workflowOpenTaskCounts;
const tasksOf = (where?: SQL) =>
  where ? sql<number>`coalesce(sum(${c.tasks}) filter (where ${where}), 0)::int` : sql<number>`coalesce(sum(${c.tasks}), 0)::int`;
/** A process's longest-waiting open task: the first entry of workflow_tasks_open_process_idx under its key (a literal status, so the partial index applies). */
const oldestOfProcess = sql<Date | string | null>`(select min(x.create_time) from workflow_tasks x
  where x.status = ${sql.raw(`'${TASK_STATUS.TODO}'`)} and x.process_key = ${qualified(c.processKey)})`;

/** Open tasks from workflow_open_task_counts: one statement over a few rows a process, whatever waits; the totals are the processes' sums. */
async function openFromCounts(tx: Tx): Promise<OpenTasks> {
  const rows = await tx
    .select({
      processKey: c.processKey,
      handler: tasksOf(eq(c.workingRole, HANDLER)),
      director: tasksOf(eq(c.workingRole, DIRECTOR)),
      total: tasksOf(),
      unclaimed: tasksOf(eq(c.claimed, false)),
      oldest: oldestOfProcess,
    })
    .from(c)
    .groupBy(c.processKey)
    .orderBy(desc(tasksOf()), asc(c.processKey));
  const byProcess = rows.map(({ unclaimed: _unclaimed, ...row }) => ({ ...row, oldest: iso(row.oldest)! }));
  const oldest = byProcess.reduce<string | null>((first, row) => (first === null || row.oldest < first ? row.oldest : first), null);
  return {
    pending: rows.reduce((sum, row) => sum + row.total, 0),
    unclaimed: rows.reduce((sum, row) => sum + row.unclaimed, 0),
    oldest,
    byProcess,
  };
}

async function taskSection(tx: Tx, now: Date, from: 'rows' | 'summaries'): Promise<TaskSection> {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const openTasks = await (from === 'rows' ? openFromRows(tx) : openFromCounts(tx));
  const ended = await (from === 'rows' ? endedFromRows(tx, since) : endedFromBins(tx, since));
  return { ...openTasks, ended30d: ended };
}
