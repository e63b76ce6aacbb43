/**
 * Securitisation (src/lib/abs.ts): asset packages and the notes pooled in them, the programme's issue
 * nodes, and the central registry's registrations with their history. A note is in one package at
 * most: abs_package_notes.note_id is unique, so the database holds the rule whatever the code does.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, pgSequence, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { amountColumn as amount, createdAt as time, idColumn as id, recordColumns as record } from '../db/columns';
import { creditNotes } from '../credit-notes/schema';

export const absPackages = pgTable(
  'abs_packages',
  {
    id: id(),
    packageNo: text('package_no').notNull().unique(),
    packageName: text('package_name').notNull(),
    programme: text('programme').notNull(),
    minTenorDays: integer('min_tenor_days').notNull(),
    maxTenorDays: integer('max_tenor_days').notNull(),
    /** The largest share of the pool one debtor may hold, 0 < share ≤ 1. */
    maxDebtorShare: numeric('max_debtor_share', { precision: 5, scale: 4 }).notNull(),
    targetSize: amount('target_size'),
    /** BUILDING, LOCKED, ISSUED, SETTLED (src/lib/abs.ts PACKAGE_STATUS). */
    status: text('status').notNull().default('BUILDING'),
    /** The materials' review (Process_ABS_CERTIFICATE_CODE); its businessKey is this package's id. */
    materialInstanceId: text('material_instance_id'),
    ...record(),
  },
  (t) => [
    index('abs_packages_status_idx').on(t.status, t.createTime),
    // The packages list's own order (newest first, then id): its first and deep pages walk this index (issue 42).
    index('abs_packages_order_idx').on(t.createTime.desc().nullsFirst(), t.id),
    check('abs_packages_tenor_ck', sql`${t.minTenorDays} >= 0 AND ${t.maxTenorDays} >= ${t.minTenorDays}`),
    check('abs_packages_share_ck', sql`${t.maxDebtorShare} > 0 AND ${t.maxDebtorShare} <= 1`),
    check('abs_packages_target_ck', sql`${t.targetSize} > 0`),
  ],
);

export const absPackageNotes = pgTable(
  'abs_package_notes',
  {
    packageId: text('package_id')
      .notNull()
      .references(() => absPackages.id, { onDelete: 'restrict' }),
    noteId: text('note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'restrict' }),
    createTime: time('create_time'),
    createBy: text('create_by'),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.noteId] }), unique('abs_package_notes_note_uq').on(t.noteId)],
);

export const absIssueNodes = pgTable(
  'abs_issue_nodes',
  {
    id: id(),
    packageId: text('package_id')
      .notNull()
      .references(() => absPackages.id, { onDelete: 'restrict' }),
    /** PROJECT … REDEEMED (src/lib/abs.ts ISSUE_NODES). */
    node: text('node').notNull(),
    nodeDate: date('node_date', { mode: 'string' }).notNull(),
    remark: text('remark'),
    /** Files of the file service ([{ fileId, fileName }]). */
    documents: jsonb('documents').$type<Array<{ fileId: string; fileName: string }>>().notNull().default([]),
    ...record(),
  },
  (t) => [unique('abs_issue_nodes_package_node_uq').on(t.packageId, t.node)],
);

export const zdRegistrations = pgTable(
  'zd_registrations',
  {
    id: id(),
    /** The registry's number, given when it accepts the registration. */
    registrationNo: text('registration_no').notNull().unique(),
    /** TRANSFER or PLEDGE. */
    registrationType: text('registration_type').notNull(),
    transferorId: text('transferor_id').notNull(),
    transferorName: text('transferor_name').notNull(),
    transfereeId: text('transferee_id').notNull(),
    transfereeName: text('transferee_name').notNull(),
    /** NOTES or PACKAGE; a package's registration covers the package's notes. */
    subjectKind: text('subject_kind').notNull(),
    packageId: text('package_id').references(() => absPackages.id, { onDelete: 'restrict' }),
    amount: amount('amount'),
    periodYears: integer('period_years').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    expireDate: date('expire_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    /** REGISTERED or CANCELLED. */
    status: text('status').notNull().default('REGISTERED'),
    /** The certificate PDF in the file service, remade at each change. */
    certificateFileId: text('certificate_file_id'),
    ...record(),
  },
  (t) => [
    index('zd_registrations_status_expire_idx').on(t.status, t.expireDate),
    check('zd_registrations_period_ck', sql`${t.periodYears} BETWEEN 1 AND 30`),
    check('zd_registrations_amount_ck', sql`${t.amount} > 0`),
  ],
);

export const zdRegistrationNotes = pgTable(
  'zd_registration_notes',
  {
    registrationId: text('registration_id')
      .notNull()
      .references(() => zdRegistrations.id, { onDelete: 'restrict' }),
    noteId: text('note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.noteId] }), index('zd_registration_notes_note_idx').on(t.noteId)],
);

/** Every act on a registration, in order: what the registry was asked and what it answered. */
export const zdRegistrationHistory = pgTable(
  'zd_registration_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    registrationId: text('registration_id')
      .notNull()
      .references(() => zdRegistrations.id, { onDelete: 'restrict' }),
    /** REGISTER, AMEND, EXTEND, CANCEL. */
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    /** The registry's receipt for this act. */
    receiptNo: text('receipt_no').notNull(),
    /** The certificate the registry gave for this act (the registration row names the newest). */
    certificateFileId: text('certificate_file_id'),
    remark: text('remark'),
    createTime: time('create_time'),
    createBy: text('create_by'),
  },
  (t) => [index('zd_registration_history_reg_idx').on(t.registrationId, t.id)],
);

/** The stand-in registry's numbering (server/zd-registry/stand-in.ts): a real registry numbers its own. */
export const zdRegistryNoSeq = pgSequence('zd_registry_no_seq', { startWith: 1, increment: 1 });
/** Package numbers: ABS + year + a four-digit sequence. */
export const absPackageNoSeq = pgSequence('abs_package_no_seq', { startWith: 1, increment: 1 });
