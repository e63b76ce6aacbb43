/** Columns every record table shares; schema.ts and the resource table files (server/crud/served.ts) build on them. */
import { randomUUID } from 'node:crypto';
import { integer, numeric, text, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** Columns every business record carries (PROTOCOL.md §7): optimistic-lock version and audit times. */
export const recordColumns = () => ({
  dataVersion: integer('data_version').notNull().default(0),
  createTime: createdAt('create_time'),
  updateTime: createdAt('update_time'),
  createBy: text('create_by'),
  updateBy: text('update_by'),
});

/** Ids are text (PROTOCOL.md §7); new rows get a random UUID unless a seed names them. */
export const idColumn = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID());

/** Money: numeric(18,2), never a binary float (decimal strings on the wire, src/lib/money for arithmetic). */
export const amountColumn = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull();
