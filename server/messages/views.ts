/** Rows of the message tables as the wire carries them (src/lib/messages.ts). */
import type { MessageKind, SupportMessage, UserMessage } from '../../src/lib/messages';
import type { supportMessages, userMessages } from '../db/schema';

export function messageView(row: typeof userMessages.$inferSelect): UserMessage {
  return {
    id: row.id,
    kind: row.kind as MessageKind,
    title: row.title,
    body: row.body,
    link: row.link,
    subjectId: row.subjectId,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createTime: row.createTime.toISOString(),
  };
}

export function supportMessageView(row: typeof supportMessages.$inferSelect): SupportMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    author: row.author as SupportMessage['author'],
    authorName: row.authorName,
    body: row.body,
    createTime: row.createTime.toISOString(),
  };
}
