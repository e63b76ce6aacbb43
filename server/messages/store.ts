/**
 * The one writer of operators' messages. Every call takes the transaction of the event that causes
 * the message: the rows and their NOTIFY are part of it, and PostgreSQL (PGlite too) delivers a
 * NOTIFY only when its transaction commits, so a rolled-back approval neither stores nor sends anything,
 * and a committed one is heard by every server process on the database (server/messages/hub.ts).
 */
import { sql } from 'drizzle-orm';
import type { MessageKind } from '../../src/lib/messages';
import { userMessages } from '../db/schema';
import type { Tx } from '../db/tx';
import { DEFAULT_SERVER_LOCALE, renderRef, type MessageRef } from '../i18n';

/** The NOTIFY channel of new messages; payloads are JSON (ChannelPayload), well under PostgreSQL's 8000 bytes. */
export const MESSAGE_CHANNEL = 'user_messages';

/** What the hub is told: stored messages as [id, userId] pairs, or a support message and whom it concerns. */
export type ChannelPayload = { m: Array<[string, string]> } | { s: string; u: string[] };

/** At most this many messages per NOTIFY, so a payload stays far below the 8000-byte limit. */
const PER_NOTIFY = 80;

/**
 * A message's title or body: plain text (a person's own words), or text kept with its locale reference,
 * which readers see rendered in their own language (server/messages/views.ts).
 */
export type MessageText = string | { text: string; ref: MessageRef };

export interface NewMessage {
  userId: string;
  kind: MessageKind;
  title: MessageText;
  body?: MessageText;
  link?: string | null;
  subjectId?: string | null;
}

export async function notifyChannel(tx: Tx, payload: ChannelPayload): Promise<void> {
  await tx.execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${JSON.stringify(payload)})`);
}

/** A title or body kept as its key and values: its zh-CN text for the column every release reads, and the reference readers see rendered in their language. */
export const keptAsKey = (ref: MessageRef): MessageText => ({ text: renderRef(ref, DEFAULT_SERVER_LOCALE), ref });

const textOf = (text: MessageText) => (typeof text === 'string' ? text : text.text);
const refOf = (text: MessageText) => (typeof text === 'string' ? null : text.ref);

/** Stores the messages and queues their live delivery, both in `tx`. */
export async function sendMessages(tx: Tx, messages: readonly NewMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const rows = await tx
    .insert(userMessages)
    .values(
      messages.map((m) => ({
        userId: m.userId,
        kind: m.kind,
        title: textOf(m.title).slice(0, 200),
        titleRef: refOf(m.title),
        body: textOf(m.body ?? '').slice(0, 1000),
        bodyRef: refOf(m.body ?? ''),
        link: m.link ?? null,
        subjectId: m.subjectId ?? null,
      })),
    )
    .returning({ id: userMessages.id, userId: userMessages.userId });
  for (let i = 0; i < rows.length; i += PER_NOTIFY) {
    await notifyChannel(tx, { m: rows.slice(i, i + PER_NOTIFY).map((r) => [r.id, r.userId]) });
  }
}
