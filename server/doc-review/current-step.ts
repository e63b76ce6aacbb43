/**
 * Who may write a segment: only the worker of the instance's current step, and only the segment
 * that step works (AUDIT at the handler's first step, REVIEW at the director's). The same rules as
 * the engine's (server/workflow/rules.ts): the step's working role, the task unclaimed or one's
 * own, four-eyes.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { isActivityType, isReviewStep, workingRoleOf } from '../../src/workflows/activities';
import { DOC_REVIEW_PROCESS_KEYS, segmentOfStep, type TaskSegment } from '../../src/features/doc-review/rules';
import { INSTANCE_STATUS, TASK_STATUS } from '../../src/workflows/states';
import type { Tx } from '../db/tx';
import type { Db } from '../db/open';
import { workflowInstances, workflowTasks } from '../db/schema';
import { businessError, protocolError } from '../errors';
import { translate } from '../i18n';
import { fourEyesBarred, mayWork, type Actor } from '../workflow/rules';

export type InstanceRow = typeof workflowInstances.$inferSelect;

/** The running document-review instance of a business record, if any. */
export async function runningReview(tx: Db | Tx, businessKey: string): Promise<InstanceRow | undefined> {
  const [instance] = await tx
    .select()
    .from(workflowInstances)
    .where(
      and(
        eq(workflowInstances.businessKey, businessKey),
        inArray(workflowInstances.processKey, [...DOC_REVIEW_PROCESS_KEYS]),
        eq(workflowInstances.status, INSTANCE_STATUS.RUNNING),
      ),
    );
  return instance;
}

/** Refuses unless `actor` works the step of `segment` of the record's running review now. */
export async function requireCurrentStep(db: Db, tx: Tx, actor: Actor, businessKey: string, segment: TaskSegment): Promise<void> {
  const instance = await runningReview(tx, businessKey);
  if (!instance) throw businessError('DOC_REVIEW_NOT_RUNNING', 'server:docReview.notRunning');
  if (segmentOfStep(instance.processKey, instance.currentActivity) !== segment) {
    throw businessError('DOC_REVIEW_SEGMENT_CLOSED', 'server:docReview.segmentClosed', { segment: translate(`server:docReview.segment.${segment}`) });
  }
  const [task] = await tx
    .select()
    .from(workflowTasks)
    .where(and(eq(workflowTasks.instanceId, instance.id), eq(workflowTasks.status, TASK_STATUS.TODO)));
  if (!task || !isActivityType(task.activityType) || !mayWork(actor, workingRoleOf(task.activityType))) throw protocolError('FORBIDDEN');
  if (task.assigneeId && task.assigneeId !== actor.userId) {
    throw businessError('TASK_CLAIMED', 'server:workflow.taskClaimedByOther', { personName: task.assigneeName ?? '' });
  }
  if (isReviewStep(task.activityType)) {
    const [barred] = await tx
      .select({ id: workflowTasks.id })
      .from(workflowTasks)
      .where(and(eq(workflowTasks.id, task.id), fourEyesBarred(db, actor)));
    if (barred) throw businessError('FOUR_EYES', 'server:workflow.fourEyes');
  }
}
