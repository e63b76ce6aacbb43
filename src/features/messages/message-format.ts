/** How the message screens show a message's kind and time. */
import dayjs from 'dayjs';
import type { MessageKind } from '../../lib/messages';

export const KIND_COLOR: Record<MessageKind, string> = {
  TASK_ARRIVED: 'processing',
  INSTANCE_APPROVED: 'success',
  INSTANCE_REJECTED: 'error',
  SUPPORT_MESSAGE: 'purple',
};

export const formatTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
