/**
 * The quota section: every figure is a sum of the ledger's deltas (quota_ledger.d_*), never the
 * balances kept on the account rows, so the dashboard reads what the ledger says happened. For a core
 * enterprise (a group tree) granted and dispatched are its group-level accounts' (quota that came
 * from outside, and the part handed down to its units); occupied and available are summed over the
 * whole tree, which the ledger keeps conserved (granted = occupied + available across the tree).
 *
 * The sums are read from quota_ledger_totals, the ledger's sums per account that the database keeps in
 * the transaction appending each row (server/dashboard/schema.ts): 5,000 account rows instead of 10,000,000
 * ledger rows (issue 42). `quotaSectionFromLedger` reads the same figures from the raw rows; the tests
 * hold the two equal after every kind of movement.
 */
import { aliasedTable, and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { QUOTA_TOP_UNITS, type QuotaSection } from '../../src/lib/dashboard';
import { groupUnits, quotaAccounts, quotaLedger, quotaLedgerTotals } from '../db/schema';
import { unitNameOf } from '../corporations';
import { grantorNameOf } from '../quotas';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/tx';
import { dashboardSource } from './source';
import { asMoney, intCount, moneySum, numericSum } from './sql';

const groups = aliasedTable(groupUnits, 'dashboard_groups');

/**
 * The groups (the trees' roots, read through group_units_parent_idx: one row per group on the platform)
 * with their current names, each looked up once per group. Joined as the groups' table, unitNameOf(groups)
 * was evaluated for every unit row of the panel (a corporation lookup per row: 5,000 at a large group's
 * scale, two thirds of the by-unit statement's time at 10%). The DISTINCT (the rows are one per group
 * anyway) keeps the planner from folding this subquery into the outer query, which would evaluate the
 * name per unit row again.
 */
const groupNames = (tx: Tx) =>
  tx
    .selectDistinct({ groupId: groups.id, groupName: sql<string>`${unitNameOf(groups)}`.as('group_name') })
    .from(groups)
    .where(isNull(groups.parentId))
    .as('dashboard_group_names');
const isRoot = isNull(quotaAccounts.parentId);

/** Where the deltas are read: the ledger's rows, or its per-account sums; `movements` is how many rows a source row stands for. */
type LedgerSource = { table: PgTable; accountId: AnyPgColumn; d: Record<'granted' | 'dispatched' | 'frozen' | 'used', AnyPgColumn>; movements: SQL<number> };

const ledgerRows: LedgerSource = {
  table: quotaLedger,
  accountId: quotaLedger.accountId,
  d: { granted: quotaLedger.dGranted, dispatched: quotaLedger.dDispatched, frozen: quotaLedger.dFrozen, used: quotaLedger.dUsed },
  movements: intCount(),
};
const ledgerTotals: LedgerSource = {
  table: quotaLedgerTotals,
  accountId: quotaLedgerTotals.accountId,
  d: { granted: quotaLedgerTotals.dGranted, dispatched: quotaLedgerTotals.dDispatched, frozen: quotaLedgerTotals.dFrozen, used: quotaLedgerTotals.dUsed },
  movements: sql<number>`coalesce(sum(${quotaLedgerTotals.movements}), 0)::int`,
};

/** The quota section from the ledger's rows themselves: what the summaries must always equal (tests). */
export const quotaSectionFromLedger = (tx: Tx) => quotaSection(tx, ledgerRows);

export const quotaSource = dashboardSource({
  key: 'quotas',
  load: (tx): Promise<QuotaSection> => quotaSection(tx, ledgerTotals),
});

async function quotaSection(tx: Tx, l: LedgerSource): Promise<QuotaSection> {
  const rootOnly = (column: AnyPgColumn) => sql`case when ${isRoot} then ${column} else 0 end`;
  const occupied = sql`${l.d.frozen} + ${l.d.used}`;
  const available = sql`${l.d.granted} - ${l.d.dispatched} - ${l.d.frozen} - ${l.d.used}`;
  const [totals] = await tx
    .select({
      granted: moneySum(rootOnly(l.d.granted)),
      dispatched: moneySum(rootOnly(l.d.dispatched)),
      occupied: moneySum(occupied),
      available: moneySum(available),
      accounts: sql<number>`count(distinct ${l.accountId})::int`,
      units: sql<number>`count(distinct ${quotaAccounts.unitId})::int`,
      movements: l.movements,
    })
    .from(l.table)
    .innerJoin(quotaAccounts, eq(quotaAccounts.id, l.accountId));

  const g = groupNames(tx);
  // Each order ends on ids: two groups or units of one name (a test's, or a renamed pair) keep one order on every read.
  const byCore = await tx
    .select({
      groupId: quotaAccounts.groupId,
      groupName: g.groupName,
      granted: moneySum(rootOnly(l.d.granted)),
      dispatched: moneySum(rootOnly(l.d.dispatched)),
      occupied: moneySum(occupied),
      available: moneySum(available),
      units: sql<number>`count(distinct ${quotaAccounts.unitId})::int`,
    })
    .from(l.table)
    .innerJoin(quotaAccounts, eq(quotaAccounts.id, l.accountId))
    .innerJoin(g, eq(g.groupId, quotaAccounts.groupId))
    .groupBy(quotaAccounts.groupId, g.groupName)
    .orderBy(desc(numericSum(rootOnly(l.d.granted))), asc(g.groupName), asc(quotaAccounts.groupId));

  // The units granted the most, ranked and cut to QUOTA_TOP_UNITS in a subquery: names are looked up for those rows
  // only, and the answer stays ten rows whatever the group's size (it was one row per unit, 5,000 at a year's scale,
  // which the server read and serialised and the browser parsed for a panel that shows seven at a time).
  const ranked = tx
    .select({
      groupId: quotaAccounts.groupId,
      unitId: quotaAccounts.unitId,
      granted: numericSum(l.d.granted).as('granted'),
      dispatched: numericSum(l.d.dispatched).as('dispatched'),
      occupied: numericSum(occupied).as('occupied'),
      available: numericSum(available).as('available'),
    })
    .from(l.table)
    .innerJoin(quotaAccounts, eq(quotaAccounts.id, l.accountId))
    .groupBy(quotaAccounts.groupId, quotaAccounts.unitId)
    .orderBy(desc(numericSum(l.d.granted)), asc(quotaAccounts.groupId), asc(quotaAccounts.unitId))
    .limit(QUOTA_TOP_UNITS)
    .as('dashboard_top_units');
  const topUnits = await tx
    .select({
      groupId: ranked.groupId,
      groupName: g.groupName,
      unitId: ranked.unitId,
      unitName: unitNameOf(groupUnits),
      unitKind: groupUnits.kind,
      // Named apart from the subquery's sums: a cast keeps its column's name, and ORDER BY "granted" would sort the text.
      granted: asMoney(ranked.granted).as('granted_text'),
      dispatched: asMoney(ranked.dispatched).as('dispatched_text'),
      occupied: asMoney(ranked.occupied).as('occupied_text'),
      available: asMoney(ranked.available).as('available_text'),
    })
    .from(ranked)
    .innerJoin(groupUnits, eq(groupUnits.id, ranked.unitId))
    .innerJoin(g, eq(g.groupId, ranked.groupId))
    .orderBy(desc(ranked.granted), asc(ranked.groupId), asc(ranked.unitId));

  const byGrantor = await tx
    .select({ grantorName: grantorNameOf(quotaAccounts), kind: quotaAccounts.kind, granted: moneySum(l.d.granted) })
    .from(l.table)
    .innerJoin(quotaAccounts, and(eq(quotaAccounts.id, l.accountId), isRoot))
    .groupBy(quotaAccounts.grantorId, quotaAccounts.grantorCorpId, quotaAccounts.kind)
    .orderBy(desc(numericSum(l.d.granted)), asc(grantorNameOf(quotaAccounts)), asc(quotaAccounts.grantorId), asc(quotaAccounts.kind));

  return { totals, byCore, topUnits, byGrantor };
}
