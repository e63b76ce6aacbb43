/**
 * Redemption in the living demo (DOMAIN.md "A living demo"), seeded once after the credit notes:
 * six more notes of 南京 project department issued through the operators' path, then payments
 * recorded by op_handler and matched to them: two waiting for audit (付款审核), one approved by
 * op_director (its note 已兑付, its quota recycled through the ledger), one rejected (nothing changed);
 * and a note paid outside the platform registered with its evidence, waiting for the director.
 */
import { count, eq, inArray } from 'drizzle-orm';
import { APPLY_LEVEL } from '../../src/lib/credit-notes';
import { AUDIT_OUTCOME } from '../../src/lib/redemption';
import { FINAL_APPROVE_MODE } from '../../src/workflows/registry';
import { TASK_OUTCOME } from '../../src/workflows/states';
import type { AppContext } from '../context';
import { DEMO_CORP, DEMO_UNIT } from '../corporations';
import { creditNotes, creditPayments, docFileApprovals, docFiles, docMaterials, products, quotaAccounts } from '../db/schema';
import { grantorNameOf } from '../quotas';
import { demoActorOf } from '../demo-actor';
import { demoPdf, demoPng } from '../doc-review';
import { creditIssuanceOf } from '../credit-notes';
import type { Principal } from '../security/sessions';
import type { Actor } from '../workflow/engine';
import { paymentsOf } from './payments';
import { registrationsOf } from './registrations';
import { addDays, dayOf } from '../../src/lib/dates';

const FILES = { contract: 'f-redeem-demo-contract', invoice: 'f-redeem-demo-invoice', evidence: 'f-redeem-demo-evidence' } as const;
/** The notes' amounts, in the order of their contracts (HT-2026-1201 …). */
const AMOUNTS = ['32000.00', '45600.00', '18800.25', '27000.00', '51000.00', '12500.00'] as const;

export async function seedRedemptionDemo(ctx: AppContext): Promise<void> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(creditPayments);
  if (n > 0) return;
  const [handler, director, director2] = (await Promise.all(['op_handler', 'op_director', 'op_director2'].map((u) => demoActorOf(ctx, u)))) as unknown as Array<
    Principal | undefined
  >;
  const [product] = await ctx.db.select().from(products).where(eq(products.prdCode, 'CREDIT-HD-CMB'));
  const unitId = DEMO_UNIT.projectDepts[1];
  const [account] = await ctx.db
    .select({ id: quotaAccounts.id })
    .from(quotaAccounts)
    .where(eq(quotaAccounts.unitId, unitId))
    .orderBy(grantorNameOf(quotaAccounts))
    .limit(1);
  if (!handler || !director || !director2 || !product || !account) return;
  if (!(await ctx.files.find(FILES.contract)))
    await ctx.files.save({
      id: FILES.contract,
      content: demoPdf('Purchase contract HT-2026-1201'),
      originalName: '采购合同-HT-2026-1201.pdf',
      mimeType: 'application/pdf',
      uploaderId: handler.userId,
    });
  if (!(await ctx.files.find(FILES.invoice)))
    await ctx.files.save({
      id: FILES.invoice,
      content: await demoPng('INVOICE 2026-1201'),
      originalName: '增值税发票-1201.png',
      mimeType: 'image/png',
      uploaderId: handler.userId,
    });
  if (!(await ctx.files.find(FILES.evidence)))
    await ctx.files.save({
      id: FILES.evidence,
      content: await demoPng('BANK RECEIPT 2026-1206'),
      originalName: '线下付款回单-1206.png',
      mimeType: 'image/png',
      uploaderId: handler.userId,
    });

  // The notes: applied, reviewed and issued as operators do (one batch, single final approval).
  const issuance = creditIssuanceOf(ctx);
  const today = dayOf(ctx.now());
  const applicationIds: string[] = [];
  for (const [i, amount] of AMOUNTS.entries()) {
    const started = await issuance.apply(handler, {
      level: APPLY_LEVEL.projectDept,
      unitId,
      quotaAccountId: account.id,
      payeeCorpId: DEMO_CORP.supplier(i + 2),
      amount,
      dueDate: addDays(today, 60 + i * 10),
      productId: product.id,
      contractNo: `HT-2026-12${String(i + 1).padStart(2, '0')}`,
      contractFileIds: [FILES.contract],
      invoiceFileIds: [FILES.invoice],
    });
    const files = await ctx.db
      .select({ id: docFiles.id })
      .from(docFiles)
      .innerJoin(docMaterials, eq(docMaterials.id, docFiles.docMaterialId))
      .where(eq(docMaterials.businessKey, started.application.id));
    await ctx.db
      .insert(docFileApprovals)
      .values(
        files.map((f) => ({ docFileId: f.id, taskSegment: 'AUDIT', approveResult: 'PASS', approverId: handler.userId, approverName: handler.personName })),
      );
    const passed = await ctx.workflow.complete(handler as Actor, { taskId: started.taskId!, outcome: TASK_OUTCOME.PASS });
    await ctx.workflow.complete(director as Actor, { taskId: passed.task!.id, outcome: TASK_OUTCOME.PASS, remark: '资料齐全' });
    applicationIds.push(started.application.id);
  }
  const generated = await issuance.generate(handler, { applicationIds });
  const core = await ctx.workflow.complete(director as Actor, {
    taskId: generated.taskId!,
    outcome: TASK_OUTCOME.PASS,
    remark: '同意',
    variables: { [FINAL_APPROVE_MODE.variable]: FINAL_APPROVE_MODE.SINGLE },
  });
  await ctx.workflow.complete(director2 as Actor, { taskId: core.task!.id, outcome: TASK_OUTCOME.PASS, remark: '同意签发' });
  const issued = await ctx.db.select().from(creditNotes).where(inArray(creditNotes.applicationId, applicationIds));
  const notes = applicationIds.map((id) => issued.find((note) => note.applicationId === id)!);

  // Payments by the project department into the settlement account, recorded by the handler.
  const payments = paymentsOf(ctx);
  const pay = (noteIdx: number[], amount: string, serial: string, daysAgo: number, remark?: string) =>
    payments.add(handler, {
      payerUnitId: unitId,
      amount,
      valueDate: addDays(today, -daysAgo),
      bankSerialNo: serial,
      noteIds: noteIdx.map((i) => notes[i].id),
      remark,
    });
  await pay([0, 1], '77600.00', 'CMB20261120000731', 6, '两张白条合并付款');
  await pay([2], '18800.25', 'CMB20261122000842', 4);
  const approved = await pay([3], '27000.00', 'ICBC2026111800519', 8);
  await payments.audit(director, { id: approved.id, outcome: AUDIT_OUTCOME.pass, opinion: '到账金额与白条一致，同意兑付' });
  const rejected = await pay([4], '51000.00', 'ABC20261119003306', 7);
  await payments.audit(director, { id: rejected.id, outcome: AUDIT_OUTCOME.reject, opinion: '银行流水显示付款方非签发单位，驳回' });

  // A note paid outside the platform, waiting for op_director's approval.
  await registrationsOf(ctx).register(handler, {
    noteId: notes[5].id,
    paidDate: addDays(today, -2),
    evidenceFileId: FILES.evidence,
    remark: '核心企业线下转账兑付',
  });
}
