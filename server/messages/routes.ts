/**
 * The message centre's calls under MESSAGE_API (README "Message centre"): a page of one's own
 * messages (all, read or unread), the unread count, mark read and mark all read. Only the caller's
 * own messages are ever read or changed: every query is bound to the principal's user id.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_IDS } from '../crud/fields';
import { MESSAGE_API, MESSAGE_SOCKET_TOKEN_CALL } from '../../src/lib/messages';
import { PERMISSIONS } from '../../src/features/messages/permissions';
import type { AppContext } from '../context';
import { ids, oneOf, optional } from '../input/fields';
import { pagingOf } from '../crud/query';
import { sessions, userMessages } from '../db/schema';
import { protocolError } from '../errors';
import { route } from '../routes/route';
import { messageView } from './views';
import { recordChange } from '../operation-log/record';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import type { Principal } from '../security/sessions';
import { subscribeWorkflowMessages } from './workflow-messages';

const READ_STATES = ['read', 'unread'] as const;
// Paging is the kit's reader (pagingOf), so the body keeps its other fields; no state is every message.
const pageBody = z.looseObject({ state: optional(oneOf('messages:server.fields.state', READ_STATES)) });
const markReadBody = z.object({ ids: ids('messages:server.fields.ids', MAX_IDS) });

export function messageRoutes(api: FastifyInstance, ctx: AppContext): void {
  /** Marks messages read, each with its entry (the guard of server/operation-log/guard.ts wants one per write). */
  const markRead = (principal: Principal, where: SQL | undefined) =>
    ctx.db.transaction(async (tx) => {
      const readAt = new Date();
      const marked = await tx.update(userMessages).set({ readAt }).where(where).returning({ id: userMessages.id });
      for (const { id } of marked) {
        await recordChange(tx, principal, { resource: 'messages', recordId: id, action: OPERATION_ACTION.update, before: { readAt: null }, after: { readAt } });
      }
    });

  subscribeWorkflowMessages(ctx.workflow);
  const permission = PERMISSIONS.message.list;
  const unreadOf = async (userId: string) => {
    const [{ total }] = await ctx.db
      .select({ total: count() })
      .from(userMessages)
      .where(and(eq(userMessages.userId, userId), isNull(userMessages.readAt)));
    return total;
  };

  route(api, {
    method: 'POST',
    path: `${MESSAGE_API}/page`,
    auth: 'session',
    permission,
    body: pageBody,
    handler: async ({ body, principal }) => {
      const { pageNum, pageSize } = pagingOf(body);
      const { state } = body;
      const conditions: SQL[] = [eq(userMessages.userId, principal.userId)];
      if (state === 'read') conditions.push(isNotNull(userMessages.readAt));
      if (state === 'unread') conditions.push(isNull(userMessages.readAt));
      const where = and(...conditions);
      const [{ total }] = await ctx.db.select({ total: count() }).from(userMessages).where(where);
      const rows = await ctx.db
        .select()
        .from(userMessages)
        .where(where)
        .orderBy(desc(userMessages.createTime), desc(userMessages.id))
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize);
      return { records: rows.map((row) => messageView(row)), total, pageNum, pageSize, unread: await unreadOf(principal.userId) };
    },
  });

  /**
   * The session's socket token, for a tab that was not the one signed in: the login hands the wsToken
   * to the tab that signed in (session storage is per tab), so a second tab of the same browser had
   * no socket and no unread count. The signed call proves the same session the token opens. Any
   * signed-in user: the socket also tells a tab its session ended, message centre or not.
   */
  route(api, {
    method: 'POST',
    path: MESSAGE_SOCKET_TOKEN_CALL,
    auth: 'session',
    handler: async ({ principal }) => {
      const [session] = await ctx.db.select({ wsToken: sessions.wsToken }).from(sessions).where(eq(sessions.tokenHash, principal.tokenHash));
      if (!session) throw protocolError('UNAUTHORIZED');
      return { wsToken: session.wsToken };
    },
  });

  route(api, {
    method: 'POST',
    path: `${MESSAGE_API}/unread-count`,
    auth: 'session',
    permission,
    handler: async ({ principal }) => ({ unread: await unreadOf(principal.userId) }),
  });

  route(api, {
    method: 'POST',
    path: `${MESSAGE_API}/mark-read`,
    auth: 'session',
    permission,
    body: markReadBody,
    handler: async ({ body: { ids }, principal }) => {
      await markRead(principal, and(eq(userMessages.userId, principal.userId), inArray(userMessages.id, ids), isNull(userMessages.readAt)));
      return { unread: await unreadOf(principal.userId) };
    },
  });

  route(api, {
    method: 'POST',
    path: `${MESSAGE_API}/mark-all-read`,
    auth: 'session',
    permission,
    handler: async ({ principal }) => {
      await markRead(principal, and(eq(userMessages.userId, principal.userId), isNull(userMessages.readAt)));
      return { unread: 0 };
    },
  });
}
