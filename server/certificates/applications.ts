/**
 * Certificate applications: a create, renewal or reopening is written with its certificate's new
 * status and starts its process in one transaction; when the instance ends, the certificate follows
 * (approved: issued, extended or reopened; withdrawn: back to where it was).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  CERT_KIND,
  CERT_PROCESS_KEY,
  CERT_RENEWABLE,
  CERT_REOPENABLE,
  CERT_RUNNING_STATUS,
  CERT_STATUS,
  type CertKind,
  type CertStatus,
} from '../../src/lib/certificates';
import { CONFIG_KEY } from '../../src/lib/codes';
import { INSTANCE_STATUS } from '../../src/workflows/states';
import type { AppContext } from '../context';
import { isUniqueViolation, type Tx } from '../db/tx';
import type { Db } from '../db/open';
import { certificateApplications, certificates, sysConfigs } from '../db/schema';
import { businessError, notFoundError, protocolError, validationError } from '../errors';
import { translate } from '../i18n';
import type { Principal } from '../security/sessions';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { recordChange } from '../operation-log/record';
import type { InstanceEndEvent, InstanceRow, OwnedProcess } from '../workflow/engine';
import type { z } from 'zod';
import { parseWithSchema } from '../input/fields';
import { invoiceTypeOffered, reviseCreateBody, reviseExtensionBody, reviseVersionBody, type createBody, type extendBody } from './input';
import { dayOf } from '../../src/lib/dates';

export type CertificateRow = typeof certificates.$inferSelect;
export type ApplicationRow = typeof certificateApplications.$inferSelect;

/** businessType of the certificate processes' instances (their businessKey is the application id). */
export const CERT_BUSINESS_TYPE = 'CERTIFICATE_APPLICATION';

const certificateNotFound = () => notFoundError(translate('server:cert.notFound'));
const alreadyRunning = () => businessError('CERT_APPLICATION_RUNNING', 'server:cert.applicationRunning');

export async function lockCertificate(tx: Tx, id: string): Promise<CertificateRow> {
  const [row] = await tx.select().from(certificates).where(eq(certificates.id, id)).for('update');
  if (!row) throw certificateNotFound();
  return row;
}

async function runningApplication(tx: Tx, certificateId: string): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(certificateApplications)
    .where(and(eq(certificateApplications.certificateId, certificateId), eq(certificateApplications.status, INSTANCE_STATUS.RUNNING)));
  return row;
}

function requireFuture(validTo: string, today: string): void {
  if (validTo <= today) throw validationError(translate('server:cert.validToNotFuture', { today }));
}

interface Requested {
  validFrom: string | null;
  validTo: string;
  invoiceType: string;
  remark: string | undefined;
}

/** The validity a create asks for (its shape the schema's): from on or after today, to after from. */
function checkValidity(validFrom: string, validTo: string, today: string): void {
  if (validFrom < today) throw validationError(translate('server:cert.validFromPast', { today }));
  if (validTo <= validFrom) throw validationError(translate('server:cert.validToBeforeFrom'));
}

/** What a create asks for: the holder, the validity and an invoice type the dictionary offers. */
async function readCreate(tx: Tx, body: z.infer<typeof createBody>, today: string) {
  const { holderCorpName, holderCorpId, validFrom, validTo, remark } = body;
  checkValidity(validFrom, validTo, today);
  const invoiceType = await invoiceTypeOffered(tx, body.invoiceType);
  return { holderCorpName, holderCorpId, requested: { validFrom, validTo, invoiceType, remark } };
}

/** What a renewal or reopening asks for: a new end, later than today (and, renewing, than the current end). */
async function readExtension(
  tx: Tx,
  body: { validTo: string; invoiceType: string; remark?: string },
  certificate: CertificateRow,
  kind: CertKind,
  today: string,
): Promise<Requested> {
  const { validTo } = body;
  requireFuture(validTo, today);
  if (kind === CERT_KIND.RENEWAL && certificate.validTo && validTo <= certificate.validTo) {
    throw validationError(translate('server:cert.validToNotLater', { current: certificate.validTo }));
  }
  return { validFrom: null, validTo, invoiceType: await invoiceTypeOffered(tx, body.invoiceType), remark: body.remark };
}

/** What the operation log names the two records as. */
const LOG_APPLICATIONS = 'certificate-applications';
const LOG_CERTIFICATES = 'certificates';

export class CertificateApplications {
  private readonly processes = {} as Record<CertKind, OwnedProcess>;

  constructor(private readonly ctx: AppContext) {
    for (const kind of Object.values(CERT_KIND)) {
      this.processes[kind] = ctx.workflow.own(CERT_PROCESS_KEY[kind], 'certificates');
      ctx.workflow.onInstanceEnd(CERT_PROCESS_KEY[kind], (event, tx) => this.ended(event, tx));
      this.processes[kind].revise((tx, principal, { instance, body }) => this.revise(tx, principal, instance, body));
    }
  }

  today(): string {
    return dayOf(this.ctx.now());
  }

  /** 新增证书申请: a certificate in 申请中 and its first application. */
  create(principal: Principal, body: z.infer<typeof createBody>) {
    return this.inTransaction(async (tx) => {
      const { holderCorpName, holderCorpId, requested } = await readCreate(tx, body, this.today());
      const [certificate] = await tx
        .insert(certificates)
        .values({
          holderCorpName,
          holderCorpId,
          status: CERT_RUNNING_STATUS.CREATE,
          invoiceType: requested.invoiceType,
          createBy: principal.username,
          updateBy: principal.username,
        })
        .returning();
      return this.open(tx, principal, certificate, CERT_KIND.CREATE, requested, CERT_STATUS.REFUSED);
    });
  }

  /** 续期 (a valid or expired certificate) or 重新开通 (a revoked or expired one). */
  extend(principal: Principal, body: z.infer<typeof extendBody>, kind: typeof CERT_KIND.RENEWAL | typeof CERT_KIND.REOPEN) {
    return this.inTransaction(async (tx) => {
      const { id } = body;
      await expireLapsed(tx, this.today());
      const certificate = await lockCertificate(tx, id);
      if (await runningApplication(tx, id)) throw alreadyRunning();
      const allowed = kind === CERT_KIND.RENEWAL ? CERT_RENEWABLE : CERT_REOPENABLE;
      if (!allowed.includes(certificate.status as CertStatus)) {
        const status = translate(`server:cert.status.${certificate.status}`);
        throw businessError('CERT_STATUS_NOT_ALLOWED', kind === CERT_KIND.RENEWAL ? 'server:cert.notRenewable' : 'server:cert.notReopenable', { status });
      }
      const requested = await readExtension(tx, body, certificate, kind, this.today());
      const [moved] = await tx
        .update(certificates)
        .set({ status: CERT_RUNNING_STATUS[kind], dataVersion: certificate.dataVersion + 1, updateTime: new Date(), updateBy: principal.username })
        .where(eq(certificates.id, id))
        .returning();
      return this.open(tx, principal, moved, kind, requested, certificate.status);
    });
  }

  /**
   * 重新提交 of a returned application through the engine (workflow/instances/resubmit: its starter,
   * at their own step): the requested validity and invoice type read and checked as the
   * application's kind asks at its first submission, over the version read.
   */
  private async revise(tx: Tx, principal: Principal, instance: InstanceRow, body: unknown) {
    // The revision's body comes through the task's call: read by this area's schemas, the version first.
    const { dataVersion } = parseWithSchema(reviseVersionBody, body);
    const [application] = await tx.select().from(certificateApplications).where(eq(certificateApplications.id, instance.businessKey)).for('update');
    if (!application || application.instanceId !== instance.id || application.status !== INSTANCE_STATUS.RUNNING)
      throw notFoundError(translate('server:cert.applicationNotFound'));
    if (application.dataVersion !== dataVersion) throw protocolError('DATA_VERSION_CONFLICT');
    const updated = await this.changeRequested(tx, principal, application, body);
    const [certificate] = await tx.select().from(certificates).where(eq(certificates.id, application.certificateId));
    return { record: { kind: application.kind, holderCorpName: certificate.holderCorpName }, view: { application: updated, instanceId: instance.id } };
  }

  /** The requested validity and invoice type, read and checked as the application's kind asks, written over the application. */
  private async changeRequested(tx: Tx, principal: Principal, application: ApplicationRow, body: unknown) {
    const id = application.id;
    const certificate = await lockCertificate(tx, application.certificateId);
    const today = this.today();
    let requested: Requested;
    if (application.kind === CERT_KIND.CREATE) {
      const { validFrom, validTo, invoiceType } = parseWithSchema(reviseCreateBody, body);
      checkValidity(validFrom, validTo, today);
      requested = { validFrom, validTo, invoiceType: await invoiceTypeOffered(tx, invoiceType), remark: undefined };
    } else {
      requested = await readExtension(tx, parseWithSchema(reviseExtensionBody, body), certificate, application.kind as CertKind, today);
    }
    const [updated] = await tx
      .update(certificateApplications)
      .set({
        validFrom: requested.validFrom,
        validTo: requested.validTo,
        invoiceType: requested.invoiceType,
        dataVersion: application.dataVersion + 1,
        updateTime: new Date(),
        updateBy: principal.username,
      })
      .where(eq(certificateApplications.id, id))
      .returning();
    await recordChange(tx, principal, { resource: LOG_APPLICATIONS, recordId: id, action: OPERATION_ACTION.update, before: application, after: updated });
    return updated;
  }

  private async open(tx: Tx, principal: Principal, certificate: CertificateRow, kind: CertKind, requested: Requested, previousStatus: string) {
    const [application] = await tx
      .insert(certificateApplications)
      .values({
        certificateId: certificate.id,
        kind,
        validFrom: requested.validFrom,
        validTo: requested.validTo,
        invoiceType: requested.invoiceType,
        remark: requested.remark ?? null,
        previousStatus,
        createBy: principal.username,
        updateBy: principal.username,
      })
      .returning();
    const record = { kind, holderCorpName: certificate.holderCorpName };
    const { instance, task } = await this.processes[kind].start(principal, { businessKey: application.id, businessType: CERT_BUSINESS_TYPE, record }, tx);
    const [started] = await tx
      .update(certificateApplications)
      .set({ instanceId: instance.id })
      .where(eq(certificateApplications.id, application.id))
      .returning();
    await recordChange(tx, principal, {
      resource: LOG_APPLICATIONS,
      recordId: started.id,
      action: OPERATION_ACTION.submit,
      after: { ...started, certificateStatus: certificate.status },
    });
    return { certificate, application: started, instanceId: instance.id, taskId: task?.id ?? null };
  }

  private async inTransaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.ctx.db.transaction(run);
    } catch (error) {
      // Two applications for one certificate raced past the check: the partial unique index refused the second.
      if (isUniqueViolation(error)) throw alreadyRunning();
      throw error;
    }
  }

  /** The certificate follows its application's end, inside the transaction that ends the instance. */
  private async ended(event: InstanceEndEvent, tx: Tx): Promise<void> {
    const [application] = await tx.select().from(certificateApplications).where(eq(certificateApplications.id, event.instance.businessKey)).for('update');
    // Only the running application this very instance carries moves the certificate: an instance of
    // an application that already ended (or of another one) must not replay its change.
    if (!application || application.status !== INSTANCE_STATUS.RUNNING || application.instanceId !== event.instance.id) return;
    const now = new Date();
    const by = event.actor.username;
    await tx
      .update(certificateApplications)
      .set({ status: event.status, dataVersion: application.dataVersion + 1, updateTime: now, updateBy: by })
      .where(eq(certificateApplications.id, application.id));
    const certificate = await lockCertificate(tx, application.certificateId);
    const version = { dataVersion: certificate.dataVersion + 1, updateTime: now, updateBy: by };
    const logged = (after: CertificateRow) =>
      recordChange(tx, event.actor, { resource: LOG_CERTIFICATES, recordId: certificate.id, action: OPERATION_ACTION.update, before: certificate, after });
    if (event.status === INSTANCE_STATUS.REJECTED) {
      const [back] = await tx
        .update(certificates)
        .set({ status: application.previousStatus, ...version })
        .where(eq(certificates.id, certificate.id))
        .returning();
      await logged(back);
      return;
    }
    const approved =
      application.kind === CERT_KIND.CREATE
        ? { serialNo: newSerialNo(now), issuer: await this.issuer(tx), validFrom: application.validFrom, validTo: application.validTo }
        : { validTo: application.validTo };
    const [issued] = await tx
      .update(certificates)
      .set({ ...approved, status: CERT_STATUS.VALID, invoiceType: application.invoiceType, ...version })
      .where(eq(certificates.id, certificate.id))
      .returning();
    await logged(issued);
  }

  private async issuer(tx: Tx): Promise<string> {
    const [row] = await tx.select({ value: sysConfigs.configValue }).from(sysConfigs).where(eq(sysConfigs.configKey, CONFIG_KEY.certIssuer));
    if (!row) throw businessError('CONFIG_MISSING', 'server:config.notFound', { configKey: CONFIG_KEY.certIssuer });
    return row.value;
  }
}

/** SCF-CA-<year>-<8 hex>: unique by the column's constraint; 32 random bits make a clash unlikely. */
function newSerialNo(now: Date): string {
  return `SCF-CA-${now.getUTCFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** Valid certificates whose validity ended before today become 已过期 (run before reading or applying). */
export async function expireLapsed(tx: Tx | Db, today: string): Promise<void> {
  await tx
    .update(certificates)
    .set({ status: CERT_STATUS.EXPIRED, dataVersion: sql`${certificates.dataVersion} + 1`, updateTime: new Date() })
    .where(and(eq(certificates.status, CERT_STATUS.VALID), lt(certificates.validTo, today)));
}
