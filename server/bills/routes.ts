/**
 * The bill calls under /op/v1/bills (src/lib/bills.ts): bills paged and searched (corporation,
 * period, status), one with its lines, instance and invoice, what a period would bill (the preview
 * of the generate dialog), and the writes of server/bills/service.ts, each behind its permission.
 */
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BILL_API } from '../../src/lib/bills';
import { toChineseCapital } from '../../src/lib/numerals';
import { PERMISSIONS } from '../../src/features/bills/permissions';
import type { AppContext } from '../context';
import { escapeLike } from '../crud/query';
import { billInvoices, billLines, bills } from '../db/schema';
import { notFoundError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import type { z } from 'zod';
import { billRefBody, idBody, invoiceBody, pageBody, payBody, periodBody, submitBody } from './input';
import { billServiceOf, invoiceView } from './service';
import { fenToYuan } from '../../src/lib/money';

export function billRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { bill } = PERMISSIONS;
  const service = billServiceOf(ctx);
  const post = <B>(path: string, permission: string, schema: z.ZodType<B>, handler: (body: B, principal: Principal) => Promise<unknown>) =>
    route(api, {
      method: 'POST',
      path: `${BILL_API}/${path}`,
      auth: 'session',
      permission,
      body: schema,
      handler: ({ body, principal }) => handler(body, principal),
    });

  post('page', bill.list, pageBody, async ({ pageNum, pageSize, corpName, period, status }) => {
    const conditions: SQL[] = [];
    if (corpName) conditions.push(ilike(bills.corpName, `%${escapeLike(corpName)}%`));
    if (period !== undefined) conditions.push(eq(bills.period, period));
    if (status) conditions.push(eq(bills.status, status));
    const where = conditions.length ? and(...conditions) : undefined;
    const [{ total }] = await ctx.db.select({ total: count() }).from(bills).where(where);
    const records = await ctx.db
      .select()
      .from(bills)
      .where(where)
      .orderBy(desc(bills.period), asc(bills.corpName), asc(bills.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { records, total, pageNum, pageSize };
  });

  /** One bill by id, or by the instance that reviews it (the task page knows only the instance). */
  post('find-by-id', bill.query, billRefBody, async ({ id, instanceId }) => {
    const [row] = await ctx.db
      .select()
      .from(bills)
      .where(instanceId ? eq(bills.instanceId, instanceId) : eq(bills.id, id!));
    if (!row) throw notFoundError(translate('bills:server.billNotFound'));
    const lines = await ctx.db.select().from(billLines).where(eq(billLines.billId, row.id)).orderBy(asc(billLines.basis), asc(billLines.tenorFromDays));
    const [invoice] = await ctx.db.select().from(billInvoices).where(eq(billInvoices.billId, row.id));
    return { bill: row, feeCapital: toChineseCapital(row.feeAmount), lines, invoice: invoice ? await invoiceView(ctx, invoice) : null };
  });

  /** What generating the period would bill now, made of the same aggregates; nothing is written. */
  post('preview', bill.generate, periodBody, async ({ period }) => {
    const computed = await ctx.db.transaction((tx) => service.compute(tx, period));
    const existing = await ctx.db.select({ corpId: bills.corpId }).from(bills).where(eq(bills.period, period));
    const billed = new Set(existing.map((b) => b.corpId));
    return computed.map((b) => ({
      corpId: b.corpId,
      corpName: b.corpName,
      issuedAmount: fenToYuan(b.issuedFen),
      financedAmount: fenToYuan(b.financedFen),
      unpricedAmount: fenToYuan(b.unpricedFen),
      lineCount: b.lines.length,
      exists: billed.has(b.corpId),
    }));
  });

  post('generate', bill.generate, periodBody, ({ period }, principal) => service.generate(principal, period));
  post('submit', bill.submit, submitBody, (body, principal) => service.submit(principal, body));
  post('pay', bill.pay, payBody, (body, principal) => service.pay(principal, body));
  post('invoice-defaults', bill.invoice, idBody, ({ id }) => service.invoiceDefaults(id));
  post('invoice', bill.invoice, invoiceBody, (body, principal) => service.invoice(principal, body));
}
