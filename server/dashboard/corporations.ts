/**
 * The corporations section: corporations by type (one with several types counts under each), core
 * enterprises by admission status, and the suppliers attached to a group as member customers.
 *
 * The counts by type and admission status are read from corporation_type_counts and
 * corporation_admission_counts (server/dashboard/schema.ts), which the database keeps in the transaction that
 * writes a corporation: a few dozen rows instead of 100,000 corporations (issue 42).
 * `corporationSectionFromRows` counts the same from the rows; the tests hold the two equal.
 */
import { and, arrayContains, asc, countDistinct, eq, isNotNull, sql } from 'drizzle-orm';
import { CORP_TYPE, UNIT_KIND } from '../../src/lib/corporations';
import type { CorporationSection } from '../../src/lib/dashboard';
import { corporationAdmissionCounts, corporations, corporationTypeCounts, groupUnits } from '../db/schema';
import type { Tx } from '../db/tx';
import { dashboardSource } from './source';
import { intCount } from './sql';

const corpType = sql<string>`unnest(${corporations.corpTypes})`;

/** Suppliers attached to a group as member customers (group_units_corp_idx: the members, not the tree). */
async function memberSuppliers(tx: Tx): Promise<number> {
  const [{ count }] = await tx
    .select({ count: countDistinct(groupUnits.corpId) })
    .from(groupUnits)
    .where(and(eq(groupUnits.kind, UNIT_KIND.member), isNotNull(groupUnits.corpId)));
  return count;
}

/** The section counted from the corporations' rows: what the summaries must always equal (tests). */
export async function corporationSectionFromRows(tx: Tx): Promise<CorporationSection> {
  const [{ total }] = await tx.select({ total: intCount() }).from(corporations);
  const typed = tx
    .select({ code: corpType.as('code') })
    .from(corporations)
    .as('typed');
  const byType = await tx.select({ code: typed.code, count: intCount() }).from(typed).groupBy(typed.code).orderBy(asc(typed.code));
  const coreAdmission = await tx
    .select({ code: corporations.admissionStatus, count: intCount() })
    .from(corporations)
    .where(arrayContains(corporations.corpTypes, [CORP_TYPE.core]))
    .groupBy(corporations.admissionStatus)
    .orderBy(asc(corporations.admissionStatus));
  return { total, byType, coreAdmission, memberSuppliers: await memberSuppliers(tx) };
}

const c = corporationTypeCounts;
const counted = sql<number>`coalesce(sum(${c.corporations}), 0)::int`;

export const corporationSource = dashboardSource({
  key: 'corporations',
  load: async (tx): Promise<CorporationSection> => {
    const [{ total }] = await tx
      .select({ total: sql<number>`coalesce(sum(${corporationAdmissionCounts.corporations}), 0)::int` })
      .from(corporationAdmissionCounts);
    const byType = await tx.select({ code: c.corpType, count: counted }).from(c).groupBy(c.corpType).orderBy(asc(c.corpType));
    const coreAdmission = await tx
      .select({ code: c.admissionStatus, count: counted })
      .from(c)
      .where(eq(c.corpType, CORP_TYPE.core))
      .groupBy(c.admissionStatus)
      .orderBy(asc(c.admissionStatus));
    return { total, byType, coreAdmission, memberSuppliers: await memberSuppliers(tx) };
  },
});
