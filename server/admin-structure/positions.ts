/** Positions (issue 20): the kit's CRUD; a position someone holds cannot be removed. */
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { positionResource } from '../../src/resources/positions';
import type { AppContext } from '../context';
import { crudRoutes } from '../crud/routes';
import { businessError } from '../errors';
import { sysPositions, sysUserPositions } from '../db/schema';

export function positionRoutes(api: FastifyInstance, ctx: AppContext): void {
  crudRoutes(api, ctx, {
    resource: positionResource,
    table: sysPositions,
    hooks: {
      async beforeRemove(tx, rows) {
        const ids = rows.map((row) => String(row.id));
        if (!ids.length) return;
        const [held] = await tx
          .select({ positionId: sysUserPositions.positionId })
          .from(sysUserPositions)
          .where(inArray(sysUserPositions.positionId, ids))
          .limit(1);
        if (!held) return;
        const name = String(rows.find((row) => row.id === held.positionId)?.positionName ?? '');
        throw businessError('POSITION_HELD', 'admin:errors.positionHeld', { name });
      },
    },
  });
}
