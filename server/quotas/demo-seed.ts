/**
 * The quotas of the living demo (DOMAIN.md "A living demo"), seeded once after the corporations,
 * through the same requests and approvals operators use, so every balance has its ledger: the
 * platform's quota for 中建华东 dispatched to both branches and on to their project departments, a
 * bank's quota dispatched to a branch, a factoring company's third-party quota, and requests waiting
 * in op_director's to-do list (an adjustment, a dispatch) and one returned to op_handler.
 */
import { count, eq } from 'drizzle-orm';
import { QUOTA_CHANNEL, QUOTA_KIND } from '../../src/lib/quotas';
import { TASK_OUTCOME } from '../../src/workflows/states';
import type { AppContext } from '../context';
import { DEMO_CORP, DEMO_UNIT } from '../corporations/demo-seed';
import { groupUnits, quotaRequests, roles, userRoles, users } from '../db/schema';
import type { Principal } from '../security/sessions';
import { quotaRequestsOf } from './requests';

export async function principalOf(ctx: AppContext, username: string): Promise<Principal | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.username, username));
  if (!user) return undefined;
  const roleRows = await ctx.db
    .select({ code: roles.code, roleName: roles.roleName, pkRole: roles.pkRole })
    .from(userRoles)
    .innerJoin(roles, eq(roles.pkRole, userRoles.pkRole))
    .where(eq(userRoles.userId, user.id));
  return { userId: user.id, username: user.username, personName: user.personName, roles: roleRows, sensitiveWhitelist: false } as unknown as Principal;
}

/** A term end a year and a half after the demo is seeded. */
function termEnd(ctx: AppContext): string {
  const d = new Date(ctx.now());
  return `${d.getFullYear() + 1}-12-31`;
}

export async function seedQuotasDemo(ctx: AppContext): Promise<void> {
  const requests = quotaRequestsOf(ctx);
  const [{ n }] = await ctx.db.select({ n: count() }).from(quotaRequests);
  if (n > 0) return;
  const [group] = await ctx.db.select({ id: groupUnits.id }).from(groupUnits).where(eq(groupUnits.id, DEMO_UNIT.group));
  const [handler, director] = await Promise.all([principalOf(ctx, 'op_handler'), principalOf(ctx, 'op_director')]);
  if (!group || !handler || !director) return;

  const approve = async (started: { taskId: string | null }) => {
    if (started.taskId) await ctx.workflow.complete(director, { taskId: started.taskId, outcome: TASK_OUTCOME.PASS, remark: '同意' });
  };
  const term = termEnd(ctx);
  const [east, south] = DEMO_UNIT.branches;
  const [hz, nj, gz, sz] = DEMO_UNIT.projectDepts;

  const platform = await requests.apply(handler, { kind: QUOTA_KIND.platform, unitId: DEMO_UNIT.group, amount: '50000000.00', termEnd: term, reason: '集团年度白条签发额度' });
  await approve(platform);
  const accountOf = async (unitId: string) => (await requests.accountOfUnit(QUOTA_KIND.platform, QUOTA_CHANNEL.platform, 'PLATFORM', unitId))!;
  const platformId = await accountOf(DEMO_UNIT.group);
  await approve(await requests.dispatch(handler, { accountId: platformId, reason: '按年度产值下发分公司', lines: [{ unitId: east, amount: '20000000.00' }, { unitId: south, amount: '15000000.00' }] }, false));
  await approve(await requests.dispatch(handler, { accountId: await accountOf(east), reason: '项目部施工产值', lines: [{ unitId: hz, amount: '8000000.00' }, { unitId: nj, amount: '6000000.00' }] }, false));
  await approve(await requests.dispatch(handler, { accountId: await accountOf(south), reason: '项目部施工产值', lines: [{ unitId: gz, amount: '7000000.00' }, { unitId: sz, amount: '5000000.00' }] }, false));

  const bank = await requests.apply(handler, { kind: QUOTA_KIND.finance, grantorId: DEMO_CORP.banks[0], unitId: DEMO_UNIT.group, amount: '30000000.00', termEnd: term, reason: '工商银行授信额度' });
  await approve(bank);
  await approve(await requests.dispatch(handler, { accountId: (await requests.accountOfUnit(QUOTA_KIND.finance, QUOTA_CHANNEL.finance, DEMO_CORP.banks[0], DEMO_UNIT.group))!, reason: '工行额度下发第一分公司', lines: [{ unitId: east, amount: '12000000.00' }] }, false));
  await approve(await requests.apply(handler, { kind: QUOTA_KIND.thirdParty, channel: QUOTA_CHANNEL.finance, grantorId: DEMO_CORP.factoring, unitId: DEMO_UNIT.group, amount: '8000000.00', termEnd: term, reason: '保理公司第三方额度' }));

  // Waiting in op_director's to-do list: an adjustment of the platform quota and a dispatch to a project department.
  await requests.modify(handler, { accountId: platformId, amount: '60000000.00', termEnd: term, reason: '新开工项目增加签发额度' });
  await requests.dispatch(handler, { accountId: await accountOf(east), reason: '补充杭州项目部额度', lines: [{ unitId: hz, amount: '1500000.00' }] }, false);
  // Returned to op_handler by a director, with the reason.
  const returned = await requests.apply(handler, { kind: QUOTA_KIND.finance, grantorId: DEMO_CORP.banks[1], unitId: DEMO_UNIT.group, amount: '20000000.00', termEnd: term, reason: '招商银行授信额度' });
  if (returned.taskId) await ctx.workflow.complete(director, { taskId: returned.taskId, outcome: TASK_OUTCOME.REJECT, remark: '请补充招商银行授信批复文件' });
}
