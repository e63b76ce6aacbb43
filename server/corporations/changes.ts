/**
 * The corporate changes (src/features/corporations/changes.ts) on the corporations and bank-account
 * tables, through the kit's approvable resources: each save is proposed and starts its process; the
 * approved end writes it. A new core enterprise becomes a corporation of type core enterprise,
 * admitted, when its admission is approved.
 */
import { arrayContains, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  accountChangeResource,
  accountUsageResource,
  CORP_CHANGE_SCOPE,
  CORP_OWNED_FIELDS,
  coreAdmissionResource,
  managerChangeResource,
  renamingResource,
} from '../../src/features/corporations/changes';
import { ADMISSION_STATUS, CORP_TYPE } from '../../src/lib/corporations';
import type { AnyResource } from '../../src/crud/resource';
import type { AppContext } from '../context';
import { crudRoutes, type Row } from '../crud/routes';
import type { Db } from '../db/open';
import { corpBankAccounts, corporations } from '../db/schema';

/** Bank-account rows with the name of the corporation that holds them. */
async function withHolder(db: Db, rows: Row[]): Promise<Row[]> {
  const ids = [...new Set(rows.map((r) => String(r.corpId)))];
  const names = ids.length
    ? new Map(
        (await db.select({ id: corporations.id, corpName: corporations.corpName }).from(corporations).where(inArray(corporations.id, ids))).map((c) => [
          c.id,
          c.corpName,
        ]),
      )
    : new Map<string, string>();
  return rows.map((row) => ({ ...row, holderName: names.get(String(row.corpId)) ?? null }));
}

const RECORD_COLUMNS = ['id', 'dataVersion', 'createTime', 'updateTime', 'createBy', 'updateBy'];

/**
 * Each change shows only the part of the record it changes: the other columns (sealed values of
 * fields it does not declare among them) never leave through it.
 */
function declaredOnly(resource: AnyResource, before?: (db: Db, rows: Row[]) => Promise<Row[]>) {
  const keep = [...RECORD_COLUMNS, ...Object.keys(resource.fields)];
  return async (db: Db, rows: Row[]): Promise<Row[]> =>
    (before ? await before(db, rows) : rows).map((row) => Object.fromEntries(keep.filter((k) => Object.hasOwn(row, k)).map((k) => [k, row[k]])));
}

export function corporateChangeRoutes(api: FastifyInstance, ctx: AppContext): void {
  // Each change of a corporation may change only what its own process approves: the name and the administrator are refused by the others.
  const corporation = { table: corporations, approvalScope: CORP_CHANGE_SCOPE.corporation, ownedFields: CORP_OWNED_FIELDS };
  crudRoutes(api, ctx, {
    ...corporation,
    resource: coreAdmissionResource,
    hooks: { present: declaredOnly(coreAdmissionResource) },
    listScope: arrayContains(corporations.corpTypes, [CORP_TYPE.core]),
    approvalApplies: (action) => (action === 'create' ? { corpTypes: [CORP_TYPE.core], admissionStatus: ADMISSION_STATUS.admitted } : {}),
  });
  crudRoutes(api, ctx, { ...corporation, resource: managerChangeResource, hooks: { present: declaredOnly(managerChangeResource) } });
  crudRoutes(api, ctx, { ...corporation, resource: renamingResource, hooks: { present: declaredOnly(renamingResource) } });

  const account = { table: corpBankAccounts, approvalScope: CORP_CHANGE_SCOPE.bankAccount };
  crudRoutes(api, ctx, { ...account, resource: accountChangeResource, hooks: { present: declaredOnly(accountChangeResource, withHolder) } });
  crudRoutes(api, ctx, { ...account, resource: accountUsageResource, hooks: { present: declaredOnly(accountUsageResource, withHolder) } });
}
