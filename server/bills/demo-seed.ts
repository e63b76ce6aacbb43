/**
 * The bills of the living demo (DOMAIN.md "A living demo"), seeded once after the notes and the
 * financings they are computed from, through the same service operators use: the months before
 * last are generated (the most recent ended month is left for an operator to generate), the oldest
 * bill is confirmed by op_director, paid and invoiced, the next confirmed and waiting for payment,
 * the most recent waiting in op_director's to-do list.
 */
import { count, eq } from 'drizzle-orm';
import { shiftPeriod } from '../../src/lib/bills';
import { TASK_OUTCOME } from '../../src/workflows/states';
import type { AppContext } from '../context';
import { bills } from '../db/schema';
import { demoActorOf } from '../demo-actor';
import type { Principal } from '../security/sessions';
import type { Actor } from '../workflow/engine';
import { billServiceOf, type BillRow } from './service';

export async function seedBillsDemo(ctx: AppContext): Promise<void> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(bills);
  if (n > 0) return;
  const [handler, director] = (await Promise.all(['op_handler', 'op_director'].map((u) => demoActorOf(ctx, u)))) as unknown as Array<Principal | undefined>;
  if (!handler || !director) return;
  const service = billServiceOf(ctx);
  const current = service.today().slice(0, 7);
  const made: BillRow[] = [];
  for (let back = 7; back >= 2; back -= 1) made.push(...(await service.generate(handler, shiftPeriod(current, back))).created);
  if (made.length === 0) return;
  const submit = async (bill: BillRow) => service.submit(handler, { id: bill.id, dataVersion: bill.dataVersion, remark: '本月服务费已核对' });
  const confirm = async (bill: BillRow) => {
    const submitted = await submit(bill);
    await ctx.workflow.complete(director as Actor, { taskId: submitted.taskId!, outcome: TASK_OUTCOME.PASS, remark: '核算无误' });
    const [row] = await ctx.db.select().from(bills).where(eq(bills.id, bill.id));
    return row;
  };
  // Oldest first: invoiced; then confirmed (awaiting payment); the latest waits for the director.
  const [oldest, ...rest] = made;
  const latest = rest.pop();
  const confirmed = await confirm(oldest);
  const paid = await service.pay(handler, {
    id: confirmed.id,
    dataVersion: confirmed.dataVersion,
    paidDate: `${shiftPeriod(oldest.period, -1)}-10`,
    remark: '网银转账',
  });
  await service.invoice(handler, { id: paid.id, dataVersion: paid.dataVersion, invoiceType: 'VAT_SPECIAL', bankAccountId: `acct-${paid.corpId}` });
  for (const bill of rest) await confirm(bill);
  if (latest) await submit(latest);
}
