/**
 * Credit notes (DOMAIN.md "Credit notes", src/lib/credit-notes.ts): the applications of the three
 * levels, the issuance data (batches) the group makes of approved ones, the notes the final approval
 * issues, and every change of holder (issue, transfer, split). Amounts are `numeric(18,2)`; a split
 * note's children sum to it exactly (checked by the service under the parent's row lock and by the
 * deferred trigger of the credit_notes_guards migration).
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgSequence, pgTable, primaryKey, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { amountColumn as amount, createdAt as time, idColumn as id, recordColumns as record } from '../db/columns';
import { corporations, groupUnits } from '../corporations/schema';
import { products } from '../products/schema';
import { quotaAccounts } from '../quotas/schema';

/** The daily sequence of note numbers (CN + date + six digits). */
export const creditNoteNoSeq = pgSequence('credit_note_no_seq', { startWith: 1, increment: 1 });
export const creditBatchNoSeq = pgSequence('credit_batch_no_seq', { startWith: 1, increment: 1 });

export const creditNoteApplications = pgTable(
  'credit_note_applications',
  {
    id: id(),
    /** PROJECT_DEPT, BRANCH or GROUP (src/lib/credit-notes.ts APPLY_LEVEL). */
    level: text('level').notNull(),
    groupId: text('group_id').notNull(),
    /**
     * The issuing unit, its quota account, the payee (a member customer of the group) and the product,
     * by reference: until issued an application names them as they are called now (server/credit-notes
     * applicationColumns); the note issued keeps the names of that moment.
     */
    unitId: text('unit_id')
      .notNull()
      .references(() => groupUnits.id, { onDelete: 'restrict' }),
    quotaAccountId: text('quota_account_id')
      .notNull()
      .references(() => quotaAccounts.id, { onDelete: 'restrict' }),
    payeeCorpId: text('payee_corp_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'restrict' }),
    amount: amount('amount'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The product (products.id), keyed like the unit, account and payee (issue 37). */
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    contractNo: text('contract_no').notNull(),
    remark: text('remark'),
    /** RUNNING, APPROVED, BATCHED, ISSUED or REJECTED. */
    status: text('status').notNull().default('RUNNING'),
    /** The document review (PROCESS_CREDIT_CERTIFICATE_CODE); its businessKey is this id. */
    instanceId: text('instance_id'),
    batchId: text('batch_id'),
    ...record(),
  },
  (t) => [
    index('credit_note_applications_level_idx').on(t.level, t.status, t.createTime),
    index('credit_note_applications_batch_idx').on(t.batchId),
    check('credit_note_applications_amount_ck', sql`${t.amount} > 0`),
  ],
);

export const creditNoteBatches = pgTable(
  'credit_note_batches',
  {
    id: id(),
    batchNo: text('batch_no').notNull().unique(),
    groupId: text('group_id').notNull(),
    groupName: text('group_name').notNull(),
    totalAmount: amount('total_amount'),
    noteCount: integer('note_count').notNull(),
    /** RUNNING, APPROVED or REJECTED, as its Process_CREDIT_ISSUE instance. */
    status: text('status').notNull().default('RUNNING'),
    instanceId: text('instance_id'),
    ...record(),
  },
  (t) => [index('credit_note_batches_status_idx').on(t.status, t.createTime)],
);

/**
 * What the final approval decided, per issuing account, as it stood at that moment: the amount the
 * batch held, the account's available quota without it (签发前可用) and after the decision (签发后可用;
 * the same figure for a rejected batch, whose hold went back). Written once, when the instance ends,
 * so a decided batch shows what its approver saw, not today's balance after later recycling. The unit
 * and grantor names are copied for the same reason. A batch of an earlier release gets rows computed
 * once from its ledger movements (migration credit_note_batch_figures); one whose movements are not
 * there has none, and its page says the figures were not kept.
 */
export const creditNoteBatchQuotas = pgTable(
  'credit_note_batch_quotas',
  {
    batchId: text('batch_id')
      .notNull()
      .references(() => creditNoteBatches.id, { onDelete: 'cascade' }),
    quotaAccountId: text('quota_account_id').notNull(),
    unitName: text('unit_name').notNull(),
    grantorName: text('grantor_name').notNull(),
    amount: amount('amount'),
    availableBefore: numeric('available_before', { precision: 18, scale: 2 }).notNull(),
    availableAfter: numeric('available_after', { precision: 18, scale: 2 }).notNull(),
    decidedAt: time('decided_at'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.quotaAccountId] }), check('credit_note_batch_quotas_amount_ck', sql`${t.amount} > 0`)],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    noteNo: text('note_no').notNull().unique(),
    /** The note it was split from; null for one issued. */
    parentId: text('parent_id').references((): AnyPgColumn => creditNotes.id, { onDelete: 'restrict' }),
    /** The issued note at the top of its split tree (itself for one issued). */
    rootId: text('root_id').notNull(),
    batchId: text('batch_id'),
    applicationId: text('application_id'),
    groupId: text('group_id').notNull(),
    issuerUnitId: text('issuer_unit_id').notNull(),
    issuerName: text('issuer_name').notNull(),
    quotaAccountId: text('quota_account_id').notNull(),
    holderCorpId: text('holder_corp_id').notNull(),
    holderName: text('holder_name').notNull(),
    amount: amount('amount'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    productName: text('product_name').notNull(),
    /** ISSUED, SPLIT, FINANCED or REDEEMED (overdue is computed). */
    status: text('status').notNull(),
    ...record(),
  },
  (t) => [
    index('credit_notes_holder_status_due_idx').on(t.holderCorpId, t.status, t.dueDate),
    index('credit_notes_status_due_idx').on(t.status, t.dueDate),
    // The unfiltered list's order (due date, then number): its first and deep pages walk this index, not every note (tests/server/scale-plans.test.ts).
    index('credit_notes_due_no_idx').on(t.dueDate, t.noteNo),
    // A number's part typed in the list's 票据编号 filter (contains, as every name filter): among 1,000,000 notes it finds the
    // few that hold it, where the status and due date indexes walked every note of the status (tests/server/scale-plans.test.ts).
    index('credit_notes_note_no_trgm_idx')
      .using('gin', sql`${t.noteNo} gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
    index('credit_notes_root_idx').on(t.rootId),
    index('credit_notes_parent_idx').on(t.parentId),
    index('credit_notes_batch_idx').on(t.batchId),
    check('credit_notes_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** Every change of a note's holder, in order: the chain of holders. */
export const creditNoteHolds = pgTable(
  'credit_note_holds',
  {
    id: id(),
    noteId: text('note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    /** ISSUE, TRANSFER, SPLIT or KEEP (the remainder the splitting holder keeps). */
    kind: text('kind').notNull(),
    fromCorpId: text('from_corp_id'),
    fromName: text('from_name'),
    toCorpId: text('to_corp_id').notNull(),
    toName: text('to_name').notNull(),
    amount: amount('amount'),
    createTime: time('create_time'),
    createBy: text('create_by'),
  },
  (t) => [index('credit_note_holds_note_idx').on(t.noteId, t.createTime)],
);
