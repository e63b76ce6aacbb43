/**
 * The approvals section: open tasks of running instances counted by process and by the working role
 * that must act (handler or director), how long the oldest has waited, and the instances that ended
 * in the last 30 days; all counted from workflow_tasks and workflow_instances as they stand.
 */
import { and, asc, desc, eq, gte, isNull, min, sql } from 'drizzle-orm';
import type { TaskSection } from '../../src/lib/dashboard';
import type { WorkingRole } from '../../src/workflows/activities';
import { INSTANCE_STATUS, TASK_STATUS } from '../../src/workflows/states';
import { workflowInstances, workflowTasks } from '../db/schema';
import { dashboardSource } from './source';
import { intCount } from './sql';

const DAY_MS = 86_400_000;
const HANDLER: WorkingRole = 'handler';
const DIRECTOR: WorkingRole = 'director';

const t = workflowTasks;
const open = and(eq(t.status, TASK_STATUS.TODO), eq(workflowInstances.status, INSTANCE_STATUS.RUNNING));
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const taskSource = dashboardSource({
  key: 'tasks',
  load: async (tx, now): Promise<TaskSection> => {
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

    const [ended] = await tx
      .select({
        approved: intCount(eq(workflowInstances.status, INSTANCE_STATUS.APPROVED)),
        rejected: intCount(eq(workflowInstances.status, INSTANCE_STATUS.REJECTED)),
      })
      .from(workflowInstances)
      .where(gte(workflowInstances.endTime, new Date(now.getTime() - 30 * DAY_MS)));

    return {
      pending: summary.pending,
      unclaimed: summary.unclaimed,
      oldest: iso(summary.oldest),
      byProcess: rows.map((row) => ({ ...row, oldest: iso(row.oldest)! })),
      ended30d: ended,
    };
  },
});
