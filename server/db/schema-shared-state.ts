/**
 * State that every server process on one database must share (README, "Run several instances"):
 * a request may reach any process, and a process may be killed and restarted at any time, so
 * nothing a later request depends on is kept in one process's memory only.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Nonces of signed requests (PROTOCOL.md §5), until they expire. A nonce is claimed by one INSERT ...
 * ON CONFLICT statement, so two processes given the same request cannot both accept it.
 */
export const usedNonces = pgTable(
  'used_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_nonces_expires_idx').on(t.expiresAt)],
);

/** Secrets the processes share, made by whichever starts first (the file grants' HMAC key). */
export const serverSecrets = pgTable('server_secrets', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time export download tickets, under the SHA-256 of the ticket; spent by one DELETE ... RETURNING. */
export const downloadTickets = pgTable(
  'download_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    recordId: text('record_id').notNull(),
    userId: text('user_id').notNull(),
    filePath: text('file_path').notNull(),
    fileName: text('file_name').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('download_tickets_expires_idx').on(t.expiresAt)],
);

/** The live server processes: each writes seen_at every few seconds while it runs. */
export const serverProcesses = pgTable('server_processes', {
  id: text('id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which process runs an export's job: an export still PROCESSING whose process has stopped writing
 * seen_at was cut off (a crash, a kill -9) and is failed by whichever process notices.
 */
export const exportRunners = pgTable('export_runners', {
  /** file_export_records.id; no foreign key, to keep this module free of schema.ts (the job's end deletes the row). */
  recordId: text('record_id').primaryKey(),
  processId: text('process_id').notNull(),
});
