/**
 * Corporations and their bank accounts through the generic CRUD routes (README "Add a resource"):
 * the kit masks and seals their sensitive fields; this module adds what the kit cannot know, the
 * real-name status of the linked real-name admission and the references that block a removal.
 */
import { and, eq, exists, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CORP_OWNED_FIELDS } from '../../src/features/corporations/changes';
import { bankAccountResource, corporationResource } from '../../src/features/corporations/resources';
import type { AppContext } from '../context';
import { crudRoutes, type Row } from '../crud/routes';
import { corpBankAccounts, corporations, creditNoteApplications, financingApplications, groupUnits, quotaAccounts, realnameRecords } from '../db/schema';
import { unitNameOf } from './unit-name';
import { businessError } from '../errors';
import { groupTreeRoutes } from './group-tree';
import { standInGateway } from './verification/gateway';
import { verificationRoutes } from './verification/routes';

export function corporationRoutes(api: FastifyInstance, ctx: AppContext): void {
  groupTreeRoutes(api, ctx);
  verificationRoutes(api, ctx, standInGateway(ctx.demoOutbox));
  crudRoutes(api, ctx, {
    resource: corporationResource,
    table: corporations,
    // 修改 here changes the registration, never the name or the administrator (their processes own them).
    ownedFields: CORP_OWNED_FIELDS,
    hooks: {
      async present(db, rows) {
        const linked = rows.map((r) => r.realnameRecordId).filter((id): id is string => typeof id === 'string');
        const statuses = linked.length
          ? new Map((await db.select({ id: realnameRecords.id, status: realnameRecords.status }).from(realnameRecords).where(inArray(realnameRecords.id, linked))).map((r) => [r.id, r.status]))
          : new Map<string, string>();
        return rows.map((row): Row => ({ ...row, realnameStatus: statuses.get(row.realnameRecordId as string) ?? null }));
      },
      async beforeRemove(tx, rows) {
        const ids = rows.map((r) => r.id as string);
        const [inTree] = await tx.select({ corpId: groupUnits.corpId, unitName: unitNameOf(groupUnits) }).from(groupUnits).where(inArray(groupUnits.corpId, ids)).limit(1);
        if (inTree) throw businessError('CORP_IN_GROUP_TREE', 'corporations:server.inGroupTree', { unitName: inTree.unitName });
        // Quotas and financing applications reference their parties by key: say which, rather than let the key refuse.
        const [grantor] = await tx.select({ corpName: corporations.corpName }).from(quotaAccounts).innerJoin(corporations, eq(corporations.id, quotaAccounts.grantorCorpId)).where(inArray(quotaAccounts.grantorCorpId, ids)).limit(1);
        if (grantor) throw businessError('CORP_REFERENCED', 'corporations:server.grantsQuota', { corpName: grantor.corpName });
        const [party] = await tx
          .select({ corpName: corporations.corpName })
          .from(corporations)
          .where(and(inArray(corporations.id, ids), exists(tx.select({ id: financingApplications.id }).from(financingApplications).where(or(eq(financingApplications.supplierCorpId, corporations.id), eq(financingApplications.coreCorpId, corporations.id))))))
          .limit(1);
        if (party) throw businessError('CORP_REFERENCED', 'corporations:server.inFinancing', { corpName: party.corpName });
        const [payee] = await tx
          .select({ corpName: corporations.corpName })
          .from(corporations)
          .where(and(inArray(corporations.id, ids), exists(tx.select({ id: creditNoteApplications.id }).from(creditNoteApplications).where(eq(creditNoteApplications.payeeCorpId, corporations.id)))))
          .limit(1);
        if (payee) throw businessError('CORP_REFERENCED', 'corporations:server.payeeOfApplication', { corpName: payee.corpName });
      },
    },
  });

  crudRoutes(api, ctx, {
    resource: bankAccountResource,
    table: corpBankAccounts,
    hooks: {
      async beforeWrite(tx, values, mode) {
        if (mode !== 'create') return;
        const [owner] = await tx.select({ id: corporations.id }).from(corporations).where(eq(corporations.id, String(values.corpId)));
        if (!owner) throw businessError('NOT_FOUND', 'corporations:server.corpNotFound');
      },
    },
  });
}
