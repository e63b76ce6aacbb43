/** Rows of the message tables as the wire carries them (src/lib/messages.ts). */
import type { MessageKind, SupportMessage, UserMessage } from '../../src/lib/messages';
import type { supportMessages, userMessages } from '../db/schema';
import { currentLocale, renderStored, typedValuesOf, type ServerLocale } from '../i18n';

/** A message as its reader reads it: titles and bodies kept as keys rendered in the reader's language (the request's, or the one given). */
export function messageView(row: typeof userMessages.$inferSelect, locale: ServerLocale = currentLocale()): UserMessage {
  return {
    id: row.id,
    kind: row.kind as MessageKind,
    title: renderStored(row.title, row.titleRef, locale),
    body: renderStored(row.body, row.bodyRef, locale),
    // A title or body without a reference is someone's own words (a customer's message) or a row from before keys were kept: shown as written.
    values: [
      ...new Set([...(row.titleRef ? typedValuesOf(row.titleRef) : [row.title]), ...(row.bodyRef ? typedValuesOf(row.bodyRef) : [row.body])].filter(Boolean)),
    ],
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
