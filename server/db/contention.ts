/**
 * A transaction PostgreSQL gave up on because of another one running at the same moment: a deadlock
 * (SQLSTATE 40P01, PostgreSQL aborts one of the two after deadlock_timeout), a serialization failure
 * (40001) or a lock it would not wait for (55P03). The transaction was rolled back, so nothing changed;
 * the caller is told so in words and may send the same request again, instead of a 500 saying the
 * server failed. Lock orders are chosen so that the known pairs never deadlock (quota accounts in id
 * order, the instance before its task); this is the answer for a pair nobody foresaw. PGlite runs one
 * transaction at a time and never raises these.
 */
import { ApiError, businessError } from '../errors';

const CONTENTION = new Set(['40P01', '40001', '55P03']);

interface DriverError {
  code?: string;
  cause?: unknown;
}

/** The SQLSTATE of the driver's error (pg throws it directly, drizzle wraps it as the cause), if it is contention. */
export function contentionCodeOf(error: unknown): string | undefined {
  for (let e = error as DriverError | undefined, depth = 0; e && depth < 8; e = e.cause as DriverError | undefined, depth++) {
    if (typeof e === 'object' && typeof e.code === 'string' && CONTENTION.has(e.code)) return e.code;
  }
  return undefined;
}

/** CONTENTION with the message to try again, or undefined when the error is something else. */
export function contentionError(error: unknown): ApiError | undefined {
  return contentionCodeOf(error) ? businessError('CONTENTION', 'server:db.contention') : undefined;
}
