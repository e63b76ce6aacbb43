/**
 * The hotline (spec §6, issue 21): every call an operator places to a corporation's contact, one row
 * per call, kept as the call log. An operator's call state is that of their one open call (DIALLING,
 * TALKING, WRAP_UP) or IDLE when they have none; the partial unique index makes "one open call per
 * operator" the database's rule, so two simultaneous starts cannot both win.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, recordColumns } from '../db/columns';
import { corporations } from '../corporations/schema';
import { users } from '../db/system-schema';

export const hotlineCalls = pgTable(
  'hotline_calls',
  {
    id: idColumn(),
    /**
     * The staff member who placed the call, a reference (issue 37): named by their current name
     * wherever the log is read, so a renamed colleague shows as they are called now. Staff accounts
     * are disabled, never removed, so the log keeps its caller.
     */
    operatorId: text('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /**
     * The corporation called, a reference (issue 37): every call is placed from a corporation's record
     * to its contact, so the callee is always a known corporation, named by its current name; a
     * corporation with calls is not removed (the log is its contact history).
     */
    corpId: text('corp_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'restrict' }),
    contactName: text('contact_name'),
    /** The dialled number as the log shows it: masked, the full number never stored here. */
    phoneMasked: text('phone_masked').notNull(),
    /** The call centre's own reference of the call. */
    centreRef: text('centre_ref'),
    /** DIALLING, TALKING, WRAP_UP (open) or ENDED. */
    status: text('status').notNull(),
    /** How it went: ANSWERED, BUSY, NO_ANSWER, CANCELLED, FAILED; null while dialling. */
    outcome: text('outcome'),
    /** The call centre's reason for a call that was not answered. */
    reason: text('reason'),
    /** The operator's wrap-up note. */
    note: text('note'),
    dialTime: timestamp('dial_time', { withTimezone: true }).notNull(),
    answerTime: timestamp('answer_time', { withTimezone: true }),
    hangupTime: timestamp('hangup_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    talkSeconds: integer('talk_seconds'),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('hotline_calls_one_open_per_operator')
      .on(t.operatorId)
      .where(sql`${t.status} <> 'ENDED'`),
    index('hotline_calls_corp_idx').on(t.corpId, t.dialTime),
    index('hotline_calls_order_idx').on(t.dialTime),
    check('hotline_calls_status_check', sql`${t.status} IN ('DIALLING', 'TALKING', 'WRAP_UP', 'ENDED')`),
  ],
);
