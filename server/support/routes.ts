/**
 * Online support for operators under SUPPORT_API (README "Online support"): the three boxes (the
 * queue, mine, closed), a conversation with its messages, and take, reply and close. Reading needs
 * support list; taking, replying and closing support reply.
 */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SUPPORT_API, SUPPORT_BOXES, SUPPORT_STATUS } from '../../src/lib/messages';
import { PERMISSIONS } from '../../src/features/support/permissions';
import type { AppContext } from '../context';
import { pagingOf } from '../crud/query';
import { supportConversations } from '../db/schema';
import { oneOf, optional } from '../input/fields';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import { closeConversation, conversationBody, conversationView, findConversation, messageBody, operatorReply, takeConversation } from './conversations';

// Paging is the kit's reader (pagingOf), so the body keeps its other fields; no box is the queue.
const pageBody = z.looseObject({ box: optional(oneOf('messages:support.fields.box', SUPPORT_BOXES)) });

export function supportRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { support } = PERMISSIONS;
  const post = <B>(path: string, permission: string, body: z.ZodType<B>, handler: (body: B, principal: Principal) => Promise<unknown>) =>
    route(api, {
      method: 'POST',
      path: `${SUPPORT_API}/${path}`,
      auth: 'session',
      permission,
      body,
      handler: ({ body, principal }) => handler(body, principal),
    });
  const operatorOf = (principal: Principal) => ({ userId: principal.userId, username: principal.username, personName: principal.personName });

  post('conversations/page', support.list, pageBody, async (body, principal) => {
    const { pageNum, pageSize } = pagingOf(body);
    const box = body.box ?? 'queue';
    const conditions: SQL[] =
      box === 'queue'
        ? [eq(supportConversations.status, SUPPORT_STATUS.OPEN)]
        : box === 'mine'
          ? [eq(supportConversations.status, SUPPORT_STATUS.TAKEN), eq(supportConversations.operatorId, principal.userId)]
          : [eq(supportConversations.status, SUPPORT_STATUS.CLOSED)];
    const where = and(...conditions);
    // The queue is served oldest first (who waited longest); the other boxes show the latest first.
    const order =
      box === 'queue'
        ? [asc(supportConversations.createTime), asc(supportConversations.id)]
        : [desc(supportConversations.lastMessageAt), desc(supportConversations.id)];
    const [{ total }] = await ctx.db.select({ total: count() }).from(supportConversations).where(where);
    const rows = await ctx.db
      .select()
      .from(supportConversations)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { records: rows.map(conversationView), total, pageNum, pageSize };
  });

  post('conversations/find-by-id', support.list, conversationBody, async (body) => findConversation(ctx.db, body.id));
  post('conversations/take', support.reply, conversationBody, async (body, principal) => takeConversation(ctx.db, body.id, operatorOf(principal)));
  post('conversations/reply', support.reply, messageBody, async (body, principal) => operatorReply(ctx.db, body.id, body.body, operatorOf(principal)));
  post('conversations/close', support.reply, conversationBody, async (body, principal) => closeConversation(ctx.db, body.id, operatorOf(principal)));
}
