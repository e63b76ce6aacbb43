/**
 * Securitisation in the living demo (DOMAIN.md "A living demo"), seeded once after the credit notes:
 * 2026 年第一期 — the package whose materials the seeded Process_ABS_CERTIFICATE_CODE review already
 * reads (its businessKey is the package's id) — locked, with its first issue nodes dated; a second
 * package still being built, whose candidates show an eligible note and a refused one; and registrations with the registry stand-in: the first package's
 * transfer, and a pledge of one note filed eleven months ago, so it shows as expiring within 30 days.
 * Notes join a package only when the programme's rules admit them, as through the screen.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { expiryOf, FINANCED_STATUS, noteRefusal, PACKAGE_STATUS, packageRefusal, type PoolNote } from '../../src/lib/abs';
import { addDays, dayOf } from '../../src/lib/dates';
import { toFen } from '../../src/lib/money';
import type { AppContext } from '../context';
import { DEMO_CORP } from '../corporations';
import {
  absIssueNodes,
  absPackageNotes,
  absPackages,
  corporations,
  creditNotes,
  workflowInstances,
  zdRegistrationHistory,
  zdRegistrationNotes,
  zdRegistrations,
} from '../db/schema';
import { demoActorOf } from '../demo-actor';
import { standInRegistry } from '../zd-registry';
import { ABS_MATERIAL_PROCESS, rulesOf } from './packages';

/** The seeded ABS review's businessKey (server/db/seed-data/doc-reviews.ts): the first package's id. */
export const DEMO_PACKAGE_ID = 'DOC-ABS-2026-001';

export async function seedAbsDemo(ctx: AppContext): Promise<boolean> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(absPackages);
  if (n > 0) return false;
  const actor = await demoActorOf(ctx, 'op_handler');
  if (!actor) return false;
  const financed: Array<PoolNote & { noteNo: string }> = await ctx.db
    .select({
      id: creditNotes.id,
      noteNo: creditNotes.noteNo,
      amount: creditNotes.amount,
      dueDate: creditNotes.dueDate,
      status: creditNotes.status,
      debtorId: creditNotes.issuerUnitId,
      debtorName: creditNotes.issuerName,
    })
    .from(creditNotes)
    .where(eq(creditNotes.status, FINANCED_STATUS))
    .orderBy(asc(creditNotes.dueDate), asc(creditNotes.noteNo));
  if (financed.length === 0) return false;
  const today = dayOf(ctx.now());
  const by = { createBy: actor.username, updateBy: actor.username };
  // Certificates go to the file service once the rows are committed, as the registration calls do.
  const certificates: Array<{ fileId: string; content: Buffer; name: string }> = [];

  await ctx.db.transaction(async (tx) => {
    // Numbered from the same sequence as packages made on the screen, so a new one never collides.
    const packageNo = async () =>
      `ABS${today.slice(0, 4)}${(await tx.select({ seq: sql<string>`nextval('abs_package_no_seq')::text` }).from(sql`(select 1) as one`))[0].seq.padStart(4, '0')}`;
    const [first] = await tx
      .insert(absPackages)
      .values({
        id: DEMO_PACKAGE_ID,
        packageNo: await packageNo(),
        packageName: '2026 年第一期供应链应收账款资产支持专项计划',
        programme: '中建华东供应链 ABS 储架计划',
        minTenorDays: 0,
        maxTenorDays: 720,
        maxDebtorShare: '0.8000',
        targetSize: '50000000.00',
        ...by,
      })
      .returning();
    await tx.insert(absPackages).values({
      packageNo: await packageNo(),
      packageName: '2026 年第二期供应链应收账款资产支持专项计划',
      programme: '中建华东供应链 ABS 储架计划',
      minTenorDays: 30,
      maxTenorDays: 360,
      maxDebtorShare: '0.5000',
      targetSize: '30000000.00',
      ...by,
    });
    // The first package is built as the rules allow on the screen: from the notes its rules admit, the
    // largest first, until the pool holds under its cap (one note alone is one debtor at 100%), so it
    // is locked within its rules; the rest stay candidates of the second, still being built, which shows
    // an eligible note and a refused one (an overdue financed note). No pool that holds: left being built.
    const admitted = financed
      .filter((note) => !noteRefusal(note, rulesOf(first), today, first.id))
      .sort((a, b) => Number((toFen(b.amount) ?? 0n) - (toFen(a.amount) ?? 0n)));
    const pool: Array<PoolNote & { noteNo: string }> = [];
    for (const note of admitted) {
      pool.push(note);
      if (!packageRefusal(pool, rulesOf(first), today, first.id)) break;
    }
    const holds = pool.length > 0 && !packageRefusal(pool, rulesOf(first), today, first.id);
    if (!holds) pool.length = 0;
    pool.sort((a, b) => a.noteNo.localeCompare(b.noteNo));
    if (pool.length) await tx.insert(absPackageNotes).values(pool.map((note) => ({ packageId: first.id, noteId: note.id, createBy: actor.username })));
    if (pool.length) {
      const [review] = await tx
        .select({ id: workflowInstances.id })
        .from(workflowInstances)
        .where(and(eq(workflowInstances.businessKey, DEMO_PACKAGE_ID), eq(workflowInstances.processKey, ABS_MATERIAL_PROCESS)));
      await tx
        .update(absPackages)
        .set({ status: PACKAGE_STATUS.locked, materialInstanceId: review?.id ?? null })
        .where(eq(absPackages.id, first.id));
    }
    await tx.insert(absIssueNodes).values([
      { packageId: first.id, node: 'PROJECT', nodeDate: addDays(today, -60), remark: '计划管理人立项', ...by },
      { packageId: first.id, node: 'ACCEPTED', nodeDate: addDays(today, -21), remark: '上海证券交易所受理', ...by },
    ]);

    const parties = await tx.select({ id: corporations.id, name: corporations.corpName }).from(corporations);
    const nameOf = (id: string) => parties.find((p) => p.id === id)?.name;
    const registry = standInRegistry(tx, () => new Date(ctx.now()));
    const file = async (filing: Parameters<typeof registry.register>[0], packageId: string | null, noteIds: string[]) => {
      const answer = await registry.register(filing);
      if (!answer.accepted) return;
      const fileId = randomUUID();
      const [row] = await tx
        .insert(zdRegistrations)
        .values({
          registrationNo: answer.registrationNo,
          registrationType: filing.registrationType,
          transferorId: filing.transferor.id,
          transferorName: filing.transferor.name,
          transfereeId: filing.transferee.id,
          transfereeName: filing.transferee.name,
          subjectKind: filing.subject.kind,
          packageId,
          amount: filing.amount,
          periodYears: filing.periodYears,
          startDate: filing.startDate,
          expireDate: filing.expireDate,
          description: filing.description,
          certificateFileId: fileId,
          ...by,
        })
        .returning();
      await tx.insert(zdRegistrationNotes).values(noteIds.map((noteId) => ({ registrationId: row.id, noteId })));
      await tx.insert(zdRegistrationHistory).values({
        registrationId: row.id,
        action: 'REGISTER',
        before: null,
        after: { ...filing },
        receiptNo: answer.receiptNo,
        certificateFileId: fileId,
        createBy: actor.username,
      });
      certificates.push({ fileId, content: answer.certificate, name: `登记证明-${answer.registrationNo}-初始登记.pdf` });
    };
    const factoring = nameOf(DEMO_CORP.factoring);
    const group = nameOf(DEMO_CORP.group);
    if (pool.length && factoring && group) {
      const amount = pool.reduce((s, note) => s + (toFen(note.amount) ?? 0n), 0n);
      await file(
        {
          registrationType: 'TRANSFER',
          transferor: { id: DEMO_CORP.factoring, name: factoring },
          transferee: { id: DEMO_CORP.group, name: group },
          subject: { kind: 'PACKAGE', packageNo: first.packageNo, noteNos: pool.map((note) => note.noteNo) },
          amount: `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`,
          periodYears: 3,
          startDate: today,
          expireDate: expiryOf(today, 3),
          description: `${first.packageName}项下应收账款转让`,
        },
        first.id,
        pool.map((note) => note.id),
      );
    }
    // The pledge covers an issued note outside any package (a supplier's receivable pledged to a bank).
    const [pledged] = await tx
      .select({ id: creditNotes.id, noteNo: creditNotes.noteNo, amount: creditNotes.amount })
      .from(creditNotes)
      .where(eq(creditNotes.status, 'ISSUED'))
      .orderBy(asc(creditNotes.dueDate), asc(creditNotes.noteNo))
      .limit(1);
    const bank = nameOf(DEMO_CORP.banks[0]);
    if (pledged && factoring && bank) {
      const start = addDays(today, -340);
      await file(
        {
          registrationType: 'PLEDGE',
          transferor: { id: DEMO_CORP.factoring, name: factoring },
          transferee: { id: DEMO_CORP.banks[0], name: bank },
          subject: { kind: 'NOTES', noteNos: [pledged.noteNo] },
          amount: pledged.amount,
          periodYears: 1,
          startDate: start,
          expireDate: expiryOf(start, 1),
          description: `白条 ${pledged.noteNo} 项下应收账款质押`,
        },
        null,
        [pledged.id],
      );
    }
  });
  for (const c of certificates)
    await ctx.files.save({ id: c.fileId, content: c.content, originalName: c.name, mimeType: 'application/pdf', uploaderId: actor.userId });
  return true;
}
