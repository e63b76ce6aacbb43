/**
 * Financing (DOMAIN.md "Financing", src/lib/financing.ts): a supplier's application for financing
 * qualification with a core enterprise and a product, and its materials with a review verdict each.
 * The supplier, the core enterprise and the product are references (foreign keys; the product by its
 * code, which never changes once created): their names, and the product's finance institution, are
 * read by join (server/financing/applications.ts applicationColumns), so a renaming shows at once.
 * The module checks the parties' types and membership when written.
 */
import { sql } from 'drizzle-orm';
import { check, index, numeric, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn as id, recordColumns as record } from '../db/columns';
import { corporations } from '../corporations/schema';
import { products } from '../products/schema';

/** The application number's last four digits: two applications in one second never draw the same. */
export const financingApplicationNoSeq = pgSequence('financing_application_no_seq', { startWith: 1, increment: 1 });

export const financingApplications = pgTable(
  'financing_applications',
  {
    id: id(),
    /** FA + yyyyMMdd + 6 digits, unique. */
    applicationNo: text('application_no').notNull().unique(),
    supplierCorpId: text('supplier_corp_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'restrict' }),
    coreCorpId: text('core_corp_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'restrict' }),
    prdCode: text('prd_code')
      .notNull()
      .references(() => products.prdCode, { onDelete: 'restrict' }),
    /** The financing amount applied for, yuan. */
    amount: numeric('amount', { precision: 16, scale: 2 }),
    contactName: text('contact_name'),
    contactMobile: text('contact_mobile'),
    /** The supplier's bank account financing is paid into (corp_bank_accounts.id). */
    settlementAccountId: text('settlement_account_id'),
    remark: text('remark'),
    /** src/lib/financing.ts FINANCING_STATUS. */
    status: text('status').notNull().default('DRAFT'),
    instanceId: text('instance_id'),
    /** When the internal review ended approved: the qualification is in effect from then. */
    qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: text('signed_by'),
    ...record(),
  },
  (t) => [
    // One open application per supplier, core enterprise and product: a second start is refused.
    uniqueIndex('financing_applications_open_uq')
      .on(t.supplierCorpId, t.coreCorpId, t.prdCode)
      .where(sql`${t.status} IN ('DRAFT', 'REVIEWING', 'RETURNED', 'APPROVED')`),
    index('financing_applications_supplier_idx').on(t.supplierCorpId, t.createTime),
    index('financing_applications_order_idx').on(t.createTime),
    check('financing_applications_amount_ck', sql`${t.amount} IS NULL OR ${t.amount} > 0`),
  ],
);

export const financingMaterials = pgTable(
  'financing_materials',
  {
    id: id(),
    applicationId: text('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'cascade' }),
    /** BASIC_INFO, BUSI_CONTRACT, INVOICE or OTHER. */
    kind: text('kind').notNull(),
    /** stored_files.id, uploaded through the file service. */
    fileId: text('file_id').notNull(),
    fileName: text('file_name').notNull(),
    /** PASS, NOPASS or WAIT; a new file, and every file of a resubmission, waits. */
    verdict: text('verdict').notNull().default('WAIT'),
    remark: text('remark'),
    reviewerId: text('reviewer_id'),
    reviewerName: text('reviewer_name'),
    reviewTime: timestamp('review_time', { withTimezone: true }),
    ...record(),
  },
  (t) => [
    index('financing_materials_application_idx').on(t.applicationId, t.kind, t.createTime),
    uniqueIndex('financing_materials_file_uq').on(t.applicationId, t.fileId),
  ],
);
