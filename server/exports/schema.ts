/**
 * The export records' table (system › 导出记录): one row per export a user asked for.
 * Every table is re-exported by server/db/schema.ts, which drizzle-kit and the server read.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, recordColumns } from '../db/columns';
import { users } from '../db/system-schema';

/** One export of a filtered list (spec §7 export records): made PROCESSING, finished by an in-process job. */
export const fileExportRecords = pgTable(
  'file_export_records',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The resource declaration's name, e.g. dict-types. */
    resourceName: text('resource_name').notNull(),
    fileName: text('file_name').notNull(),
    /** PROCESSING, SUCCESS or FAILURE; labels from dictionary export_status. */
    status: text('status').notNull().default('PROCESSING'),
    rowCount: integer('row_count'),
    message: text('message'),
    /** Where the .xlsx lies under the data folder; never sent to the browser. */
    filePath: text('file_path'),
    /** null until the user has seen the record: the navbar's badge counts these. */
    readAt: timestamp('read_at', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [index('file_export_records_user_idx').on(t.userId, t.createTime)],
);
