/**
 * The demo's support conversations (first start in demo mode): two waiting in the queue, one taken by
 * the demo handler with a reply, and one closed, so that every box of 在线客服 shows real rows.
 * Seeded once: skipped when any conversation exists.
 */
import { count } from 'drizzle-orm';
import type { AppContext } from '../context';
import { supportConversations } from '../db/schema';
import { demoActorOf } from '../demo-actor';
import { translate } from '../i18n';
import { closeConversation, openConversation, operatorReply, takeConversation } from './conversations';

const t = (key: string) => translate(`messages:demo.${key}`);

export async function seedSupportDemo(ctx: AppContext): Promise<void> {
  const [{ total }] = await ctx.db.select({ total: count() }).from(supportConversations);
  if (total > 0) return;
  const handler = await demoActorOf(ctx, 'op_handler');
  if (!handler) return;
  const hour = 3_600_000;
  const ago = (hours: number) => new Date(Date.now() - hours * hour);
  const operator = { userId: handler.userId, username: handler.username, personName: handler.personName };
  await openConversation(ctx.db, { corpName: t('corp1'), contactName: t('contact1'), subject: t('subject1'), body: t('body1') }, ago(2));
  await openConversation(ctx.db, { corpName: t('corp2'), contactName: t('contact2'), subject: t('subject2'), body: t('body2') }, ago(1));
  const taken = await openConversation(ctx.db, { corpName: t('corp3'), contactName: t('contact3'), subject: t('subject3'), body: t('body3') }, ago(5));
  await takeConversation(ctx.db, taken.id, operator);
  await operatorReply(ctx.db, taken.id, t('reply3'), operator);
  const closed = await openConversation(ctx.db, { corpName: t('corp4'), contactName: t('contact4'), subject: t('subject4'), body: t('body4') }, ago(48));
  await takeConversation(ctx.db, closed.id, operator);
  await operatorReply(ctx.db, closed.id, t('reply4'), operator);
  await closeConversation(ctx.db, closed.id, operator);
}
