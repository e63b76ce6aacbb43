/**
 * Corporations and their bank accounts through the generic CRUD routes (README "Add a resource"):
 * the kit masks and seals their sensitive fields; this module adds what the kit cannot know, the
 * real-name status of the linked real-name admission and the references that block a removal.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CORP_OWNED_FIELDS } from '../../src/features/corporations/changes';
import { bankAccountResource, corporationResource } from '../../src/features/corporations/resources';
import type { AppContext } from '../context';
import { crudRoutes, type Row } from '../crud/routes';
import { corpBankAccounts, corporations, groupUnits, realnameRecords } from '../db/schema';
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
        const [inTree] = await tx.select({ corpId: groupUnits.corpId, unitName: groupUnits.unitName }).from(groupUnits).where(inArray(groupUnits.corpId, ids)).limit(1);
        if (inTree) throw businessError('CORP_IN_GROUP_TREE', 'corporations:server.inGroupTree', { unitName: inTree.unitName });
      },
    },
  });

  crudRoutes(api, ctx, {
    resource: bankAccountResource,
    table: corpBankAccounts,
    // The holder (corpId) is a reference: the kit refuses an id naming no corporation.
  });
}
