/**
 * Online support for operators under SUPPORT_API (README "Online support"): the three boxes (the
 * queue, mine, closed), a conversation with its messages, and take, reply and close. Reading needs
 * support list; taking, replying and closing support reply.
 */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MAX_SUPPORT_TEXT, SUPPORT_API, SUPPORT_BOXES, SUPPORT_STATUS } from '../../src/lib/messages';
import { PERMISSIONS } from '../../src/lib/permissions';
import type { AppContext } from '../context';
import { pagingOf } from '../crud/query';
import { supportConversations } from '../db/schema';
import { validationError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import { requireBody, type Body } from '../workflow/input';
import { closeConversation, conversationId, conversationView, findConversation, operatorReply, supportText, takeConversation } from './conversations';

export function supportRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { support } = PERMISSIONS;
  const post = (path: string, permission: string, handler: (body: Body, principal: Principal) => Promise<unknown>) =>
    route(api, {
      method: 'POST',
      path: `${SUPPORT_API}/${path}`,
      auth: 'session',
      permission,
      handler: ({ body, principal }) => handler(requireBody(body), principal),
    });
  const operatorOf = (principal: Principal) => ({ userId: principal.userId, username: principal.username, personName: principal.personName });

  post('conversations/page', support.list, async (body, principal) => {
    const { pageNum, pageSize } = pagingOf(body);
    const box = body.box ?? 'queue';
    if (typeof box !== 'string' || !(SUPPORT_BOXES as readonly string[]).includes(box)) throw validationError(translate('messages:server.boxUnknown'));
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

  post('conversations/find-by-id', support.list, async (body) => findConversation(ctx.db, conversationId(body)));
  post('conversations/take', support.reply, async (body, principal) => takeConversation(ctx.db, conversationId(body), operatorOf(principal)));
  post('conversations/reply', support.reply, async (body, principal) =>
    operatorReply(ctx.db, conversationId(body), supportText(body, 'body', MAX_SUPPORT_TEXT), operatorOf(principal)),
  );
  post('conversations/close', support.reply, async (body, principal) => closeConversation(ctx.db, conversationId(body), operatorOf(principal)));
}
