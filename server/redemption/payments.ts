/**
 * Payments into the settlement account and their audit (付款审核, src/lib/redemption.ts). Recording a
 * payment locks the notes it names (FOR UPDATE, in id order) and checks, with the shared rules, that
 * each is still redeemable, issued by the payer, not already in a payment waiting for audit, and that
 * their amounts sum exactly to the payment. The audit locks the payment row: of two simultaneous
 * audits exactly one finds it 待审核, the other is refused. A pass marks the notes 已兑付 and recycles
 * each note's amount on its quota account through the ledger (server/quotas/ledger.ts), all in one
 * transaction; a reject changes nothing but the payment. The auditor is never the payment's recorder.
 */
import { and, asc, desc, eq, getTableColumns, inArray, ne, type SQL } from 'drizzle-orm';
import { NOTE_STATUS, OUTSTANDING_STATUSES } from '../../src/lib/credit-notes';
import { fenOf, formatMoney, toFen, yuan } from '../../src/lib/money';
import { QUOTA_MOVEMENT } from '../../src/lib/quotas';
import { AUDIT_OUTCOME, PAYMENT_STATUS, PAYMENT_STATUSES, REGISTRATION_STATUS, matchRefusal, type MatchRefusal } from '../../src/lib/redemption';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import type { AppContext } from '../context';
import { creditNotes, creditPaymentNotes, creditPayments, creditRedeemRegistrations, groupUnits } from '../db/schema';
import { keptStatusCounts } from '../crud/row-counts';
import { unitNameById, unitNameOf } from '../corporations';
import type { Tx } from '../db/tx';
import { aboutField, businessError, notFoundError, validationError } from '../errors';
import { translate } from '../i18n';
import { recordChange, type Writer } from '../operation-log/record';
import { lockAccount, move } from '../quotas';
import { withRecorderNames } from '../staff';
import type { z } from 'zod';
import type { AddPaymentBody, AuditBody, paymentsPageBody } from './input';
import { dayOf } from '../../src/lib/dates';

/** A payment as answered: the payer named as the group tree names it now (a reference, never a copy). */
const paymentColumns = { ...getTableColumns(creditPayments), payerName: unitNameById(creditPayments.payerUnitId) };
type NoteRow = typeof creditNotes.$inferSelect;

export const PAYMENT_LOG = 'credit-payments';
export const NOTE_LOG = 'credit-notes';

export const refuse = (name: string, key: string, params: Record<string, string> = {}) =>
  aboutField(validationError(translate(`redemption:server.${key}`, params)), name);

/** The notes a payment or registration may not take: those in a payment waiting for audit or a registration in its approval. */
export async function claimedNotes(tx: Tx, noteIds: readonly string[], exceptPaymentId?: string): Promise<Set<string>> {
  if (noteIds.length === 0) return new Set();
  const paid = await tx
    .select({ noteId: creditPaymentNotes.noteId })
    .from(creditPaymentNotes)
    .innerJoin(creditPayments, eq(creditPayments.id, creditPaymentNotes.paymentId))
    .where(
      and(
        inArray(creditPaymentNotes.noteId, [...noteIds]),
        eq(creditPayments.status, PAYMENT_STATUS.pending),
        exceptPaymentId ? ne(creditPayments.id, exceptPaymentId) : undefined,
      ),
    );
  const registered = await tx
    .select({ noteId: creditRedeemRegistrations.noteId })
    .from(creditRedeemRegistrations)
    .where(and(inArray(creditRedeemRegistrations.noteId, [...noteIds]), eq(creditRedeemRegistrations.status, REGISTRATION_STATUS.running)));
  return new Set([...paid, ...registered].map((r) => r.noteId));
}

const notRedeemable = (note: NoteRow) =>
  businessError('CREDIT_NOTE_NOT_REDEEMABLE', 'redemption:server.notRedeemable', {
    noteNo: note.noteNo,
    status: translate(`creditNotes:status.${note.status}`),
  });

/** A refused match as its answer (each code with its one message, as the error catalogue reads them). */
function matchError(refusal: MatchRefusal, payerName: string) {
  const { params } = refusal;
  switch (refusal.key) {
    case 'noNotes':
      return businessError('CREDIT_PAYMENT_NO_NOTES', 'redemption:server.noNotes');
    case 'tooManyNotes':
      return businessError('CREDIT_PAYMENT_TOO_MANY_NOTES', 'redemption:server.tooManyNotes', params);
    case 'notRedeemable':
      return businessError('CREDIT_PAYMENT_NOT_REDEEMABLE', 'redemption:server.notRedeemable', {
        noteNo: params.noteNo,
        status: translate(`creditNotes:status.${params.status}`),
      });
    case 'otherIssuer':
      return businessError('CREDIT_PAYMENT_OTHER_ISSUER', 'redemption:server.otherIssuer', { noteNo: params.noteNo, payer: payerName });
    case 'amountMismatch':
      return businessError('CREDIT_PAYMENT_AMOUNT_MISMATCH', 'redemption:server.amountMismatch', {
        paid: formatMoney(yuan(BigInt(params.paid))),
        matched: formatMoney(yuan(BigInt(params.matched))),
      });
  }
}

/**
 * Redeems locked notes: each becomes 已兑付 and its amount returns to its quota account (recycle),
 * the accounts locked in id order. Refused, writing nothing, when one is no longer outstanding.
 */
export async function redeemNotes(tx: Tx, notes: readonly NoteRow[], actor: Writer, reference: string, processKey: string | null): Promise<void> {
  const closed = notes.find((n) => !OUTSTANDING_STATUSES.includes(n.status));
  if (closed) throw notRedeemable(closed);
  for (const note of notes) {
    await tx
      .update(creditNotes)
      .set({ status: NOTE_STATUS.redeemed, dataVersion: note.dataVersion + 1, updateTime: new Date(), updateBy: actor.username })
      .where(eq(creditNotes.id, note.id));
    await recordChange(tx, actor, {
      resource: NOTE_LOG,
      recordId: note.id,
      action: OPERATION_ACTION.update,
      before: { status: note.status },
      after: { status: NOTE_STATUS.redeemed },
    });
  }
  const byAccount = new Map<string, NoteRow[]>();
  for (const note of notes) byAccount.set(note.quotaAccountId, [...(byAccount.get(note.quotaAccountId) ?? []), note]);
  for (const accountId of [...byAccount.keys()].sort()) {
    let account = await lockAccount(tx, accountId);
    // One ledger row per note: the ledger names the note it recycled.
    for (const note of byAccount.get(accountId)!) {
      account = await move(tx, account, {
        movement: QUOTA_MOVEMENT.recycle,
        amount: fenOf(note.amount),
        actor: actor.username,
        processKey,
        reference: note.noteNo,
        remark: reference,
      });
    }
  }
}

/** Locks notes in id order. */
export const lockNotes = (tx: Tx, ids: readonly string[]) =>
  tx
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.id, [...ids]))
    .orderBy(asc(creditNotes.id))
    .for('update');

export function paymentsOf(ctx: AppContext) {
  /** The issuing units that have notes still to redeem (the payers a payment may name). */
  const payers = async () =>
    ctx.db
      .selectDistinct({ id: groupUnits.id, unitName: unitNameOf(groupUnits) })
      .from(creditNotes)
      .innerJoin(groupUnits, eq(groupUnits.id, creditNotes.issuerUnitId))
      .where(inArray(creditNotes.status, [...OUTSTANDING_STATUSES]))
      .orderBy(asc(unitNameOf(groupUnits)));

  /** The payer's outstanding notes that no pending payment or running registration has taken. */
  const matchable = async (issuerUnitId?: string) => {
    const conditions: SQL[] = [inArray(creditNotes.status, [...OUTSTANDING_STATUSES])];
    if (issuerUnitId) conditions.push(eq(creditNotes.issuerUnitId, issuerUnitId));
    const rows = await ctx.db
      .select()
      .from(creditNotes)
      .where(and(...conditions))
      .orderBy(asc(creditNotes.dueDate), asc(creditNotes.noteNo))
      .limit(500);
    const claimed = await ctx.db.transaction((tx) =>
      claimedNotes(
        tx,
        rows.map((r) => r.id),
      ),
    );
    const today = dayOf(ctx.now());
    return rows.filter((r) => !claimed.has(r.id)).map((r) => ({ ...r, overdue: r.dueDate < today }));
  };

  const page = async ({ pageNum, pageSize, status }: z.infer<typeof paymentsPageBody>) => {
    const where = status ? eq(creditPayments.status, status) : undefined;
    // The page and the tabs' counts on two pooled connections at once, and the total read off the counts rather than
    // counted again: under month end's load each round trip waits its turn, and this list was four of them in a row.
    // The tabs' counts are the ones the database keeps by status (row-counts.ts): a group-by over every payment grew with
    // the year (32,000 payments, 8.7 ms p50 at the full year on PostgreSQL against 1.7 at 10%, issue 42).
    const [records, counts] = await Promise.all([
      ctx.db
        .select(paymentColumns)
        .from(creditPayments)
        .where(where)
        .orderBy(desc(creditPayments.createTime), asc(creditPayments.id))
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize),
      keptStatusCounts(ctx.db, creditPayments, PAYMENT_STATUSES),
    ]);
    const total = Object.entries(counts).reduce((sum, [s, n]) => (!status || s === status ? sum + n : sum), 0);
    return { records: await withRecorderNames(ctx.db, records), total, pageNum, pageSize, counts };
  };

  const find = async (id: string) => {
    const [payment] = await ctx.db.select(paymentColumns).from(creditPayments).where(eq(creditPayments.id, id));
    if (!payment) throw notFoundError(translate('redemption:server.paymentNotFound'));
    const notes = await ctx.db
      .select({
        id: creditNotes.id,
        noteNo: creditNotes.noteNo,
        issuerName: creditNotes.issuerName,
        holderName: creditNotes.holderName,
        dueDate: creditNotes.dueDate,
        status: creditNotes.status,
        amount: creditPaymentNotes.amount,
      })
      .from(creditPaymentNotes)
      .innerJoin(creditNotes, eq(creditNotes.id, creditPaymentNotes.noteId))
      .where(eq(creditPaymentNotes.paymentId, id))
      .orderBy(asc(creditNotes.noteNo));
    const [named] = await withRecorderNames(ctx.db, [payment]);
    return { payment: named, notes };
  };

  /** 登记付款: a payment by an issuing unit, matched to its outstanding notes whose amounts sum exactly to it. */
  const add = (principal: Writer, body: AddPaymentBody) =>
    ctx.db.transaction(async (tx) => {
      const [payer] = await tx
        .select({ id: groupUnits.id, unitName: unitNameOf(groupUnits) })
        .from(groupUnits)
        .where(eq(groupUnits.id, body.payerUnitId));
      if (!payer) throw refuse('payerUnitId', 'payerNotFound');
      const amount = toFen(body.amount)!;
      const { valueDate, bankSerialNo: serial } = body;
      if (valueDate > dayOf(ctx.now())) throw refuse('valueDate', 'valueDateFuture');
      const remark = body.remark ?? null;
      const ids = [...body.noteIds].sort();
      const notes = await lockNotes(tx, ids);
      if (notes.length !== ids.length) throw refuse('noteIds', 'noteNotFound');
      const refusal = matchRefusal(amount, payer.id, notes);
      if (refusal) throw aboutField(matchError(refusal, payer.unitName), refusal.key === 'amountMismatch' ? 'amount' : 'noteIds');
      const claimed = await claimedNotes(tx, ids);
      const taken = notes.find((n) => claimed.has(n.id));
      if (taken) throw aboutField(businessError('CREDIT_NOTE_CLAIMED', 'redemption:server.noteClaimed', { noteNo: taken.noteNo }), 'noteIds');
      const [dup] = await tx.select({ id: creditPayments.id }).from(creditPayments).where(eq(creditPayments.bankSerialNo, serial));
      if (dup) throw refuse('bankSerialNo', 'serialTaken', { serial });
      const [payment] = await tx
        .insert(creditPayments)
        .values({
          payerUnitId: payer.id,
          amount: yuan(amount),
          valueDate,
          bankSerialNo: serial,
          remark,
          createBy: principal.username,
          updateBy: principal.username,
        })
        .onConflictDoNothing({ target: creditPayments.bankSerialNo })
        .returning();
      // A simultaneous record of the same bank transfer won the unique serial.
      if (!payment) throw refuse('bankSerialNo', 'serialTaken', { serial });
      await tx.insert(creditPaymentNotes).values(notes.map((n) => ({ paymentId: payment.id, noteId: n.id, amount: n.amount })));
      await recordChange(tx, principal, {
        resource: PAYMENT_LOG,
        recordId: payment.id,
        action: OPERATION_ACTION.create,
        after: { ...payment, notes: notes.map((n) => n.noteNo).join(',') },
      });
      return payment;
    });

  /**
   * 付款审核: PASS redeems the matched notes and recycles their quota; REJECT leaves them as they
   * were. The payment is locked first; a second audit finds it decided and is refused.
   */
  const audit = (principal: Writer, { id, outcome, opinion }: AuditBody) =>
    ctx.db.transaction(async (tx) => {
      if (outcome === AUDIT_OUTCOME.reject && !opinion) throw refuse('opinion', 'opinionRequired');
      const [payment] = await tx.select().from(creditPayments).where(eq(creditPayments.id, id)).for('update');
      if (!payment) throw notFoundError(translate('redemption:server.paymentNotFound'));
      if (payment.status !== PAYMENT_STATUS.pending) {
        throw businessError('CREDIT_PAYMENT_AUDITED', 'redemption:server.alreadyAudited', {
          serial: payment.bankSerialNo,
          status: translate(`redemption:paymentStatus.${payment.status}`),
        });
      }
      if (payment.createBy === principal.username) throw businessError('CREDIT_PAYMENT_FOUR_EYES', 'redemption:server.fourEyes');
      // The payment's decision and its log line are written first and the notes redeemed last: the redemption ends by locking the
      // notes' quota accounts (a recycle each), rows every audit of the issuer's payments and every issuance from it wait for, so
      // they are held for the movements and the commit alone. A refusal there rolls the decision back with the rest.
      const [saved] = await tx
        .update(creditPayments)
        .set({
          status: outcome === AUDIT_OUTCOME.pass ? PAYMENT_STATUS.approved : PAYMENT_STATUS.rejected,
          auditOpinion: opinion ?? null,
          auditBy: principal.username,
          auditorName: principal.personName ?? principal.username,
          auditTime: new Date(),
          dataVersion: payment.dataVersion + 1,
          updateTime: new Date(),
          updateBy: principal.username,
        })
        .where(eq(creditPayments.id, payment.id))
        .returning();
      await recordChange(tx, principal, { resource: PAYMENT_LOG, recordId: payment.id, action: OPERATION_ACTION.update, before: payment, after: saved });
      if (outcome === AUDIT_OUTCOME.pass) {
        const links = await tx.select().from(creditPaymentNotes).where(eq(creditPaymentNotes.paymentId, payment.id));
        const notes = await lockNotes(
          tx,
          links.map((l) => l.noteId),
        );
        // The notes' amounts cannot have changed (a split closes a note instead), but the sum is checked again: money moves here.
        const refusal = matchRefusal(fenOf(payment.amount), payment.payerUnitId, notes);
        if (refusal?.key === 'notRedeemable') throw notRedeemable(notes.find((n) => n.noteNo === refusal.params.noteNo)!);
        if (refusal)
          throw businessError('CREDIT_PAYMENT_MISMATCH', 'redemption:server.amountMismatch', {
            paid: formatMoney(payment.amount),
            matched: formatMoney(yuan(notes.reduce((s, n) => s + fenOf(n.amount), 0n))),
          });
        await redeemNotes(tx, notes, principal, payment.bankSerialNo, null);
      }
      return saved;
    });

  return { payers, matchable, page, find, add, audit };
}
