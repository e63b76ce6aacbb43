/**
 * The certificate calls under /op/v1/certificates (README "Certificates"): list and detail need the
 * list / query permissions; create, renew and reopen each need their own and start their process; a
 * returned application's requested validity is changed through workflow/instances/resubmit (its reviser
 * is in applications.ts).
 */
import { asc, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CERT_KIND, CERT_STATUS, CERTIFICATE_API, expiringUntil, isExpiringSoon } from '../../src/lib/certificates';
import { PERMISSIONS } from '../../src/features/certificates/permissions';
import { PERMISSIONS as PLATFORM_PERMISSIONS } from '../../src/lib/permissions';
import type { AppContext } from '../context';
import { escapeLike, pagingOf, whereOf } from '../crud/query';
import type { Page } from '../crud/routes';
import { certificateApplications, certificates } from '../db/schema';
import { notFoundError, validationError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import type { z } from 'zod';
import { asServerRule } from '../operation-log/origin';
import { CertificateApplications, expireLapsed, type ApplicationRow, type CertificateRow } from './applications';
import { applicationIdBody, createBody, extendBody, idBody, pageBody } from './input';

const SORTABLE = {
  holderCorpName: certificates.holderCorpName,
  validFrom: certificates.validFrom,
  validTo: certificates.validTo,
  createTime: certificates.createTime,
} as const;

export interface CertificateView extends CertificateRow {
  expiringSoon: boolean;
}

/** The list's order (orderBy is kept by the page's loose schema and read here, with the SORTABLE columns). */
function orderOf(body: Record<string, unknown>): SQL[] {
  const asked = body.orderBy;
  if (asked === undefined || asked === null) return [desc(certificates.createTime), asc(certificates.id)];
  if (!Array.isArray(asked)) throw validationError(translate('server:crud.orderBy'));
  const order = asked.map((item: unknown) => {
    const { field, order: direction = 'asc' } = (item ?? {}) as { field?: unknown; order?: unknown };
    if (typeof field !== 'string' || !Object.hasOwn(SORTABLE, field)) throw validationError(translate('server:crud.notSortable', { field: String(field) }));
    if (direction !== 'asc' && direction !== 'desc') throw validationError(translate('server:crud.orderBy'));
    const column = SORTABLE[field as keyof typeof SORTABLE];
    return direction === 'desc' ? desc(column) : asc(column);
  });
  return [...order, asc(certificates.id)];
}

function filtersOf(body: z.infer<typeof pageBody>, today: string): SQL[] {
  const conditions: SQL[] = [];
  const { holderCorpName: holder, serialNo: serial, status, expiring } = body;
  if (holder) conditions.push(ilike(certificates.holderCorpName, `%${escapeLike(holder)}%`));
  if (serial) conditions.push(ilike(certificates.serialNo, `%${escapeLike(serial)}%`));
  if (status) conditions.push(eq(certificates.status, status));
  if (expiring) {
    conditions.push(eq(certificates.status, CERT_STATUS.VALID), gte(certificates.validTo, today), lte(certificates.validTo, expiringUntil(today)));
  }
  return conditions;
}

export function certificateRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { certificate } = PERMISSIONS;
  const { task } = PLATFORM_PERMISSIONS;
  const applications = new CertificateApplications(ctx);
  const view = (row: CertificateRow): CertificateView => ({ ...row, expiringSoon: isExpiringSoon(row, applications.today()) });
  // Each call's body is its schema's (./input.ts): the handler gets it parsed and typed.
  const post = <B>(path: string, permission: string, schema: z.ZodType<B>, handler: (body: B, principal: Principal) => Promise<unknown>) =>
    route(api, {
      method: 'POST',
      path: `${CERTIFICATE_API}/${path}`,
      auth: 'session',
      permission,
      body: schema,
      handler: ({ body, principal }) => handler(body, principal),
    });

  const findCertificate = async (id: string) => {
    const [row] = await ctx.db.select().from(certificates).where(eq(certificates.id, id));
    if (!row) throw notFoundError(translate('server:cert.notFound'));
    return row;
  };

  post('page', certificate.list, pageBody, async (body): Promise<Page<CertificateView>> => {
    const today = applications.today();
    const { pageNum, pageSize } = pagingOf(body);
    const where = whereOf(filtersOf(body, today));
    const order = orderOf(body);
    // The rule of time, applied by the server on the way to the list: no operator's write (origin.ts).
    await asServerRule(() => expireLapsed(ctx.db, today));
    const [{ total }] = await ctx.db.select({ total: count() }).from(certificates).where(where);
    const rows = await ctx.db
      .select()
      .from(certificates)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { records: rows.map(view), total, pageNum, pageSize };
  });

  post('find-by-id', certificate.query, idBody, async (body) => {
    const { id } = body;
    await asServerRule(() => expireLapsed(ctx.db, applications.today()));
    const row = await findCertificate(id);
    const list: ApplicationRow[] = await ctx.db
      .select()
      .from(certificateApplications)
      .where(eq(certificateApplications.certificateId, id))
      .orderBy(desc(certificateApplications.createTime), desc(certificateApplications.id));
    return { ...view(row), applications: list };
  });

  post('save', certificate.add, createBody, (body, principal) => applications.create(principal, body));
  post('renew', certificate.renew, extendBody, (body, principal) => applications.extend(principal, body, CERT_KIND.RENEWAL));
  post('reopen', certificate.reopen, extendBody, (body, principal) => applications.extend(principal, body, CERT_KIND.REOPEN));

  // The task view shows an application to whoever may see the task centre's instances.
  post('applications/find-by-id', task.query, applicationIdBody, async (body) => {
    const { id } = body;
    const [application] = await ctx.db.select().from(certificateApplications).where(eq(certificateApplications.id, id));
    if (!application) throw notFoundError(translate('server:cert.applicationNotFound'));
    return { application, certificate: view(await findCertificate(application.certificateId)) };
  });
}
