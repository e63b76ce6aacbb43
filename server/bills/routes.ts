/**
 * The bill calls under /op/v1/bills (src/lib/bills.ts): bills paged and searched (corporation,
 * period, status), one with its lines, instance and invoice, what a period would bill (the preview
 * of the generate dialog), and the writes of server/bills/service.ts, each behind its permission.
 */
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BILL_API, BILL_STATUSES, isPeriod } from '../../src/lib/bills';
import { toChineseCapital } from '../../src/lib/numerals';
import { PERMISSIONS } from '../../src/lib/permissions';
import type { AppContext } from '../context';
import { escapeLike, pagingOf } from '../crud/query';
import { billInvoices, billLines, bills } from '../db/schema';
import { aboutField, notFoundError, validationError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import { optionalOneOf, optionalText, requireBody, type Body } from '../workflow/input';
import { billServiceOf, invoiceView, requireId, requirePeriod } from './service';
import { fenToYuan } from '../../src/lib/money';

export function billRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { bill } = PERMISSIONS;
  const service = billServiceOf(ctx);
  const post = (path: string, permission: string, handler: (body: Body, principal: Principal) => Promise<unknown>) =>
    route(api, {
      method: 'POST',
      path: `${BILL_API}/${path}`,
      auth: 'session',
      permission,
      handler: ({ body, principal }) => handler(requireBody(body ?? {}), principal),
    });

  post('page', bill.list, async (body) => {
    const { pageNum, pageSize } = pagingOf(body);
    const conditions: SQL[] = [];
    const corpName = optionalText(body, 'corpName', 100);
    if (corpName) conditions.push(ilike(bills.corpName, `%${escapeLike(corpName)}%`));
    const period = optionalText(body, 'period', 7);
    if (period !== undefined) {
      if (!isPeriod(period)) throw aboutField(validationError(translate('bills:server.periodInvalid')), 'period');
      conditions.push(eq(bills.period, period));
    }
    const status = optionalOneOf(body, 'status', BILL_STATUSES, 'bills:server.statusUnknown');
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
  post('find-by-id', bill.query, async (body) => {
    const instanceId = optionalText(body, 'instanceId', 100);
    const [row] = await ctx.db
      .select()
      .from(bills)
      .where(instanceId ? eq(bills.instanceId, instanceId) : eq(bills.id, requireId(body)));
    if (!row) throw notFoundError(translate('bills:server.billNotFound'));
    const lines = await ctx.db.select().from(billLines).where(eq(billLines.billId, row.id)).orderBy(asc(billLines.basis), asc(billLines.tenorFromDays));
    const [invoice] = await ctx.db.select().from(billInvoices).where(eq(billInvoices.billId, row.id));
    return { bill: row, feeCapital: toChineseCapital(row.feeAmount), lines, invoice: invoice ? await invoiceView(ctx, invoice) : null };
  });

  /** What generating the period would bill now, made of the same aggregates; nothing is written. */
  post('preview', bill.generate, async (body) => {
    const period = requirePeriod(body);
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

  post('generate', bill.generate, (body, principal) => service.generate(principal, body));
  post('submit', bill.submit, (body, principal) => service.submit(principal, body));
  post('pay', bill.pay, (body, principal) => service.pay(principal, body));
  post('invoice-defaults', bill.invoice, (body) => service.invoiceDefaults(requireId(body)));
  post('invoice', bill.invoice, (body, principal) => service.invoice(principal, body));
}
