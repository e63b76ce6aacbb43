/**
 * 兑付登记: a note paid outside the platform, registered with the payment evidence (a file of the
 * file service) and approved through Process_CREDIT_REDEEM_REGISTER_BIZ (Register by the handler,
 * Approve by a director), which this module owns. Nothing changes until the approval ends approved:
 * then, under the registration's and the note's row locks, the note becomes 已兑付 and its quota is
 * recycled through the ledger, once (the listener applies only while the registration still runs
 * with that instance). A rejected or withdrawn end changes nothing but the registration.
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { hasPermission } from '../../src/lib/access';
import { OUTSTANDING_STATUSES, effectiveStatus } from '../../src/lib/credit-notes';
import { PERMISSIONS } from '../../src/features/redemption/permissions';
import { REDEEM_REGISTER_PROCESS, REGISTRATION_STATUS } from '../../src/lib/redemption';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { INSTANCE_STATUS } from '../../src/workflows/states';
import type { AppContext } from '../context';
import { creditNotes, creditRedeemRegistrations, storedFiles } from '../db/schema';
import type { Tx } from '../db/tx';
import { aboutField, businessError, notFoundError, protocolError } from '../errors';
import { translate } from '../i18n';
import { recordChange } from '../operation-log/record';
import type { Principal } from '../security/sessions';
import type { InstanceEndEvent, InstanceRow, OwnedProcess } from '../workflow/engine';
import type { z } from 'zod';
import { parseWithSchema } from '../input/fields';
import { reviseBody, type RegisterBody, type registrationsPageBody } from './input';
import { claimedNotes, lockNotes, redeemNotes, refuse } from './payments';
import { withRecorderNames } from '../staff';
import { dayOf } from '../../src/lib/dates';

export const REGISTRATION_BUSINESS_TYPE = 'CREDIT_REDEEM_REGISTRATION';
const LOG = 'credit-redeem-registrations';

const instances = new WeakMap<AppContext, Registrations>();

/** The app's one Registrations: its end listener must be registered once, or an approval would recycle twice. */
export function registrationsOf(ctx: AppContext): Registrations {
  const known = instances.get(ctx);
  if (known) return known;
  const made = new Registrations(ctx);
  instances.set(ctx, made);
  return made;
}

export class Registrations {
  private readonly process: OwnedProcess;

  constructor(private readonly ctx: AppContext) {
    this.process = ctx.workflow.own(REDEEM_REGISTER_PROCESS, 'redemption');
    ctx.workflow.onInstanceEnd(REDEEM_REGISTER_PROCESS, (event, tx) => this.ended(event, tx));
    this.process.revise((tx, principal, { instance, body }) => this.revise(tx, principal, instance, body));
  }

  async page({ pageNum, pageSize, status }: z.infer<typeof registrationsPageBody>) {
    const where = status ? eq(creditRedeemRegistrations.status, status) : undefined;
    const [{ total }] = await this.ctx.db.select({ total: count() }).from(creditRedeemRegistrations).where(where);
    const records = await this.ctx.db
      .select()
      .from(creditRedeemRegistrations)
      .where(where)
      .orderBy(desc(creditRedeemRegistrations.createTime), asc(creditRedeemRegistrations.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { records: await withRecorderNames(this.ctx.db, records), total, pageNum, pageSize };
  }

  /** A registration with its note as it is now (the task view of its approval). */
  async find(id: string) {
    const [registration] = await this.ctx.db.select().from(creditRedeemRegistrations).where(eq(creditRedeemRegistrations.id, id));
    if (!registration) throw notFoundError(translate('redemption:server.registrationNotFound'));
    const [note] = await this.ctx.db.select().from(creditNotes).where(eq(creditNotes.id, registration.noteId));
    return { registration, note: { ...note, displayStatus: effectiveStatus(note.status, note.dueDate, dayOf(this.ctx.now())) } };
  }

  /** Registers an outstanding note as paid, with its evidence, and submits it to the director at once. */
  register(principal: Principal, { noteId, paidDate, evidenceFileId, remark }: RegisterBody) {
    return this.ctx.db.transaction(async (tx) => {
      if (paidDate > dayOf(this.ctx.now())) throw refuse('paidDate', 'valueDateFuture');
      const [note] = await lockNotes(tx, [noteId]);
      if (!note) throw refuse('noteId', 'noteNotFound');
      if (!OUTSTANDING_STATUSES.includes(note.status)) {
        throw aboutField(
          businessError('CREDIT_NOTE_NOT_REDEEMABLE', 'redemption:server.notRedeemable', {
            noteNo: note.noteNo,
            status: translate(`creditNotes:status.${note.status}`),
          }),
          'noteId',
        );
      }
      if ((await claimedNotes(tx, [note.id])).size)
        throw aboutField(businessError('CREDIT_NOTE_CLAIMED', 'redemption:server.noteClaimed', { noteNo: note.noteNo }), 'noteId');
      const [file] = await tx.select({ id: storedFiles.id, name: storedFiles.originalName }).from(storedFiles).where(eq(storedFiles.id, evidenceFileId));
      if (!file) throw refuse('evidenceFileId', 'fileNotFound');
      const [row] = await tx
        .insert(creditRedeemRegistrations)
        .values({
          noteId: note.id,
          noteNo: note.noteNo,
          amount: note.amount,
          paidDate,
          evidenceFileId: file.id,
          evidenceName: file.name,
          remark: remark ?? null,
          createBy: principal.username,
          updateBy: principal.username,
        })
        .returning();
      const record = { noteNo: note.noteNo, issuerName: note.issuerName, amount: note.amount, paidDate, fileName: file.name };
      // The start is the submission: the engine passes the Register step, the director's review is open.
      const started = await this.process.start(principal, { businessKey: row.id, businessType: REGISTRATION_BUSINESS_TYPE, record }, tx);
      const submitted = started;
      const [saved] = await tx
        .update(creditRedeemRegistrations)
        .set({ instanceId: started.instance.id })
        .where(eq(creditRedeemRegistrations.id, row.id))
        .returning();
      await recordChange(tx, principal, { resource: LOG, recordId: row.id, action: OPERATION_ACTION.create, after: saved });
      return { registration: saved, instanceId: started.instance.id, taskId: submitted.task?.id ?? null };
    });
  }

  /**
   * 重新提交 of a returned registration: the date paid, the evidence and the remark replace what it
   * said, checked as at registration (a date not in the future, a stored file, the note still
   * outstanding); the note stays (another note is another registration). The version read must still
   * be the registration's. Nothing reaches the note before the approval.
   */
  private async revise(tx: Tx, principal: Principal, instance: InstanceRow, body: unknown) {
    const [row] = await tx
      .select()
      .from(creditRedeemRegistrations)
      .where(and(eq(creditRedeemRegistrations.id, instance.businessKey), eq(creditRedeemRegistrations.instanceId, instance.id)))
      .for('update');
    if (!row || row.status !== REGISTRATION_STATUS.running) throw notFoundError(translate('redemption:server.registrationNotFound'));
    if (!hasPermission(principal.permissions, PERMISSIONS.redemption.register)) throw protocolError('FORBIDDEN');
    // The workflow's resubmit hands the body on as sent: it is checked here, after the permission as a route's
    // guard checks it, with the same refusals as a route's.
    const { dataVersion: version, paidDate, evidenceFileId, remark = null } = parseWithSchema(reviseBody, body);
    if (row.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
    if (paidDate > dayOf(this.ctx.now())) throw refuse('paidDate', 'valueDateFuture');
    const [note] = await lockNotes(tx, [row.noteId]);
    if (!note || !OUTSTANDING_STATUSES.includes(note.status)) {
      throw aboutField(
        businessError('CREDIT_NOTE_NOT_REDEEMABLE', 'redemption:server.notRedeemable', {
          noteNo: row.noteNo,
          status: note ? translate(`creditNotes:status.${note.status}`) : '',
        }),
        'noteId',
      );
    }
    const [file] = await tx.select({ id: storedFiles.id, name: storedFiles.originalName }).from(storedFiles).where(eq(storedFiles.id, evidenceFileId));
    if (!file) throw refuse('evidenceFileId', 'fileNotFound');
    const [saved] = await tx
      .update(creditRedeemRegistrations)
      .set({
        paidDate,
        evidenceFileId: file.id,
        evidenceName: file.name,
        remark,
        dataVersion: row.dataVersion + 1,
        updateTime: new Date(),
        updateBy: principal.username,
      })
      .where(eq(creditRedeemRegistrations.id, row.id))
      .returning();
    await recordChange(tx, principal, { resource: LOG, recordId: row.id, action: OPERATION_ACTION.propose, before: row, after: saved });
    const record = { noteNo: note.noteNo, issuerName: note.issuerName, amount: note.amount, paidDate, fileName: file.name };
    return { record, view: { registration: saved, instanceId: instance.id } };
  }

  /** The approval's end: approved redeems the note and recycles its quota; any other end changes nothing else. */
  private async ended(event: InstanceEndEvent, tx: Tx): Promise<void> {
    const [row] = await tx
      .select()
      .from(creditRedeemRegistrations)
      .where(and(eq(creditRedeemRegistrations.id, event.instance.businessKey), eq(creditRedeemRegistrations.instanceId, event.instance.id)))
      .for('update');
    if (!row || row.status !== REGISTRATION_STATUS.running) return;
    const approved = event.status === INSTANCE_STATUS.APPROVED;
    const actor = event.actor;
    if (approved) await redeemNotes(tx, await lockNotes(tx, [row.noteId]), actor, row.noteNo, REDEEM_REGISTER_PROCESS);
    const [saved] = await tx
      .update(creditRedeemRegistrations)
      .set({
        status: approved ? REGISTRATION_STATUS.approved : REGISTRATION_STATUS.rejected,
        dataVersion: row.dataVersion + 1,
        updateTime: new Date(),
        updateBy: actor.username,
      })
      .where(eq(creditRedeemRegistrations.id, row.id))
      .returning();
    await recordChange(tx, actor, { resource: LOG, recordId: row.id, action: OPERATION_ACTION.update, before: row, after: saved });
  }
}
