/**
 * The quotas of the living demo (DOMAIN.md "A living demo"), seeded once after the corporations,
 * through the same requests and approvals operators use, so every balance has its ledger: 工商银行's
 * quota for 中建华东 dispatched to both branches and on to three project departments (杭州地铁十号线项目部
 * holds none, so it may still be moved), 招商银行's dispatched to a branch, a factoring company's
 * third-party quota, requests waiting in op_director's to-do list (an adjustment, a dispatch) and one
 * returned to op_handler. The platform's own quota for the group is left to be applied for.
 */
import { demoActorOf } from '../demo-actor';
import { count, eq } from 'drizzle-orm';
import { QUOTA_CHANNEL, QUOTA_KIND } from '../../src/lib/quotas';
import { TASK_OUTCOME } from '../../src/workflows/states';
import type { AppContext } from '../context';
import { DEMO_CORP, DEMO_UNIT } from '../corporations';
import { groupUnits, quotaRequests } from '../db/schema';
import type { Principal } from '../security/sessions';
import { quotaRequestsOf } from './requests';
import { dayOf } from '../../src/lib/dates';

/** A term end a year and a half after the demo is seeded. */
function termEnd(ctx: AppContext): string {
  return `${Number(dayOf(ctx.now()).slice(0, 4)) + 1}-12-31`;
}

export async function seedQuotasDemo(ctx: AppContext): Promise<void> {
  const requests = quotaRequestsOf(ctx);
  const [{ n }] = await ctx.db.select({ n: count() }).from(quotaRequests);
  if (n > 0) return;
  const [group] = await ctx.db.select({ id: groupUnits.id }).from(groupUnits).where(eq(groupUnits.id, DEMO_UNIT.group));
  // The request functions take a request's principal; of it they read only who acts (the demo has no session).
  const [handler, director] = (await Promise.all([demoActorOf(ctx, 'op_handler'), demoActorOf(ctx, 'op_director')])) as unknown as Array<Principal | undefined>;
  if (!group || !handler || !director) return;

  const approve = async (started: { taskId: string | null }) => {
    if (started.taskId) await ctx.workflow.complete(director, { taskId: started.taskId, outcome: TASK_OUTCOME.PASS, remark: '同意' });
  };
  const term = termEnd(ctx);
  const [east, south] = DEMO_UNIT.branches;
  const [, nj, gz, sz] = DEMO_UNIT.projectDepts;
  const [icbc, cmb, spdb] = DEMO_CORP.banks;
  const financeAccount = async (bank: string, unitId: string) => (await requests.accountOfUnit(QUOTA_KIND.finance, QUOTA_CHANNEL.finance, bank, unitId))!;

  // The platform's own quota for the group is left to apply for (the end-to-end journey does).
  await approve(
    await requests.apply(handler, {
      kind: QUOTA_KIND.finance,
      grantorId: icbc,
      unitId: DEMO_UNIT.group,
      amount: '50000000.00',
      termEnd: term,
      reason: '工商银行年度授信额度',
    }),
  );
  const icbcGroup = await financeAccount(icbc, DEMO_UNIT.group);
  await approve(
    await requests.dispatch(
      handler,
      {
        accountId: icbcGroup,
        reason: '按年度产值下发分公司',
        lines: [
          { unitId: east, amount: '20000000.00' },
          { unitId: south, amount: '15000000.00' },
        ],
      },
      false,
    ),
  );
  await approve(
    await requests.dispatch(
      handler,
      { accountId: await financeAccount(icbc, east), reason: '项目部施工产值', lines: [{ unitId: nj, amount: '6000000.00' }] },
      false,
    ),
  );
  await approve(
    await requests.dispatch(
      handler,
      {
        accountId: await financeAccount(icbc, south),
        reason: '项目部施工产值',
        lines: [
          { unitId: gz, amount: '7000000.00' },
          { unitId: sz, amount: '5000000.00' },
        ],
      },
      false,
    ),
  );

  await approve(
    await requests.apply(handler, {
      kind: QUOTA_KIND.finance,
      grantorId: cmb,
      unitId: DEMO_UNIT.group,
      amount: '30000000.00',
      termEnd: term,
      reason: '招商银行授信额度',
    }),
  );
  await approve(
    await requests.dispatch(
      handler,
      { accountId: await financeAccount(cmb, DEMO_UNIT.group), reason: '招行额度下发第一分公司', lines: [{ unitId: east, amount: '12000000.00' }] },
      false,
    ),
  );
  await approve(
    await requests.apply(handler, {
      kind: QUOTA_KIND.thirdParty,
      channel: QUOTA_CHANNEL.finance,
      grantorId: DEMO_CORP.factoring,
      unitId: DEMO_UNIT.group,
      amount: '8000000.00',
      termEnd: term,
      reason: '保理公司第三方额度',
    }),
  );

  // Waiting in op_director's to-do list: an adjustment of the ICBC quota and a dispatch to a project department.
  await requests.modify(handler, { accountId: icbcGroup, amount: '60000000.00', termEnd: term, reason: '新开工项目增加授信额度' });
  await requests.dispatch(
    handler,
    { accountId: await financeAccount(icbc, east), reason: '补充南京项目部额度', lines: [{ unitId: nj, amount: '1500000.00' }] },
    false,
  );
  // Returned to op_handler by a director, with the reason.
  const returned = await requests.apply(handler, {
    kind: QUOTA_KIND.finance,
    grantorId: spdb,
    unitId: DEMO_UNIT.group,
    amount: '20000000.00',
    termEnd: term,
    reason: '浦发银行授信额度',
  });
  if (returned.taskId) await ctx.workflow.complete(director, { taskId: returned.taskId, outcome: TASK_OUTCOME.REJECT, remark: '请补充浦发银行授信批复文件' });
}
