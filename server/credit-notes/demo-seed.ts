/**
 * The credit notes of the living demo (DOMAIN.md "A living demo"), seeded once after the quotas,
 * through the same applications, reviews and approvals operators use, so every note has its batch
 * and every frozen or used fen its ledger row: applications at each level (in review, approved and
 * waiting to be batched), one batch waiting in op_director's to-do list, and notes in every status.
 * Notes issued "months ago" (due within 30 days, overdue, redeemed) are issued today through the
 * same path and then dated back, since the product's tenor rules refuse a due date in the past; a
 * redeemed one recycles its quota through the ledger like a payment audit would.
 */
import { and, count, eq } from 'drizzle-orm';
import { APPLY_LEVEL, NOTE_STATUS, type ApplyLevel } from '../../src/lib/credit-notes';
import { QUOTA_MOVEMENT } from '../../src/lib/quotas';
import { FINAL_APPROVE_MODE } from '../../src/workflows/registry';
import { TASK_OUTCOME } from '../../src/workflows/states';
import type { AppContext } from '../context';
import { DEMO_CORP, DEMO_UNIT } from '../corporations';
import { creditNoteApplications, creditNotes, docFileApprovals, docFiles, docMaterials, products, quotaAccounts } from '../db/schema';
import { grantorNameOf } from '../quotas';
import { demoActorOf } from '../demo-actor';
import { demoPdf, demoPng } from '../doc-review';
import { recordMovement } from '../quotas';
import type { Principal } from '../security/sessions';
import type { Actor } from '../workflow/engine';
import { creditIssuanceOf } from './issuance';
import { splitNote } from './notes';
import { fenOf } from '../../src/lib/money';
import { addDays, dayOf } from '../../src/lib/dates';

const FILES = { contract: 'f-credit-demo-contract', invoice: 'f-credit-demo-invoice' } as const;

export async function seedCreditNotesDemo(ctx: AppContext): Promise<void> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(creditNoteApplications);
  if (n > 0) return;
  const [handler, director, director2] = (await Promise.all(['op_handler', 'op_director', 'op_director2'].map((u) => demoActorOf(ctx, u)))) as unknown as Array<
    Principal | undefined
  >;
  const [product] = await ctx.db.select().from(products).where(eq(products.prdCode, 'CREDIT-HD-CMB'));
  if (!handler || !director || !director2 || !product) return;
  const account = async (unitId: string) => {
    const [row] = await ctx.db
      .select({ id: quotaAccounts.id })
      .from(quotaAccounts)
      .where(eq(quotaAccounts.unitId, unitId))
      .orderBy(grantorNameOf(quotaAccounts))
      .limit(1);
    return row?.id;
  };
  const [nj, east, group] = await Promise.all([account(DEMO_UNIT.projectDepts[1]), account(DEMO_UNIT.branches[0]), account(DEMO_UNIT.group)]);
  if (!nj || !east || !group) return;

  if (!(await ctx.files.find(FILES.contract)))
    await ctx.files.save({
      id: FILES.contract,
      content: demoPdf('Purchase contract HT-2026-0801'),
      originalName: '采购合同-HT-2026-0801.pdf',
      mimeType: 'application/pdf',
      uploaderId: handler.userId,
    });
  if (!(await ctx.files.find(FILES.invoice)))
    await ctx.files.save({
      id: FILES.invoice,
      content: await demoPng('INVOICE 2026-0801'),
      originalName: '增值税发票-0801.png',
      mimeType: 'image/png',
      uploaderId: handler.userId,
    });

  const issuance = creditIssuanceOf(ctx);
  const today = dayOf(ctx.now());
  const apply = async (level: ApplyLevel, unitId: string, quotaAccountId: string, supplier: number, amount: string, days: number, contractNo: string) =>
    issuance.apply(handler, {
      level,
      unitId,
      quotaAccountId,
      payeeCorpId: DEMO_CORP.supplier(supplier),
      amount,
      dueDate: addDays(today, days),
      productId: product.id,
      contractNo,
      contractFileIds: [FILES.contract],
      invoiceFileIds: [FILES.invoice],
    });
  /** The handler passes every file and the audit step; the director passes the review. */
  const review = async (started: { application: { id: string }; taskId: string | null; instanceId: string }) => {
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
    return started.application.id;
  };
  const issue = async (ids: string[]) => {
    const generated = await issuance.generate(handler, { applicationIds: ids });
    const core = await ctx.workflow.complete(director as Actor, {
      taskId: generated.taskId!,
      outcome: TASK_OUTCOME.PASS,
      remark: '同意',
      variables: { [FINAL_APPROVE_MODE.variable]: FINAL_APPROVE_MODE.SINGLE },
    });
    await ctx.workflow.complete(director2 as Actor, { taskId: core.task!.id, outcome: TASK_OUTCOME.PASS, remark: '同意签发' });
    return generated.batch.id;
  };

  // Issued today through the whole path: six notes of 南京 project department.
  const issuedIds = [
    await review(await apply(APPLY_LEVEL.projectDept, DEMO_UNIT.projectDepts[1], nj, 1, '286500.00', 120, 'HT-2026-0801')),
    await review(await apply(APPLY_LEVEL.projectDept, DEMO_UNIT.projectDepts[1], nj, 2, '153200.50', 90, 'HT-2026-0802')),
    await review(await apply(APPLY_LEVEL.projectDept, DEMO_UNIT.projectDepts[1], nj, 3, '98000.00', 60, 'HT-2026-0803')),
    await review(await apply(APPLY_LEVEL.projectDept, DEMO_UNIT.projectDepts[1], nj, 4, '420000.00', 180, 'HT-2026-0804')),
    await review(await apply(APPLY_LEVEL.branch, DEMO_UNIT.branches[0], east, 5, '750000.00', 150, 'HT-2026-0805')),
    await review(await apply(APPLY_LEVEL.group, DEMO_UNIT.group, group, 6, '1200000.00', 240, 'HT-2026-0806')),
  ];
  const batchId = await issue(issuedIds);
  const notes = await ctx.db.select().from(creditNotes).where(eq(creditNotes.batchId, batchId)).orderBy(creditNotes.noteNo);
  const byApplication = (id: string) => notes.find((note) => note.applicationId === id)!;
  const backdate = (id: string, issueDate: string, dueDate: string, status?: string) =>
    ctx.db
      .update(creditNotes)
      .set({ issueDate, dueDate, ...(status ? { status } : {}) })
      .where(eq(creditNotes.rootId, id));

  // Due within 30 days, overdue, redeemed (its quota recycled), financed; one split by its holder.
  await backdate(byApplication(issuedIds[1]).id, addDays(today, -70), addDays(today, 20));
  // Overdue, and financed before it fell due: the demo's asset packages show it refused (已逾期).
  await backdate(byApplication(issuedIds[2]).id, addDays(today, -120), addDays(today, -15), NOTE_STATUS.financed);
  const redeemed = byApplication(issuedIds[3]);
  await backdate(redeemed.id, addDays(today, -200), addDays(today, -20), NOTE_STATUS.redeemed);
  await ctx.db.transaction((tx) =>
    recordMovement(tx, redeemed.quotaAccountId, QUOTA_MOVEMENT.recycle, fenOf(redeemed.amount), handler.username, redeemed.noteNo),
  );
  await backdate(byApplication(issuedIds[4]).id, addDays(today, -30), addDays(today, 120), NOTE_STATUS.financed);
  // A second financed note, of another issuer, left for the second asset package to take (server/abs/demo-seed.ts).
  await backdate(byApplication(issuedIds[5]).id, addDays(today, -20), addDays(today, 220), NOTE_STATUS.financed);
  await splitNote(ctx, handler, { noteId: byApplication(issuedIds[0]).id, toCorpId: DEMO_CORP.supplier(13), amount: '86500.00' });
  // The part the supplier took is financed too: the asset packages then have notes of three issuers to pool.
  await ctx.db
    .update(creditNotes)
    .set({ status: NOTE_STATUS.financed })
    .where(and(eq(creditNotes.parentId, byApplication(issuedIds[0]).id), eq(creditNotes.holderCorpId, DEMO_CORP.supplier(13))));

  // Waiting for op_director's core review: one batch of two project-department applications.
  const pending = [
    await review(await apply(APPLY_LEVEL.projectDept, DEMO_UNIT.projectDepts[1], nj, 7, '65000.00', 100, 'HT-2026-0901')),
    await review(await apply(APPLY_LEVEL.projectDept, DEMO_UNIT.projectDepts[1], nj, 8, '132450.80', 110, 'HT-2026-0902')),
  ];
  await issuance.generate(handler, { applicationIds: pending });

  // Approved and waiting to be batched; and applications still in their document review at each level.
  await review(await apply(APPLY_LEVEL.projectDept, DEMO_UNIT.projectDepts[1], nj, 9, '48800.00', 75, 'HT-2026-1001'));
  await review(await apply(APPLY_LEVEL.branch, DEMO_UNIT.branches[0], east, 10, '215000.00', 130, 'HT-2026-1002'));
  await apply(APPLY_LEVEL.projectDept, DEMO_UNIT.projectDepts[1], nj, 11, '36000.00', 60, 'HT-2026-1101');
  await apply(APPLY_LEVEL.branch, DEMO_UNIT.branches[0], east, 12, '88000.00', 90, 'HT-2026-1102');
  await apply(APPLY_LEVEL.group, DEMO_UNIT.group, group, 1, '560000.00', 200, 'HT-2026-1103');
}
