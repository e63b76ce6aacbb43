/**
 * Platform content: news and notices share one table shape.
 * Every table is re-exported by server/db/schema.ts, which drizzle-kit and the server read.
 */
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, recordColumns } from '../db/columns';

/**
 * News (新闻动态) and platform notices (平台公告): the same shape, two tables. `content` is HTML as
 * the shared policy (src/lib/html-policy.ts) leaves it when saved; its images and the cover name
 * stored files by id. `status` holds content_status codes (DRAFT, PUBLISHED, OFFLINE), changed only
 * by the publish / unpublish actions; only a published item can be pinned.
 */
const contentTable = (name: string) =>
  pgTable(
    name,
    {
      id: idColumn(),
      title: text('title').notNull(),
      summary: text('summary'),
      coverFileId: text('cover_file_id'),
      content: text('content').notNull(),
      author: text('author'),
      status: text('status').notNull().default('DRAFT'),
      pinned: boolean('pinned').notNull().default(false),
      pinTime: timestamp('pin_time', { withTimezone: true }),
      publishTime: timestamp('publish_time', { withTimezone: true }),
      ...recordColumns(),
    },
    // The list's default order: pinned first, the latest pin first among them, then the newest.
    (t) => [index(`${name}_order_idx`).on(t.pinned, t.pinTime, t.createTime)],
  );

export const news = contentTable('content_news');

export const notices = contentTable('content_notice');
