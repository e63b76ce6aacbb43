/**
 * Dictionary data (spec §7 /op/v1/sys/dict-datas): the generic CRUD calls, plus the two look-ups every
 * screen uses to label coded values. Those answer only enabled items (status '0'), in dictSort order;
 * with `includeDisabled: true` the disabled ones too, marked `disabled`, so that a record still
 * holding a value its dictionary has since disabled is shown by its label, not its raw code.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { dictDataResource } from '../../src/resources/system';
import type { AppContext } from '../context';
import { crudRoutes } from '../crud/routes';
import { sysDictData, sysDictTypes } from '../db/schema';
import { businessError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import type { DictItem } from '../../src/protocol/api-types';
import { z } from 'zod';
import { bool, optional, text } from '../input/fields';

const itemColumns = {
  dictType: sysDictData.dictType,
  dictLabel: sysDictData.dictLabel,
  dictValue: sysDictData.dictValue,
  listClass: sysDictData.listClass,
  isShow: sysDictData.isShow,
  dictSort: sysDictData.dictSort,
  status: sysDictData.status,
};

const dictTypeBody = z.object({ dictType: text('server:input.fields.dictType', 100) });

const MAX_DICT_TYPES = 100;
const dictTypesRefused = () => translate('server:dict.dictTypesList', { field: translate('server:input.fields.dictTypes'), max: String(MAX_DICT_TYPES) });
/**
 * The dictionaries a screen shows: a list of type codes, possibly empty (answered {}), without repeats.
 * Checked as a whole, so the refusal names the list rather than its nth element.
 */
const dictTypesBody = z.object({
  dictTypes: optional(
    z
      .array(z.unknown(), { error: dictTypesRefused })
      .max(MAX_DICT_TYPES, { error: dictTypesRefused })
      .refine((list): list is string[] => list.every((item) => typeof item === 'string' && item.length <= 100), { error: dictTypesRefused })
      .transform((list) => [...new Set(list)]),
  ),
  includeDisabled: optional(bool('server:input.fields.includeDisabled')),
});

/** status '0' is 正常 in dictionary sys_normal_disable; disabled items are not offered to screens. */
const ENABLED = '0';

export function dictDataRoutes(api: FastifyInstance, ctx: AppContext): void {
  crudRoutes(api, ctx, {
    resource: dictDataResource,
    table: sysDictData,
    hooks: {
      async beforeWrite(tx, values) {
        if (values.dictType === undefined) return; // createOnly: only a new item names its type
        const [type] = await tx
          .select({ id: sysDictTypes.id })
          .from(sysDictTypes)
          .where(eq(sysDictTypes.dictType, String(values.dictType)));
        if (!type) throw businessError('DICT_TYPE_MISSING', 'server:dict.typeMissing', { dictType: String(values.dictType) });
      },
    },
  });

  const list = async (types: string[], includeDisabled = false) => {
    const rows = await ctx.db
      .select(itemColumns)
      .from(sysDictData)
      .where(includeDisabled ? inArray(sysDictData.dictType, types) : and(inArray(sysDictData.dictType, types), eq(sysDictData.status, ENABLED)))
      .orderBy(asc(sysDictData.dictType), asc(sysDictData.dictSort), asc(sysDictData.id));
    return rows.map(({ status, ...item }) => (status === ENABLED ? item : { ...item, disabled: true }));
  };

  // Both look-ups label codes on every screen, so a session is enough (the page call needs the list permission).
  route(api, {
    method: 'POST',
    path: `${dictDataResource.apiBase}/list-by-dict-type`,
    auth: 'session',
    body: dictTypeBody,
    handler: async ({ body }): Promise<DictItem[]> => (await list([body.dictType])).map(({ dictType: _t, ...item }) => item),
  });

  // An empty or absent dictTypes answers {}: a screen asks for the dictionaries it shows.
  route(api, {
    method: 'POST',
    path: `${dictDataResource.apiBase}/list-by-dict-types`,
    auth: 'session',
    body: dictTypesBody,
    handler: async ({ body }) => {
      const types = body.dictTypes ?? [];
      const answer: Record<string, DictItem[]> = Object.fromEntries(types.map((t) => [t, []]));
      if (!types.length) return answer;
      for (const { dictType, ...item } of await list(types, body.includeDisabled ?? false)) answer[dictType].push(item);
      return answer;
    },
  });
}
