/**
 * POST /op/v1/ci/corps/list_invoice_type_dict (spec §7): the invoice-type dictionary's enabled
 * entries with their isShow flag, in display order. The browser keeps only the shown ones
 * (src/lib/invoice-types.ts); the certificate calls refuse the others.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { INVOICE_TYPE_DICT, INVOICE_TYPE_LIST_PATH } from '../../src/lib/certificates';
import type { DictItem } from '../../src/protocol/api-types';
import type { AppContext } from '../context';
import { sysDictData } from '../db/schema';
import { route } from '../routes/route';
import { emptyBody } from './input';

/** status '0' is 正常 in sys_normal_disable. */
const ENABLED = '0';

export function invoiceTypeRoutes(api: FastifyInstance, ctx: AppContext): void {
  // Labels coded values on application forms: a session is enough, as for the dictionary look-ups.
  route(api, {
    method: 'POST',
    path: INVOICE_TYPE_LIST_PATH,
    auth: 'session',
    body: emptyBody,
    handler: (): Promise<DictItem[]> =>
      ctx.db
        .select({
          dictLabel: sysDictData.dictLabel,
          dictValue: sysDictData.dictValue,
          listClass: sysDictData.listClass,
          isShow: sysDictData.isShow,
          dictSort: sysDictData.dictSort,
        })
        .from(sysDictData)
        .where(and(eq(sysDictData.dictType, INVOICE_TYPE_DICT), eq(sysDictData.status, ENABLED)))
        .orderBy(asc(sysDictData.dictSort), asc(sysDictData.id)),
  });
}
