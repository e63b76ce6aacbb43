/**
 * Corporations, their bank accounts and verifications, and the group tree's units.
 * Every table is re-exported by server/db/schema.ts, which drizzle-kit and the server read.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, recordColumns } from '../db/columns';
import { realnameRecords } from '../realname/schema';

/**
 * Corporations (DOMAIN.md "The parties"): codes of src/lib/corporations.ts. Sensitive values
 * (legalPersonIdCard, managerMobile, and a bank account's accountNo) are sealed at rest by the kit's
 * `sensitive` fields (server/sensitive), never stored in the clear. The real-name status is the linked
 * real-name admission's, read through realnameRecordId, not copied.
 */
export const corporations = pgTable(
  'corporations',
  {
    id: idColumn(),
    corpName: text('corp_name').notNull(),
    creditCode: text('credit_code').notNull().unique(),
    corpTypes: text('corp_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    legalPersonName: text('legal_person_name'),
    legalPersonIdCard: text('legal_person_id_card'),
    managerName: text('manager_name'),
    managerMobile: text('manager_mobile'),
    registeredAddress: text('registered_address'),
    realnameRecordId: text('realname_record_id').references(() => realnameRecords.id, { onDelete: 'set null' }),
    admissionStatus: text('admission_status').notNull().default('NOT_APPLIED'),
    ...recordColumns(),
  },
  (t) => [
    index('corporations_name_idx').on(t.corpName),
    index('corporations_order_idx').on(t.createTime),
    // A name contained in a corporation's name (the group tree's search, the list's name filter), among 100,000 corporations.
    index('corporations_name_trgm_idx')
      .using('gin', sql`${t.corpName} gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
  ],
);

export const corpBankAccounts = pgTable(
  'corp_bank_accounts',
  {
    id: idColumn(),
    corpId: text('corp_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    branchName: text('branch_name'),
    accountName: text('account_name').notNull(),
    accountNo: text('account_no').notNull(),
    usage: text('usage').notNull().default('GENERAL'),
    ...recordColumns(),
  },
  (t) => [index('corp_bank_accounts_corp_idx').on(t.corpId, t.createTime)],
);

/**
 * One verification attempt of a corporation (identity, company, bank account, address) and its state.
 * A bank-account verification holds the micro payment (numeric yuan) and the wrong confirmations so far.
 */
export const corpVerifications = pgTable(
  'corp_verifications',
  {
    id: idColumn(),
    corpId: text('corp_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    bankAccountId: text('bank_account_id').references(() => corpBankAccounts.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    paidAmount: numeric('paid_amount', { precision: 4, scale: 2 }),
    attempts: integer('attempts').notNull().default(0),
    failReason: text('fail_reason'),
    ...recordColumns(),
  },
  (t) => [index('corp_verifications_corp_idx').on(t.corpId, t.kind, t.createTime)],
);

/**
 * The group tree (企业集团树): a group's units under it and the suppliers attached to it as member
 * customers. `groupId` is the root of the unit's tree (a group's own id), so a move cannot leave it.
 * A unit stands either for a corporation (`corpId`: its name is the corporation's current one, read by
 * join through server/corporations/unit-name.ts, never copied, so a renaming shows at once) or for a
 * part of the group with no corporation of its own (`ownName`); the check holds exactly one of them.
 */
export const groupUnits = pgTable(
  'group_units',
  {
    id: idColumn(),
    groupId: text('group_id').notNull(),
    parentId: text('parent_id'),
    kind: text('kind').notNull(),
    ownName: text('unit_name'),
    corpId: text('corp_id').references(() => corporations.id, { onDelete: 'restrict' }),
    sortOrder: integer('sort_order').notNull().default(0),
    ...recordColumns(),
  },
  (t) => [
    index('group_units_parent_idx').on(t.parentId, t.sortOrder),
    uniqueIndex('group_units_group_corp_uq').on(t.groupId, t.corpId),
    // The tree's search by name (issue 42): the units of the corporations whose name matches, and own names containing the keyword.
    index('group_units_corp_idx').on(t.corpId),
    index('group_units_name_trgm_idx')
      .using('gin', sql`${t.ownName} gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
    check('group_units_name_ck', sql`(${t.corpId} IS NULL) <> (${t.ownName} IS NULL)`),
  ],
);
