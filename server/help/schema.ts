/**
 * The help centre (issue 21): articles written and published like notices. `content` is HTML as the
 * shared content policy (src/lib/html-policy.ts) leaves it when saved; `category` holds help_category
 * codes; `status` the content_status codes (DRAFT, PUBLISHED, OFFLINE), changed only by the publish /
 * unpublish actions. Readers see published articles only.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, recordColumns } from '../db/columns';

export const helpArticles = pgTable(
  'help_articles',
  {
    id: idColumn(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    summary: text('summary'),
    keywords: text('keywords'),
    content: text('content').notNull(),
    status: text('status').notNull().default('DRAFT'),
    sortOrder: integer('sort_order').notNull().default(100),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [index('help_articles_reader_idx').on(t.status, t.category, t.sortOrder)],
);
