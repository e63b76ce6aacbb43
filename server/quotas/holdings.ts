/**
 * What a unit holds in quota, for the group tree (server/corporations/unit-holdings.ts): a unit with
 * any account still granted, dispatched, frozen or used, or with a request still running for it, is
 * neither moved nor removed, so a tree's quota always sits where its dispatches put it.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { fenOf, formatCurrency, yuan } from '../../src/lib/money';
import { INSTANCE_STATUS } from '../../src/workflows/states';
import { registerUnitHoldingCheck, type UnitHolding } from '../corporations';
import type { Db } from '../db/open';
import { quotaAccounts, quotaRequestLines, quotaRequests } from '../db/schema';
import { translate } from '../i18n';

export function registerQuotaHoldings(db: Db): () => void {
  return registerUnitHoldingCheck(db, async (tx, unitIds) => {
    if (unitIds.length === 0) return [];
    const ids = [...unitIds];
    const accounts = await tx
      .select({ unitId: quotaAccounts.unitId, granted: quotaAccounts.granted })
      .from(quotaAccounts)
      .where(
        and(
          inArray(quotaAccounts.unitId, ids),
          sql`(${quotaAccounts.granted} > 0 OR ${quotaAccounts.dispatched} > 0 OR ${quotaAccounts.frozen} > 0 OR ${quotaAccounts.used} > 0)`,
        ),
      );
    const held = new Map<string, bigint>();
    for (const row of accounts) held.set(row.unitId, (held.get(row.unitId) ?? 0n) + fenOf(row.granted));
    const found: UnitHolding[] = [...held].map(([unitId, fen]) => ({
      unitId,
      what: translate('quotas:server.holding', { amount: formatCurrency(yuan(fen)) }),
    }));
    const running = await tx
      .selectDistinct({ unitId: quotaRequests.unitId, lineUnitId: quotaRequestLines.unitId })
      .from(quotaRequests)
      .leftJoin(quotaRequestLines, eq(quotaRequestLines.requestId, quotaRequests.id))
      .where(and(eq(quotaRequests.status, INSTANCE_STATUS.RUNNING), or(inArray(quotaRequests.unitId, ids), inArray(quotaRequestLines.unitId, ids))));
    for (const row of running) {
      const unitId = ids.includes(row.unitId) ? row.unitId : row.lineUnitId!;
      if (!held.has(unitId)) found.push({ unitId, what: translate('quotas:server.holdingRequest') });
    }
    return found;
  });
}
