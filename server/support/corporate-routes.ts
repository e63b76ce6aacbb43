/**
 * The corporate side's support calls (README "Online support"): what the corporate portal calls to
 * open a conversation, write in it and read it. A separate route outside /api/web, since its caller is
 * another system, not an operator's signed session: it presents the shared key of CORPORATE_SUPPORT_KEY
 * in the X-Corporate-Key header (in demo mode, DEMO_CORPORATE_KEY when the variable is unset). Without a
 * key configured the calls answer FORBIDDEN: they are never open.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CORPORATE_KEY_HEADER, CORPORATE_SUPPORT_API } from '../../src/lib/messages';
import type { Db } from '../db/open';
import { protocolError, success } from '../errors';
import { parseWithSchema } from '../input/fields';
import { conversationBody, corporateMessage, findConversation, messageBody, openConversation, openingBody } from './conversations';

/** The demo's key, documented in the README; a real install sets CORPORATE_SUPPORT_KEY. */
export const DEMO_CORPORATE_KEY = 'scf-demo-corporate-key';

function keyMatches(request: FastifyRequest, key: string): boolean {
  const given = request.headers[CORPORATE_KEY_HEADER];
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerCorporateSupport(app: FastifyInstance, options: { db: Db; demoMode: boolean; key?: string }): void {
  const key = options.key || process.env.CORPORATE_SUPPORT_KEY || (options.demoMode ? DEMO_CORPORATE_KEY : '');
  // Outside /api/web, so no guard parses the body: each call parses it with its schema here, after the key.
  const post = <B>(path: string, schema: z.ZodType<B>, handler: (body: B) => Promise<unknown>) =>
    app.post(`${CORPORATE_SUPPORT_API}/${path}`, { bodyLimit: 64 * 1024 }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!key || !keyMatches(request, key)) throw protocolError('FORBIDDEN');
      return success(await handler(parseWithSchema(schema, request.body)));
    });

  post('conversations/open', openingBody, async (body) => findConversation(options.db, (await openConversation(options.db, body)).id));
  post('conversations/messages/add', messageBody, async (body) => corporateMessage(options.db, body.id, body.body));
  post('conversations/find-by-id', conversationBody, async (body) => findConversation(options.db, body.id));
}
