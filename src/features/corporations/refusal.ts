/**
 * Shows why a call was refused. The HTTP client shows network, timeout and permission failures
 * itself; a business refusal (a rule of the server, e.g. 该类型的单位不能挂在此上级下) is the page's to show.
 */
import type { MessageInstance } from 'antd/es/message/interface';
import { ApiError } from '../../providers/http';

export function showRefusal(message: MessageInstance, error: unknown): void {
  if (error instanceof ApiError && error.kind === 'business') void message.error(error.message);
}
