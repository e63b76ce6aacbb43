/**
 * The products area (DOMAIN.md "Credit products"): the standard library's template versions,
 * products, agreements and price policies. Products, agreements and policies are approvable
 * resources: a row exists once its process ended approved (the proposal waits in approval_changes).
 */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn as id, recordColumns as record } from '../db/columns';
import { corporations } from '../corporations/schema';

/**
 * The parties and products were once named by copied text; they are referenced by id now (issue 37).
 * The text columns they were copied into stay where the migration read them (`legacy…`, read by no
 * code, the value as it was on the day of the upgrade; a later release drops them), except an
 * agreement's parties, which are kept on purpose: the names as signed (DOMAIN.md).
 */

/**
 * One version of an agreement template: a new version is a new row (templateCode + version unique);
 * once APPROVED its text never changes (the routes refuse it), so agreements can cite it for good.
 */
export const agreementTemplates = pgTable(
  'agreement_templates',
  {
    id: id(),
    templateCode: text('template_code').notNull(),
    templateName: text('template_name').notNull(),
    version: integer('version').notNull(),
    /** Sanitised HTML (the shared content policy), with {{placeholders}}. */
    content: text('content').notNull(),
    changeNote: text('change_note'),
    /** Dictionary std_template_status: DRAFT, APPROVED. */
    status: text('status').notNull().default('DRAFT'),
    approveTime: timestamp('approve_time', { withTimezone: true }),
    /** What names a version where it is chosen (an agreement's template picker): CODE@version and the name, kept by the database. */
    refLabel: text('ref_label').generatedAlwaysAs(sql`template_code || '@' || version::text || ' ' || template_name`),
    ...record(),
  },
  (t) => [uniqueIndex('agreement_templates_code_version_uq').on(t.templateCode, t.version)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    prdCode: text('prd_code').notNull().unique(),
    prdName: text('prd_name').notNull(),
    prdShortName: text('prd_short_name').notNull(),
    /** CREDIT or RF (src/lib/products.ts), with the offer type fixing the approving process. */
    category: text('category').notNull(),
    offerType: text('offer_type').notNull(),
    /** The finance institution offering it (CORP_TYPE finance), when the kind names one. */
    financeCorpId: text('finance_corp_id').references(() => corporations.id),
    /** The core enterprise it serves (CORP_TYPE core), when the kind names one. */
    coreCorpId: text('core_corp_id').references(() => corporations.id),
    legacyFinanceCorpName: text('finance_corp_name'),
    legacyCoreCorpName: text('core_corp_name'),
    tenorMinDays: integer('tenor_min_days').notNull(),
    tenorMaxDays: integer('tenor_max_days').notNull(),
    amountMin: numeric('amount_min', { precision: 16, scale: 2 }).notNull(),
    amountMax: numeric('amount_max', { precision: 16, scale: 2 }).notNull(),
    /** The template versions as text (CODE@version, comma-separated) before they were referenced: product_template_versions holds them now. */
    legacyTemplateVersions: text('template_versions'),
    ...record(),
  },
  (t) => [index('products_kind_idx').on(t.category, t.offerType)],
);

/**
 * The finalised template versions a product uses, one row each, by id with a key on both sides: a
 * version cannot be removed while a product names it, and a product's removal takes its rows along.
 * `position` keeps the order the operator picked them in.
 */
export const productTemplateVersions = pgTable(
  'product_template_versions',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    templateId: text('template_id')
      .notNull()
      .references(() => agreementTemplates.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.templateId] }), index('product_template_versions_template_idx').on(t.templateId)],
);

export const agreements = pgTable(
  'agreements',
  {
    id: id(),
    agreementCode: text('agreement_code').notNull().unique(),
    agreementName: text('agreement_name').notNull(),
    category: text('category').notNull(),
    /** The product, by id; null only for a row the upgrade could not map (reference_mapping_report). */
    productId: text('product_id').references(() => products.id),
    legacyPrdCode: text('prd_code'),
    financeCorpId: text('finance_corp_id').references(() => corporations.id),
    coreCorpId: text('core_corp_id').references(() => corporations.id),
    /** The parties' names as signed: a snapshot taken when proposed, kept whatever they are renamed to later. */
    financeCorpName: text('finance_corp_name'),
    coreCorpName: text('core_corp_name'),
    /**
     * The product's figures the agreement was signed with, copied from the product when proposed (and so
     * as approved): a later change of the product leaves them. Null for an agreement signed before they
     * were recorded (the figures of that moment are not known).
     */
    signedTenorMinDays: integer('signed_tenor_min_days'),
    signedTenorMaxDays: integer('signed_tenor_max_days'),
    signedAmountMin: numeric('signed_amount_min', { precision: 16, scale: 2 }),
    signedAmountMax: numeric('signed_amount_max', { precision: 16, scale: 2 }),
    /** The approved template version it is built on; null only for a row the upgrade could not map. */
    templateId: text('template_id').references(() => agreementTemplates.id),
    legacyTemplateCode: text('template_code'),
    legacyTemplateVersion: integer('template_version'),
    ...record(),
  },
  (t) => [index('agreements_category_idx').on(t.category)],
);

/** A price policy: rates for one product, core enterprise and tenor band; bands of one product and core never overlap. */
export const pricePolicies = pgTable(
  'price_policies',
  {
    id: id(),
    policyName: text('policy_name').notNull(),
    /** The product and core enterprise, by id; null only for a row the upgrade could not map (reference_mapping_report). */
    productId: text('product_id').references(() => products.id),
    coreCorpId: text('core_corp_id').references(() => corporations.id),
    legacyPrdCode: text('prd_code'),
    legacyCoreCorpName: text('core_corp_name'),
    tenorFromDays: integer('tenor_from_days').notNull(),
    tenorToDays: integer('tenor_to_days').notNull(),
    /** Percent per year, 0–100 with 2 decimals (spec 5.4 ratio). */
    financingRate: numeric('financing_rate', { precision: 5, scale: 2 }).notNull(),
    serviceFeeRate: numeric('service_fee_rate', { precision: 5, scale: 2 }).notNull(),
    ...record(),
  },
  (t) => [index('price_policies_product_core_idx').on(t.productId, t.coreCorpId)],
);

/**
 * What the upgrade that turned copied names into references could not map: one row per stored value
 * that names no record (a corporation renamed or removed before the upgrade, a product code gone).
 * The row it came from is kept, its reference left empty, for an operator to set (README "Products").
 */
export const referenceMappingReport = pgTable('reference_mapping_report', {
  id: id(),
  tableName: text('table_name').notNull(),
  rowId: text('row_id').notNull(),
  columnName: text('column_name').notNull(),
  storedValue: text('stored_value').notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
});
