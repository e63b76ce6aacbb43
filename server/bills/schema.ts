/**
 * Bills (src/lib/bills.ts): a corporation's service-fee bill for a month, the lines it was computed
 * from (each basis priced by one price policy, the rate copied as it was), and the invoice of a paid
 * bill with the corporation's tax id, address and bank account as they were when it was made.
 * One bill per corporation and period and one invoice per bill: the database holds both rules, so
 * two simultaneous generations or invoicings cannot both win.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgSequence, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { amountColumn as amount, createdAt as time, idColumn as id, recordColumns as record } from '../db/columns';

export const billNoSeq = pgSequence('bill_no_seq', { startWith: 1, increment: 1 });
export const billInvoiceNoSeq = pgSequence('bill_invoice_no_seq', { startWith: 1, increment: 1 });

export const bills = pgTable(
  'bills',
  {
    id: id(),
    billNo: text('bill_no').notNull().unique(),
    /** The core enterprise billed (corporations.id) and its name when generated. */
    corpId: text('corp_id').notNull(),
    corpName: text('corp_name').notNull(),
    /** The month billed, 'YYYY-MM'. */
    period: text('period').notNull(),
    /** The bases: notes issued and financings signed in the period. */
    issuedAmount: amount('issued_amount'),
    financedAmount: amount('financed_amount'),
    /** The part of the bases no price policy priced (charged nothing). */
    unpricedAmount: amount('unpriced_amount'),
    /** The sum of the lines' fees. */
    feeAmount: amount('fee_amount'),
    /** src/lib/bills.ts BILL_STATUS. */
    status: text('status').notNull().default('DRAFT'),
    /** The latest Process_BILL_MANAGE instance, running or ended. */
    instanceId: text('instance_id'),
    /** Why the latest review returned it. */
    rejectRemark: text('reject_remark'),
    paidDate: date('paid_date', { mode: 'string' }),
    paidRemark: text('paid_remark'),
    ...record(),
  },
  (t) => [
    unique('bills_corp_period_uq').on(t.corpId, t.period),
    index('bills_status_period_idx').on(t.status, t.period),
    index('bills_period_idx').on(t.period, t.corpName),
    check('bills_period_ck', sql`${t.period} ~ '^20[0-9]{2}-(0[1-9]|1[0-2])$'`),
    check('bills_amounts_ck', sql`${t.issuedAmount} >= 0 AND ${t.financedAmount} >= 0 AND ${t.unpricedAmount} >= 0 AND ${t.feeAmount} >= 0`),
  ],
);

export const billLines = pgTable(
  'bill_lines',
  {
    id: id(),
    billId: text('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    /** ISSUED or FINANCED. */
    basis: text('basis').notNull(),
    /** The policy that priced it, and what it said then (a policy may change later). */
    policyId: text('policy_id').notNull(),
    policyName: text('policy_name').notNull(),
    prdCode: text('prd_code').notNull(),
    tenorFromDays: integer('tenor_from_days').notNull(),
    tenorToDays: integer('tenor_to_days').notNull(),
    /** The service-fee rate, percent. */
    rate: numeric('rate', { precision: 5, scale: 2 }).notNull(),
    basisAmount: amount('basis_amount'),
    itemCount: integer('item_count').notNull(),
    feeAmount: amount('fee_amount'),
    createTime: time('create_time'),
  },
  (t) => [index('bill_lines_bill_idx').on(t.billId), check('bill_lines_amounts_ck', sql`${t.basisAmount} >= 0 AND ${t.feeAmount} >= 0 AND ${t.rate} >= 0`)],
);

export const billInvoices = pgTable(
  'bill_invoices',
  {
    id: id(),
    /** One invoice per bill. */
    billId: text('bill_id')
      .notNull()
      .unique()
      .references(() => bills.id, { onDelete: 'restrict' }),
    invoiceNo: text('invoice_no').notNull().unique(),
    /** A code of dictionary invoice_type that was shown (isShow) when invoiced. */
    invoiceType: text('invoice_type').notNull(),
    /** The buyer as invoiced: name, tax id (unified social credit code), address, bank account. */
    title: text('title').notNull(),
    taxId: text('tax_id').notNull(),
    address: text('address').notNull(),
    bankName: text('bank_name').notNull(),
    /** Sealed at rest like the corporation's own account number (server/sensitive). */
    accountNo: text('account_no').notNull(),
    amount: amount('amount'),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    remark: text('remark'),
    ...record(),
  },
  (t) => [check('bill_invoices_amount_ck', sql`${t.amount} >= 0`)],
);
