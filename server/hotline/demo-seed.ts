/**
 * A few calls in the demo's call log (demo mode, once, when the log is empty): op_admin's calls to the
 * contacts of the demo group and two of its suppliers, answered, busy and unanswered, each closed
 * with a wrap-up note, as the hotline writes them.
 */
import { count, eq, inArray } from 'drizzle-orm';
import { maskValue } from '../../src/lib/masking';
import { CALL_OUTCOME, CALL_STATUS } from '../../src/lib/hotline';
import type { AppContext } from '../context';
import { DEMO_CORP } from '../corporations';
import { corporations, hotlineCalls, users } from '../db/schema';
import { sensitiveCipherOf } from '../sensitive/values';

const DAY = 86_400_000;

export async function seedHotlineDemo(ctx: AppContext): Promise<void> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(hotlineCalls);
  if (n > 0) return;
  const [admin] = await ctx.db.select().from(users).where(eq(users.username, 'op_admin'));
  const ids = [DEMO_CORP.group, DEMO_CORP.supplier(1), DEMO_CORP.supplier(2)];
  const corps = await ctx.db.select().from(corporations).where(inArray(corporations.id, ids));
  if (!admin || corps.length === 0) return;
  const cipher = await sensitiveCipherOf(ctx.db);
  const byId = new Map(corps.map((c) => [c.id, c]));
  const now = ctx.now();
  const calls = [
    {
      corpId: DEMO_CORP.group,
      daysAgo: 3,
      outcome: CALL_OUTCOME.answered,
      talk: 312,
      reason: null,
      note: '与联系人确认本季度额度下发计划，对方将于下周提交分公司的下发申请。',
    },
    { corpId: DEMO_CORP.supplier(1), daysAgo: 2, outcome: CALL_OUTCOME.busy, talk: null, reason: '对方忙线', note: '对方忙线，稍后再联系。' },
    { corpId: DEMO_CORP.supplier(1), daysAgo: 2, outcome: CALL_OUTCOME.answered, talk: 145, reason: null, note: '提醒补充上传营业执照副本，对方已知悉。' },
    { corpId: DEMO_CORP.supplier(2), daysAgo: 1, outcome: CALL_OUTCOME.noAnswer, talk: null, reason: '无人接听', note: '无人接听，已发送短信提醒回电。' },
  ];
  const rows = calls.flatMap((c, i) => {
    const corp = byId.get(c.corpId);
    if (!corp) return [];
    const dial = new Date(now - c.daysAgo * DAY + i * 60_000);
    const answer = c.talk === null ? null : new Date(dial.getTime() + 8_000);
    const hangup = new Date((answer ?? dial).getTime() + (c.talk ?? 20) * 1000);
    return [
      {
        operatorId: admin.id,
        corpId: corp.id,
        contactName: corp.managerName,
        phoneMasked: corp.managerMobile ? maskValue(cipher.open(corp.managerMobile)) : '',
        centreRef: `demo:${i}`,
        status: CALL_STATUS.ended,
        outcome: c.outcome,
        reason: c.reason,
        note: c.note,
        dialTime: dial,
        answerTime: answer,
        hangupTime: hangup,
        endTime: new Date(hangup.getTime() + 60_000),
        talkSeconds: c.talk,
        createBy: admin.username,
        updateBy: admin.username,
      },
    ];
  });
  if (rows.length) await ctx.db.insert(hotlineCalls).values(rows);
}
