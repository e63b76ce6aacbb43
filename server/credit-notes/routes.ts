/**
 * The credit-note calls under /op/v1/credit-notes (README "Credit notes"): the applications of the
 * three levels and what their form offers, the issuance data (generate, read, export), and the
 * notes (list, detail, split). Reading needs credit:note list / query; each write its own permission.
 */
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { UNIT_KIND } from '../../src/lib/corporations';
import { BATCH_FIGURES, BATCH_STATUS, CREDIT_NOTE_API } from '../../src/lib/credit-notes';
import { toChineseCapital } from '../../src/lib/numerals';
import { PERMISSIONS } from '../../src/features/credit-notes/permissions';
import { PRODUCT_CATEGORY } from '../../src/lib/products';
import { fenOf, yuan } from '../../src/lib/money';
import { TASK_SEGMENT } from '../../src/features/doc-review/rules';
import { creditBatchExportResource } from '../../src/features/credit-notes/batch-export';
import type { AppContext } from '../context';
import { MAX_EXPORT_ROWS } from '../crud/routes';
import { corporations, creditNoteApplications, creditNoteBatchQuotas, creditNoteBatches, creditNotes, groupUnits, products, quotaAccounts } from '../db/schema';
import { unitColumns, unitNameOf } from '../corporations';
import { grantorNameOf } from '../quotas';
import { listMaterials } from '../doc-review';
import { notFoundError } from '../errors';
import { translate } from '../i18n';
import { actorOf } from '../operation-log/record';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import type { z } from 'zod';
import {
  applicationBody,
  applicationsPageBody,
  applyBody,
  batchesPageBody,
  batchRefBody,
  generateBody,
  levelBody,
  noteBody,
  notesPageBody,
  splitBody,
  suppliersBody,
  type BatchRef,
} from './input';
import { applicationColumns, creditIssuanceOf, sumsByAccount } from './issuance';
import { listNotes, noteDetail, splitNote, supplierOptions, viewOf } from './notes';
import { dayOf } from '../../src/lib/dates';

const UNIT_KIND_OF = { PROJECT_DEPT: UNIT_KIND.projectDept, BRANCH: UNIT_KIND.branch, GROUP: UNIT_KIND.group } as const;

export function creditNoteRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { creditNote } = PERMISSIONS;
  const issuance = creditIssuanceOf(ctx);
  const post = <B>(
    path: string,
    permission: string,
    body: z.ZodType<B>,
    handler: (body: B, principal: Principal, log: ReturnType<typeof actorOf>) => Promise<unknown>,
  ) =>
    route(api, {
      method: 'POST',
      path: `${CREDIT_NOTE_API}/${path}`,
      auth: 'session',
      permission,
      body,
      handler: ({ body, principal, request }) => handler(body, principal, actorOf(request, principal)),
    });

  // ---- Applications -------------------------------------------------------------------------
  post('applications/page', creditNote.list, applicationsPageBody, async ({ pageNum, pageSize, level, status }) => {
    const conditions: SQL[] = [];
    if (level) conditions.push(eq(creditNoteApplications.level, level));
    if (status) conditions.push(eq(creditNoteApplications.status, status));
    const where = conditions.length ? and(...conditions) : undefined;
    const [{ total }] = await ctx.db.select({ total: count() }).from(creditNoteApplications).where(where);
    const records = await ctx.db
      .select(applicationColumns)
      .from(creditNoteApplications)
      .where(where)
      .orderBy(desc(creditNoteApplications.createTime), asc(creditNoteApplications.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { records, total, pageNum, pageSize };
  });

  post('applications/find-by-id', creditNote.query, applicationBody, async ({ id }) => {
    const [application] = await ctx.db.select(applicationColumns).from(creditNoteApplications).where(eq(creditNoteApplications.id, id));
    if (!application) throw notFoundError(translate('creditNotes:server.applicationNotFound'));
    return { application, materials: await listMaterials(ctx.db, application.id, TASK_SEGMENT.REVIEW) };
  });

  /** What a level's form offers: its units with their quota accounts, each group's member customers, the approved credit products. */
  post('applications/options', creditNote.add, levelBody, async ({ level }) => {
    const units = await ctx.db
      .select(unitColumns)
      .from(groupUnits)
      .where(eq(groupUnits.kind, UNIT_KIND_OF[level]))
      .orderBy(asc(groupUnits.sortOrder), asc(unitNameOf(groupUnits)));
    const unitIds = units.map((u) => u.id);
    const accounts = unitIds.length
      ? await ctx.db
          .select({
            id: quotaAccounts.id,
            unitId: quotaAccounts.unitId,
            kind: quotaAccounts.kind,
            grantorName: grantorNameOf(quotaAccounts),
            available: quotaAccounts.available,
            frozen: quotaAccounts.frozen,
            used: quotaAccounts.used,
          })
          .from(quotaAccounts)
          .where(inArray(quotaAccounts.unitId, unitIds))
          .orderBy(asc(grantorNameOf(quotaAccounts)))
      : [];
    const groupIds = [...new Set(units.map((u) => u.groupId))];
    const members = groupIds.length
      ? await ctx.db
          .select({ groupId: groupUnits.groupId, corpId: corporations.id, corpName: corporations.corpName })
          .from(groupUnits)
          .innerJoin(corporations, eq(corporations.id, groupUnits.corpId))
          .where(and(inArray(groupUnits.groupId, groupIds), eq(groupUnits.kind, UNIT_KIND.member)))
          .orderBy(asc(corporations.corpName))
      : [];
    const productRows = await ctx.db
      .select({
        id: products.id,
        prdCode: products.prdCode,
        prdName: products.prdName,
        tenorMinDays: products.tenorMinDays,
        tenorMaxDays: products.tenorMaxDays,
        amountMin: products.amountMin,
        amountMax: products.amountMax,
      })
      .from(products)
      .where(eq(products.category, PRODUCT_CATEGORY.credit))
      .orderBy(asc(products.prdName));
    return {
      today: dayOf(ctx.now()),
      units: units.map((u) => ({ id: u.id, unitName: u.unitName, groupId: u.groupId, accounts: accounts.filter((a) => a.unitId === u.id) })),
      members,
      products: productRows,
    };
  });

  post('applications/add', creditNote.add, applyBody, (body, principal, log) => issuance.apply(principal, body, log));

  // ---- Issuance data ------------------------------------------------------------------------
  post('batches/generate', creditNote.generate, generateBody, (body, principal, log) => issuance.generate(principal, body, log));

  post('batches/page', creditNote.list, batchesPageBody, async ({ pageNum, pageSize, status }) => {
    const where = status ? eq(creditNoteBatches.status, status) : undefined;
    const [{ total }] = await ctx.db.select({ total: count() }).from(creditNoteBatches).where(where);
    const records = await ctx.db
      .select()
      .from(creditNoteBatches)
      .where(where)
      .orderBy(desc(creditNoteBatches.createTime), asc(creditNoteBatches.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { records, total, pageNum, pageSize };
  });

  const batchOf = async ({ id, instanceId }: BatchRef) => {
    const [batch] = await ctx.db
      .select()
      .from(creditNoteBatches)
      .where(instanceId ? eq(creditNoteBatches.instanceId, instanceId) : eq(creditNoteBatches.id, id!));
    if (!batch) throw notFoundError(translate('creditNotes:server.batchNotFound'));
    return batch;
  };

  /**
   * A batch as its final approval reads it: the applications (with their documents' verdicts), the
   * total in figures and capital numerals, each issuing account's available quota before and after
   * the batch, and the notes once issued. A running batch's quota figures are live (`figures: LIVE`,
   * the screen says so); a decided one's are those kept at its decision (`DECIDED`), never today's
   * balance; a batch an earlier release decided without ledger movements to derive them has none
   * (`NOT_KEPT`: the amounts it held, and no before or after).
   */
  post('batches/find-by-id', creditNote.query, batchRefBody, async (body) => {
    const batch = await batchOf(body);
    const applications = await ctx.db
      .select(applicationColumns)
      .from(creditNoteApplications)
      .where(eq(creditNoteApplications.batchId, batch.id))
      .orderBy(asc(creditNoteApplications.id));
    const documents = await Promise.all(
      applications.map(async (a) => ({ applicationId: a.id, materials: (await listMaterials(ctx.db, a.id, TASK_SEGMENT.REVIEW)).docMaterials })),
    );
    const { figures, quotas } = await batchFigures(batch, applications);
    const notes = await ctx.db.select().from(creditNotes).where(eq(creditNotes.batchId, batch.id)).orderBy(asc(creditNotes.noteNo));
    const today = dayOf(ctx.now());
    return {
      batch,
      totalCapital: toChineseCapital(batch.totalAmount),
      applications,
      documents,
      figures,
      quotas,
      notes: notes.filter((n) => n.parentId === null).map((n) => viewOf(n, today)),
    };
  });

  const batchFigures = async (batch: typeof creditNoteBatches.$inferSelect, applications: Array<typeof creditNoteApplications.$inferSelect>) => {
    const sums = sumsByAccount(applications);
    if (batch.status !== BATCH_STATUS.running) {
      const kept = await ctx.db
        .select()
        .from(creditNoteBatchQuotas)
        .where(eq(creditNoteBatchQuotas.batchId, batch.id))
        .orderBy(asc(creditNoteBatchQuotas.quotaAccountId));
      if (kept.length) {
        return {
          figures: BATCH_FIGURES.decided,
          quotas: kept.map((k) => ({
            id: k.quotaAccountId,
            unitName: k.unitName,
            grantorName: k.grantorName,
            amount: k.amount,
            availableBefore: k.availableBefore,
            availableAfter: k.availableAfter,
            decidedAt: k.decidedAt,
          })),
        };
      }
    }
    const accountRows = sums.length
      ? await ctx.db
          .select({ id: quotaAccounts.id, unitName: unitNameOf(groupUnits), grantorName: grantorNameOf(quotaAccounts), available: quotaAccounts.available })
          .from(quotaAccounts)
          .innerJoin(groupUnits, eq(groupUnits.id, quotaAccounts.unitId))
          .where(
            inArray(
              quotaAccounts.id,
              sums.map(([id]) => id),
            ),
          )
      : [];
    const running = batch.status === BATCH_STATUS.running;
    const quotas = sums.map(([id, fen]) => {
      const row = accountRows.find((a) => a.id === id);
      // While it runs the batch's amount is frozen: without it the account had it available too.
      const live =
        running && row ? { availableBefore: yuan(fenOf(row.available) + fen), availableAfter: row.available } : { availableBefore: null, availableAfter: null };
      return { id, unitName: row?.unitName ?? '', grantorName: row?.grantorName ?? '', amount: yuan(fen), ...live, decidedAt: null };
    });
    return { figures: running ? BATCH_FIGURES.live : BATCH_FIGURES.notKept, quotas };
  };

  post('batches/export', creditNote.export, batchRefBody, async (body, principal) => {
    const batch = await batchOf(body);
    return ctx.exports.start(principal, creditBatchExportResource, async () => {
      const rows = await ctx.db
        .select(applicationColumns)
        .from(creditNoteApplications)
        .where(eq(creditNoteApplications.batchId, batch.id))
        .orderBy(asc(creditNoteApplications.id))
        .limit(MAX_EXPORT_ROWS);
      return rows.map((r) => ({
        batchNo: batch.batchNo,
        levelLabel: translate(`creditNotes:level.${r.level}`),
        unitName: r.unitName,
        payeeName: r.payeeName,
        amount: r.amount,
        amountCapital: toChineseCapital(r.amount),
        dueDate: r.dueDate,
        productName: r.productName,
        contractNo: r.contractNo,
        statusLabel: translate(`creditNotes:applicationStatus.${r.status}`),
      }));
    });
  });

  // ---- Notes --------------------------------------------------------------------------------
  post('notes/page', creditNote.list, notesPageBody, (body) => listNotes(ctx, body));
  post('notes/find-by-id', creditNote.query, noteBody, ({ id }) => noteDetail(ctx, id));
  post('notes/split', creditNote.split, splitBody, (body, principal, log) => splitNote(ctx, principal, body, log));
  post('notes/suppliers', creditNote.split, suppliersBody, async ({ exceptCorpId }) => supplierOptions(ctx, exceptCorpId));
}
