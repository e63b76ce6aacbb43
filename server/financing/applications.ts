/**
 * The financing qualification applications (src/lib/financing.ts) and their one process,
 * Process_FINANCING_SIGN_UP, which this module owns. What an application may become is decided
 * here and nowhere else:
 *
 * - start: a supplier attached to a core enterprise's group as its member customer, a product
 *   that is in effect (approved) and offered with that core enterprise; one open application per
 *   supplier, core enterprise and product (also a partial unique index);
 * - the handler completes the signing information and the materials while it is DRAFT or RETURNED;
 * - submit starts the process (or passes the returned Edit step): a completion guard refuses the
 *   pass while the information or a required kind of material is missing;
 * - the director gives each file a verdict at Approve, and a guard refuses the pass while a file
 *   waits or did not pass (the director rejects it back instead);
 * - only the approved end qualifies the supplier (APPROVED, qualifiedAt); a withdrawal writes nothing
 *   else; signing (SIGNED) is allowed only after that, once, with the SMS code where signing is on.
 *
 * Every listener finds the application the instance carries under a row lock and changes it only
 * while that instance is the one it runs, so an end is applied exactly once.
 */
import { and, asc, eq, getTableColumns, inArray, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import { CORP_TYPE, UNIT_KIND } from '../../src/lib/corporations';
import {
  EDITABLE_STATUSES,
  FINANCING_BUSINESS_TYPE,
  FINANCING_PROCESS_KEY,
  FINANCING_SIGN_SCOPE,
  FINANCING_STATUS,
  MAX_FILES_PER_KIND,
  OPEN_STATUSES,
  REQUIRED_KINDS,
  reviewCompletion,
  VERDICT,
  type FinancingStatus,
  type Verdict,
} from '../../src/lib/financing';
import { isActivityType, workingRoleOf } from '../../src/workflows/activities';
import { HISTORY_ACTION, INSTANCE_STATUS, TASK_OUTCOME, TASK_STATUS } from '../../src/workflows/states';
import type { AppContext } from '../context';
import type { Tx } from '../db/tx';
import type { Db } from '../db/open';
import {
  corpBankAccounts,
  corporations,
  financingApplications,
  financingMaterials,
  groupUnits,
  products,
  storedFiles,
  workflowInstances,
  workflowTasks,
} from '../db/schema';
import { qualified } from '../db/qualified';
import { aboutField, businessError, notFoundError, protocolError, validationError } from '../errors';
import { translate } from '../i18n';
import { recordOperation, type LogActor } from '../operation-log/record';
import type { Principal } from '../security/sessions';
import type { InstanceEndEvent, OwnedProcess, Transition, TransitionEvent } from '../workflow/engine';
import type { AddFilesBody, StartBody, UpdateBody, VerdictBody, VersionedBody } from './input';
import { mayWork, reviewBarOf } from '../workflow/rules';
import type { SmsSignService } from '../workflow/sms-sign';
import { formatInBusinessZone } from '../../src/lib/dates';

type StoredRow = typeof financingApplications.$inferSelect;

const corpNameOf = (id: AnyColumn) => sql<string>`(select c.corp_name from corporations c where c.id = ${qualified(id)})`;
const productOf = <T>(column: string) => sql<T>`(select p.${sql.raw(column)} from products p where p.prd_code = ${qualified(financingApplications.prdCode)})`;

/**
 * An application as every reader sees it: the parties and the product by their current names (the
 * product's finance institution, by the product's reference), read in the query, never copied.
 */
export const applicationColumns = {
  ...getTableColumns(financingApplications),
  supplierName: corpNameOf(financingApplications.supplierCorpId),
  coreName: corpNameOf(financingApplications.coreCorpId),
  prdName: productOf<string>('prd_name'),
  // The product names its finance institution by reference (products.finance_corp_id): its current name.
  financeCorpName: sql<
    string | null
  >`(select c.corp_name from products p join corporations c on c.id = p.finance_corp_id where p.prd_code = ${qualified(financingApplications.prdCode)})`,
};

export type ApplicationRow = StoredRow & { supplierName: string; coreName: string; prdName: string; financeCorpName: string | null };
export type MaterialRow = typeof financingMaterials.$inferSelect;
type Reader = Db | Tx;

const LOG_RESOURCE = 'financing-applications';
/** A field's label. */
const field = (name: string) => translate(`financing:fields.${name}`);

/**
 * FA + the day + the time + the sequence's last four digits: readable and ordered, and unique unless
 * ten thousand applications start within one second (four random digits collided now and then when
 * the demo seed made several in one second).
 */
async function applicationNo(tx: Tx, now: Date): Promise<string> {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp = formatInBusinessZone(now, 'YYYYMMDDHHmmss');
  const [{ seq }] = await tx.select({ seq: sql<string>`nextval('financing_application_no_seq')::text` }).from(sql`(select 1) as one`);
  return `FA${stamp}${p(Number(BigInt(seq) % 10_000n), 4)}`;
}

export class FinancingApplications {
  private readonly process: OwnedProcess;

  constructor(
    private readonly ctx: AppContext,
    private readonly sms: SmsSignService,
  ) {
    this.process = ctx.workflow.own(FINANCING_PROCESS_KEY, 'financing');
    ctx.workflow.onTransition(FINANCING_PROCESS_KEY, (event, tx) => this.moved(event, tx));
    ctx.workflow.onInstanceEnd(FINANCING_PROCESS_KEY, (event, tx) => this.ended(event, tx));
    ctx.workflow.guards.register(FINANCING_PROCESS_KEY, async ({ task, outcome }, tx) => {
      if (outcome !== TASK_OUTCOME.PASS) return;
      const [instance] = await tx.select().from(workflowInstances).where(eq(workflowInstances.id, task.instanceId));
      const application = instance ? await this.carried(tx, instance.businessKey, instance.id) : undefined;
      if (!application) return;
      if (task.taskDefinitionKey === 'Edit') await this.requireComplete(tx, application);
      else await this.requireReviewed(tx, application.id);
    });
  }

  // ---- reading ----

  async find(db: Reader, id: string): Promise<ApplicationRow> {
    const [row] = await db.select(applicationColumns).from(financingApplications).where(eq(financingApplications.id, id));
    if (!row) throw aboutField(notFoundError(translate('financing:server.notFound')), 'id');
    return row;
  }

  materials(db: Reader, applicationId: string): Promise<MaterialRow[]> {
    return db
      .select()
      .from(financingMaterials)
      .where(eq(financingMaterials.applicationId, applicationId))
      .orderBy(asc(financingMaterials.kind), asc(financingMaterials.createTime), asc(financingMaterials.id));
  }

  /** The application a running instance carries, locked; undefined when it carries none of ours. */
  private async carried(tx: Tx, businessKey: string, instanceId: string): Promise<ApplicationRow | undefined> {
    const [row] = await tx.select(applicationColumns).from(financingApplications).where(eq(financingApplications.id, businessKey)).for('update');
    return row && row.instanceId === instanceId ? row : undefined;
  }

  private async lock(tx: Tx, id: string): Promise<ApplicationRow> {
    const [row] = await tx.select(applicationColumns).from(financingApplications).where(eq(financingApplications.id, id)).for('update');
    if (!row) throw aboutField(notFoundError(translate('financing:server.notFound')), 'id');
    return row;
  }

  private requireStatus(row: ApplicationRow, allowed: readonly FinancingStatus[]): void {
    if (!(allowed as readonly string[]).includes(row.status)) {
      throw businessError('FINANCING_STATUS_NOT_ALLOWED', 'financing:server.statusNotAllowed', { status: translate(`financing:status.${row.status}`) });
    }
  }

  private requireVersion(row: ApplicationRow, version: number): void {
    if (row.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
  }

  // ---- the handler's steps ----

  /** Select supplier → start a signing application: checks the three parties, then a DRAFT. */
  start(actor: LogActor, { supplierCorpId, coreCorpId, prdCode }: StartBody) {
    return this.ctx.db.transaction(async (tx) => {
      const [supplier] = await tx.select().from(corporations).where(eq(corporations.id, supplierCorpId));
      if (!supplier || !supplier.corpTypes.includes(CORP_TYPE.supplier))
        throw aboutField(businessError('FINANCING_NOT_SUPPLIER', 'financing:server.notSupplier'), 'supplierCorpId');
      const [core] = await tx.select().from(corporations).where(eq(corporations.id, coreCorpId));
      if (!core || !core.corpTypes.includes(CORP_TYPE.core)) throw aboutField(businessError('FINANCING_NOT_CORE', 'financing:server.notCore'), 'coreCorpId');
      if (!(await this.isMemberOf(tx, supplierCorpId, coreCorpId))) {
        throw aboutField(
          businessError('FINANCING_NOT_MEMBER', 'financing:server.notMember', { supplier: supplier.corpName, core: core.corpName }),
          'supplierCorpId',
        );
      }
      const [product] = await tx.select().from(products).where(eq(products.prdCode, prdCode));
      if (!product) throw aboutField(businessError('FINANCING_PRODUCT_UNKNOWN', 'financing:server.productUnknown'), 'prdCode');
      if (product.coreCorpId && product.coreCorpId !== core.id) {
        throw aboutField(
          businessError('FINANCING_PRODUCT_OTHER_CORE', 'financing:server.productOtherCore', { product: product.prdName, core: core.corpName }),
          'prdCode',
        );
      }
      const [open] = await tx
        .select({ applicationNo: financingApplications.applicationNo })
        .from(financingApplications)
        .where(
          and(
            eq(financingApplications.supplierCorpId, supplierCorpId),
            eq(financingApplications.coreCorpId, coreCorpId),
            eq(financingApplications.prdCode, prdCode),
            inArray(financingApplications.status, [...OPEN_STATUSES]),
          ),
        );
      if (open) throw businessError('FINANCING_APPLICATION_OPEN', 'financing:server.alreadyOpen', { applicationNo: open.applicationNo });
      const [row] = await tx
        .insert(financingApplications)
        .values({
          applicationNo: await applicationNo(tx, new Date(this.ctx.now())),
          supplierCorpId,
          coreCorpId,
          prdCode,
          status: FINANCING_STATUS.draft,
          createBy: actor.username,
          updateBy: actor.username,
        })
        .returning();
      await recordOperation(tx, actor, { resource: LOG_RESOURCE, recordId: row.id, action: 'CREATE', after: row });
      return this.find(tx, row.id);
    });
  }

  /** Whether the supplier hangs under the group whose root is the core enterprise, as its member customer. */
  private async isMemberOf(tx: Tx, supplierCorpId: string, coreCorpId: string): Promise<boolean> {
    const groups = await tx
      .select({ groupId: groupUnits.groupId })
      .from(groupUnits)
      .where(and(eq(groupUnits.corpId, coreCorpId), eq(groupUnits.kind, UNIT_KIND.group)));
    if (groups.length === 0) return false;
    const [member] = await tx
      .select({ id: groupUnits.id })
      .from(groupUnits)
      .where(
        and(
          eq(groupUnits.corpId, supplierCorpId),
          eq(groupUnits.kind, UNIT_KIND.member),
          inArray(
            groupUnits.groupId,
            groups.map((g) => g.groupId),
          ),
        ),
      )
      .limit(1);
    return Boolean(member);
  }

  /** Complete signing information: the amount, the contact, the settlement account, a remark. */
  update(actor: LogActor, body: UpdateBody) {
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.lock(tx, body.id);
      this.requireVersion(row, body.dataVersion);
      this.requireStatus(row, EDITABLE_STATUSES);
      // A field left out stays; null clears it (updateBody says which).
      const changes: Partial<StoredRow> = {};
      if (body.amount !== undefined) changes.amount = body.amount;
      if (body.contactName !== undefined) changes.contactName = body.contactName;
      if (body.contactMobile !== undefined) changes.contactMobile = body.contactMobile;
      if (body.settlementAccountId !== undefined) {
        const accountId = body.settlementAccountId;
        if (accountId !== null) {
          const [account] = await tx
            .select({ id: corpBankAccounts.id })
            .from(corpBankAccounts)
            .where(and(eq(corpBankAccounts.id, accountId), eq(corpBankAccounts.corpId, row.supplierCorpId)));
          if (!account) throw aboutField(businessError('FINANCING_ACCOUNT_NOT_SUPPLIERS', 'financing:server.accountNotSuppliers'), 'settlementAccountId');
        }
        changes.settlementAccountId = accountId;
      }
      if (body.remark !== undefined) changes.remark = body.remark;
      const [saved] = await tx
        .update(financingApplications)
        .set({ ...changes, dataVersion: row.dataVersion + 1, updateTime: new Date(), updateBy: actor.username })
        .where(and(eq(financingApplications.id, row.id), eq(financingApplications.dataVersion, row.dataVersion)))
        .returning();
      await recordOperation(tx, actor, { resource: LOG_RESOURCE, recordId: row.id, action: 'UPDATE', fields: Object.keys(changes), before: row, after: saved });
      return this.find(tx, row.id);
    });
  }

  /** Attaches uploaded files (the file service's ids) to one kind of material. */
  addFiles(actor: LogActor, { applicationId, kind, fileIds: unique }: AddFilesBody) {
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.lock(tx, applicationId);
      this.requireStatus(row, EDITABLE_STATUSES);
      const existing = await tx.select().from(financingMaterials).where(eq(financingMaterials.applicationId, row.id));
      const fresh = unique.filter((id) => !existing.some((m) => m.fileId === id));
      if (existing.filter((m) => m.kind === kind).length + fresh.length > MAX_FILES_PER_KIND) {
        throw aboutField(businessError('FINANCING_TOO_MANY_FILES', 'financing:server.tooManyFiles', { max: String(MAX_FILES_PER_KIND) }), 'fileIds');
      }
      const files = fresh.length ? await tx.select().from(storedFiles).where(inArray(storedFiles.id, fresh)) : [];
      if (files.length !== fresh.length) throw aboutField(notFoundError(translate('financing:server.fileNotFound')), 'fileIds');
      const added = files.length
        ? await tx
            .insert(financingMaterials)
            .values(
              files.map((f) => ({ applicationId: row.id, kind, fileId: f.id, fileName: f.originalName, createBy: actor.username, updateBy: actor.username })),
            )
            .returning()
        : [];
      if (added.length) await recordOperation(tx, actor, { resource: LOG_RESOURCE, recordId: row.id, action: 'CREATE', fields: ['materials'], after: added });
      return this.materials(tx, row.id);
    });
  }

  removeFile(actor: LogActor, id: string) {
    return this.ctx.db.transaction(async (tx) => {
      const [material] = await tx.select().from(financingMaterials).where(eq(financingMaterials.id, id));
      if (!material) throw aboutField(notFoundError(translate('financing:server.materialNotFound')), 'id');
      const row = await this.lock(tx, material.applicationId);
      this.requireStatus(row, EDITABLE_STATUSES);
      await tx.delete(financingMaterials).where(eq(financingMaterials.id, id));
      await recordOperation(tx, actor, { resource: LOG_RESOURCE, recordId: row.id, action: 'DELETE', fields: ['materials'], before: material });
      return this.materials(tx, row.id);
    });
  }

  /** Why an application cannot be submitted yet (the first missing thing), or nothing. */
  private async requireComplete(tx: Tx, row: ApplicationRow): Promise<void> {
    for (const name of ['amount', 'contactName', 'contactMobile', 'settlementAccountId'] as const) {
      if (row[name] === null) throw aboutField(businessError('FINANCING_INFO_INCOMPLETE', 'financing:server.infoIncomplete', { field: field(name) }), name);
    }
    const kinds = new Set(
      (await tx.select({ kind: financingMaterials.kind }).from(financingMaterials).where(eq(financingMaterials.applicationId, row.id))).map((m) => m.kind),
    );
    const missing = REQUIRED_KINDS.find((k) => !kinds.has(k));
    if (missing) throw businessError('FINANCING_MATERIAL_MISSING', 'financing:server.materialMissing', { kind: translate(`financing:kind.${missing}`) });
  }

  private async requireReviewed(tx: Tx, applicationId: string): Promise<void> {
    const verdicts = (
      await tx.select({ verdict: financingMaterials.verdict }).from(financingMaterials).where(eq(financingMaterials.applicationId, applicationId))
    ).map((m) => m.verdict as Verdict);
    const completion = reviewCompletion(verdicts);
    if (completion.waitCount > 0) throw businessError('FINANCING_FILES_WAITING', 'financing:server.filesWaiting', { count: String(completion.waitCount) });
    if (completion.noPassCount > 0) throw businessError('FINANCING_FILES_REFUSED', 'financing:server.filesRefused', { count: String(completion.noPassCount) });
  }

  /**
   * Submits for internal review: a DRAFT starts the process and passes its Edit step at once; a
   * RETURNED application passes the Edit step the reject reopened (the starter's). Either way the
   * guard checks completeness inside the completion, and the transition listener moves the status.
   */
  submit(actor: LogActor, principal: Principal, { id, dataVersion }: VersionedBody) {
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.lock(tx, id);
      this.requireVersion(row, dataVersion);
      this.requireStatus(row, EDITABLE_STATUSES);
      await this.requireComplete(tx, row);
      let passed: Transition;
      if (row.status === FINANCING_STATUS.draft) {
        // The start is the submission: the engine passes the Edit step (its guard checks completeness);
        // the start's transition stores the instance on the application, so the pass finds what it moves.
        passed = await this.process.start(principal, { businessKey: row.id, businessType: FINANCING_BUSINESS_TYPE, record: row }, tx);
      } else {
        const [open] = await tx
          .select({ id: workflowTasks.id })
          .from(workflowTasks)
          .where(and(eq(workflowTasks.instanceId, row.instanceId ?? ''), eq(workflowTasks.status, TASK_STATUS.TODO)));
        if (!open)
          throw businessError('FINANCING_STATUS_NOT_ALLOWED', 'financing:server.statusNotAllowed', { status: translate(`financing:status.${row.status}`) });
        passed = await this.ctx.workflow.complete(principal, { taskId: open.id, outcome: TASK_OUTCOME.PASS }, tx);
      }
      const saved = await this.find(tx, row.id);
      await recordOperation(tx, actor, {
        resource: LOG_RESOURCE,
        recordId: row.id,
        action: 'UPDATE',
        fields: ['status'],
        before: { status: row.status },
        after: { status: saved.status },
      });
      return { application: saved, instanceId: passed.instance.id, taskId: passed.task?.id ?? null };
    });
  }

  // ---- the director's verdicts ----

  /** A verdict on one file, by the worker of the running instance's Approve step only. */
  verdict(actor: LogActor, principal: Principal, { id, verdict, remark, dataVersion: version }: VerdictBody) {
    return this.ctx.db.transaction(async (tx) => {
      if (verdict === VERDICT.noPass && !remark) throw aboutField(validationError(translate('financing:server.remarkRequired')), 'remark');
      const [material] = await tx.select().from(financingMaterials).where(eq(financingMaterials.id, id));
      if (!material) throw aboutField(notFoundError(translate('financing:server.materialNotFound')), 'id');
      const row = await this.lock(tx, material.applicationId);
      if (row.status !== FINANCING_STATUS.reviewing) throw businessError('FINANCING_NOT_IN_REVIEW', 'financing:server.notInReview');
      await this.requireApproveWorker(tx, principal, row);
      const [saved] = await tx
        .update(financingMaterials)
        .set({
          verdict,
          remark: remark ?? null,
          reviewerId: principal.userId,
          reviewerName: principal.personName,
          reviewTime: new Date(),
          dataVersion: material.dataVersion + 1,
          updateTime: new Date(),
          updateBy: principal.username,
        })
        .where(and(eq(financingMaterials.id, id), eq(financingMaterials.dataVersion, version)))
        .returning();
      if (!saved) throw protocolError('DATA_VERSION_CONFLICT');
      await recordOperation(tx, actor, { resource: LOG_RESOURCE, recordId: row.id, action: 'UPDATE', fields: ['verdict'], before: material, after: saved });
      return saved;
    });
  }

  /** The engine's rules for working the open Approve task: role, claim, maker-checker, four-eyes. */
  private async requireApproveWorker(tx: Tx, principal: Principal, row: ApplicationRow): Promise<void> {
    const [task] = await tx
      .select()
      .from(workflowTasks)
      .where(
        and(
          eq(workflowTasks.instanceId, row.instanceId ?? ''),
          eq(workflowTasks.status, TASK_STATUS.TODO),
          eq(workflowTasks.taskDefinitionKey, 'Approve'),
          or(isNull(workflowTasks.assigneeId), eq(workflowTasks.assigneeId, principal.userId)),
        ),
      );
    if (!task) {
      const [claimed] = await tx
        .select()
        .from(workflowTasks)
        .where(and(eq(workflowTasks.instanceId, row.instanceId ?? ''), eq(workflowTasks.status, TASK_STATUS.TODO)));
      if (claimed?.assigneeId) throw businessError('TASK_CLAIMED', 'server:workflow.taskClaimedByOther', { personName: claimed.assigneeName ?? '' });
      throw businessError('FINANCING_NOT_IN_REVIEW', 'financing:server.notInReview');
    }
    if (!isActivityType(task.activityType) || !mayWork(principal, workingRoleOf(task.activityType))) throw protocolError('FORBIDDEN');
    const bar = await reviewBarOf(tx, principal, task.id);
    if (bar === 'MAKER_CHECKER') throw businessError('MAKER_CHECKER', 'server:workflow.makerChecker');
    if (bar === 'FOUR_EYES') throw businessError('FOUR_EYES', 'server:workflow.fourEyes');
  }

  // ---- signing ----

  /** Signing succeeded: once, after the approval, signed with the SMS code when signing is on for the caller's corporation. */
  async sign(actor: LogActor, principal: Principal, id: string) {
    // The signature is read before the transaction: the SMS service reads through the pool, which a
    // transaction holding the only PGlite connection would wait for. The status is checked again under the lock.
    const before = await this.find(this.ctx.db, id);
    this.requireStatus(before, [FINANCING_STATUS.approved]);
    const corpName = principal.corps.find((c) => c.corpId === principal.corpId)?.corpName;
    if (corpName && (await this.sms.isOpen(corpName))) {
      const scope = { businessKeys: [before.id], ...FINANCING_SIGN_SCOPE };
      if (!(await this.sms.hasVerified(principal, scope, before.qualifiedAt ?? before.updateTime)))
        throw businessError('SIGNATURE_REQUIRED', 'financing:server.signatureRequired');
    }
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.lock(tx, id);
      this.requireStatus(row, [FINANCING_STATUS.approved]);
      const now = new Date();
      const [saved] = await tx
        .update(financingApplications)
        .set({
          status: FINANCING_STATUS.signed,
          signedAt: now,
          signedBy: principal.personName,
          dataVersion: row.dataVersion + 1,
          updateTime: now,
          updateBy: principal.username,
        })
        .where(and(eq(financingApplications.id, row.id), eq(financingApplications.status, FINANCING_STATUS.approved)))
        .returning();
      if (!saved)
        throw businessError('FINANCING_STATUS_NOT_ALLOWED', 'financing:server.statusNotAllowed', {
          status: translate(`financing:status.${FINANCING_STATUS.signed}`),
        });
      await recordOperation(tx, actor, {
        resource: LOG_RESOURCE,
        recordId: row.id,
        action: 'UPDATE',
        fields: ['status'],
        before: { status: row.status },
        after: { status: saved.status },
      });
      return this.find(tx, row.id);
    });
  }

  // ---- following the instance ----

  private async setStatus(tx: Tx, row: ApplicationRow, status: FinancingStatus, extra: Partial<StoredRow> = {}): Promise<void> {
    await tx
      .update(financingApplications)
      .set({ status, ...extra, dataVersion: row.dataVersion + 1, updateTime: new Date() })
      .where(eq(financingApplications.id, row.id));
  }

  /** Submitted (Edit passed): in review, and a resubmission's refused files wait for a new verdict. A reject back to Edit: returned. */
  private async moved(event: TransitionEvent, tx: Tx): Promise<void> {
    if (event.to === null) return;
    // The start, in the submit's transaction: the application carries this instance from now on.
    if (event.outcome === HISTORY_ACTION.START) {
      await tx.update(financingApplications).set({ instanceId: event.instance.id }).where(eq(financingApplications.id, event.instance.businessKey));
      return;
    }
    const row = await this.carried(tx, event.instance.businessKey, event.instance.id);
    if (!row) return;
    if (event.to === 'Approve' && event.outcome === TASK_OUTCOME.PASS) {
      await this.setStatus(tx, row, FINANCING_STATUS.reviewing);
      await tx
        .update(financingMaterials)
        .set({ verdict: VERDICT.wait, remark: null, reviewerId: null, reviewerName: null, reviewTime: null })
        .where(and(eq(financingMaterials.applicationId, row.id), eq(financingMaterials.verdict, VERDICT.noPass)));
    } else if (event.to === 'Edit' && event.outcome === TASK_OUTCOME.REJECT) {
      await this.setStatus(tx, row, FINANCING_STATUS.returned);
    }
  }

  /** Only the approved end qualifies the supplier; a withdrawal ends the application. */
  private async ended(event: InstanceEndEvent, tx: Tx): Promise<void> {
    const row = await this.carried(tx, event.instance.businessKey, event.instance.id);
    if (!row || (row.status !== FINANCING_STATUS.reviewing && row.status !== FINANCING_STATUS.returned)) return;
    if (event.status === INSTANCE_STATUS.APPROVED) await this.setStatus(tx, row, FINANCING_STATUS.approved, { qualifiedAt: new Date() });
    else await this.setStatus(tx, row, FINANCING_STATUS.withdrawn);
  }
}
