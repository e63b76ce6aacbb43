/**
 * What running quota requests hold back (src/lib/quotas reservedByAccount) over one quota of one
 * group: the accounts of that quota (kind, channel, grantor) in the group are the only ones its
 * requests touch, so reading them and their running requests is enough to price every reservation
 * the way the approval would. The dispatch screen's figures and the submission's check read this.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { availableOf, reservedByAccount, type DispatchTarget, type PendingQuotaRequest } from '../../src/lib/quotas';
import { INSTANCE_STATUS } from '../../src/workflows/states';
import type { Db } from '../db/open';
import type { Tx } from '../db/tx';
import { groupUnits, quotaAccounts, quotaRequestLines, quotaRequests } from '../db/schema';
import { unitNameOf } from '../corporations';
import { balancesOf, type QuotaAccountRow } from './ledger';
import { fenOf } from '../../src/lib/money';

/** Every account of the quota `account` belongs to, in its group (the account included). */
export function quotaFamilyOf(tx: Tx | Db, account: Pick<QuotaAccountRow, 'kind' | 'channel' | 'grantorId' | 'groupId'>): Promise<QuotaAccountRow[]> {
  return tx
    .select()
    .from(quotaAccounts)
    .where(
      and(
        eq(quotaAccounts.kind, account.kind),
        eq(quotaAccounts.channel, account.channel),
        eq(quotaAccounts.grantorId, account.grantorId),
        eq(quotaAccounts.groupId, account.groupId),
      ),
    );
}

/**
 * What the running requests of one quota family hold back, by account id (fen). `except`: a request
 * being changed before its resubmission, whose old figures its new ones replace.
 */
export async function reservationsOf(tx: Tx | Db, family: readonly QuotaAccountRow[], except?: string): Promise<Map<string, bigint>> {
  if (family.length === 0) return new Map();
  const byId = new Map(family.map((row) => [row.id, row]));
  // The running requests and their lines in one read, only the columns the reservation prices: the submission's last check runs
  // this under the source account's lock, which month end's dispatches and approvals queue for; it was two reads of whole rows
  // (every running request of the quota, then all their lines).
  const rows = await tx
    .select({
      id: quotaRequests.id,
      type: quotaRequests.type,
      accountId: quotaRequests.accountId,
      amount: quotaRequests.amount,
      lineUnitId: quotaRequestLines.unitId,
      lineAmount: quotaRequestLines.amount,
    })
    .from(quotaRequests)
    .leftJoin(quotaRequestLines, eq(quotaRequestLines.requestId, quotaRequests.id))
    .where(
      and(
        eq(quotaRequests.status, INSTANCE_STATUS.RUNNING),
        inArray(quotaRequests.accountId, [...byId.keys()]),
        except ? ne(quotaRequests.id, except) : undefined,
      ),
    );
  if (rows.length === 0) return new Map();
  const childAccount = (sourceId: string, unitId: string) => family.find((row) => row.parentId === sourceId && row.unitId === unitId)?.id ?? null;
  const byRequest = new Map<string, PendingQuotaRequest & { lines: Array<PendingQuotaRequest['lines'][number]> }>();
  for (const row of rows) {
    let request = byRequest.get(row.id);
    if (!request) {
      request = { type: row.type, accountId: row.accountId, amount: fenOf(row.amount), lines: [] };
      byRequest.set(row.id, request);
    }
    if (row.lineUnitId !== null && row.lineAmount !== null)
      request.lines.push({ accountId: childAccount(row.accountId!, row.lineUnitId), amount: fenOf(row.lineAmount) });
  }
  const pending = [...byRequest.values()];
  return reservedByAccount(pending, (id) => (byId.has(id) ? balancesOf(byId.get(id)!).granted : 0n));
}

/**
 * The units right below a source as a dispatch check reads them: each unit's name and its account's
 * figures (zeros before its first dispatch), with what running requests hold back (none at approval).
 */
export async function dispatchTargetsOf(
  tx: Tx | Db,
  source: QuotaAccountRow,
  family: readonly QuotaAccountRow[],
  reserved: ReadonlyMap<string, bigint>,
  unitIds: readonly string[],
): Promise<Map<string, DispatchTarget>> {
  if (unitIds.length === 0) return new Map();
  const units = await tx
    .select({ id: groupUnits.id, unitName: unitNameOf(groupUnits) })
    .from(groupUnits)
    .where(inArray(groupUnits.id, [...unitIds]));
  const targets = new Map<string, DispatchTarget>();
  for (const unit of units) {
    const row = family.find((a) => a.parentId === source.id && a.unitId === unit.id);
    const balances = row ? balancesOf(row) : undefined;
    targets.set(unit.id, {
      unitName: unit.unitName,
      granted: balances?.granted ?? 0n,
      available: balances ? availableOf(balances) : 0n,
      reserved: row ? (reserved.get(row.id) ?? 0n) : 0n,
    });
  }
  return targets;
}
