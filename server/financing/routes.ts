/**
 * The financing calls under /op/v1/financing (src/lib/financing.ts FINANCING_CALLS): applications
 * paged, one with its materials, a supplier's (the onboarding record's steps), the choices of the
 * start form, and the writes of server/financing/applications.ts, each behind its permission.
 */
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { CORP_TYPE, UNIT_KIND } from '../../src/lib/corporations';
import { FINANCING_CALLS } from '../../src/lib/financing';
import { PERMISSIONS } from '../../src/features/financing/permissions';
import type { AppContext } from '../context';
import { escapeLike } from '../crud/query';
import { boundedMatchCount, boundedTotal, rowTotal } from '../crud/row-counts';
import type { Db } from '../db/open';
import { corpBankAccounts, corporations, financingApplications, groupUnits, products } from '../db/schema';
import { actorOf } from '../operation-log/record';
import { sessionPost } from '../routes/route';
import { z } from 'zod';
import { addFilesBody, idBody, pageBody, startBody, supplierBody, updateBody, verdictBody, versionedBody } from './input';
import { SmsSignService } from '../workflow/sms-sign';
import { applicationColumns, FinancingApplications, type ApplicationRow } from './applications';

/** Bank-account label without the number (sealed at rest): bank, branch, holder. */
async function accountLabels(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(corpBankAccounts).where(inArray(corpBankAccounts.id, ids));
  return new Map(rows.map((a) => [a.id, [a.bankName, a.branchName, a.accountName].filter(Boolean).join(' · ')]));
}

async function withAccounts(db: Db, rows: ApplicationRow[]) {
  const labels = await accountLabels(db, [...new Set(rows.map((r) => r.settlementAccountId).filter((id): id is string => !!id))]);
  return rows.map((r) => ({ ...r, settlementAccount: r.settlementAccountId ? (labels.get(r.settlementAccountId) ?? null) : null }));
}

/** The start form's choices take no body: whatever is sent is not read. */
const noBody = z.object({});

const services = new WeakMap<AppContext, FinancingApplications>();

/** The app's one FinancingApplications (its listeners registered once), made with its routes; the demo seed uses it too. */
export function financingOf(ctx: AppContext): FinancingApplications | undefined {
  return services.get(ctx);
}

export function financingRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { financing } = PERMISSIONS;
  const service = new FinancingApplications(ctx, new SmsSignService({ db: ctx.db, now: ctx.now, outbox: ctx.demoOutbox, log: api.log }));
  services.set(ctx, service);
  const post = sessionPost(api);

  post(FINANCING_CALLS.page, financing.list, pageBody, async ({ pageNum, pageSize, supplierName, applicationNo, status }) => {
    const conditions: SQL[] = [];
    // The suppliers whose current name contains the text, found through the names' trigram index, then their applications by
    // supplier (issue 42): the name read for every application and filtered read them all, 100,000 in a year.
    if (supplierName)
      conditions.push(
        sql`${financingApplications.supplierCorpId} = any(array(select c.id from corporations c where c.corp_name ilike ${`%${escapeLike(supplierName)}%`}))`,
      );
    if (applicationNo) conditions.push(ilike(financingApplications.applicationNo, `%${escapeLike(applicationNo)}%`));
    if (status) conditions.push(eq(financingApplications.status, status));
    const where = conditions.length ? and(...conditions) : undefined;
    const offset = (pageNum - 1) * pageSize;
    // A filter's matches counted up to the bound (row-counts.ts); the whole list's total is the count the database keeps
    // (counted, it read 80,000 index entries a page at the full year: issue 42).
    const counted = where ? await boundedMatchCount(ctx.db, financingApplications, where) : undefined;
    const total = counted ?? (await rowTotal(ctx.db, financingApplications));
    // The page's ids first, then their parties' and product's names: named in the same scan, the rows skipped to reach a deep
    // page would each look up four names too.
    const page = ctx.db
      .select({ id: financingApplications.id })
      .from(financingApplications)
      .where(where)
      .orderBy(desc(financingApplications.createTime), asc(financingApplications.id))
      .limit(pageSize)
      .offset(offset);
    const rows = await ctx.db
      .select(applicationColumns)
      .from(financingApplications)
      .where(sql`${financingApplications.id} = any(array(${page}))`)
      .orderBy(desc(financingApplications.createTime), asc(financingApplications.id));
    const paged = counted === undefined ? { total } : boundedTotal(counted, offset + rows.length);
    return { records: await withAccounts(ctx.db, rows), pageNum, pageSize, ...paged };
  });

  post(FINANCING_CALLS.find, financing.query, idBody, async ({ id }) => {
    const row = await service.find(ctx.db, id);
    const [application] = await withAccounts(ctx.db, [row]);
    const accounts = await ctx.db
      .select({
        id: corpBankAccounts.id,
        bankName: corpBankAccounts.bankName,
        branchName: corpBankAccounts.branchName,
        accountName: corpBankAccounts.accountName,
        usage: corpBankAccounts.usage,
      })
      .from(corpBankAccounts)
      .where(eq(corpBankAccounts.corpId, row.supplierCorpId))
      .orderBy(asc(corpBankAccounts.createTime));
    return { application, materials: await service.materials(ctx.db, row.id), accounts };
  });

  // The onboarding record's signing flow: every application of one supplier, newest first.
  post(FINANCING_CALLS.ofSupplier, financing.query, supplierBody, async ({ supplierCorpId }) => {
    const rows = await ctx.db
      .select(applicationColumns)
      .from(financingApplications)
      .where(eq(financingApplications.supplierCorpId, supplierCorpId))
      .orderBy(desc(financingApplications.createTime));
    return { records: await withAccounts(ctx.db, rows) };
  });

  // The start form's choices: each core enterprise with a group and its member suppliers; the products in effect.
  post(FINANCING_CALLS.options, financing.add, noBody, async () => {
    const groups = await ctx.db
      .select({ groupId: groupUnits.groupId, corpId: corporations.id, corpName: corporations.corpName, corpTypes: corporations.corpTypes })
      .from(groupUnits)
      .innerJoin(corporations, eq(corporations.id, groupUnits.corpId))
      .where(eq(groupUnits.kind, UNIT_KIND.group));
    const cores = groups.filter((g) => g.corpTypes.includes(CORP_TYPE.core));
    const members = cores.length
      ? await ctx.db
          .select({ groupId: groupUnits.groupId, corpId: corporations.id, corpName: corporations.corpName })
          .from(groupUnits)
          .innerJoin(corporations, eq(corporations.id, groupUnits.corpId))
          .where(
            and(
              eq(groupUnits.kind, UNIT_KIND.member),
              inArray(
                groupUnits.groupId,
                cores.map((c) => c.groupId),
              ),
            ),
          )
          .orderBy(asc(groupUnits.sortOrder))
      : [];
    // A product names its parties by id: their names now, as the sign-up form shows them.
    const financeCorp = alias(corporations, 'finance_corp');
    const coreCorp = alias(corporations, 'core_corp');
    const productRows = await ctx.db
      .select({ prdCode: products.prdCode, prdName: products.prdName, coreCorpName: coreCorp.corpName, financeCorpName: financeCorp.corpName })
      .from(products)
      .leftJoin(coreCorp, eq(coreCorp.id, products.coreCorpId))
      .leftJoin(financeCorp, eq(financeCorp.id, products.financeCorpId))
      .orderBy(asc(products.prdCode));
    return {
      cores: cores.map((c) => ({
        corpId: c.corpId,
        corpName: c.corpName,
        suppliers: members.filter((m) => m.groupId === c.groupId).map(({ corpId, corpName }) => ({ corpId, corpName })),
      })),
      products: productRows,
    };
  });

  post(FINANCING_CALLS.start, financing.add, startBody, (body, principal, request) => service.start(actorOf(request, principal), body));
  post(FINANCING_CALLS.update, financing.edit, updateBody, (body, principal, request) => service.update(actorOf(request, principal), body));
  post(FINANCING_CALLS.addFiles, financing.edit, addFilesBody, (body, principal, request) => service.addFiles(actorOf(request, principal), body));
  post(FINANCING_CALLS.removeFile, financing.edit, idBody, ({ id }, principal, request) => service.removeFile(actorOf(request, principal), id));
  post(FINANCING_CALLS.submit, financing.edit, versionedBody, (body, principal, request) => service.submit(actorOf(request, principal), principal, body));
  post(FINANCING_CALLS.verdict, financing.review, verdictBody, (body, principal, request) => service.verdict(actorOf(request, principal), principal, body));
  post(FINANCING_CALLS.sign, financing.sign, idBody, ({ id }, principal, request) => service.sign(actorOf(request, principal), principal, id));
}
