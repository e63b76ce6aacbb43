/**
 * The 审计规则 page's calls (issue 41): the rules with their last result, a run of the evaluation
 * (stored with its whole report, so the page and the exports show exactly what was found), the
 * report as .xlsx or PDF, and the documented exceptions: requested with a reason and an expiry,
 * in force only once a second person approved them. Exception requests, approvals and revocations
 * are written to the operation log in their own transaction.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUDIT_EXCEPTION_MAX_DAYS, AUDIT_EXPORT_FORMATS, AUDIT_RULES_API, isAccessRule } from '../../src/lib/audit-rules';
import { PERMISSIONS } from '../../src/features/audit-rules/permissions';
import { PERMISSIONS as PLATFORM_PERMISSIONS } from '../../src/lib/permissions';
import type { AppContext } from '../context';
import type { Db } from '../db/open';
import { auditRuleExceptions, auditRuleRuns, auditRules, roles, users } from '../db/schema';
import { duplicateError } from '../db/unique-violation';
import { businessError, notFoundError, validationError } from '../errors';
import { translate } from '../i18n';
import { actorOf, recordOperation } from '../operation-log/record';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import { AuditRuleChanges } from './changes';
import { evaluateRules, listExceptions, ruleSetVersion, type AuditReport } from './evaluate';
import { reportPdf, reportXlsx, type RunMeta } from './export';
import { z } from 'zod';
import { dateTime, id, oneOf, text } from '../input/fields';
import { proposeBody } from './input';

const LOG_RESOURCE = 'audit-rule-exceptions';
const DAY_MS = 86_400_000;

interface StoredRun extends RunMeta {
  id: string;
  runBy: string;
  report: AuditReport;
}

async function lastRun(db: Db): Promise<StoredRun | null> {
  const [row] = await db
    .select({
      id: auditRuleRuns.id,
      runBy: auditRuleRuns.runBy,
      runByName: sql<string>`coalesce((select u.person_name from users u where u.username = ${auditRuleRuns.runBy}), ${auditRuleRuns.runBy})`,
      startedAt: auditRuleRuns.startedAt,
      finishedAt: auditRuleRuns.finishedAt,
      ruleSetVersion: auditRuleRuns.ruleSetVersion,
      report: auditRuleRuns.report,
    })
    .from(auditRuleRuns)
    .orderBy(desc(auditRuleRuns.finishedAt))
    .limit(1);
  return row ? { ...row, startedAt: row.startedAt.toISOString(), finishedAt: row.finishedAt.toISOString(), report: row.report as AuditReport } : null;
}

const runSummary = ({ report: _report, ...meta }: StoredRun) => meta;

/** Calls that read nothing from the body. */
const noBody = z.looseObject({});
const idBody = z.object({ id: id('server:input.fields.id') });
const instanceBody = z.object({ instanceId: id('server:input.fields.instanceId') });
const exportBody = z.object({ format: oneOf('auditRules:fields.format', AUDIT_EXPORT_FORMATS) });
const exceptionBody = z.object({
  ruleId: id('auditRules:fields.ruleId'),
  subjectType: oneOf('auditRules:fields.subjectType', ['role', 'user']),
  subjectId: id('auditRules:fields.subjectId'),
  reason: text('auditRules:fields.reason', 500),
  expiresAt: dateTime('auditRules:fields.expiresAt'),
});
/** The exception a request describes, checked against the rules and records; refusals name what is wrong and change nothing. */
async function checkExceptionRequest(db: Db, body: z.infer<typeof exceptionBody>, now: number) {
  const { ruleId, subjectType, subjectId, expiresAt } = body;
  const [rule] = await db.select({ definition: auditRules.definition }).from(auditRules).where(eq(auditRules.id, ruleId));
  if (!rule) throw validationError(translate('auditRules:errors.unknownRule', { id: ruleId.slice(0, 60) }));
  if (!isAccessRule(rule.definition)) throw validationError(translate('auditRules:errors.notAccessRule'));
  const [subject] =
    subjectType === 'role'
      ? await db.select({ id: roles.pkRole }).from(roles).where(eq(roles.pkRole, subjectId))
      : await db.select({ id: users.id }).from(users).where(eq(users.id, subjectId));
  if (!subject) throw validationError(translate('auditRules:errors.unknownSubject', { id: subjectId.slice(0, 60) }));
  // An instant is the schema's; that it lies ahead, within the longest allowed span, is the rule's.
  const time = expiresAt.getTime();
  if (time <= now || time > now + AUDIT_EXCEPTION_MAX_DAYS * DAY_MS) throw validationError(translate('auditRules:errors.expiryInvalid'));
  return body;
}

export function auditRuleRoutes(api: FastifyInstance, ctx: AppContext): void {
  const post = <B, T>(path: string, permission: string, body: z.ZodType<B>, handler: (body: B, principal: Principal, request: FastifyRequest) => Promise<T>) =>
    route<B, 'session'>(api, {
      method: 'POST',
      path,
      auth: 'session',
      permission,
      body,
      handler: ({ body, principal, request }) => handler(body, principal, request),
    });
  const { auditRule } = PERMISSIONS;

  post(AUDIT_RULES_API.overview, auditRule.list, noBody, async () => {
    const rules = await ctx.db.select().from(auditRules).orderBy(auditRules.id);
    const last = await lastRun(ctx.db);
    const results = new Map((last?.report.rules ?? []).map((r) => [r.id, r]));
    return {
      ruleSetVersion: await ruleSetVersion(ctx.db),
      lastRun: last && runSummary(last),
      rules: rules.map((r) => ({
        id: r.id,
        kind: r.kind,
        severity: r.severity,
        owner: r.owner,
        enabled: r.enabled,
        dataVersion: r.dataVersion,
        definition: r.definition,
        lastResult: results.get(r.id) ?? null,
      })),
    };
  });

  // Rule edits (issue 41 item 1): proposed here, applied by the approval's end (server/audit-rules/changes.ts).
  const changes = new AuditRuleChanges(ctx);
  post(AUDIT_RULES_API.changeOptions, auditRule.edit, noBody, () => changes.options());
  // The proposal's shape is its schema's (./input.ts); its rule is read against the roles that exist, in the proposal's transaction.
  post(AUDIT_RULES_API.proposeChange, auditRule.edit, proposeBody, (body, principal) => changes.propose(principal, body));
  post(AUDIT_RULES_API.runningChanges, auditRule.list, noBody, () => changes.running());
  // The task view's record: whoever may open a task reads the change it carries (the approver, the auditor).
  post(AUDIT_RULES_API.changeByInstance, PLATFORM_PERMISSIONS.task.query, instanceBody, (body) => changes.byInstance(body.instanceId));

  post(AUDIT_RULES_API.lastRun, auditRule.query, noBody, async () => lastRun(ctx.db));

  // A run reads everything and writes only its own report: the auditor's read-only promise holds.
  post(AUDIT_RULES_API.run, auditRule.run, noBody, async (_body, principal) => {
    const report = await evaluateRules(ctx.db, { now: () => new Date(ctx.now()) });
    await ctx.db.insert(auditRuleRuns).values({
      ruleSetVersion: report.ruleSetVersion,
      runBy: principal.username,
      startedAt: new Date(report.startedAt),
      finishedAt: new Date(report.finishedAt),
      report,
    });
    return lastRun(ctx.db);
  });

  post(AUDIT_RULES_API.export, auditRule.export, exportBody, async ({ format }) => {
    const last = await lastRun(ctx.db);
    if (!last) throw businessError('AUDIT_NOT_RUN', 'auditRules:errors.noRun');
    const content = format === 'xlsx' ? await reportXlsx(last.report, last) : await reportPdf(last.report, last);
    const stamp = last.finishedAt.replace(/\D/g, '').slice(0, 14);
    return {
      fileName: `${translate('auditRules:title')}_${stamp}.${format}`,
      mimeType: format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/pdf',
      base64: content.toString('base64'),
    };
  });

  post(AUDIT_RULES_API.exceptions, auditRule.list, noBody, async () => listExceptions(ctx.db, new Date(ctx.now())));

  post(AUDIT_RULES_API.requestException, auditRule.except, exceptionBody, async (body, principal, request) => {
    const values = await checkExceptionRequest(ctx.db, body, ctx.now());
    try {
      return await ctx.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(auditRuleExceptions)
          .values({ ...values, requestedBy: principal.username })
          .returning();
        await recordOperation(tx, actorOf(request, principal), { resource: LOG_RESOURCE, recordId: created.id, action: 'CREATE', after: created });
        return created;
      });
    } catch (error) {
      if (duplicateError(error)) throw businessError('DUPLICATE', 'auditRules:errors.exceptionLive');
      throw error;
    }
  });

  post(AUDIT_RULES_API.approveException, auditRule.approveException, idBody, async ({ id }, principal, request) => {
    return ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(auditRuleExceptions).where(eq(auditRuleExceptions.id, id)).for('update');
      if (!before) throw notFoundError(translate('server:crud.notFound'));
      if (before.status !== 'PENDING') throw businessError('EXCEPTION_NOT_PENDING', 'auditRules:errors.exceptionNotPending');
      // The second person of "approved by a second person": the table's check holds it too.
      if (before.requestedBy === principal.username) throw businessError('MAKER_CHECKER', 'auditRules:errors.secondPerson');
      const [after] = await tx
        .update(auditRuleExceptions)
        .set({ status: 'APPROVED', approvedBy: principal.username, approvedAt: new Date(ctx.now()) })
        .where(and(eq(auditRuleExceptions.id, id), eq(auditRuleExceptions.status, 'PENDING')))
        .returning();
      await recordOperation(tx, actorOf(request, principal), { resource: LOG_RESOURCE, recordId: id, action: 'UPDATE', before, after });
      return after;
    });
  });

  post(AUDIT_RULES_API.revokeException, auditRule.except, idBody, async ({ id }, principal, request) => {
    return ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(auditRuleExceptions).where(eq(auditRuleExceptions.id, id)).for('update');
      if (!before) throw notFoundError(translate('server:crud.notFound'));
      if (before.status === 'REVOKED') throw businessError('EXCEPTION_REVOKED', 'auditRules:errors.exceptionNotLive');
      const [after] = await tx.update(auditRuleExceptions).set({ status: 'REVOKED' }).where(eq(auditRuleExceptions.id, id)).returning();
      await recordOperation(tx, actorOf(request, principal), { resource: LOG_RESOURCE, recordId: id, action: 'UPDATE', before, after });
      return after;
    });
  });
}
