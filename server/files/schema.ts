/**
 * Stored files: what the upload routes keep, referenced by the areas that attach files.
 * Every table is re-exported by server/db/schema.ts, which drizzle-kit and the server read.
 */
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../db/columns';
import { users } from '../db/system-schema';

/**
 * Stored files (spec §3 file references): the bytes lie under DATA_DIR/files/<id>, never named by
 * the client. Only files flagged public (the logo, the favicon) are served without a session.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: idColumn(),
    originalName: text('original_name').notNull(),
    /** Decided by sniffing the content, never taken from the client. */
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    /** null for the built-in files the server provides itself. */
    uploaderId: text('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    createTime: createdAt('create_time'),
  },
  (t) => [index('stored_files_uploader_idx').on(t.uploaderId)],
);
