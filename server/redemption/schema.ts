/**
 * Redemption and recycling (src/lib/redemption.ts): payments into the settlement account with the
 * notes each settles, and registrations of notes paid outside the platform. A payment's bank serial
 * number is unique (one bank transfer is recorded once); its status moves once, under its row lock.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { amountColumn as amount, idColumn as id, recordColumns as record } from '../db/columns';
import { creditNotes } from '../credit-notes/schema';
import { groupUnits } from '../corporations/schema';

export const creditPayments = pgTable(
  'credit_payments',
  {
    id: id(),
    /**
     * The issuing unit that pays, a reference (issue 37): named by the tree's current name wherever the
     * payment is shown. A payment is a bank transfer recorded for audit, not a document issued to a
     * party, so nothing of the payer's name is kept as it was (README "References and snapshots").
     */
    payerUnitId: text('payer_unit_id')
      .notNull()
      .references(() => groupUnits.id, { onDelete: 'restrict' }),
    amount: amount('amount'),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    bankSerialNo: text('bank_serial_no').notNull(),
    remark: text('remark'),
    /** PENDING, APPROVED or REJECTED (src/lib/redemption.ts PAYMENT_STATUS). */
    status: text('status').notNull().default('PENDING'),
    auditOpinion: text('audit_opinion'),
    auditBy: text('audit_by'),
    auditorName: text('auditor_name'),
    auditTime: timestamp('audit_time', { withTimezone: true }),
    ...record(),
  },
  (t) => [
    uniqueIndex('credit_payments_serial_uq').on(t.bankSerialNo),
    index('credit_payments_status_idx').on(t.status, t.createTime),
    check('credit_payments_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** The notes a payment settles, each with its amount when matched. */
export const creditPaymentNotes = pgTable(
  'credit_payment_notes',
  {
    id: id(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => creditPayments.id, { onDelete: 'cascade' }),
    noteId: text('note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'restrict' }),
    amount: amount('amount'),
  },
  (t) => [uniqueIndex('credit_payment_notes_uq').on(t.paymentId, t.noteId), index('credit_payment_notes_note_idx').on(t.noteId)],
);

/** A note paid outside the platform, registered with its evidence; applied when its approval ends approved. */
export const creditRedeemRegistrations = pgTable(
  'credit_redeem_registrations',
  {
    id: id(),
    noteId: text('note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'restrict' }),
    noteNo: text('note_no').notNull(),
    amount: amount('amount'),
    paidDate: date('paid_date', { mode: 'string' }).notNull(),
    evidenceFileId: text('evidence_file_id').notNull(),
    evidenceName: text('evidence_name').notNull(),
    remark: text('remark'),
    /** RUNNING, APPROVED or REJECTED, as its Process_CREDIT_REDEEM_REGISTER_BIZ instance. */
    status: text('status').notNull().default('RUNNING'),
    instanceId: text('instance_id'),
    ...record(),
  },
  (t) => [
    index('credit_redeem_registrations_status_idx').on(t.status, t.createTime),
    // One registration in its approval per note at a time.
    uniqueIndex('credit_redeem_registrations_running_uq')
      .on(t.noteId)
      .where(sql`${t.status} = 'RUNNING'`),
  ],
);
