/**
 * The quota section: every figure is a sum of the ledger's deltas (quota_ledger.d_*), never the
 * balances kept on the account rows, so the dashboard reads what the ledger says happened. For a core
 * enterprise (a group tree) granted and dispatched are its group-level accounts' (quota that came
 * from outside, and the part handed down to its units); occupied and available are summed over the
 * whole tree, which the ledger keeps conserved (granted = occupied + available across the tree).
 */
import { aliasedTable, and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { UNIT_KIND } from '../../src/lib/corporations';
import type { QuotaSection } from '../../src/lib/dashboard';
import { groupUnits, quotaAccounts, quotaLedger } from '../db/schema';
import { unitNameOf } from '../corporations/unit-name';
import { grantorNameOf } from '../quotas/names';
import { dashboardSource } from './source';
import { intCount, moneySum, numericSum } from './sql';

const l = quotaLedger;
const groups = aliasedTable(groupUnits, 'dashboard_groups');
const isRoot = isNull(quotaAccounts.parentId);
const rootOnly = (column: typeof l.dGranted) => sql`case when ${isRoot} then ${column} else 0 end`;
const occupied = sql`${l.dFrozen} + ${l.dUsed}`;
const available = sql`${l.dGranted} - ${l.dDispatched} - ${l.dFrozen} - ${l.dUsed}`;

/** Group, branch, project department, member: the tree's order from the top. */
const kindOrder = sql`case ${groupUnits.kind} when ${UNIT_KIND.group} then 0 when ${UNIT_KIND.branch} then 1 when ${UNIT_KIND.projectDept} then 2 else 3 end`;

export const quotaSource = dashboardSource({
  key: 'quotas',
  load: async (tx): Promise<QuotaSection> => {
    const [totals] = await tx
      .select({
        granted: moneySum(rootOnly(l.dGranted)),
        dispatched: moneySum(rootOnly(l.dDispatched)),
        occupied: moneySum(occupied),
        available: moneySum(available),
        accounts: sql<number>`count(distinct ${l.accountId})::int`,
        movements: intCount(),
      })
      .from(l)
      .innerJoin(quotaAccounts, eq(quotaAccounts.id, l.accountId));

    const byCore = await tx
      .select({
        groupId: quotaAccounts.groupId,
        groupName: unitNameOf(groups),
        granted: moneySum(rootOnly(l.dGranted)),
        dispatched: moneySum(rootOnly(l.dDispatched)),
        occupied: moneySum(occupied),
        available: moneySum(available),
        units: sql<number>`count(distinct ${quotaAccounts.unitId})::int`,
      })
      .from(l)
      .innerJoin(quotaAccounts, eq(quotaAccounts.id, l.accountId))
      .innerJoin(groups, eq(groups.id, quotaAccounts.groupId))
      .groupBy(quotaAccounts.groupId, groups.corpId, groups.ownName)
      .orderBy(desc(numericSum(rootOnly(l.dGranted))), asc(unitNameOf(groups)));

    const byUnit = await tx
      .select({
        groupId: quotaAccounts.groupId,
        groupName: unitNameOf(groups),
        unitId: quotaAccounts.unitId,
        unitName: unitNameOf(groupUnits),
        unitKind: groupUnits.kind,
        granted: moneySum(l.dGranted),
        dispatched: moneySum(l.dDispatched),
        occupied: moneySum(occupied),
        available: moneySum(available),
      })
      .from(l)
      .innerJoin(quotaAccounts, eq(quotaAccounts.id, l.accountId))
      .innerJoin(groupUnits, eq(groupUnits.id, quotaAccounts.unitId))
      .innerJoin(groups, eq(groups.id, quotaAccounts.groupId))
      .groupBy(quotaAccounts.groupId, groups.corpId, groups.ownName, quotaAccounts.unitId, groupUnits.corpId, groupUnits.ownName, groupUnits.kind, groupUnits.sortOrder)
      .orderBy(asc(unitNameOf(groups)), asc(kindOrder), asc(groupUnits.sortOrder), asc(unitNameOf(groupUnits)));

    const byGrantor = await tx
      .select({ grantorName: grantorNameOf(quotaAccounts), kind: quotaAccounts.kind, granted: moneySum(l.dGranted) })
      .from(l)
      .innerJoin(quotaAccounts, and(eq(quotaAccounts.id, l.accountId), isRoot))
      .groupBy(quotaAccounts.grantorId, quotaAccounts.grantorCorpId, quotaAccounts.kind)
      .orderBy(desc(numericSum(l.dGranted)), asc(grantorNameOf(quotaAccounts)));

    return { totals, byCore, byUnit, byGrantor };
  },
});
