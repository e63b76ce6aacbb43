/**
 * The corporate changes of the living demo (DOMAIN.md "A living demo"), seeded once after the demo
 * corporations, through the same approvable-resource calls operators use: changes waiting in
 * op_handler's to-do list (one returned by a director with a remark) and in op_director's, a renaming
 * between its two reviews, a new core enterprise awaiting approval, and ended ones (approved, withdrawn)
 * in the records' histories.
 */
import { demoActorOf } from '../demo-actor';
import { constants, publicEncrypt } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { idCardCheckChar } from '../../src/lib/validators';
import { approvableResource, type Proposer } from '../crud/approvals';
import type { AppContext } from '../context';
import { approvalChanges, corpBankAccounts, corporations } from '../db/schema';
import type { Row } from '../crud/types';
import { DEMO_CORP } from './demo-seed';

const sealForRequest = (ctx: AppContext, value: string) =>
  publicEncrypt({ key: ctx.keys.publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(value)).toString('base64');

/**
 * Where a seeded change is left: the first review (saving it submitted it), back with the handler
 * after a reject, the second review (renaming), or ended.
 */
type Stop = 'returned' | 'review' | 'secondReview' | 'approved' | 'withdrawn';

export async function seedCorporateChangesDemo(ctx: AppContext): Promise<void> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(approvalChanges);
  if (n > 0) return;
  const [group] = await ctx.db.select({ id: corporations.id }).from(corporations).where(eq(corporations.id, DEMO_CORP.group));
  const [handler, director, director2] = await Promise.all(['op_handler', 'op_director', 'op_director2'].map((u) => demoActorOf(ctx, u)));
  if (!group || !handler || !director || !director2) return;

  const current = async (table: typeof corporations | typeof corpBankAccounts, id: string) =>
    (await ctx.db.select().from(table).where(eq(table.id, id)))[0] as Row;
  const walk = async (taskId: string | null, stop: Stop) => {
    if (stop === 'review' || !taskId) return;
    const pass = (actor: Proposer, id: string, remark?: string) => ctx.workflow.complete(actor, { taskId: id, outcome: 'PASS', remark });
    // The proposal's start submitted it: the task is the director's review.
    let task: { id: string } | null = { id: taskId };
    if (stop === 'returned' || stop === 'withdrawn') {
      ({ task } = await ctx.workflow.complete(director, { taskId: task!.id, outcome: 'REJECT', remark: '变更材料不完整，请补充后重新提交' }));
      if (stop === 'withdrawn') await ctx.workflow.complete(handler, { taskId: task!.id, outcome: 'REJECT', remark: '撤回申请' });
      return;
    }
    ({ task } = await pass(director, task!.id, '初审通过'));
    if (stop === 'secondReview' || !task) return;
    await pass(director2, task.id, '复审通过');
  };
  const update = async (resource: string, table: typeof corporations | typeof corpBankAccounts, id: string, values: Row, stop: Stop) => {
    const record = await current(table, id);
    if (!record) return;
    const proposal = await approvableResource(ctx, resource)!.proposeUpdate(handler, { id, dataVersion: record.dataVersion, ...values });
    await walk(proposal.taskId, stop);
  };

  await update('corp-renamings', corporations, DEMO_CORP.supplier(20), { corpName: '重庆山城建材有限公司' }, 'approved');
  await update('corp-renamings', corporations, DEMO_CORP.westCore, { corpName: '西南交通建设投资集团有限公司' }, 'secondReview');
  await update('corp-manager-changes', corporations, DEMO_CORP.supplier(5), { managerName: '沈嘉怡' }, 'review');
  await update('corp-manager-changes', corporations, DEMO_CORP.supplier(6), { managerName: '钱永康' }, 'withdrawn');
  await update('core-admissions', corporations, DEMO_CORP.group, { registeredAddress: '上海市浦东新区世纪大道1000号建设大厦' }, 'review');
  await update('corp-account-usages', corpBankAccounts, `acct-${DEMO_CORP.supplier(7)}`, { usage: 'REPAYMENT' }, 'returned');
  await update('corp-account-changes', corpBankAccounts, `acct-${DEMO_CORP.supplier(8)}`, { bankName: '招商银行', branchName: '南京分行营业部' }, 'review');

  const admission = await approvableResource(ctx, 'core-admissions')!.proposeCreate(handler, {
    corpName: '浙江之江建设集团有限公司',
    creditCode: '91330000MA2ZJCORE8',
    legalPersonName: '陈志远',
    managerName: '潘静',
    // Sensitive values arrive RSA-encrypted under the server's key, as the browser sends them.
    legalPersonIdCard: sealForRequest(ctx, `33010619820315441${idCardCheckChar('33010619820315441')}`),
    managerMobile: sealForRequest(ctx, '13957112468'),
    registeredAddress: '浙江省杭州市西湖区之江路88号',
  });
  await walk(admission.taskId, 'review');
}
