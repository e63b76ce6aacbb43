/**
 * The database layer's transaction type and its error reading, used by every server module that
 * writes: the generic CRUD routes, the workflow engine and the business areas alike. They live here,
 * below all of them, so that none has to import another for them (no import circles).
 */
import type { Db } from './open';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Unique violations are read in one place (unique-violation.ts, which also names the index's fields). */
export { isUniqueViolation } from './unique-violation';
