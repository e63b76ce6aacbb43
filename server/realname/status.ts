/**
 * The real-name record follows its approval: each move of its Process_CORP_ADMIT instance sets the
 * record's status in the same transaction (server/workflow/engine.ts onTransition), so the list
 * never shows a status the workflow does not hold.
 */
import { eq, sql } from 'drizzle-orm';
import { REALNAME_PROCESS_KEY, REALNAME_STATUS, type RealnameStatus } from '../../src/lib/realname';
import { HISTORY_ACTION, INSTANCE_STATUS, TASK_OUTCOME } from '../../src/workflows/states';
import { realnameRecords } from '../db/schema';
import { businessError, validationError } from '../errors';
import { translate } from '../i18n';
import type { TransitionEvent, WorkflowEngine } from '../workflow/engine';
import { missingForSubmit } from './input';
import type { SealedRow } from './view';

/** The step each status waits at; the handler's Submit step is where a draft or a returned record sits. */
const STATUS_AT_STEP: Readonly<Record<string, RealnameStatus>> = {
  InitialReview: REALNAME_STATUS.PENDING_FIRST,
  SecondReview: REALNAME_STATUS.PENDING_SECOND,
};

export function statusAfter(event: Pick<TransitionEvent, 'to' | 'outcome'> & { instance: { status: string } }): RealnameStatus {
  if (event.to === null) return event.instance.status === INSTANCE_STATUS.APPROVED ? REALNAME_STATUS.APPROVED : REALNAME_STATUS.REJECTED;
  const waiting = STATUS_AT_STEP[event.to];
  if (waiting) return waiting;
  return event.outcome === HISTORY_ACTION.START ? REALNAME_STATUS.DRAFT : REALNAME_STATUS.REJECTED;
}

/** The record that an instance of Process_CORP_ADMIT is about; instances started for other keys touch nothing. */
export function followApprovals(workflow: WorkflowEngine): void {
  workflow.onTransition(REALNAME_PROCESS_KEY, async (event, tx) => {
    const [record] = (await tx.select().from(realnameRecords).where(eq(realnameRecords.id, event.instance.businessKey)).for('update')) as SealedRow[];
    if (!record) return;
    if (event.outcome === HISTORY_ACTION.START && record.status !== REALNAME_STATUS.DRAFT && record.status !== REALNAME_STATUS.REJECTED) {
      throw businessError('REALNAME_NOT_EDITABLE', 'server:realname.notEditable');
    }
    if (event.from === 'Submit' && event.outcome === TASK_OUTCOME.PASS) {
      const missing = missingForSubmit({
        ...record,
        idCard: record.idCardCipher,
        mobilePhone: record.mobilePhoneCipher,
        bankCard: record.bankCardCipher,
      });
      if (missing.length) throw validationError(translate('server:realname.incomplete', { fields: missing.join('、') }));
    }
    const status = statusAfter(event);
    await tx
      .update(realnameRecords)
      .set({
        status,
        instanceId: event.instance.id,
        // The remark of the last reject stays while the record is back with the handler; a new submission clears it.
        rejectRemark: event.outcome === TASK_OUTCOME.REJECT ? event.remark : status === REALNAME_STATUS.PENDING_FIRST ? null : record.rejectRemark,
        dataVersion: sql`${realnameRecords.dataVersion} + 1`,
        updateTime: new Date(),
        updateBy: event.actor.username,
      })
      .where(eq(realnameRecords.id, record.id));
  });
}
