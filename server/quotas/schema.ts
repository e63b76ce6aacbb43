/**
 * The quota ledger (DOMAIN.md "Quotas", src/lib/quotas.ts). An account is one grantor's quota for
 * one unit of a group tree; every movement is an append-only row of `quota_ledger`, written with the
 * account's balances in the transaction of the approval that causes it. The account row keeps the
 * balances the ledger sums to (the property test holds them equal) so that reading one costs one
 * row, and the database refuses impossible ones: `available` is computed by the database itself and
 * checked never negative, as is every other balance. Amounts are `numeric(18,2)`.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt as time, idColumn as id, recordColumns as record } from '../db/columns';
import { corporations } from '../corporations/schema';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull().default('0');

/**
 * The grantor as a corporation, derived by the database from grantor_id ('PLATFORM' stays the
 * platform), so the reference cannot disagree with the id the processes and the unique key use.
 */
const grantorCorp = () =>
  text('grantor_corp_id')
    .generatedAlwaysAs(sql`nullif(grantor_id, 'PLATFORM')`)
    .references(() => corporations.id, { onDelete: 'restrict' });

export const quotaAccounts = pgTable(
  'quota_accounts',
  {
    id: id(),
    /** PLATFORM, FINANCE or THIRD_PARTY (dictionary quota_kind). */
    kind: text('kind').notNull(),
    /** Whom the processes treat as the grantee side: PLATFORM or FINANCE (a third party's is chosen). */
    channel: text('channel').notNull(),
    /** 'PLATFORM' or the granting corporation's id; its name is read by join (server/quotas/names.ts), never copied. */
    grantorId: text('grantor_id').notNull(),
    /** The granting corporation (null for the platform): what carries the foreign key, so a grantor holding quota cannot be removed. */
    grantorCorpId: grantorCorp(),
    /** The group unit holding the quota (group_units.id); units holding quota are not moved or removed. */
    unitId: text('unit_id').notNull(),
    groupId: text('group_id').notNull(),
    /** The account it was dispatched from; null for one granted directly. */
    parentId: text('parent_id').references((): AnyPgColumn => quotaAccounts.id, { onDelete: 'restrict' }),
    granted: money('granted'),
    dispatched: money('dispatched'),
    frozen: money('frozen'),
    used: money('used'),
    available: numeric('available', { precision: 18, scale: 2 })
      .notNull()
      .generatedAlwaysAs(sql`granted - dispatched - frozen - used`),
    termEnd: date('term_end', { mode: 'string' }),
    /** How many ledger rows the account has: a ledger page's total without counting a million rows. */
    movements: integer('movements').notNull().default(0),
    ...record(),
  },
  (t) => [
    uniqueIndex('quota_accounts_key_uq').on(t.kind, t.channel, t.grantorId, t.unitId),
    index('quota_accounts_unit_idx').on(t.unitId),
    index('quota_accounts_parent_idx').on(t.parentId),
    check('quota_accounts_available_ck', sql`${t.available} >= 0`),
    check('quota_accounts_balances_ck', sql`${t.granted} >= 0 AND ${t.dispatched} >= 0 AND ${t.frozen} >= 0 AND ${t.used} >= 0`),
  ],
);

/** One movement; `d_*` are what it changed, `available_after` the account's available once written. */
export const quotaLedger = pgTable(
  'quota_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => quotaAccounts.id, { onDelete: 'restrict' }),
    /** GRANT, ADJUST, DISPATCH_OUT, DISPATCH_IN, FREEZE, UNFREEZE, OCCUPY, RELEASE, RECYCLE (dictionary quota_movement). */
    movement: text('movement').notNull(),
    /** Signed: a cut (adjust down, re-dispatch back) is negative. */
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    dGranted: money('d_granted'),
    dDispatched: money('d_dispatched'),
    dFrozen: money('d_frozen'),
    dUsed: money('d_used'),
    availableAfter: numeric('available_after', { precision: 18, scale: 2 }).notNull(),
    /** The other side of a dispatch (the parent or the child account). */
    counterpartId: text('counterpart_id'),
    requestId: text('request_id'),
    processKey: text('process_key'),
    /** What caused it, for a movement outside the quota processes (a note's number). */
    reference: text('reference'),
    remark: text('remark'),
    createTime: time('create_time'),
    createBy: text('create_by'),
  },
  (t) => [index('quota_ledger_account_idx').on(t.accountId, t.id), index('quota_ledger_account_time_idx').on(t.accountId, t.createTime)],
);

/** A quota application, modification, dispatch or re-dispatch: the business record its process approves. */
export const quotaRequests = pgTable(
  'quota_requests',
  {
    id: id(),
    /** APPLY, MODIFY, DISPATCH or REDISPATCH (dictionary quota_request_type). */
    type: text('type').notNull(),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    processKey: text('process_key').notNull(),
    grantorId: text('grantor_id').notNull(),
    grantorCorpId: grantorCorp(),
    /** The grantee (apply, modify) or the source (dispatch) unit. */
    unitId: text('unit_id').notNull(),
    /** The account modified or dispatched from; an application's once approved. */
    accountId: text('account_id'),
    /** Apply: the amount; modify: the new total granted; dispatch: the sum of the lines. */
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** Modify: what was granted when proposed. */
    previousAmount: numeric('previous_amount', { precision: 18, scale: 2 }),
    termEnd: date('term_end', { mode: 'string' }),
    reason: text('reason').notNull(),
    instanceId: text('instance_id'),
    /** RUNNING, APPROVED or REJECTED, as its instance. */
    status: text('status').notNull().default('RUNNING'),
    ...record(),
  },
  (t) => [index('quota_requests_account_idx').on(t.accountId, t.createTime), index('quota_requests_unit_idx').on(t.unitId, t.status)],
);

/** The units of a dispatch: the amount added, or (re-dispatch) the unit's new total, and what it held when proposed. */
export const quotaRequestLines = pgTable(
  'quota_request_lines',
  {
    id: id(),
    requestId: text('request_id')
      .notNull()
      .references(() => quotaRequests.id, { onDelete: 'cascade' }),
    unitId: text('unit_id').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    current: numeric('current', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [uniqueIndex('quota_request_lines_unit_uq').on(t.requestId, t.unitId)],
);
