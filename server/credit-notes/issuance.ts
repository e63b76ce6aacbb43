/**
 * Issuing credit notes (DOMAIN.md "Credit notes"): an application of a level carries its contract and
 * invoices into the document review (PROCESS_CREDIT_CERTIFICATE_CODE, started in the same
 * transaction); the review's approved end approves the application. The group batches approved
 * applications into issuance data: generating FREEZES each amount on its issuing unit's quota and
 * starts Process_CREDIT_ISSUE (submitted at once). Its approved end OCCUPIES the frozen amounts and
 * issues the notes; a reject RELEASES them. Every quota movement goes through server/quotas/ledger.ts
 * under the accounts' row locks (taken in id order, so two batches never deadlock), in the
 * transaction of the step that causes it: a refusal there undoes the completion.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { UNIT_KIND } from '../../src/lib/corporations';
import {
  APPLICATION_STATUS,
  BATCH_STATUS,
  CREDIT_DOC_PROCESS,
  CREDIT_DOC_TYPES,
  CREDIT_ISSUE_PROCESS,
  HOLD_KIND,
  NOTE_STATUS,
  noteNumber,
  type ApplyLevel,
} from '../../src/lib/credit-notes';
import { fenOf, formatMoney, toFen, yuan } from '../../src/lib/money';
import { PRODUCT_CATEGORY } from '../../src/lib/products';
import { availableOf, QUOTA_MOVEMENT } from '../../src/lib/quotas';
import { INSTANCE_STATUS } from '../../src/workflows/states';
import type { AppContext } from '../context';
import {
  corporations,
  creditNoteApplications,
  creditNoteBatchQuotas,
  creditNoteBatches,
  creditNoteHolds,
  creditNotes,
  docFiles,
  docMaterials,
  groupUnits,
  products,
  quotaAccounts,
  storedFiles,
} from '../db/schema';
import { unitColumns, unitNameById, unitNameOf } from '../corporations';
import { qualified } from '../db/qualified';
import { grantorNameOf } from '../quotas';
import type { Tx } from '../db/tx';
import { ownDocReview } from '../doc-review';
import { aboutField, businessError, validationError } from '../errors';
import { translate } from '../i18n';
import { recordOperation, type LogActor } from '../operation-log/record';
import { balancesOf, lockAccount, move } from '../quotas';
import type { Principal } from '../security/sessions';
import type { Actor, InstanceEndEvent, OwnedProcess } from '../workflow/engine';
import type { ApplyBody } from './input';
import { addDays, dayOf, daysBetween } from '../../src/lib/dates';

/**
 * An application as it is read: the issuing unit, the payee and the product by their current names
 * (an application names its parties until it is issued; the note then keeps them as issued).
 */
export const applicationColumns = {
  ...getTableColumns(creditNoteApplications),
  unitName: unitNameById(creditNoteApplications.unitId),
  payeeName: sql<string>`(select c.corp_name from corporations c where c.id = ${qualified(creditNoteApplications.payeeCorpId)})`,
  productName: sql<string>`(select p.prd_name from products p where p.id = ${qualified(creditNoteApplications.productId)})`,
};

export type ApplicationRow = typeof creditNoteApplications.$inferSelect & { unitName: string; payeeName: string; productName: string };
export type BatchRow = typeof creditNoteBatches.$inferSelect;
export type NoteRow = typeof creditNotes.$inferSelect;

export const APPLICATION_BUSINESS_TYPE = 'CREDIT_NOTE_APPLICATION';
export const BATCH_BUSINESS_TYPE = 'CREDIT_NOTE_BATCH';

const UNIT_KIND_OF_LEVEL: Readonly<Record<ApplyLevel, string>> = {
  PROJECT_DEPT: UNIT_KIND.projectDept,
  BRANCH: UNIT_KIND.branch,
  GROUP: UNIT_KIND.group,
};

const refuse = (name: string, key: string, params: Record<string, string> = {}) =>
  aboutField(validationError(translate(`creditNotes:server.${key}`, params)), name);

const instances = new WeakMap<AppContext, CreditIssuance>();

/** The app's one CreditIssuance: its end listeners must be registered once, or an approval would issue twice. */
export function creditIssuanceOf(ctx: AppContext): CreditIssuance {
  const known = instances.get(ctx);
  if (known) return known;
  const made = new CreditIssuance(ctx);
  instances.set(ctx, made);
  return made;
}

export class CreditIssuance {
  private readonly docReview: OwnedProcess;
  private readonly issue: OwnedProcess;

  constructor(private readonly ctx: AppContext) {
    this.docReview = ownDocReview(ctx, CREDIT_DOC_PROCESS);
    this.issue = ctx.workflow.own(CREDIT_ISSUE_PROCESS, 'credit-notes');
    ctx.workflow.onInstanceEnd(CREDIT_DOC_PROCESS, (event, tx) => this.reviewEnded(event, tx));
    ctx.workflow.onInstanceEnd(CREDIT_ISSUE_PROCESS, (event, tx) => this.issueEnded(event, tx));
  }

  today(): string {
    return dayOf(this.ctx.now());
  }

  /**
   * An application at its level: the issuing unit of that level, one of its quota accounts, a member
   * customer of its group as payee, an approved credit product whose amount and tenor bounds hold,
   * the contract and invoices already uploaded. Starts the document review, waiting at its AUDIT step.
   */
  apply(principal: Principal, body: ApplyBody, log?: LogActor) {
    return this.ctx.db.transaction(async (tx) => {
      const { level, dueDate, contractNo } = body;
      const [unit] = await tx.select(unitColumns).from(groupUnits).where(eq(groupUnits.id, body.unitId));
      if (!unit) throw refuse('unitId', 'unitNotFound');
      if (unit.kind !== UNIT_KIND_OF_LEVEL[level])
        throw refuse('unitId', 'unitWrongLevel', { unit: unit.unitName, level: translate(`creditNotes:level.${level}`) });
      const [account] = await tx
        .select()
        .from(quotaAccounts)
        .where(and(eq(quotaAccounts.id, body.quotaAccountId), eq(quotaAccounts.unitId, unit.id)));
      if (!account) throw refuse('quotaAccountId', 'accountNotUnits', { unit: unit.unitName });
      const { payeeCorpId } = body;
      const [payee] = await tx
        .select({ id: corporations.id, corpName: corporations.corpName })
        .from(groupUnits)
        .innerJoin(corporations, eq(corporations.id, groupUnits.corpId))
        .where(and(eq(groupUnits.groupId, unit.groupId), eq(groupUnits.kind, UNIT_KIND.member), eq(groupUnits.corpId, payeeCorpId)));
      if (!payee) throw refuse('payeeCorpId', 'payeeNotMember');
      const amount = toFen(body.amount)!;
      const [product] = await tx.select().from(products).where(eq(products.id, body.productId));
      if (!product || product.category !== PRODUCT_CATEGORY.credit) throw refuse('productId', 'productNotCredit');
      if (amount < fenOf(product.amountMin) || amount > fenOf(product.amountMax)) {
        throw refuse('amount', 'amountOutOfProduct', { min: formatMoney(product.amountMin), max: formatMoney(product.amountMax), product: product.prdName });
      }
      const today = this.today();
      const tenor = daysBetween(today, dueDate);
      if (tenor < product.tenorMinDays || tenor > product.tenorMaxDays) {
        throw refuse('dueDate', 'tenorOutOfProduct', {
          from: addDays(today, product.tenorMinDays),
          to: addDays(today, product.tenorMaxDays),
          product: product.prdName,
        });
      }
      if (amount > availableOf(balancesOf(account))) {
        throw aboutField(
          businessError('CREDIT_QUOTA_INSUFFICIENT', 'creditNotes:server.quotaShort', {
            unit: unit.unitName,
            available: formatMoney(account.available),
            amount: formatMoney(yuan(amount)),
          }),
          'amount',
        );
      }
      const remark = body.remark ?? null;
      const { contractFileIds: contractFiles, invoiceFileIds: invoiceFiles } = body;
      const files = await this.filesOf(tx, [...contractFiles, ...invoiceFiles]);

      const by = { createBy: principal.username, updateBy: principal.username };
      const [inserted] = await tx
        .insert(creditNoteApplications)
        .values({
          level,
          groupId: unit.groupId,
          unitId: unit.id,
          quotaAccountId: account.id,
          payeeCorpId: payee.id,
          amount: yuan(amount),
          dueDate,
          productId: product.id,
          contractNo,
          remark,
          ...by,
        })
        .returning();
      // The process record carries the names the task's summary shows.
      const application = { ...inserted, unitName: unit.unitName, payeeName: payee.corpName, productName: product.prdName };
      const materials = [
        { docFileType: CREDIT_DOC_TYPES.contract, ids: contractFiles },
        { docFileType: CREDIT_DOC_TYPES.invoice, ids: invoiceFiles },
      ];
      for (const [i, material] of materials.entries()) {
        const [row] = await tx
          .insert(docMaterials)
          .values({ businessKey: application.id, docFileType: material.docFileType, sortOrder: i, ...by })
          .returning();
        await tx.insert(docFiles).values(
          material.ids.map((fileId, j) => ({
            docMaterialId: row.id,
            fileId,
            fileName: files.get(fileId)!,
            extraParams: { id: `${contractNo}-${j + 1}` },
            sortOrder: j,
            ...by,
          })),
        );
      }
      const started = await this.docReview.start(principal, { businessKey: application.id, businessType: APPLICATION_BUSINESS_TYPE, record: application }, tx);
      const [stored] = await tx
        .update(creditNoteApplications)
        .set({ instanceId: started.instance.id })
        .where(eq(creditNoteApplications.id, application.id))
        .returning();
      const saved = { ...application, ...stored };
      if (log) await recordOperation(tx, log, { resource: 'credit-note-applications', recordId: application.id, action: 'CREATE', after: saved });
      return { application: saved, instanceId: started.instance.id, taskId: started.task?.id ?? null };
    });
  }

  /** The uploaded files, each existing (their names for the materials). */
  private async filesOf(tx: Tx, ids: string[]): Promise<Map<string, string>> {
    const rows = await tx.select({ id: storedFiles.id, name: storedFiles.originalName }).from(storedFiles).where(inArray(storedFiles.id, ids));
    const found = new Map(rows.map((r) => [r.id, r.name]));
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw refuse('contractFileIds', 'fileNotFound');
    return found;
  }

  /** The document review decided the application. */
  private async reviewEnded(event: InstanceEndEvent, tx: Tx): Promise<void> {
    const [application] = await tx
      .select(applicationColumns)
      .from(creditNoteApplications)
      .where(eq(creditNoteApplications.id, event.instance.businessKey))
      .for('update');
    // The demo's other document sets and any other instance are not this application's.
    if (!application || application.status !== APPLICATION_STATUS.running || application.instanceId !== event.instance.id) return;
    const status = event.status === INSTANCE_STATUS.APPROVED ? APPLICATION_STATUS.approved : APPLICATION_STATUS.rejected;
    await tx
      .update(creditNoteApplications)
      .set({ status, dataVersion: application.dataVersion + 1, updateTime: new Date(), updateBy: event.actor.username })
      .where(eq(creditNoteApplications.id, application.id));
  }

  /**
   * 签发数据生成: approved applications of one group, not yet batched, become a batch. Each issuing
   * account freezes the sum of its applications (refused 额度不足 when it no longer affords it), and
   * Process_CREDIT_ISSUE starts and is submitted at once, waiting for the core director.
   */
  generate(principal: Principal, { applicationIds }: { applicationIds: readonly string[] }, log?: LogActor) {
    return this.ctx.db.transaction(async (tx) => {
      const ids = [...new Set(applicationIds)].sort();
      const rows = await tx
        .select(applicationColumns)
        .from(creditNoteApplications)
        .where(inArray(creditNoteApplications.id, ids))
        .orderBy(asc(creditNoteApplications.id))
        .for('update');
      if (rows.length !== ids.length) throw refuse('applicationIds', 'applicationNotFound');
      const notReady = rows.find((r) => r.status !== APPLICATION_STATUS.approved || r.batchId);
      if (notReady)
        throw businessError('CREDIT_APPLICATION_NOT_APPROVED', 'creditNotes:server.applicationNotReady', {
          payee: notReady.payeeName,
          amount: formatMoney(notReady.amount),
        });
      const groupId = rows[0].groupId;
      if (rows.some((r) => r.groupId !== groupId)) throw refuse('applicationIds', 'mixedGroups');
      const [group] = await tx.select(unitColumns).from(groupUnits).where(eq(groupUnits.id, groupId));
      const total = rows.reduce((sum, r) => sum + fenOf(r.amount), 0n);
      const [{ seq }] = await tx.select({ seq: sql<string>`nextval('credit_batch_no_seq')::text` }).from(sql`(select 1) as one`);
      const batchNo = `IB${this.today().replaceAll('-', '')}${seq.padStart(4, '0')}`;
      const by = { createBy: principal.username, updateBy: principal.username };
      const [batch] = await tx
        .insert(creditNoteBatches)
        .values({ batchNo, groupId, groupName: group?.unitName ?? groupId, totalAmount: yuan(total), noteCount: rows.length, ...by })
        .returning();
      for (const [accountId, amount] of sumsByAccount(rows)) {
        const account = await lockAccount(tx, accountId);
        await move(tx, account, { movement: QUOTA_MOVEMENT.freeze, amount, actor: principal.username, processKey: CREDIT_ISSUE_PROCESS, reference: batchNo });
      }
      await tx
        .update(creditNoteApplications)
        .set({
          status: APPLICATION_STATUS.batched,
          batchId: batch.id,
          dataVersion: sql`${creditNoteApplications.dataVersion} + 1`,
          updateTime: new Date(),
          updateBy: principal.username,
        })
        .where(inArray(creditNoteApplications.id, ids));
      // The start is the submission: the engine passes the Submit step, the core director's review is open.
      const started = await this.issue.start(
        principal,
        { businessKey: batch.id, businessType: BATCH_BUSINESS_TYPE, record: { batchNo, count: String(rows.length), amount: batch.totalAmount } },
        tx,
      );
      const submitted = started;
      const [saved] = await tx.update(creditNoteBatches).set({ instanceId: started.instance.id }).where(eq(creditNoteBatches.id, batch.id)).returning();
      if (log) await recordOperation(tx, log, { resource: 'credit-note-batches', recordId: batch.id, action: 'CREATE', after: saved });
      return { batch: saved, instanceId: started.instance.id, taskId: submitted.task?.id ?? null };
    });
  }

  /** The final approval's end: issue and occupy, or release. */
  private async issueEnded(event: InstanceEndEvent, tx: Tx): Promise<void> {
    const [batch] = await tx.select().from(creditNoteBatches).where(eq(creditNoteBatches.id, event.instance.businessKey)).for('update');
    if (!batch || batch.status !== BATCH_STATUS.running || batch.instanceId !== event.instance.id) return;
    // Read with the parties' names of this moment: the notes issued below keep them as issued.
    const rows = await tx
      .select(applicationColumns)
      .from(creditNoteApplications)
      .where(eq(creditNoteApplications.batchId, batch.id))
      .orderBy(asc(creditNoteApplications.id))
      .for('update');
    const actor = event.actor;
    const approved = event.status === INSTANCE_STATUS.APPROVED;
    const figures: Array<typeof creditNoteBatchQuotas.$inferInsert> = [];
    for (const [accountId, amount] of sumsByAccount(rows)) {
      const account = await lockAccount(tx, accountId);
      const balances = balancesOf(account);
      // The unit's and the grantor's names of this moment: kept with the decision's figures below.
      const [names] = await tx
        .select({ unitName: unitNameOf(groupUnits), grantorName: grantorNameOf(quotaAccounts) })
        .from(quotaAccounts)
        .innerJoin(groupUnits, eq(groupUnits.id, quotaAccounts.unitId))
        .where(eq(quotaAccounts.id, accountId));
      const unit = names ? { name: names.unitName } : undefined;
      // What the batch froze may no longer be there (the account changed since): the approval is refused, never overdrawn.
      if (approved && balances.frozen < amount) {
        throw businessError('CREDIT_QUOTA_OVERDRAWN', 'creditNotes:server.overdrawn', {
          unit: unit?.name ?? account.unitId,
          frozen: formatMoney(account.frozen),
          amount: formatMoney(yuan(amount)),
        });
      }
      const movement = approved ? QUOTA_MOVEMENT.occupy : QUOTA_MOVEMENT.release;
      const updated = await move(tx, account, { movement, amount, actor: actor.username, processKey: CREDIT_ISSUE_PROCESS, reference: batch.batchNo });
      // The decision's figures, kept with the batch: later recycling or grants move the account, not what was decided.
      // Occupying leaves available as it was (the batch had it frozen); without the batch it was higher by the amount.
      const after = fenOf(updated.available);
      figures.push({
        batchId: batch.id,
        quotaAccountId: accountId,
        unitName: unit?.name ?? account.unitId,
        grantorName: names?.grantorName ?? account.grantorId,
        amount: yuan(amount),
        availableBefore: yuan(approved ? after + amount : after),
        availableAfter: yuan(after),
      });
    }
    if (figures.length) await tx.insert(creditNoteBatchQuotas).values(figures);
    if (approved) await this.issueNotes(tx, batch, rows, actor);
    await tx
      .update(creditNoteApplications)
      .set({
        status: approved ? APPLICATION_STATUS.issued : APPLICATION_STATUS.rejected,
        dataVersion: sql`${creditNoteApplications.dataVersion} + 1`,
        updateTime: new Date(),
        updateBy: actor.username,
      })
      .where(eq(creditNoteApplications.batchId, batch.id));
    await tx
      .update(creditNoteBatches)
      .set({
        status: approved ? BATCH_STATUS.approved : BATCH_STATUS.rejected,
        dataVersion: batch.dataVersion + 1,
        updateTime: new Date(),
        updateBy: actor.username,
      })
      .where(eq(creditNoteBatches.id, batch.id));
  }

  private async issueNotes(tx: Tx, batch: BatchRow, rows: ApplicationRow[], actor: Actor): Promise<void> {
    const issueDate = this.today();
    for (const row of rows) {
      const [{ seq }] = await tx.select({ seq: sql<string>`nextval('credit_note_no_seq')::text` }).from(sql`(select 1) as one`);
      const id = randomUUID();
      await tx.insert(creditNotes).values({
        id,
        noteNo: noteNumber(issueDate, Number(seq)),
        parentId: null,
        rootId: id,
        batchId: batch.id,
        applicationId: row.id,
        groupId: row.groupId,
        issuerUnitId: row.unitId,
        issuerName: row.unitName,
        quotaAccountId: row.quotaAccountId,
        holderCorpId: row.payeeCorpId,
        holderName: row.payeeName,
        amount: row.amount,
        issueDate,
        dueDate: row.dueDate,
        productName: row.productName,
        status: NOTE_STATUS.issued,
        createBy: actor.username,
        updateBy: actor.username,
      });
      await tx.insert(creditNoteHolds).values({
        noteId: id,
        kind: HOLD_KIND.issue,
        fromCorpId: null,
        fromName: row.unitName,
        toCorpId: row.payeeCorpId,
        toName: row.payeeName,
        amount: row.amount,
        createBy: actor.username,
      });
    }
  }
}

/** Fen per quota account, in account-id order (the order the locks are taken in). */
export function sumsByAccount(rows: ReadonlyArray<Pick<ApplicationRow, 'quotaAccountId' | 'amount'>>): Array<[string, bigint]> {
  const sums = new Map<string, bigint>();
  for (const row of rows) sums.set(row.quotaAccountId, (sums.get(row.quotaAccountId) ?? 0n) + fenOf(row.amount));
  return [...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
