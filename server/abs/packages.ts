/**
 * Asset packages (资产包管理) under /op/v1/abs/packages: a package pools financed notes under its
 * programme's rules (src/lib/abs.ts). Adding notes locks the package row, checks every note against the
 * pool as it grows (each refusal names the note and the rule) and writes all or nothing; the unique
 * note_id of abs_package_notes keeps a note in one package even against a concurrent add elsewhere.
 * Statuses move one way (构建中 → 已锁定 → 已发行 → 已结清) under the row lock and the dataVersion
 * the caller read, so two simultaneous moves cannot both win. Issuing needs the package's materials
 * approved (Process_ABS_CERTIFICATE_CODE, started from the package once it is locked).
 */
import { qualified } from '../db/qualified';
import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ABS_API,
  concentrationOf,
  ELIGIBILITY_RULE,
  FINANCED_STATUS,
  NEXT_PACKAGE_STATUS,
  NODES_BEFORE,
  noteRefusal,
  PACKAGE_STATUS,
  packageRefusal,
  poolFigures,
  poolRefusal,
  shareBasisPoints,
  sharePercent,
  type PackageRules,
  type PackageStatus,
  type PoolNote,
} from '../../src/lib/abs';
import { NOTE_STATUS } from '../../src/lib/credit-notes';
import { DOC_PROPERTY_TYPE } from '../../src/features/doc-review/rules';
import { PERMISSIONS } from '../../src/features/abs/permissions';
import { INSTANCE_STATUS } from '../../src/workflows/states';
import type { AppContext } from '../context';
import { escapeLike, pagingOf } from '../crud/query';
import { absIssueNodes, absPackageNotes, absPackages, creditNotes, docFiles, docMaterials, docProperties, workflowInstances } from '../db/schema';
import type { Tx } from '../db/tx';
import { isUniqueViolation } from '../db/unique-violation';
import { ownDocReview } from '../doc-review';
import { aboutField, businessError, notFoundError, validationError } from '../errors';
import { translate } from '../i18n';
import { actorOf, recordOperation } from '../operation-log/record';
import { sessionPost } from '../routes/route';
import { fenToYuan, toFen } from '../../src/lib/money';
import { addNotesBody, candidatesBody, idBody, moveBody, packageSaveBody, packagesPageBody, removeNoteBody, startReviewBody } from './input';
import { dayOf } from '../../src/lib/dates';

export const ABS_MATERIAL_PROCESS = 'Process_ABS_CERTIFICATE_CODE';
const RESOURCE = 'abs-packages';

type PackageRow = typeof absPackages.$inferSelect;

const noteColumns = {
  id: creditNotes.id,
  noteNo: creditNotes.noteNo,
  amount: creditNotes.amount,
  dueDate: creditNotes.dueDate,
  status: creditNotes.status,
  debtorId: creditNotes.issuerUnitId,
  debtorName: creditNotes.issuerName,
  holderName: creditNotes.holderName,
  productName: creditNotes.productName,
  packageId: absPackageNotes.packageId,
};

export const rulesOf = (pkg: PackageRow): PackageRules => ({
  minTenorDays: pkg.minTenorDays,
  maxTenorDays: pkg.maxTenorDays,
  maxDebtorShare: pkg.maxDebtorShare,
});

/** The notes of a package (or of none, for candidates), as the rules read them. */
export async function poolOf(db: AppContext['db'] | Tx, packageId: string) {
  return db
    .select(noteColumns)
    .from(absPackageNotes)
    .innerJoin(creditNotes, eq(creditNotes.id, absPackageNotes.noteId))
    .where(eq(absPackageNotes.packageId, packageId))
    .orderBy(asc(creditNotes.dueDate), asc(creditNotes.noteNo));
}

export function absPackageRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { absPackage } = PERMISSIONS;
  // Each call's body is its schema's (./input.ts): the handler gets it parsed and typed.
  const post = sessionPost(api, `${ABS_API}/packages`);

  const findPackage = async (db: AppContext['db'] | Tx, id: string, lock = false) => {
    const query = db.select().from(absPackages).where(eq(absPackages.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw aboutField(notFoundError(translate('abs:server.packageNotFound')), 'id');
    return row;
  };
  const materialStatus = async (db: AppContext['db'] | Tx, pkg: PackageRow) => {
    if (!pkg.materialInstanceId) return null;
    const [row] = await db.select({ status: workflowInstances.status }).from(workflowInstances).where(eq(workflowInstances.id, pkg.materialInstanceId));
    return row?.status ?? null;
  };
  const view = async (pkg: PackageRow) => {
    const notes = await poolOf(ctx.db, pkg.id);
    const today = dayOf(ctx.now());
    return { ...pkg, notes, figures: stringifyFigures(poolFigures(notes, today)), materialStatus: await materialStatus(ctx.db, pkg), today };
  };

  post('page', absPackage.list, packagesPageBody, async (body) => {
    const { pageNum, pageSize } = pagingOf(body);
    const conditions: SQL[] = [];
    const { status, packageName: name } = body;
    if (status) conditions.push(eq(absPackages.status, status));
    if (name) conditions.push(ilike(absPackages.packageName, `%${escapeLike(name)}%`));
    const where = conditions.length ? and(...conditions) : undefined;
    const [{ total }] = await ctx.db.select({ total: count() }).from(absPackages).where(where);
    const records = await ctx.db
      .select()
      .from(absPackages)
      .where(where)
      .orderBy(desc(absPackages.createTime), asc(absPackages.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    // The page's packages' note counts and pool totals, each package's own notes looked up by its key (issue 42): summed for
    // every package and joined to the page, a year's packages read every pooled note on each page; summed over the page's
    // packages at once, the planner may still read the notes' key whole to merge them.
    const id = qualified(absPackages.id);
    const sums = records.length
      ? await ctx.db
          .select({
            packageId: absPackages.id,
            noteCount: sql<number>`(select count(*)::int from abs_package_notes pn where pn.package_id = ${id})`,
            poolTotal: sql<string>`(select sum(n.amount)::numeric(18,2)::text from abs_package_notes pn join credit_notes n on n.id = pn.note_id where pn.package_id = ${id})`,
          })
          .from(absPackages)
          .where(
            inArray(
              absPackages.id,
              records.map((r) => r.id),
            ),
          )
      : [];
    const byPackage = new Map(sums.map((sum) => [sum.packageId, sum]));
    return {
      records: records.map((pkg) => ({ ...pkg, noteCount: byPackage.get(pkg.id)?.noteCount ?? 0, poolTotal: byPackage.get(pkg.id)?.poolTotal ?? '0.00' })),
      total,
      pageNum,
      pageSize,
    };
  });

  post('find-by-id', absPackage.query, idBody, async (body) => view(await findPackage(ctx.db, body.id)));

  post('save', absPackage.add, packageSaveBody, async (body, principal, request) => {
    const { packageName, programme, minTenorDays, maxTenorDays, maxDebtorShare: share } = body;
    if (maxTenorDays < minTenorDays) throw aboutField(validationError(translate('abs:server.tenorReversed')), 'maxTenorDays');
    if (shareBasisPoints(share) === null) throw aboutField(validationError(translate('abs:server.shareInvalid')), 'maxDebtorShare');
    // Stored as its two-decimal string, as the pool's figures read it.
    const targetSize = fenToYuan(toFen(body.targetSize)!);
    return ctx.db.transaction(async (tx) => {
      const [{ seq }] = await tx.select({ seq: sql<string>`nextval('abs_package_no_seq')::text` }).from(sql`(select 1) as one`);
      const packageNo = `ABS${dayOf(ctx.now()).slice(0, 4)}${seq.padStart(4, '0')}`;
      const [row] = await tx
        .insert(absPackages)
        .values({
          packageNo,
          packageName,
          programme,
          minTenorDays,
          maxTenorDays,
          maxDebtorShare: share,
          targetSize,
          createBy: principal.username,
          updateBy: principal.username,
        })
        .returning();
      await recordOperation(tx, actorOf(request, principal), { resource: RESOURCE, recordId: row.id, action: 'CREATE', after: row });
      return row;
    });
  });

  /** Financed notes in no package, each with the rule it breaks for this package now (null: it may join). */
  post('candidates', absPackage.query, candidatesBody, async (body) => {
    const pkg = await findPackage(ctx.db, body.id);
    const { pageNum, pageSize } = pagingOf(body);
    const conditions: SQL[] = [eq(creditNotes.status, FINANCED_STATUS), isNull(absPackageNotes.packageId)];
    const { noteNo } = body;
    if (noteNo) conditions.push(ilike(creditNotes.noteNo, `%${escapeLike(noteNo)}%`));
    const where = and(...conditions);
    const from = () => ctx.db.select(noteColumns).from(creditNotes).leftJoin(absPackageNotes, eq(absPackageNotes.noteId, creditNotes.id));
    const [{ total }] = await ctx.db
      .select({ total: count() })
      .from(creditNotes)
      .leftJoin(absPackageNotes, eq(absPackageNotes.noteId, creditNotes.id))
      .where(where);
    const rows = await from()
      .where(where)
      .orderBy(asc(creditNotes.dueDate), asc(creditNotes.noteNo))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    const pool = await poolOf(ctx.db, pkg.id);
    const today = dayOf(ctx.now());
    // refusal: a rule the note itself breaks (it cannot join). poolWarning: the pool's cap, were this note
    // added alone; notes of other debtors added with it can make the pool hold, so it only warns.
    const records = rows.map((note) => ({
      ...note,
      refusal: noteRefusal(note, rulesOf(pkg), today, pkg.id),
      poolWarning: poolRefusal([...pool, note], rulesOf(pkg)),
    }));
    return { records, total, pageNum, pageSize };
  });

  post('add-notes', absPackage.edit, addNotesBody, async (body, principal, request) => {
    const { id, noteIds } = body;
    try {
      return await ctx.db.transaction(async (tx) => {
        const pkg = await findPackage(tx, id, true);
        if (pkg.status !== PACKAGE_STATUS.building) throw businessError('PACKAGE_LOCKED', 'abs:server.packageNotBuilding');
        // The notes are locked too: a note cannot turn redeemed (or join another package) halfway.
        const notes = await tx
          .select(noteColumns)
          .from(creditNotes)
          .leftJoin(absPackageNotes, eq(absPackageNotes.noteId, creditNotes.id))
          .where(inArray(creditNotes.id, noteIds))
          .orderBy(asc(creditNotes.dueDate), asc(creditNotes.noteNo))
          .for('update', { of: creditNotes });
        if (notes.length !== noteIds.length) throw aboutField(notFoundError(translate('abs:server.noteNotFound')), 'noteIds');
        const pool: PoolNote[] = await poolOf(tx, pkg.id);
        const today = dayOf(ctx.now());
        for (const note of notes) {
          if (note.packageId === pkg.id) throw aboutField(validationError(translate('abs:server.alreadyInPackage', { noteNo: note.noteNo })), 'noteIds');
          const rule = noteRefusal(note, rulesOf(pkg), today, pkg.id);
          if (rule)
            throw aboutField(
              businessError('NOTE_INELIGIBLE', 'abs:server.noteRefused', { noteNo: note.noteNo, rule: translate(`abs:rules.${rule}`) }),
              'noteIds',
            );
          pool.push(note);
        }
        // The cap holds for the pool as the add leaves it, the first note included.
        if (poolRefusal(pool, rulesOf(pkg)))
          throw aboutField(
            businessError('NOTE_INELIGIBLE', 'abs:server.poolRefused', {
              ...capParams(pool, pkg),
              rule: translate(`abs:rules.${ELIGIBILITY_RULE.concentration}`),
            }),
            'noteIds',
          );
        await tx.insert(absPackageNotes).values(notes.map((n) => ({ packageId: pkg.id, noteId: n.id, createBy: principal.username })));
        const [updated] = await tx
          .update(absPackages)
          .set({ dataVersion: pkg.dataVersion + 1, updateBy: principal.username, updateTime: new Date() })
          .where(eq(absPackages.id, pkg.id))
          .returning();
        await recordOperation(tx, actorOf(request, principal), {
          resource: RESOURCE,
          recordId: pkg.id,
          action: 'ADD_NOTES',
          before: { noteIds: [] },
          after: { noteIds: notes.map((n) => n.id), noteNos: notes.map((n) => n.noteNo) },
        });
        return updated;
      });
    } catch (error) {
      // Another package took one of the notes between our read and our insert.
      if (isUniqueViolation(error))
        throw aboutField(
          businessError('NOTE_INELIGIBLE', 'abs:server.noteRefused', { noteNo: '', rule: translate(`abs:rules.${ELIGIBILITY_RULE.inAnotherPackage}`) }),
          'noteIds',
        );
      throw error;
    }
  });

  post('remove-note', absPackage.edit, removeNoteBody, async (body, principal, request) => {
    const { id, noteId } = body;
    return ctx.db.transaction(async (tx) => {
      const pkg = await findPackage(tx, id, true);
      if (pkg.status !== PACKAGE_STATUS.building) throw businessError('PACKAGE_LOCKED', 'abs:server.packageNotBuilding');
      const removed = await tx
        .delete(absPackageNotes)
        .where(and(eq(absPackageNotes.packageId, id), eq(absPackageNotes.noteId, noteId)))
        .returning();
      if (removed.length === 0) throw aboutField(notFoundError(translate('abs:server.noteNotInPackage')), 'noteId');
      const [updated] = await tx
        .update(absPackages)
        .set({ dataVersion: pkg.dataVersion + 1, updateBy: principal.username, updateTime: new Date() })
        .where(eq(absPackages.id, id))
        .returning();
      await recordOperation(tx, actorOf(request, principal), {
        resource: RESOURCE,
        recordId: id,
        action: 'REMOVE_NOTE',
        before: { noteId },
        after: { noteId: null },
      });
      return updated;
    });
  });

  /** lock, issue, settle: the one next status, from the status and version the caller saw. */
  const move = (action: 'lock' | 'issue' | 'settle', from: PackageStatus) =>
    post(action, absPackage.edit, moveBody, async (body, principal, request) => {
      const { id, dataVersion } = body;
      return ctx.db.transaction(async (tx) => {
        const pkg = await findPackage(tx, id, true);
        if (pkg.dataVersion !== dataVersion || pkg.status !== from) throw businessError('PACKAGE_CHANGED', 'abs:server.packageChanged');
        if (action === 'lock' || action === 'issue') {
          // The pool's rules hold at every step, not only when notes join: a note may have fallen
          // overdue or been redeemed since, and a pool built before the rule bit may break the cap.
          const pool = await poolOf(tx, id);
          if (action === 'lock' && pool.length === 0) throw businessError('PACKAGE_EMPTY', 'abs:server.packageEmpty');
          const broken = packageRefusal(pool, rulesOf(pkg), dayOf(ctx.now()), id);
          const act = translate(`abs:packages.${action}`);
          if (broken?.noteNo)
            throw businessError('PACKAGE_RULES_BROKEN', 'abs:server.packageNoteBroken', {
              noteNo: broken.noteNo,
              rule: translate(`abs:rules.${broken.rule}`),
              action: act,
            });
          if (broken) throw businessError('PACKAGE_RULES_BROKEN', 'abs:server.packageCapBroken', { ...capParams(pool, pkg), action: act });
        }
        if (action === 'issue' && (await materialStatus(tx, pkg)) !== INSTANCE_STATUS.APPROVED)
          throw businessError('MATERIALS_PENDING', 'abs:server.materialsPending');
        // Its status follows its issue nodes: not issued before 获批 and 发行 are registered, not settled before 兑付.
        const needed = action === 'lock' ? [] : (NODES_BEFORE[action] ?? []);
        if (needed.length) {
          const dated = new Set((await tx.select({ node: absIssueNodes.node }).from(absIssueNodes).where(eq(absIssueNodes.packageId, id))).map((r) => r.node));
          const missing = needed.filter((node) => !dated.has(node));
          if (missing.length) {
            throw businessError('PACKAGE_NODES_MISSING', 'abs:server.nodesMissing', {
              nodes: missing.map((node) => `“${translate(`abs:nodes.${node}`)}”`).join('、'),
              action: translate(`abs:packages.${action}`),
            });
          }
        }
        if (action === 'settle') {
          const [{ open }] = await tx
            .select({ open: count() })
            .from(absPackageNotes)
            .innerJoin(creditNotes, eq(creditNotes.id, absPackageNotes.noteId))
            .where(and(eq(absPackageNotes.packageId, id), notInArray(creditNotes.status, [NOTE_STATUS.redeemed])));
          if (open > 0) throw businessError('PACKAGE_OPEN_NOTES', 'abs:server.notesOutstanding', { count: String(open) });
        }
        const status = NEXT_PACKAGE_STATUS[from]!;
        const [updated] = await tx
          .update(absPackages)
          .set({ status, dataVersion: pkg.dataVersion + 1, updateBy: principal.username, updateTime: new Date() })
          .where(eq(absPackages.id, id))
          .returning();
        await recordOperation(tx, actorOf(request, principal), {
          resource: RESOURCE,
          recordId: id,
          action: action.toUpperCase(),
          before: { status: pkg.status },
          after: { status },
        });
        return updated;
      });
    });
  move('lock', PACKAGE_STATUS.building);
  move('issue', PACKAGE_STATUS.locked);
  move('settle', PACKAGE_STATUS.issued);

  /**
   * The package's materials (transfer agreement, the pool's list, legal opinion …) go to review through
   * Process_ABS_CERTIFICATE_CODE: the workspace of that process reads them by the package's id. Only a
   * locked package (its pool fixed) is reviewed, once at a time; a rejected review may be started again.
   */
  post('start-review', absPackage.edit, startReviewBody, async (body, principal, request) => {
    const { id } = body;
    const documents = body.documents ?? [];
    if (documents.length === 0) throw aboutField(validationError(translate('server:crud.required', { field: translate('abs:fields.documents') })), 'documents');
    const stored = await ctx.files.findMany(documents.map((d) => d.fileId));
    if (stored.length !== new Set(documents.map((d) => d.fileId)).size) throw aboutField(notFoundError(translate('abs:server.fileNotFound')), 'documents');
    for (const d of documents) d.fileName ||= stored.find((f) => f.id === d.fileId)!.originalName;
    return ctx.db.transaction(async (tx) => {
      const pkg = await findPackage(tx, id, true);
      if (pkg.status !== PACKAGE_STATUS.locked) throw businessError('PACKAGE_NOT_LOCKED', 'abs:server.reviewNeedsLock');
      const current = await materialStatus(tx, pkg);
      if (current === INSTANCE_STATUS.RUNNING || current === INSTANCE_STATUS.APPROVED) throw businessError('REVIEW_EXISTS', 'abs:server.reviewExists');
      // A new round replaces the materials of a rejected one.
      const old = await tx.select({ id: docMaterials.id }).from(docMaterials).where(eq(docMaterials.businessKey, id));
      if (old.length) {
        await tx.delete(docFiles).where(
          inArray(
            docFiles.docMaterialId,
            old.map((m) => m.id),
          ),
        );
        await tx.delete(docMaterials).where(eq(docMaterials.businessKey, id));
        await tx.delete(docProperties).where(eq(docProperties.businessKey, id));
      }
      const by = { createBy: principal.username, updateBy: principal.username };
      const types = [...new Set(documents.map((d) => d.docFileType))];
      const materials = await tx
        .insert(docMaterials)
        .values(types.map((docFileType, i) => ({ businessKey: id, docFileType, sortOrder: i, ...by })))
        .returning();
      await tx.insert(docFiles).values(
        documents.map((d, i) => ({
          docMaterialId: materials.find((m) => m.docFileType === d.docFileType)!.id,
          fileId: d.fileId,
          fileName: d.fileName,
          extraParams: { id: `${pkg.packageNo}-${i + 1}` },
          sortOrder: i,
          ...by,
        })),
      );
      await tx.insert(docProperties).values({
        businessKey: id,
        propertyType: DOC_PROPERTY_TYPE.DATA_PERMISSION,
        components: [{ busiKey: pkg.packageNo, componentName: '资产包明细' }],
        ...by,
      });
      const started = await ownDocReview(ctx, ABS_MATERIAL_PROCESS).start(principal, { businessKey: id, businessType: 'ABS', record: pkg }, tx);
      const [updated] = await tx
        .update(absPackages)
        .set({ materialInstanceId: started.instance.id, dataVersion: pkg.dataVersion + 1, updateBy: principal.username, updateTime: new Date() })
        .where(eq(absPackages.id, id))
        .returning();
      await recordOperation(tx, actorOf(request, principal), {
        resource: RESOURCE,
        recordId: id,
        action: 'START_REVIEW',
        after: { instanceId: started.instance.id, files: documents.map((d) => d.fileName) },
      });
      return { package: updated, instanceId: started.instance.id, taskId: started.task?.id ?? null };
    });
  });
}

/** The cap a pool breaks, for people: its largest debtor, that debtor's share and the cap, as percentages. */
function capParams(pool: readonly PoolNote[], pkg: PackageRow): Record<string, string> {
  const [top] = concentrationOf(pool);
  return { debtor: top?.debtorName ?? '', share: sharePercent(top?.share ?? '0'), cap: sharePercent(pkg.maxDebtorShare) };
}

function stringifyFigures(f: ReturnType<typeof poolFigures>) {
  return { ...f, concentration: f.concentration.map(({ fen: _fen, ...rest }) => rest) };
}
