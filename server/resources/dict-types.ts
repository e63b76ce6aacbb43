/** Dictionary types (spec §7 /op/v1/sys/dict-types): the generic CRUD calls, with one removal rule. */
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { dictTypeResource } from '../../src/resources/system';
import type { AppContext } from '../context';
import { crudRoutes } from '../crud/routes';
import { sysDictData, sysDictTypes } from '../db/schema';
import { businessError } from '../errors';

export function dictTypeRoutes(api: FastifyInstance, ctx: AppContext): void {
  crudRoutes(api, ctx, {
    resource: dictTypeResource,
    table: sysDictTypes,
    hooks: {
      // Refused rather than cascaded: removing a type that screens still read should be a deliberate two-step act.
      async beforeRemove(tx, rows) {
        const types = rows.map((r) => String(r.dictType));
        if (!types.length) return;
        const [used] = await tx.select({ dictType: sysDictData.dictType }).from(sysDictData).where(inArray(sysDictData.dictType, types)).limit(1);
        if (used) throw businessError('DICT_TYPE_IN_USE', 'server:dict.typeInUse', { dictType: used.dictType });
      },
    },
  });
}
