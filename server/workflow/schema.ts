/**
 * The workflow engine's tables: instances, their tasks and their history (spec §4.5).
 * Every table is re-exported by server/db/schema.ts, which drizzle-kit and the server read.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, recordColumns } from '../db/columns';
import type { MessageRef } from '../i18n';

/**
 * A running or ended approval (src/workflows/registry.ts names its process and steps). Who started
 * and who acted are kept as snapshots (id, username, name), so history outlives account changes.
 */
export const workflowInstances = pgTable(
  'workflow_instances',
  {
    id: idColumn(),
    processKey: text('process_key').notNull(),
    businessKey: text('business_key').notNull(),
    businessType: text('business_type'),
    summary: text('summary'),
    /** The record's own number or name (a batch number, a corporation's name), from its process's summary rule: what the task views show as 业务编号 instead of the key. */
    businessNo: text('business_no'),
    /**
     * The summary and number as their locale key and values (server/i18n.ts MessageRef), rendered in
     * each reader's language; summary and business_no keep the zh-CN text (searchable, and what an
     * instance written before keys were kept shows). Null for a summary given as text.
     */
    summaryRef: jsonb('summary_ref').$type<MessageRef>(),
    businessNoRef: jsonb('business_no_ref').$type<MessageRef>(),
    /** Values the process branches on (e.g. issuance's finalApproveMode). */
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    /** RUNNING, APPROVED or REJECTED. */
    status: text('status').notNull().default('RUNNING'),
    /** The step of the open task; null once the instance has ended. */
    currentActivity: text('current_activity'),
    startUserId: text('start_user_id').notNull(),
    startUsername: text('start_username').notNull(),
    startPersonName: text('start_person_name').notNull(),
    endTime: timestamp('end_time', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [
    // One approval at a time per business record and process.
    uniqueIndex('workflow_instances_running_uq')
      .on(t.processKey, t.businessKey)
      .where(sql`${t.status} = 'RUNNING'`),
    index('workflow_instances_business_idx').on(t.businessKey),
    index('workflow_instances_starter_idx').on(t.startUserId, t.createTime),
    // The instances list's own order (newest first, then id): its first and deep pages walk this index (issue 42).
    index('workflow_instances_order_idx').on(t.createTime.desc().nullsFirst(), t.id),
    // The dashboard's last 30 days: the rows of the one partial quarter hour beside workflow_end_bins (server/dashboard/schema.ts).
    index('workflow_instances_end_idx').on(t.endTime),
  ],
);

/** One step of an instance to be worked (TODO) or worked (DONE); dataVersion guards completion. */
export const workflowTasks = pgTable(
  'workflow_tasks',
  {
    id: idColumn(),
    instanceId: text('instance_id')
      .notNull()
      .references(() => workflowInstances.id, { onDelete: 'cascade' }),
    processKey: text('process_key').notNull(),
    taskDefinitionKey: text('task_definition_key').notNull(),
    activityType: text('activity_type').notNull(),
    /** handler or director: who may claim and complete it. */
    workingRole: text('working_role').notNull(),
    /** TODO or DONE. */
    status: text('status').notNull().default('TODO'),
    assigneeId: text('assignee_id'),
    assigneeName: text('assignee_name'),
    claimTime: timestamp('claim_time', { withTimezone: true }),
    /** PASS or REJECT once DONE. */
    outcome: text('outcome'),
    remark: text('remark'),
    completeTime: timestamp('complete_time', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [
    // An instance has at most one open task: a second transition cannot slip in beside the first.
    uniqueIndex('workflow_tasks_open_uq')
      .on(t.instanceId)
      .where(sql`${t.status} = 'TODO'`),
    // The to-do list's order among open tasks (newest first, then id): its first page walks this index, whatever working roles the
    // actor holds (a role in the key would order by role first), and stops at the page (issue 42).
    index('workflow_tasks_todo_idx').on(t.status, t.createTime.desc().nullsFirst(), t.id),
    // The same order among one working role's open tasks: a handler's to-do walks only the handler's steps, not the directors'
    // thousands waiting before it finds its own (issue 42). An actor of both roles walks the index above.
    index('workflow_tasks_todo_role_idx')
      .on(t.workingRole, t.createTime.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'TODO'`),
    index('workflow_tasks_assignee_idx').on(t.assigneeId, t.status, t.completeTime),
    // The dashboard's longest wait of each process: the first entry of the process in this index (issue 42).
    index('workflow_tasks_open_process_idx')
      .on(t.processKey, t.createTime)
      .where(sql`${t.status} = 'TODO'`),
  ],
);

/** Everything done to an instance, in order: who, when, which step, what, with which remark. */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    id: idColumn(),
    /** Insertion order: entries written in one transaction share create_time. */
    seq: integer('seq').notNull().generatedAlwaysAsIdentity(),
    instanceId: text('instance_id')
      .notNull()
      .references(() => workflowInstances.id, { onDelete: 'cascade' }),
    taskId: text('task_id').notNull(),
    taskDefinitionKey: text('task_definition_key').notNull(),
    activityType: text('activity_type').notNull(),
    /** START, CLAIM, PASS or REJECT. */
    action: text('action').notNull(),
    userId: text('user_id').notNull(),
    username: text('username').notNull(),
    personName: text('person_name').notNull(),
    remark: text('remark'),
    createTime: createdAt('create_time'),
  },
  (t) => [index('workflow_history_instance_idx').on(t.instanceId, t.seq)],
);

/**
 * Who may not work an open review step, kept as rows (issue 42): one per (task, user) that four-eyes
 * (the user completed another review step of the instance) or maker-checker (the user completed an
 * edit step of it) bars from the task. The to-do list and its count read these few rows through an
 * index instead of searching the history of every open task (server/workflow/rules.ts todoCondition).
 * Kept by the statement triggers of migration workflow_task_bars on workflow_tasks and workflow_history,
 * in the writing transaction, whoever writes (the engine, a bulk load): an open task's bars are
 * written when it opens (its history is complete then: no step of an instance is completed while
 * another is open) and removed when it closes. The engine's own check before it acts
 * (rules.ts reviewBarOf) still reads the history.
 */
export const workflowTaskBars = pgTable(
  'workflow_task_bars',
  {
    taskId: text('task_id')
      .notNull()
      .references(() => workflowTasks.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('workflow_task_bars_user_idx').on(t.userId)],
);
