/**
 * A failed call as a page says it: once, and only what is the page's to say (pageMessageOf). The
 * client already toasts permission, network and timeout failures; a page that toasted `e.message`
 * as well said them twice, and an error that was not an Error printed "undefined".
 */
import type { MessageInstance } from 'antd/es/message/interface';
import { pageMessageOf } from '../providers/http';

export function toastPageFailure(message: MessageInstance, error: unknown): void {
  const text = pageMessageOf(error);
  if (text) void message.error(text);
}
