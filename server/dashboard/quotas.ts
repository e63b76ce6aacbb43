/**
 * The quota section: every figure is a sum of the ledger's deltas (quota_ledger.d_*), never the
 * balances kept on the account rows, so the dashboard reads what the ledger says happened. For a core
 * enterprise (a group tree) granted and dispatched are its group-level accounts' (quota that came
 * from outside, and the part handed down to its units); occupied and available are summed over the
 * whole tree, which the ledger keeps conserved (granted = occupied + available across the tree).
 *
 * The sums are read from quota_ledger_totals, the ledger's sums per account that the database keeps in
 * the transaction appending each row (server/dashboard/schema.ts): 5,000 account rows instead of 10,000,000
 * ledger rows (issue 42); the units granted the most from quota_unit_totals, the same sums per unit, kept by
 * the same flush, whose rank index gives the panel's ten without reading every unit. `quotaSectionFromLedger`
 * reads the same figures from the raw rows; the tests hold the two equal after every kind of movement.
 */
import { aliasedTable, and, asc, desc, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QUOTA_TOP_UNITS, type QuotaSection } from '../../src/lib/dashboard';
import { groupUnits, quotaAccounts, quotaLedger, quotaLedgerTotals, quotaUnitTotals } from '../db/schema';
import { unitNameOf } from '../corporations';
import { grantorNameOf } from '../quotas';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/tx';
import { dashboardSource } from './source';
import { asMoney, intCount, numericSum } from './sql';

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

type Deltas = { table: PgTable; accountId: AnyPgColumn; d: Record<'granted' | 'dispatched' | 'frozen' | 'used', AnyPgColumn> };

/**
 * One unit's sums as the ranked subquery names them (numeric, cast to text by the statement that reads them). The
 * statement outside names these unqualified, so each name is one no joined table has (group_units has a group_id).
 */
const unitFigures = (f: {
  groupId: SQLWrapper;
  unitId: SQLWrapper;
  granted: SQLWrapper;
  dispatched: SQLWrapper;
  occupied: SQLWrapper;
  available: SQLWrapper;
}) => ({
  groupId: sql<string>`${f.groupId}`.as('top_group_id'),
  unitId: sql<string>`${f.unitId}`.as('top_unit_id'),
  granted: sql<string>`${f.granted}`.as('top_granted'),
  dispatched: sql<string>`${f.dispatched}`.as('top_dispatched'),
  occupied: sql<string>`${f.occupied}`.as('top_occupied'),
  available: sql<string>`${f.available}`.as('top_available'),
});

/** The units granted the most (ties: group id, unit id), QUOTA_TOP_UNITS of them, from every account's sums grouped by unit. */
const rankedFromAccounts = (tx: Tx, l: Deltas) =>
  tx
    .select(
      unitFigures({
        groupId: quotaAccounts.groupId,
        unitId: quotaAccounts.unitId,
        granted: numericSum(l.d.granted),
        dispatched: numericSum(l.d.dispatched),
        occupied: numericSum(sql`${l.d.frozen} + ${l.d.used}`),
        available: numericSum(sql`${l.d.granted} - ${l.d.dispatched} - ${l.d.frozen} - ${l.d.used}`),
      }),
    )
    .from(l.table)
    .innerJoin(quotaAccounts, eq(quotaAccounts.id, l.accountId))
    .groupBy(quotaAccounts.groupId, quotaAccounts.unitId)
    .orderBy(desc(numericSum(l.d.granted)), asc(quotaAccounts.groupId), asc(quotaAccounts.unitId))
    .limit(QUOTA_TOP_UNITS)
    .as('dashboard_top_units');

/** The same ten from the per-unit summary: the first entries of quota_unit_totals_rank_idx, however many units there are. */
const rankedFromUnitTotals = (tx: Tx) =>
  tx
    .select(
      unitFigures({
        groupId: quotaUnitTotals.groupId,
        unitId: quotaUnitTotals.unitId,
        granted: quotaUnitTotals.dGranted,
        dispatched: quotaUnitTotals.dDispatched,
        occupied: sql`${quotaUnitTotals.dFrozen} + ${quotaUnitTotals.dUsed}`,
        available: sql`${quotaUnitTotals.dGranted} - ${quotaUnitTotals.dDispatched} - ${quotaUnitTotals.dFrozen} - ${quotaUnitTotals.dUsed}`,
      }),
    )
    .from(quotaUnitTotals)
    .orderBy(sql`${quotaUnitTotals.dGranted} desc nulls first`, asc(quotaUnitTotals.groupId), asc(quotaUnitTotals.unitId))
    .limit(QUOTA_TOP_UNITS)
    .as('dashboard_top_units');

/**
 * Where the deltas are read: the ledger's rows, or its per-account sums; `movements` is how many rows a source row stands
 * for, `accounts` how many accounts its rows hold; `rankedUnits` the units granted the most; `unitCounts` the units holding
 * quota, in all and per group.
 */
type LedgerSource = Deltas & {
  movements: SQL<number>;
  accounts: SQL<number>;
  rankedUnits: (tx: Tx) => ReturnType<typeof rankedFromAccounts>;
  unitCounts: (tx: Tx) => Promise<UnitCounts>;
};
/** Units holding quota: in all (groupId null) and per group. */
type UnitCounts = Array<{ groupId: string | null; units: number }>;
const unitsBy = sql`grouping sets ((), (${quotaAccounts.groupId}))`;

const rowDeltas: Deltas = {
  table: quotaLedger,
  accountId: quotaLedger.accountId,
  d: { granted: quotaLedger.dGranted, dispatched: quotaLedger.dDispatched, frozen: quotaLedger.dFrozen, used: quotaLedger.dUsed },
};
const ledgerRows: LedgerSource = {
  ...rowDeltas,
  movements: intCount(),
  accounts: sql<number>`count(distinct ${quotaLedger.accountId})::int`,
  rankedUnits: (tx) => rankedFromAccounts(tx, rowDeltas),
  unitCounts: (tx) =>
    tx
      .select({ groupId: quotaAccounts.groupId, units: sql<number>`count(distinct ${quotaAccounts.unitId})::int` })
      .from(quotaLedger)
      .innerJoin(quotaAccounts, eq(quotaAccounts.id, quotaLedger.accountId))
      .groupBy(unitsBy),
};
const ledgerTotals: LedgerSource = {
  table: quotaLedgerTotals,
  accountId: quotaLedgerTotals.accountId,
  d: { granted: quotaLedgerTotals.dGranted, dispatched: quotaLedgerTotals.dDispatched, frozen: quotaLedgerTotals.dFrozen, used: quotaLedgerTotals.dUsed },
  movements: sql<number>`coalesce(sum(${quotaLedgerTotals.movements}), 0)::int`,
  // One row per account.
  accounts: intCount(),
  rankedUnits: rankedFromUnitTotals,
  // One row per unit whose accounts have a ledger row (the flush adds a unit's row with its first movement; the ledger is
  // never deleted from), so counting rows counts the units without a distinct count's sort.
  unitCounts: (tx) =>
    tx
      .select({ groupId: quotaUnitTotals.groupId, units: intCount() })
      .from(quotaUnitTotals)
      .groupBy(sql`grouping sets ((), (${quotaUnitTotals.groupId}))`),
};

/** The quota section from the ledger's rows themselves: what the summaries must always equal (tests). */
export const quotaSectionFromLedger = (tx: Tx) => quotaSection(tx, ledgerRows);

export const quotaSource = dashboardSource({
  key: 'quotas',
  load: (tx): Promise<QuotaSection> => quotaSection(tx, ledgerTotals),
});

/** Which of the one pass's grouping sets a row is (grouping() of the group id and the grantor id: 1 when not grouped by it). */
const PART = { byCore: 1, byGrantor: 2, totals: 3 } as const;

async function quotaSection(tx: Tx, l: LedgerSource): Promise<QuotaSection> {
  const rootOnly = (column: AnyPgColumn) => sql`case when ${isRoot} then ${column} else 0 end`;
  const occupied = sql`${l.d.frozen} + ${l.d.used}`;
  const available = sql`${l.d.granted} - ${l.d.dispatched} - ${l.d.frozen} - ${l.d.used}`;
  // The totals, each core enterprise's sums and the root accounts' grants by grantor in one pass over the account sums
  // (grouping sets): three statements read every account's sums and joined them to the accounts three times, 5,000 of
  // each at the full year, and grew with them (issue 42: 5.3 ms p50 at 10%, 23.8 at the full year on PostgreSQL). A
  // grantor's figure is its root accounts' grant, so the grantor set is also grouped by whether the account is a root, and
  // only its root rows are read; for them granted is the same as the root-only sum the totals and groups take.
  const grantorId = quotaAccounts.grantorId;
  const sums = tx
    .select({
      part: sql<number>`grouping(${quotaAccounts.groupId}, ${grantorId})`.as('quota_part'),
      groupId: sql<string | null>`${quotaAccounts.groupId}`.as('quota_group_id'),
      root: sql<boolean | null>`${isRoot}`.as('quota_root'),
      grantorId: sql<string | null>`${grantorId}`.as('quota_grantor_id'),
      kind: sql<string | null>`${quotaAccounts.kind}`.as('quota_kind'),
      grantorName: sql<string | null>`${grantorNameOf(quotaAccounts)}`.as('quota_grantor_name'),
      granted: numericSum(rootOnly(l.d.granted)).as('quota_granted'),
      dispatched: numericSum(rootOnly(l.d.dispatched)).as('quota_dispatched'),
      occupied: numericSum(occupied).as('quota_occupied'),
      available: numericSum(available).as('quota_available'),
      accounts: l.accounts.as('quota_accounts_n'),
      movements: l.movements.as('quota_movements'),
    })
    .from(l.table)
    .innerJoin(quotaAccounts, eq(quotaAccounts.id, l.accountId))
    .groupBy(sql`grouping sets ((), (${quotaAccounts.groupId}), (${isRoot}, ${grantorId}, ${quotaAccounts.grantorCorpId}, ${quotaAccounts.kind}))`)
    .as('dashboard_quota_sums');
  const g = groupNames(tx);
  // Each order ends on ids: two groups or grantors of one name (a test's, or a renamed pair) keep one order on every read.
  const rows = await tx
    .select({
      part: sums.part,
      groupId: sums.groupId,
      groupName: g.groupName,
      root: sums.root,
      grantorName: sums.grantorName,
      kind: sums.kind,
      granted: asMoney(sums.granted).as('granted_text'),
      dispatched: asMoney(sums.dispatched).as('dispatched_text'),
      occupied: asMoney(sums.occupied).as('occupied_text'),
      available: asMoney(sums.available).as('available_text'),
      accounts: sums.accounts,
      movements: sums.movements,
    })
    .from(sums)
    .leftJoin(g, and(eq(g.groupId, sums.groupId), eq(sums.part, PART.byCore)))
    .orderBy(asc(sums.part), desc(sums.granted), sql`coalesce(${g.groupName}, ${sums.grantorName})`, asc(sums.groupId), asc(sums.grantorId), asc(sums.kind));
  const money = (r: (typeof rows)[number]) => ({ granted: r.granted, dispatched: r.dispatched, occupied: r.occupied, available: r.available });
  // The units holding quota counted apart, as rows of a summary (ledgerTotals), not by distinct counts in the pass above: with
  // them the pass sorted every account row for each count, 14.8 ms at the full year against 5.3 ms without (EXPLAIN ANALYZE).
  const unitCounts = await l.unitCounts(tx);
  const unitsOf = (groupId: string | null) => unitCounts.find((c) => c.groupId === groupId)?.units ?? 0;
  const total = rows.find((r) => r.part === PART.totals)!;
  const totals = { ...money(total), accounts: total.accounts, units: unitsOf(null), movements: total.movements };
  // A group with no root unit left has no name to show: left out, as the groups' join leaves it out.
  const byCore = rows
    .filter((r) => r.part === PART.byCore && r.groupName !== null)
    .map((r) => ({ groupId: r.groupId!, groupName: r.groupName!, ...money(r), units: unitsOf(r.groupId) }));
  const byGrantor = rows.filter((r) => r.part === PART.byGrantor && r.root).map((r) => ({ grantorName: r.grantorName!, kind: r.kind!, granted: r.granted }));

  // The ten units granted the most: from the per-unit summary's rank index (its own statement, ten rows).
  const ranked = l.rankedUnits(tx);
  const topUnits = await tx
    .select({
      groupId: ranked.groupId,
      groupName: g.groupName,
      unitId: ranked.unitId,
      unitName: unitNameOf(groupUnits),
      unitKind: groupUnits.kind,
      // Named apart from the subquery's sums: a cast keeps its column's name, and ORDER BY "top_granted" would sort the text.
      granted: asMoney(ranked.granted).as('granted_text'),
      dispatched: asMoney(ranked.dispatched).as('dispatched_text'),
      occupied: asMoney(ranked.occupied).as('occupied_text'),
      available: asMoney(ranked.available).as('available_text'),
    })
    .from(ranked)
    .innerJoin(groupUnits, eq(groupUnits.id, ranked.unitId))
    .innerJoin(g, eq(g.groupId, ranked.groupId))
    .orderBy(desc(ranked.granted), asc(ranked.groupId), asc(ranked.unitId));

  return { totals, byCore, topUnits, byGrantor };
}
