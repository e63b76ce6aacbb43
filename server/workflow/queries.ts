/**
 * What the task views read: the to-do, done and started lists (paged as PROTOCOL.md §7), all
 * instances (for auditors), an instance by business key, an instance's history and the pending count.
 * Records carry the display names of their process and step, from the registry and locale files.
 *
 * People are named by their staff record as it is now (a join on their user id): the starter
 * (startPersonName), the claimant (assigneeName) and each history entry's worker (personName). The
 * names the rows were written with are read only when the staff record is gone.
 */
import { and, asc, type Column, count, desc, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { hasPermission } from '../../src/lib/access';
import { PERMISSIONS } from '../../src/lib/permissions';
import { findActivity, findProcessDefinition, taskPageRoute } from '../../src/workflows/registry';
import { isActivityType, workingRoleOf } from '../../src/workflows/activities';
import { HISTORY_ACTION, INSTANCE_STATUS, TASK_STATUS } from '../../src/workflows/states';
import { UNWORKABLE_REASON, type UnworkableReason } from '../../src/workflows/unworkable';
import type { Page } from '../crud/routes';
import { pagingOf, whereOf } from '../crud/query';
import { boundedMatchCount, boundedTotal, keptRowCount } from '../crud/row-counts';
import { LIST_TOTAL_BOUND } from '../../src/protocol/envelope';
import type { Db } from '../db/open';
import { users, workflowHistory, workflowInstances, workflowTasks } from '../db/schema';
import { renderStored, translate, typedValuesOf, type MessageRef } from '../i18n';
import type { InstanceRow } from './engine';
import { z } from 'zod';
import { dateTime, oneOf, optional, text } from '../input/fields';
import { MAX_TEXT } from './input';
import { mayWithdraw, mayWork, reviewBarOf, todoCondition, todoCount, wasWithdrawn, type Actor } from './rules';

const processNameOf = (processKey: string) => {
  const definition = findProcessDefinition(processKey);
  return definition ? translate(definition.processName) : processKey;
};
const stepNameOf = (processKey: string, key: string | null) => {
  const definition = findProcessDefinition(processKey);
  const activity = definition && key ? findActivity(definition, key) : undefined;
  return activity ? translate(activity.label) : key;
};

const starter = alias(users, 'starter');
const assignee = alias(users, 'assignee');
const worker = alias(users, 'worker');

/** A person's current display name, else the one written with the row. */
const nameOf = (current: Column, written: Column) => sql<string>`coalesce(${current}, ${written})`;

const taskColumns = {
  id: workflowTasks.id,
  instanceId: workflowTasks.instanceId,
  processKey: workflowTasks.processKey,
  taskDefinitionKey: workflowTasks.taskDefinitionKey,
  activityType: workflowTasks.activityType,
  workingRole: workflowTasks.workingRole,
  status: workflowTasks.status,
  assigneeId: workflowTasks.assigneeId,
  assigneeName: sql<string | null>`coalesce(${assignee.personName}, ${workflowTasks.assigneeName})`, // null while unclaimed
  claimTime: workflowTasks.claimTime,
  outcome: workflowTasks.outcome,
  remark: workflowTasks.remark,
  completeTime: workflowTasks.completeTime,
  dataVersion: workflowTasks.dataVersion,
  createTime: workflowTasks.createTime,
  updateTime: workflowTasks.updateTime,
  businessKey: workflowInstances.businessKey,
  businessType: workflowInstances.businessType,
  businessNo: workflowInstances.businessNo,
  businessNoRef: workflowInstances.businessNoRef,
  summary: workflowInstances.summary,
  summaryRef: workflowInstances.summaryRef,
  instanceStatus: workflowInstances.status,
  variables: workflowInstances.variables,
  startUserId: workflowInstances.startUserId,
  startPersonName: nameOf(starter.personName, workflowInstances.startPersonName),
};

const selectTasks = (db: Db) =>
  db
    .select(taskColumns)
    .from(workflowTasks)
    .innerJoin(workflowInstances, eq(workflowInstances.id, workflowTasks.instanceId))
    .leftJoin(starter, eq(starter.id, workflowInstances.startUserId))
    .leftJoin(assignee, eq(assignee.id, workflowTasks.assigneeId));

/** Instances with their starter's current name. */
/**
 * The starter's current name, looked up for each row listed: with a join the planner may merge every
 * instance with the users by starter and sort them, instead of walking workflow_instances_order_idx
 * for one page (issue 42).
 */
const starterName = sql<string>`coalesce((select ${users.personName} from ${users} where ${users.id} = ${workflowInstances.startUserId}), ${workflowInstances.startPersonName})`;
const selectInstances = (db: Db) => db.select({ ...getTableColumns(workflowInstances), startPersonName: starterName }).from(workflowInstances);
type TaskListRow = Awaited<ReturnType<typeof selectTasks>>[number];

/** The summary and number in the reader's language, where they were kept as keys; the refs stay off the wire. */
function said<R extends { summary: string | null; summaryRef: MessageRef | null; businessNo: string | null; businessNoRef: MessageRef | null }>(row: R) {
  const { summaryRef, businessNoRef, ...rest } = row;
  return {
    ...rest,
    summary: row.summary === null ? null : renderStored(row.summary, summaryRef),
    businessNo: row.businessNo === null ? null : renderStored(row.businessNo, businessNoRef),
    /** The record's values within the summary (names, numbers), which screens show as typed, not as the interface's words. */
    // A summary kept as text, not as a key (the demo's seeded reviews): written as it stands, so all of it is data.
    summaryValues: summaryRef ? typedValuesOf(summaryRef) : row.summary ? [row.summary] : [],
  };
}

/** A task as the lists show it: with the names of its process and step, and its page route for page-type processes. */
function taskView(row: TaskListRow) {
  const definition = findProcessDefinition(row.processKey);
  return {
    ...said(row),
    processName: processNameOf(row.processKey),
    taskName: stepNameOf(row.processKey, row.taskDefinitionKey),
    processType: definition?.type ?? null,
    routePath: definition?.type === 'page' ? taskPageRoute(row.processKey, row.taskDefinitionKey) : null,
  };
}

export function instanceView(row: InstanceRow) {
  return { ...said(row), processName: processNameOf(row.processKey), currentActivityName: stepNameOf(row.processKey, row.currentActivity) };
}

const listFilters = {
  processKey: optional(text('server:input.fields.processKey', MAX_TEXT)),
  businessKey: optional(text('server:input.fields.businessKey', MAX_TEXT)),
  createTimeStart: optional(dateTime('server:input.fields.createTimeStart')),
  createTimeEnd: optional(dateTime('server:input.fields.createTimeEnd')),
};
const INSTANCE_STATUSES = Object.values(INSTANCE_STATUS) as [InstanceStatus, ...InstanceStatus[]];
type InstanceStatus = (typeof INSTANCE_STATUS)[keyof typeof INSTANCE_STATUS];

/** A task list's body: its flat filters, checked here; the paging (pageNum, pageSize) rides along for pagingOf. */
export const taskListBody = z.looseObject(listFilters);
/** An instance list's body: the task lists' filters and the instance's status. */
export const instanceListBody = z.looseObject({ ...listFilters, status: optional(oneOf('server:input.fields.status', INSTANCE_STATUSES)) });
type TaskList = z.infer<typeof taskListBody>;
type InstanceList = z.infer<typeof instanceListBody>;

/** The flat filters of the task lists: processKey (exact), businessKey (exact), createTime range. */
function taskFilters({ processKey, businessKey, createTimeStart: start, createTimeEnd: end }: TaskList): SQL[] {
  const conditions: SQL[] = [];
  if (processKey) conditions.push(eq(workflowTasks.processKey, processKey));
  if (businessKey) conditions.push(eq(workflowInstances.businessKey, businessKey));
  if (start) conditions.push(gte(workflowTasks.createTime, start));
  if (end) conditions.push(lte(workflowTasks.createTime, end));
  return conditions;
}

function instanceFilters({ processKey, businessKey, status, createTimeStart: start, createTimeEnd: end }: InstanceList): SQL[] {
  const conditions: SQL[] = [];
  if (processKey) conditions.push(eq(workflowInstances.processKey, processKey));
  if (businessKey) conditions.push(eq(workflowInstances.businessKey, businessKey));
  if (status) conditions.push(eq(workflowInstances.status, status));
  if (start) conditions.push(gte(workflowInstances.createTime, start));
  if (end) conditions.push(lte(workflowInstances.createTime, end));
  return conditions;
}

export class WorkflowQueries {
  constructor(private readonly db: Db) {}

  /** `total`: the list's exact total when the caller has it without reading the rows (the to-do's todoCount); else the matches are counted up to the bound. */
  private async taskPage(body: TaskList, scope: SQL[], order: SQL[], total?: () => Promise<number>): Promise<Page<ReturnType<typeof taskView>>> {
    const { pageNum, pageSize } = pagingOf(body);
    const where = whereOf([...scope, ...taskFilters(body)]);
    const offset = (pageNum - 1) * pageSize;
    // The to-do list's order is workflow_tasks_todo_idx's (open, newest first, id), and workflow_tasks_todo_role_idx's among one
    // working role's: its first page walks the index and stops there.
    const rows = () =>
      selectTasks(this.db)
        .where(where)
        .orderBy(...order, asc(workflowTasks.id))
        .limit(pageSize)
        .offset(offset);
    if (total) {
      // The exact total first (a few index entries): a page past the last is not asked for. The planner, expecting fewer rows than
      // the offset, would plan for reading them all (every open task merged with every instance) to answer nothing.
      const exact = await total();
      const records = offset < exact ? await rows() : [];
      return { records: records.map(taskView), pageNum, pageSize, total: exact };
    }
    const [records, counted] = await Promise.all([rows(), this.boundedCount(where)]);
    return { records: records.map(taskView), pageNum, pageSize, ...boundedTotal(counted, offset + records.length) };
  }

  /** The matches counted up to the bound and one more (read with boundedTotal, crud/row-counts.ts). */
  private async boundedCount(where: SQL | undefined): Promise<number> {
    const matches = this.db
      .select({ one: sql`1` })
      .from(workflowTasks)
      .innerJoin(workflowInstances, eq(workflowInstances.id, workflowTasks.instanceId))
      .where(where)
      .limit(LIST_TOTAL_BOUND + 1)
      .as('matches');
    const [{ counted }] = await this.db.select({ counted: count() }).from(matches);
    return counted;
  }

  /**
   * Open tasks the actor may work now, newest first. A task back at its process's first step after a
   * reject carries `returnedReason`, the reviewer's remark, so 待办 says why it came back.
   */
  async todoPage(actor: Actor, body: TaskList) {
    // Unfiltered or of one process, the total is todoCount's, exact and read from kept counts; filtered by record or time, counted.
    const countable = !body.businessKey && !body.createTimeStart && !body.createTimeEnd;
    const total = countable ? () => todoCount(this.db, actor, body.processKey || undefined) : undefined;
    const page = await this.taskPage(body, [todoCondition(this.db, actor)], [desc(workflowTasks.createTime)], total);
    const records = await Promise.all(
      page.records.map(async (row) => {
        if (row.taskDefinitionKey !== findProcessDefinition(row.processKey)?.startActivity) return { ...row, returnedReason: null };
        const [rejected] = await this.db
          .select({ remark: workflowHistory.remark })
          .from(workflowHistory)
          .where(and(eq(workflowHistory.instanceId, row.instanceId), eq(workflowHistory.action, HISTORY_ACTION.REJECT)))
          .orderBy(desc(workflowHistory.seq))
          .limit(1);
        return { ...row, returnedReason: rejected?.remark ?? null };
      }),
    );
    return { ...page, records };
  }

  /** Tasks the actor completed, last completed first. */
  donePage(actor: Actor, body: TaskList) {
    return this.taskPage(body, [eq(workflowTasks.status, TASK_STATUS.DONE), eq(workflowTasks.assigneeId, actor.userId)], [desc(workflowTasks.completeTime)]);
  }

  private async instancePage(body: InstanceList, scope: SQL[]): Promise<Page<ReturnType<typeof instanceView>>> {
    const { pageNum, pageSize } = pagingOf(body);
    const where = whereOf([...scope, ...instanceFilters(body)]);
    const offset = (pageNum - 1) * pageSize;
    const [records, kept] = await Promise.all([
      // workflow_instances_order_idx is this order: a first and a deep page walk it, not every instance.
      selectInstances(this.db).where(where).orderBy(desc(workflowInstances.createTime), asc(workflowInstances.id)).limit(pageSize).offset(offset),
      // Unfiltered (every instance): the count the database keeps, not a count of the history.
      where ? null : keptRowCount(this.db, workflowInstances),
    ]);
    // Filtered (or a table without a kept count): the matches counted up to the bound.
    const totals = kept !== null ? { total: kept } : boundedTotal(await boundedMatchCount(this.db, workflowInstances, where), offset + records.length);
    return { records: records.map(instanceView), pageNum, pageSize, ...totals };
  }

  /** Instances the actor started. */
  /** The instances the actor started, each with `withdrawable`: whether 撤回 is still open to them (rules.ts mayWithdraw). */
  async startedPage(actor: Actor, body: InstanceList) {
    const page = await this.instancePage(body, [eq(workflowInstances.startUserId, actor.userId)]);
    const records = await Promise.all(
      page.records.map(async (row) => ({
        ...row,
        withdrawable: await mayWithdraw(this.db, row, findProcessDefinition(row.processKey)?.startActivity ?? ''),
        withdrawn: await wasWithdrawn(this.db, row),
      })),
    );
    return { ...page, records };
  }

  /** Every instance: what an auditor reads. */
  allInstancesPage(body: InstanceList) {
    return this.instancePage(body, []);
  }

  /** Every instance of one business record, newest first. */
  async instancesOf(businessKey: string) {
    const rows = await selectInstances(this.db)
      .where(eq(workflowInstances.businessKey, businessKey))
      .orderBy(desc(workflowInstances.createTime), asc(workflowInstances.id));
    return rows.map(instanceView);
  }

  /** The to-do badge: every task of the actor's to-do list, exact (rules.ts todoCount). */
  pendingCount(actor: Actor): Promise<number> {
    return todoCount(this.db, actor);
  }

  /**
   * A task as the task views open it, with `workable`: whether this reader may work it now (holds
   * the handle permission, and the task is in their to-do list: role, claim, four-eyes and
   * maker-checker allowing), and when not, `unworkableReason` (src/workflows/unworkable.ts).
   */
  async taskById(actor: Actor & { permissions: readonly string[] }, taskId: string) {
    const [row] = await selectTasks(this.db).where(eq(workflowTasks.id, taskId));
    if (!row) return null;
    return { ...taskView(row), ...(await this.workable(actor, row)) };
  }

  private async workable(actor: Actor & { permissions: readonly string[] }, task: Pick<TaskListRow, 'id' | 'status' | 'activityType' | 'assigneeId'>) {
    const reason = await this.unworkableReason(actor, task);
    return { workable: reason === null, unworkableReason: reason };
  }

  /** The engine's checks in its order (engine.workableTask), then the to-do rule itself, so the two cannot disagree. */
  private async unworkableReason(
    actor: Actor & { permissions: readonly string[] },
    task: Pick<TaskListRow, 'id' | 'status' | 'activityType' | 'assigneeId'>,
  ): Promise<UnworkableReason | null> {
    if (!hasPermission(actor.permissions, PERMISSIONS.task.handle)) return UNWORKABLE_REASON.noPermission;
    if (task.status !== TASK_STATUS.TODO) return UNWORKABLE_REASON.completed;
    if (!isActivityType(task.activityType) || !mayWork(actor, workingRoleOf(task.activityType))) return UNWORKABLE_REASON.role;
    if (task.assigneeId && task.assigneeId !== actor.userId) return UNWORKABLE_REASON.claimed;
    const bar = await reviewBarOf(this.db, actor, task.id);
    if (bar === 'MAKER_CHECKER') return UNWORKABLE_REASON.makerChecker;
    if (bar === 'FOUR_EYES') return UNWORKABLE_REASON.fourEyes;
    const [inTodo] = await this.db
      .select({ id: workflowTasks.id })
      .from(workflowTasks)
      .where(and(eq(workflowTasks.id, task.id), todoCondition(this.db, actor)));
    return inTodo ? null : UNWORKABLE_REASON.role;
  }

  /** An instance with its open task (null when it has ended). */
  private async withOpenTask(actor: Actor & { permissions: readonly string[] }, instance: InstanceRow) {
    const [openTask] = await selectTasks(this.db).where(and(eq(workflowTasks.instanceId, instance.id), eq(workflowTasks.status, TASK_STATUS.TODO)));
    const currentTask = openTask ? { ...taskView(openTask), ...(await this.workable(actor, openTask)) } : null;
    return { ...instanceView(instance), currentTask };
  }

  /** An instance by id with its open task; null when there is no such instance. */
  async instanceById(actor: Actor & { permissions: readonly string[] }, instanceId: string) {
    const [instance] = await selectInstances(this.db).where(eq(workflowInstances.id, instanceId));
    return instance ? this.withOpenTask(actor, instance) : null;
  }

  /** The latest instance of a business record (of one process, when given), with its open task; null when there is none. */
  async findByBusinessKey(actor: Actor & { permissions: readonly string[] }, businessKey: string, processKey?: string) {
    const [instance] = await selectInstances(this.db)
      .where(and(eq(workflowInstances.businessKey, businessKey), processKey ? eq(workflowInstances.processKey, processKey) : undefined))
      .orderBy(desc(workflowInstances.createTime), desc(workflowInstances.id))
      .limit(1);
    return instance ? this.withOpenTask(actor, instance) : null;
  }

  /** An instance with everything done to it, in order; null when there is no such instance. */
  async history(instanceId: string) {
    const [instance] = await selectInstances(this.db).where(eq(workflowInstances.id, instanceId));
    if (!instance) return null;
    const entries = await this.db
      .select({ ...getTableColumns(workflowHistory), personName: nameOf(worker.personName, workflowHistory.personName) })
      .from(workflowHistory)
      .leftJoin(worker, eq(worker.id, workflowHistory.userId))
      .where(eq(workflowHistory.instanceId, instanceId))
      .orderBy(asc(workflowHistory.seq));
    return {
      instance: instanceView(instance),
      history: entries.map(({ seq: _seq, ...entry }) => ({ ...entry, taskName: stepNameOf(instance.processKey, entry.taskDefinitionKey) })),
    };
  }
}
