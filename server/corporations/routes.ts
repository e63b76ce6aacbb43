/**
 * Corporations and their bank accounts through the generic CRUD routes (README "Add a resource"):
 * the kit masks and seals their sensitive fields; this module adds what the kit cannot know, the
 * real-name status of the linked real-name admission and the references that block a removal.
 */
import { and, desc, eq, exists, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CORP_OWNED_FIELDS, coreAdmissionResource } from '../../src/features/corporations/changes';
import { CORP_REALNAME_NONE } from '../../src/lib/corporations';
import { PENDING_CHANGE_FIELD } from '../../src/crud/resource';
import { bankAccountResource, corporationResource } from '../../src/features/corporations/resources';
import type { AppContext } from '../context';
import { approvableResource } from '../crud/approvals';
import { crudRoutes, type Row } from '../crud/routes';
import type { Db } from '../db/open';
import {
  corpBankAccounts,
  corporations,
  creditNoteApplications,
  financingApplications,
  groupUnits,
  hotlineCalls,
  quotaAccounts,
  realnameRecords,
  users,
} from '../db/schema';
import { unitNameOf } from './unit-name';
import { businessError } from '../errors';
import { groupTreeRoutes } from './group-tree';
import { standInGateway } from './verification/gateway';
import { verificationRoutes } from './verification/routes';

/**
 * The corporation's real-name status, from its admission: the record linked to it, else the newest
 * admission filed under its credit code (admissions are filed by operators before the corporation
 * is linked), else NONE (未认证). With the admission's id, so 企业详情 can open it.
 */
async function withRealname(db: Db, rows: Row[]): Promise<Row[]> {
  const linked = rows.map((r) => r.realnameRecordId).filter((id): id is string => typeof id === 'string');
  const codes = rows.map((r) => r.creditCode).filter((code): code is string => typeof code === 'string' && code !== '');
  const found =
    linked.length || codes.length
      ? await db
          .select({ id: realnameRecords.id, status: realnameRecords.status, creditCode: realnameRecords.creditCode })
          .from(realnameRecords)
          .where(or(linked.length ? inArray(realnameRecords.id, linked) : undefined, codes.length ? inArray(realnameRecords.creditCode, codes) : undefined))
          .orderBy(desc(realnameRecords.createTime))
      : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const byCode = new Map<string, (typeof found)[number]>();
  for (const record of found) if (record.creditCode && !byCode.has(record.creditCode)) byCode.set(record.creditCode, record);
  return rows.map((row): Row => {
    const admission = byId.get(row.realnameRecordId as string) ?? byCode.get(row.creditCode as string);
    return { ...row, realnameStatus: admission?.status ?? CORP_REALNAME_NONE, realnameRecordId: admission?.id ?? null };
  });
}

export function corporationRoutes(api: FastifyInstance, ctx: AppContext): void {
  /**
   * The corporate change in approval (name, administrator, admission update), read through the
   * changes' shared scope, with its proposer's display name: DOMAIN.md has a record show its pending
   * change beside the current value, and 企业管理 itself approves none.
   */
  async function withPendingChange(db: Db, rows: Row[]): Promise<Row[]> {
    const changes = approvableResource(ctx, coreAdmissionResource.name);
    if (!changes || !rows.length) return rows;
    const pending = await changes.withPending(rows);
    const proposers = [
      ...new Set(
        pending.flatMap((row) => {
          const by = (row[PENDING_CHANGE_FIELD] as { createBy?: string | null } | null)?.createBy;
          return by ? [by] : [];
        }),
      ),
    ];
    const names = proposers.length
      ? new Map(
          (await db.select({ username: users.username, personName: users.personName }).from(users).where(inArray(users.username, proposers))).map((u) => [
            u.username,
            u.personName,
          ]),
        )
      : new Map<string, string>();
    return pending.map((row) => {
      const change = row[PENDING_CHANGE_FIELD] as { createBy?: string | null } | null;
      return change ? { ...row, [PENDING_CHANGE_FIELD]: { ...change, createByName: names.get(change.createBy ?? '') ?? null } } : row;
    });
  }

  groupTreeRoutes(api, ctx);
  verificationRoutes(api, ctx, standInGateway(ctx.demoOutbox));
  crudRoutes(api, ctx, {
    resource: corporationResource,
    table: corporations,
    // 修改 here changes the registration, never the name or the administrator (their processes own them).
    ownedFields: CORP_OWNED_FIELDS,
    hooks: {
      async present(db, rows) {
        return withPendingChange(db, await withRealname(db, rows));
      },
      async beforeRemove(tx, rows) {
        const ids = rows.map((r) => r.id as string);
        const [inTree] = await tx
          .select({ corpId: groupUnits.corpId, unitName: unitNameOf(groupUnits) })
          .from(groupUnits)
          .where(inArray(groupUnits.corpId, ids))
          .limit(1);
        if (inTree) throw businessError('CORP_IN_GROUP_TREE', 'corporations:server.inGroupTree', { unitName: inTree.unitName });
        // Quotas and financing applications reference their parties by key: say which, rather than let the key refuse.
        const [grantor] = await tx
          .select({ corpName: corporations.corpName })
          .from(quotaAccounts)
          .innerJoin(corporations, eq(corporations.id, quotaAccounts.grantorCorpId))
          .where(inArray(quotaAccounts.grantorCorpId, ids))
          .limit(1);
        if (grantor) throw businessError('CORP_REFERENCED', 'corporations:server.grantsQuota', { corpName: grantor.corpName });
        const [party] = await tx
          .select({ corpName: corporations.corpName })
          .from(corporations)
          .where(
            and(
              inArray(corporations.id, ids),
              exists(
                tx
                  .select({ id: financingApplications.id })
                  .from(financingApplications)
                  .where(or(eq(financingApplications.supplierCorpId, corporations.id), eq(financingApplications.coreCorpId, corporations.id))),
              ),
            ),
          )
          .limit(1);
        if (party) throw businessError('CORP_REFERENCED', 'corporations:server.inFinancing', { corpName: party.corpName });
        const [payee] = await tx
          .select({ corpName: corporations.corpName })
          .from(corporations)
          .where(
            and(
              inArray(corporations.id, ids),
              exists(tx.select({ id: creditNoteApplications.id }).from(creditNoteApplications).where(eq(creditNoteApplications.payeeCorpId, corporations.id))),
            ),
          )
          .limit(1);
        if (payee) throw businessError('CORP_REFERENCED', 'corporations:server.payeeOfApplication', { corpName: payee.corpName });
        // The hotline's call log references the corporation called (its contact history stays readable).
        const [called] = await tx
          .select({ corpName: corporations.corpName })
          .from(corporations)
          .where(
            and(inArray(corporations.id, ids), exists(tx.select({ id: hotlineCalls.id }).from(hotlineCalls).where(eq(hotlineCalls.corpId, corporations.id)))),
          )
          .limit(1);
        if (called) throw businessError('CORP_REFERENCED', 'corporations:server.calledOnHotline', { corpName: called.corpName });
      },
    },
  });

  crudRoutes(api, ctx, {
    resource: bankAccountResource,
    table: corpBankAccounts,
    // The holder (corpId) is a reference: the kit refuses an id naming no corporation.
  });
}
