/**
 * The document review calls under /op/v1/doc-review (README "Document review"): reading needs
 * doc:review:query; writing a verdict or a reason needs doc:review:audit and working the instance's
 * current step of that segment. A segment's step may be passed only when its files are all decided
 * and any NOPASS is explained: checked by segment/check for the workspace, and again on the
 * server when the task is completed (a completion guard).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PERMISSIONS } from '../../src/features/doc-review/permissions';
import {
  APPROVE_RESULT,
  DECIDED_RESULTS,
  DOC_REVIEW_CALLS,
  DOC_REVIEW_PROCESS_KEYS,
  MAX_APPROVE_REMARK,
  MAX_REASON,
  REASON_PROPERTY,
  segmentOfStep,
  TASK_SEGMENT,
  type SegmentCompletion,
} from '../../src/features/doc-review/rules';
import { TASK_OUTCOME } from '../../src/workflows/states';
import type { AppContext } from '../context';
import { docFileApprovals, docFiles, docMaterials, docProperties, workflowInstances } from '../db/schema';
import { notFoundError, protocolError, validationError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { recordChange } from '../operation-log/record';
import type { Principal } from '../security/sessions';
import type { OwnedProcess } from '../workflow/engine';
import { MAX_BUSINESS_KEY } from '../workflow/input';
import { oneOf, optional, text, version } from '../input/fields';
import { requireCurrentStep } from './current-step';
import { completionOf, docFileView, listMaterials, readProperty } from './materials';

/** Text left out when absent or only spaces (trimmed before optional() sees it), else 1 to max characters. */
const remark = (label: string, max: number) => z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), optional(text(label, max)));
const taskSegment = oneOf('server:input.fields.taskSegment', [TASK_SEGMENT.AUDIT, TASK_SEGMENT.REVIEW]);
const businessKey = text('server:input.fields.businessKey', MAX_BUSINESS_KEY);

/** A business's materials in one segment (the list and its completion). */
const segmentBody = z.object({ businessKey, taskSegment });
const approveBody = z.object({
  docFileId: text('server:input.fields.docFileId', MAX_BUSINESS_KEY),
  taskSegment,
  approveResult: oneOf('server:docReview.fields.approveResult', DECIDED_RESULTS),
  approveRemark: remark('server:docReview.fields.approveRemark', MAX_APPROVE_REMARK),
  dataVersion: version(),
});
const reasonBody = z.object({ businessKey, taskSegment, content: remark('server:docReview.fields.content', MAX_REASON) });

/** Why a segment may not be passed yet, in the words the workspace shows; null when it may. */
export function completionMessage(completion: SegmentCompletion): string | null {
  if (completion.waitCount > 0) return translate('server:docReview.filesWaiting', { count: String(completion.waitCount) });
  if (completion.reasonMissing) return translate(`server:docReview.reasonRequired.${completion.taskSegment}`);
  return null;
}

export function docReviewRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { docReview } = PERMISSIONS;
  const post = <B>(path: string, permission: string, body: z.ZodType<B>, handler: (body: B, principal: Principal) => Promise<unknown>) =>
    route(api, { method: 'POST', path, auth: 'session', permission, body, handler: ({ body, principal }) => handler(body, principal) });

  post(DOC_REVIEW_CALLS.materials, docReview.query, segmentBody, (body) => listMaterials(ctx.db, body.businessKey, body.taskSegment));

  post(DOC_REVIEW_CALLS.check, docReview.query, segmentBody, async (body) => {
    const completion = await completionOf(ctx.db, body.businessKey, body.taskSegment);
    return { ...completion, message: completionMessage(completion) };
  });

  post(DOC_REVIEW_CALLS.approve, docReview.audit, approveBody, async (body, principal) => {
    const { docFileId, taskSegment: segment, approveResult, dataVersion } = body;
    const approveRemark = body.approveRemark ?? null;
    if (approveResult === APPROVE_RESULT.NOPASS && !approveRemark) throw validationError(translate('server:docReview.remarkRequired'));

    return ctx.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ file: docFiles, businessKey: docMaterials.businessKey })
        .from(docFiles)
        .innerJoin(docMaterials, eq(docMaterials.id, docFiles.docMaterialId))
        .where(eq(docFiles.id, docFileId));
      if (!found) throw notFoundError(translate('server:docReview.fileNotFound'));
      await requireCurrentStep(ctx.db, tx, principal, found.businessKey, segment);

      const now = new Date();
      const [file] = await tx
        .update(docFiles)
        .set({ dataVersion: sql`${docFiles.dataVersion} + 1`, updateTime: now, updateBy: principal.username })
        .where(and(eq(docFiles.id, docFileId), eq(docFiles.dataVersion, dataVersion)))
        .returning();
      if (!file) throw protocolError('DATA_VERSION_CONFLICT');
      const verdict = { approveResult, approveRemark, approverId: principal.userId, approverName: principal.personName, approveTime: now };
      await tx
        .insert(docFileApprovals)
        .values({ docFileId, taskSegment: segment, ...verdict })
        .onConflictDoUpdate({ target: [docFileApprovals.docFileId, docFileApprovals.taskSegment], set: verdict });
      // A new AUDIT verdict (after a reject sent the record back) is what REVIEW starts from again.
      if (segment === TASK_SEGMENT.AUDIT) {
        await tx.delete(docFileApprovals).where(and(eq(docFileApprovals.docFileId, docFileId), eq(docFileApprovals.taskSegment, TASK_SEGMENT.REVIEW)));
      }
      await recordChange(tx, principal, {
        resource: 'doc-files',
        recordId: docFileId,
        action: OPERATION_ACTION.update,
        before: null,
        after: { businessKey: found.businessKey, taskSegment: segment, approveResult, approveRemark },
      });
      const approvals = await tx.select().from(docFileApprovals).where(eq(docFileApprovals.docFileId, docFileId));
      return docFileView(file, approvals, segment);
    });
  });

  post(DOC_REVIEW_CALLS.saveReason, docReview.audit, reasonBody, async (body, principal) => {
    const { businessKey, taskSegment: segment } = body;
    const content = body.content ?? null;
    const propertyType = REASON_PROPERTY[segment];
    return ctx.db.transaction(async (tx) => {
      await requireCurrentStep(ctx.db, tx, principal, businessKey, segment);
      const now = new Date();
      await tx
        .insert(docProperties)
        .values({ businessKey, propertyType, content, createBy: principal.username, updateBy: principal.username })
        .onConflictDoUpdate({
          target: [docProperties.businessKey, docProperties.propertyType],
          set: { content, updateTime: now, updateBy: principal.username, dataVersion: sql`${docProperties.dataVersion} + 1` },
        });
      const saved = await readProperty(tx, businessKey, propertyType);
      await recordChange(tx, principal, { resource: 'doc-reviews', recordId: businessKey, action: OPERATION_ACTION.update, after: { propertyType, content } });
      return saved;
    });
  });

  // Completing a step passes its segment: the server checks what the workspace checked.
  for (const processKey of DOC_REVIEW_PROCESS_KEYS) {
    ownDocReview(ctx, processKey);
    ctx.workflow.guards.register(processKey, async ({ task, outcome }, tx) => {
      const segment = segmentOfStep(task.processKey, task.taskDefinitionKey);
      if (outcome !== TASK_OUTCOME.PASS || !segment) return;
      const [instance] = await tx.select().from(workflowInstances).where(eq(workflowInstances.id, task.instanceId));
      const message = completionMessage(await completionOf(tx, instance.businessKey, segment));
      if (message) throw validationError(message);
    });
  }
}

/**
 * The document-review keys are this module's: an instance starts only for a document set whose
 * materials exist (the demo seed today; credit notes and securitisation submit theirs through this).
 */
export function ownDocReview(ctx: AppContext, processKey: string): OwnedProcess {
  const owned = ctx.workflow.own(processKey, 'doc-review');
  return {
    processKey,
    async start(actor, input, tx) {
      const [material] = await (tx ?? ctx.db)
        .select({ id: docMaterials.id })
        .from(docMaterials)
        .where(eq(docMaterials.businessKey, input.businessKey))
        .limit(1);
      if (!material) throw notFoundError(translate('server:docReview.materialsMissing'));
      return owned.start(actor, input, tx);
    },
    revise: (reviser) => owned.revise(reviser),
  };
}
