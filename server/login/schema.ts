/**
 * Sign-in records (issue 20): the login log, and the per-username attempt counter behind login
 * protection (src/lib/login-protection.ts). Both live in the database so that every server instance
 * sees the same lock. No foreign keys: an attempt may name a user that does not exist, and the log
 * outlives the users it names. Passwords are never stored here in any form.
 */
import { randomUUID } from 'node:crypto';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const loginLogs = pgTable(
  'sys_login_logs',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    /** As typed (cut to a bounded length): a failure may name nobody. */
    username: text('username').notNull(),
    userId: text('user_id'),
    /** Dictionary sys_login_status: SUCCESS, FAILURE, LOCK, LOCKED. */
    status: text('status').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sys_login_logs_create_time_idx').on(table.createTime), index('sys_login_logs_username_idx').on(table.username, table.createTime)],
);

export const loginLocks = pgTable('sys_login_locks', {
  username: text('username').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
});
