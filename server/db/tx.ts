/**
 * The database layer's transaction type and its error reading, used by every server module that
 * writes: the generic CRUD routes, the workflow engine and the business areas alike. They live here,
 * below all of them, so that none has to import another for them (no import circles).
 */
import type { Db } from './open';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A unique violation, thrown by the driver directly (pg) or wrapped in the query error (drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
