/**
 * The operation log (issue 26 writes its reveals; issue 20 will write every change into it): who did
 * what to which record, from which address, and the record before and after. Rows are only ever
 * inserted, in the transaction of what they record; the API reads them and nothing edits them.
 * No foreign keys: an entry outlives the user and the record it names.
 */
import { randomUUID } from 'node:crypto';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const operationLogs = pgTable(
  'sys_operation_logs',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    userId: text('user_id'),
    username: text('username').notNull(),
    personName: text('person_name'),
    /** The client's address as the server saw it (Fastify's request.ip). */
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The resource's name (a kit resource's Refine name, or an area such as 'workflow'). */
    resource: text('resource').notNull(),
    recordId: text('record_id'),
    /** Dictionary sys_oper_action: REVEAL today; CREATE, UPDATE, DELETE and the workflow's actions with issue 20. */
    action: text('action').notNull(),
    /** The fields concerned, comma-separated (for a reveal: the sensitive fields answered in clear). */
    fields: text('fields'),
    /** The record before and after a change (never a sensitive value in clear). */
    before: jsonb('before'),
    after: jsonb('after'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sys_operation_logs_create_time_idx').on(table.createTime),
    index('sys_operation_logs_record_idx').on(table.resource, table.recordId),
    index('sys_operation_logs_user_idx').on(table.userId, table.createTime),
    index('sys_operation_logs_action_idx').on(table.action, table.createTime),
  ],
);
