/**
 * Online support's rules, once, for both sides: opening a conversation (the corporate side), adding a
 * message to it (either side), taking one from the queue (one operator only: a guarded UPDATE of an
 * OPEN row, so two simultaneous takes cannot both win) and closing it. Each write is one transaction
 * with the NOTIFY that tells the operator's sockets (server/messages/store.ts).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_SUPPORT_TEXT, MESSAGE_KIND, SUPPORT_PATH, SUPPORT_STATUS, type SupportConversation } from '../../src/lib/messages';
import type { Db } from '../db/open';
import { supportConversations, supportMessages } from '../db/schema';
import type { Tx } from '../db/tx';
import { businessError, notFoundError } from '../errors';
import { translate } from '../i18n';
import { keptAsKey, notifyChannel, sendMessages } from '../messages';
import { recordChange } from '../operation-log/record';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { supportMessageView } from '../messages';
import { id, text } from '../input/fields';

type ConversationRow = typeof supportConversations.$inferSelect;

export function conversationView(row: ConversationRow): SupportConversation {
  return {
    ...row,
    status: row.status as SupportConversation['status'],
    takenAt: row.takenAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    lastMessageAt: row.lastMessageAt.toISOString(),
    createTime: row.createTime.toISOString(),
  };
}

const supportField = (field: 'corpName' | 'contactName' | 'subject' | 'body', max: number) => text(`messages:support.fields.${field}`, max);
const conversationId = id('messages:support.fields.id');

/** A call about one conversation (either side). */
export const conversationBody = z.object({ id: conversationId });
/** A message written in a conversation (either side). */
export const messageBody = z.object({ id: conversationId, body: supportField('body', MAX_SUPPORT_TEXT) });

const gone = () => notFoundError(translate('messages:server.conversationNotFound'));

export async function findConversation(db: Db | Tx, id: string) {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  if (!row) throw gone();
  const messages = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, id))
    .orderBy(asc(supportMessages.createTime), asc(supportMessages.id));
  return { conversation: conversationView(row), messages: messages.map(supportMessageView) };
}

/** What the corporate side opens a conversation with: who writes, about what, and the first message. */
export const openingBody = z.object({
  corpName: supportField('corpName', 100),
  contactName: supportField('contactName', 50),
  subject: supportField('subject', 200),
  body: supportField('body', MAX_SUPPORT_TEXT),
});

export type Opening = z.infer<typeof openingBody>;

/** Opens a conversation in the queue with its first message. */
export async function openConversation(db: Db, opening: Opening, at?: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportConversations)
      .values({ corpName: opening.corpName, contactName: opening.contactName, subject: opening.subject, ...(at ? { createTime: at, lastMessageAt: at } : {}) })
      .returning();
    await tx
      .insert(supportMessages)
      .values({ conversationId: row.id, author: 'CORPORATE', authorName: opening.contactName, body: opening.body, ...(at ? { createTime: at } : {}) });
    return row;
  });
}

/** The corporate side writes: refused once closed; the operator who holds it is told (stored and live). */
export async function corporateMessage(db: Db, id: string, text: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(supportConversations).where(eq(supportConversations.id, id)).for('update');
    if (!row) throw gone();
    if (row.status === SUPPORT_STATUS.CLOSED) throw businessError('SUPPORT_CLOSED', 'messages:server.conversationClosed');
    const [message] = await tx.insert(supportMessages).values({ conversationId: id, author: 'CORPORATE', authorName: row.contactName, body: text }).returning();
    await tx
      .update(supportConversations)
      .set({ lastMessageAt: message.createTime, dataVersion: sql`${supportConversations.dataVersion} + 1` })
      .where(eq(supportConversations.id, id));
    if (row.operatorId) {
      await sendMessages(tx, [
        {
          userId: row.operatorId,
          kind: MESSAGE_KIND.SUPPORT_MESSAGE,
          title: keptAsKey({ key: 'messages:server.supportMessage', params: { corpName: row.corpName, contactName: row.contactName } }),
          body: text,
          link: `${SUPPORT_PATH}?id=${encodeURIComponent(id)}`,
          subjectId: id,
        },
      ]);
      await notifyChannel(tx, { s: message.id, u: [row.operatorId] });
    }
    return supportMessageView(message);
  });
}

export interface Operator {
  userId: string;
  username: string;
  personName: string;
}

/** The operation log's names of support's records (labels under resources:operationLog). */
export const SUPPORT_LOG_RESOURCE = { conversation: 'support-conversations', message: 'support-messages' } as const;

/** What an entry shows of a conversation: who holds it and in which state. */
const logged = (row: ConversationRow) => ({ status: row.status, operatorName: row.operatorName, takenAt: row.takenAt, closedAt: row.closedAt });

/** Takes an OPEN conversation: one guarded UPDATE, so of two simultaneous takes exactly one wins; logged with it. */
export async function takeConversation(db: Db, id: string, operator: Operator) {
  const now = new Date();
  const taken = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(supportConversations)
      .set({
        status: SUPPORT_STATUS.TAKEN,
        operatorId: operator.userId,
        operatorName: operator.personName,
        takenAt: now,
        dataVersion: sql`${supportConversations.dataVersion} + 1`,
      })
      .where(and(eq(supportConversations.id, id), eq(supportConversations.status, SUPPORT_STATUS.OPEN)))
      .returning();
    if (row) {
      const before = { status: SUPPORT_STATUS.OPEN, operatorName: null, takenAt: null, closedAt: null };
      await recordChange(tx, operator, {
        resource: SUPPORT_LOG_RESOURCE.conversation,
        recordId: id,
        action: OPERATION_ACTION.update,
        before,
        after: logged(row),
      });
    }
    return row;
  });
  if (taken) return conversationView(taken);
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  if (!row) throw gone();
  if (row.status === SUPPORT_STATUS.CLOSED) throw businessError('SUPPORT_CLOSED', 'messages:server.conversationClosed');
  throw businessError('SUPPORT_TAKEN', 'messages:server.conversationTaken', { operatorName: row.operatorName ?? '' });
}

/** The conversation, locked, if `operator` holds it and it is still open to replies. */
async function heldBy(tx: Tx, id: string, operator: Operator): Promise<ConversationRow> {
  const [row] = await tx.select().from(supportConversations).where(eq(supportConversations.id, id)).for('update');
  if (!row) throw gone();
  if (row.status === SUPPORT_STATUS.CLOSED) throw businessError('SUPPORT_CLOSED', 'messages:server.conversationClosed');
  if (row.status !== SUPPORT_STATUS.TAKEN || row.operatorId !== operator.userId)
    throw businessError('SUPPORT_NOT_YOURS', 'messages:server.conversationNotYours');
  return row;
}

/** The operator's reply; the operator's own other tabs hear it live. */
export async function operatorReply(db: Db, id: string, text: string, operator: Operator) {
  return db.transaction(async (tx) => {
    await heldBy(tx, id, operator);
    const [message] = await tx
      .insert(supportMessages)
      .values({ conversationId: id, author: 'OPERATOR', authorName: operator.personName, body: text })
      .returning();
    await tx
      .update(supportConversations)
      .set({ lastMessageAt: message.createTime, dataVersion: sql`${supportConversations.dataVersion} + 1` })
      .where(eq(supportConversations.id, id));
    await recordChange(tx, operator, {
      resource: SUPPORT_LOG_RESOURCE.message,
      recordId: message.id,
      action: OPERATION_ACTION.create,
      after: { conversationId: id, body: message.body },
    });
    await notifyChannel(tx, { s: message.id, u: [operator.userId] });
    return supportMessageView(message);
  });
}

export async function closeConversation(db: Db, id: string, operator: Operator) {
  return db.transaction(async (tx) => {
    const held = await heldBy(tx, id, operator);
    const [closed] = await tx
      .update(supportConversations)
      .set({ status: SUPPORT_STATUS.CLOSED, closedAt: new Date(), dataVersion: sql`${supportConversations.dataVersion} + 1` })
      .where(eq(supportConversations.id, id))
      .returning();
    await recordChange(tx, operator, {
      resource: SUPPORT_LOG_RESOURCE.conversation,
      recordId: id,
      action: OPERATION_ACTION.update,
      before: logged(held),
      after: logged(closed),
    });
    return conversationView(closed);
  });
}
