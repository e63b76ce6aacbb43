/**
 * The corporations section: corporations by type (one with several types counts under each), core
 * enterprises by admission status, and the suppliers attached to a group as member customers.
 */
import { and, arrayContains, asc, countDistinct, eq, isNotNull, sql } from 'drizzle-orm';
import { CORP_TYPE, UNIT_KIND } from '../../src/lib/corporations';
import type { CorporationSection } from '../../src/lib/dashboard';
import { corporations, groupUnits } from '../db/schema';
import { dashboardSource } from './source';
import { intCount } from './sql';

const corpType = sql<string>`unnest(${corporations.corpTypes})`;

export const corporationSource = dashboardSource({
  key: 'corporations',
  load: async (tx): Promise<CorporationSection> => {
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
    const [{ memberSuppliers }] = await tx
      .select({ memberSuppliers: countDistinct(groupUnits.corpId) })
      .from(groupUnits)
      .where(and(eq(groupUnits.kind, UNIT_KIND.member), isNotNull(groupUnits.corpId)));
    return { total, byType, coreAdmission, memberSuppliers };
  },
});
