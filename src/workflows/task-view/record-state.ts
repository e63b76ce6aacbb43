/**
 * The record state a task component reports when loading its business record fails: a record that
 * does not exist (the server's NOT_FOUND, answered 200, or an HTTP 404) is 'missing', whatever the
 * client's catalogue would have called it; anything else is 'failed' with its message.
 */
import { ApiError } from '../../providers/http';
import type { RecordState } from '../task-types';

export function recordStateOf(error: unknown): RecordState {
  if (error instanceof ApiError && (error.code === 'NOT_FOUND' || error.status === 404)) return { status: 'missing' };
  return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
}
