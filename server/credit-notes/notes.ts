/**
 * Credit notes once issued: the list (overdue computed from the due date), a note with its chain of
 * holders and its split tree, and a split recorded as the holder's transfer of part of a note to its
 * own supplier. A split locks the note (FOR UPDATE), so of two simultaneous splits of one note exactly
 * one finds it still 已签发; its two children sum exactly to it (whole fen here, the deferred trigger
 * credit_notes_split_conserved in the database).
 */
import { randomUUID } from 'node:crypto';
import { and, arrayContains, asc, eq, gte, ilike, inArray, lt, lte, notInArray, type SQL } from 'drizzle-orm';
import { CORP_TYPE } from '../../src/lib/corporations';
import { HOLD_KIND, NOTE_STATUS, OUTSTANDING_STATUSES, effectiveStatus, splitAmounts } from '../../src/lib/credit-notes';
import { formatMoney, toFen } from '../../src/lib/money';
import type { AppContext } from '../context';
import { escapeLike } from '../crud/query';
import { boundedMatchCount, boundedTotal, keptRowCount } from '../crud/row-counts';
import { corporations, creditNoteHolds, creditNotes } from '../db/schema';
import { aboutField, businessError, notFoundError, validationError } from '../errors';
import { translate } from '../i18n';
import { recordOperation, type LogActor } from '../operation-log/record';
import type { Principal } from '../security/sessions';
// The one named exception to the server's area boundary: redemption's face registers its demo seed, which
// issues notes through credit notes' face, so importing that face here would close a circle at load.
// eslint-disable-next-line no-restricted-imports
import { claimedNotes } from '../redemption/payments';
import type { NotesQuery, SplitBody } from './input';
import type { NoteRow } from './issuance';
import { dayOf } from '../../src/lib/dates';

const refuse = (name: string, key: string, params: Record<string, string> = {}) =>
  aboutField(validationError(translate(`creditNotes:server.${key}`, params)), name);

export interface NoteView extends NoteRow {
  /** The status shown: OVERDUE for an outstanding note past its due date. */
  displayStatus: string;
}

export const viewOf = (row: NoteRow, today: string): NoteView => ({ ...row, displayStatus: effectiveStatus(row.status, row.dueDate, today) });

export async function listNotes(
  ctx: AppContext,
  { pageNum, pageSize, noteNo, issuerName: issuer, holderName: holder, holderCorpId, status, dueFrom, dueTo }: NotesQuery,
) {
  const today = dayOf(ctx.now());
  const conditions: SQL[] = [];
  if (noteNo) conditions.push(ilike(creditNotes.noteNo, `%${escapeLike(noteNo)}%`));
  if (issuer) conditions.push(ilike(creditNotes.issuerName, `%${escapeLike(issuer)}%`));
  if (holder) conditions.push(ilike(creditNotes.holderName, `%${escapeLike(holder)}%`));
  if (holderCorpId) conditions.push(eq(creditNotes.holderCorpId, holderCorpId));
  if (status === NOTE_STATUS.overdue) conditions.push(inArray(creditNotes.status, [...OUTSTANDING_STATUSES]), lt(creditNotes.dueDate, today));
  else if (status) {
    conditions.push(eq(creditNotes.status, status));
    // 已签发 and 已融资 mean still within the due date; past it they are 已逾期.
    if (OUTSTANDING_STATUSES.includes(status)) conditions.push(gte(creditNotes.dueDate, today));
  }
  if (dueFrom) conditions.push(gte(creditNotes.dueDate, dueFrom));
  if (dueTo) conditions.push(lte(creditNotes.dueDate, dueTo));
  const where = conditions.length ? and(...conditions) : undefined;
  const offset = (pageNum - 1) * pageSize;
  const rows = await ctx.db.select().from(creditNotes).where(where).orderBy(asc(creditNotes.dueDate), asc(creditNotes.noteNo)).limit(pageSize).offset(offset);
  // Unfiltered: the count the database keeps (1,000,000 notes are not counted on each page); filtered: counted up to the bound.
  const kept = where ? null : await keptRowCount(ctx.db, creditNotes);
  const totals = kept !== null ? { total: kept } : boundedTotal(await boundedMatchCount(ctx.db, creditNotes, where), offset + rows.length);
  return { records: rows.map((r) => viewOf(r, today)), pageNum, pageSize, ...totals };
}

/**
 * A note, the chain of holders that led to it (its ancestors' holds, then its own, then, once it was
 * split, the holds of its two parts: where it went) and its whole split tree.
 */
export async function noteDetail(ctx: AppContext, id: string) {
  const today = dayOf(ctx.now());
  const [note] = await ctx.db.select().from(creditNotes).where(eq(creditNotes.id, id));
  if (!note) throw notFoundError(translate('creditNotes:server.noteNotFound'));
  const tree = await ctx.db.select().from(creditNotes).where(eq(creditNotes.rootId, note.rootId)).orderBy(asc(creditNotes.createTime), asc(creditNotes.noteNo));
  const byId = new Map(tree.map((n) => [n.id, n]));
  const lineage: string[] = [];
  for (let at: NoteRow | undefined = note; at; at = at.parentId ? byId.get(at.parentId) : undefined) lineage.unshift(at.id);
  // A split note's own chain would end before its split (issue 37): its parts' holds say what became of it.
  const parts = tree.filter((n) => n.parentId === note.id).map((n) => n.id);
  const holds = await ctx.db
    .select()
    .from(creditNoteHolds)
    .where(inArray(creditNoteHolds.noteId, [...lineage, ...parts]))
    .orderBy(asc(creditNoteHolds.createTime), asc(creditNoteHolds.id));
  const chain = [...lineage, ...parts].flatMap((noteId) => holds.filter((h) => h.noteId === noteId).map((h) => ({ ...h, noteNo: byId.get(noteId)!.noteNo })));
  return { note: viewOf(note, today), chain, tree: tree.map((n) => viewOf(n, today)) };
}

/**
 * 拆分转让: the holder transfers `amount` of an issued, not overdue note to a supplier; the note
 * becomes 已拆分 and two notes replace it (the part, the remainder kept), same issuer and due date.
 */
export async function splitNote(ctx: AppContext, principal: Principal, { noteId, toCorpId, amount }: SplitBody, log?: LogActor) {
  const part = toFen(amount)!;
  const today = dayOf(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const [note] = await tx.select().from(creditNotes).where(eq(creditNotes.id, noteId)).for('update');
    if (!note) throw notFoundError(translate('creditNotes:server.noteNotFound'));
    if (note.status !== NOTE_STATUS.issued)
      throw businessError('CREDIT_NOTE_NOT_SPLITTABLE', 'creditNotes:server.notSplittable', {
        noteNo: note.noteNo,
        status: translate(`creditNotes:status.${note.status}`),
      });
    if (note.dueDate < today)
      throw businessError('CREDIT_NOTE_NOT_SPLITTABLE', 'creditNotes:server.notSplittable', {
        noteNo: note.noteNo,
        status: translate('creditNotes:status.OVERDUE'),
      });
    // A payment waiting for audit or a registration in approval names this note and its amount: split,
    // the note would close under it, and the audit would redeem a note that no longer stands. The lock
    // above orders this against a payment being recorded (it locks the same row).
    if ((await claimedNotes(tx, [note.id])).size) throw businessError('CREDIT_NOTE_NOT_SPLITTABLE', 'creditNotes:server.splitClaimed', { noteNo: note.noteNo });
    const amounts = splitAmounts(note.amount, part);
    if (!amounts) throw refuse('amount', 'splitAmount', { amount: formatMoney(note.amount) });
    const [to] = await tx
      .select({ id: corporations.id, corpName: corporations.corpName })
      .from(corporations)
      .where(and(eq(corporations.id, toCorpId), arrayContains(corporations.corpTypes, [CORP_TYPE.supplier])));
    if (!to) throw refuse('toCorpId', 'notSupplier');
    if (to.id === note.holderCorpId) throw refuse('toCorpId', 'sameHolder');
    const by = { createBy: principal.username, updateBy: principal.username };
    await tx
      .update(creditNotes)
      .set({ status: NOTE_STATUS.split, dataVersion: note.dataVersion + 1, updateTime: new Date(), updateBy: principal.username })
      .where(eq(creditNotes.id, note.id));
    const base = {
      parentId: note.id,
      rootId: note.rootId,
      batchId: note.batchId,
      applicationId: note.applicationId,
      groupId: note.groupId,
      issuerUnitId: note.issuerUnitId,
      issuerName: note.issuerName,
      quotaAccountId: note.quotaAccountId,
      issueDate: note.issueDate,
      dueDate: note.dueDate,
      productName: note.productName,
      status: NOTE_STATUS.issued,
      ...by,
    };
    const children = [
      { id: randomUUID(), noteNo: `${note.noteNo}-1`, holderCorpId: to.id, holderName: to.corpName, amount: amounts.part, kind: HOLD_KIND.split },
      {
        id: randomUUID(),
        noteNo: `${note.noteNo}-2`,
        holderCorpId: note.holderCorpId,
        holderName: note.holderName,
        amount: amounts.rest,
        kind: HOLD_KIND.keep,
      },
    ];
    // A split of a split numbers on: CN...-1-2; the unique number refuses a replay.
    await tx.insert(creditNotes).values(children.map(({ kind: _kind, ...c }) => ({ ...base, ...c })));
    await tx.insert(creditNoteHolds).values(
      children.map((c) => ({
        noteId: c.id,
        kind: c.kind,
        fromCorpId: note.holderCorpId,
        fromName: note.holderName,
        toCorpId: c.holderCorpId,
        toName: c.holderName,
        amount: c.amount,
        createBy: principal.username,
      })),
    );
    if (log)
      await recordOperation(tx, log, {
        resource: 'credit-notes',
        recordId: note.id,
        action: 'SPLIT',
        before: { status: note.status, amount: note.amount },
        after: children.map((c) => ({ noteNo: c.noteNo, amount: c.amount, holder: c.holderName })),
      });
    const rows = await tx
      .select()
      .from(creditNotes)
      .where(
        inArray(
          creditNotes.id,
          children.map((c) => c.id),
        ),
      )
      .orderBy(asc(creditNotes.noteNo));
    return { parent: note.noteNo, children: rows.map((r) => viewOf(r, today)) };
  });
}

/** Suppliers a note may be split to (every supplier but the holder). */
export async function supplierOptions(ctx: AppContext, exceptCorpId?: string) {
  const rows = await ctx.db
    .select({ id: corporations.id, corpName: corporations.corpName })
    .from(corporations)
    .where(and(arrayContains(corporations.corpTypes, [CORP_TYPE.supplier]), exceptCorpId ? notInArray(corporations.id, [exceptCorpId]) : undefined))
    .orderBy(asc(corporations.corpName));
  return rows;
}
