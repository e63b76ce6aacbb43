/**
 * The message centre and online support (issue 21). A message is one operator's notice of something
 * that happened to them (a task arrived, a record they started was approved or rejected, a support
 * reply): written in the transaction of the event that causes it, so a rolled-back event leaves none,
 * and read/unread per row so nothing is lost while the browser is closed. Live delivery is a NOTIFY
 * sent in that same transaction (PostgreSQL delivers it only at commit; server/messages/hub.ts).
 *
 * A support conversation is opened by a corporate user (server/support/corporate-routes.ts), waits
 * in the queue (OPEN), is taken by exactly one operator (TAKEN: one guarded UPDATE) and is CLOSED,
 * staying readable with its messages.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { MessageRef } from '../i18n';
import { createdAt as time, idColumn as id } from '../db/columns';

export const userMessages = pgTable(
  'user_messages',
  {
    id: id(),
    /** users.id; no foreign key, so that this file imports nothing of schema.ts (no import cycle). */
    userId: text('user_id').notNull(),
    /** TASK_ARRIVED, INSTANCE_APPROVED, INSTANCE_REJECTED, SUPPORT_MESSAGE (src/lib/messages.ts). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /**
     * Title and body as their locale key and values (server/i18n.ts), rendered in the reader's
     * language when read; title and body keep the zh-CN text. Null on rows written before (plain
     * text, shown as written) and on messages that are a person's own words.
     */
    titleRef: jsonb('title_ref').$type<MessageRef>(),
    bodyRef: jsonb('body_ref').$type<MessageRef>(),
    /** The in-app address the message opens, or null. */
    link: text('link'),
    /** What the message is about (a task, an instance, a conversation): its id. */
    subjectId: text('subject_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createTime: time('create_time'),
  },
  (t) => [
    index('user_messages_user_time_idx').on(t.userId, t.createTime),
    index('user_messages_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

export const supportConversations = pgTable(
  'support_conversations',
  {
    id: id(),
    /** The corporation and person that opened it (the corporate side's own names). */
    corpName: text('corp_name').notNull(),
    contactName: text('contact_name').notNull(),
    subject: text('subject').notNull(),
    /** OPEN (in the queue), TAKEN (an operator answers), CLOSED. */
    status: text('status').notNull().default('OPEN'),
    operatorId: text('operator_id'),
    operatorName: text('operator_name'),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    lastMessageAt: time('last_message_at'),
    dataVersion: integer('data_version').notNull().default(0),
    createTime: time('create_time'),
  },
  (t) => [
    index('support_conversations_status_idx').on(t.status, t.lastMessageAt),
    check('support_conversations_status_ck', sql`${t.status} in ('OPEN', 'TAKEN', 'CLOSED')`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: id(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    /** CORPORATE (the customer) or OPERATOR. */
    author: text('author').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createTime: time('create_time'),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.createTime),
    check('support_messages_author_ck', sql`${t.author} in ('CORPORATE', 'OPERATOR')`),
  ],
);
