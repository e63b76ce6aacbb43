/**
 * What the approval engine tells operators (issue 21): a task arriving in someone's to-do list, and the
 * end of an instance they started. Both listen through the engine's own hooks (onTransition,
 * onInstanceEnd) for every process, inside the engine's transaction, so the messages commit or roll
 * back with the move that causes them.
 *
 * Who is told of a task is who will find it in their to-do list (server/workflow/rules.ts todoCondition):
 * its assignee if it has one, else every user of its working role (the role admin included), minus
 * those the review rules bar (maker-checker, four-eyes) and minus the actor, who knows already.
 */
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { ROLE } from '../../src/lib/codes';
import { MESSAGE_KIND } from '../../src/lib/messages';
import { activityTypesOf, isActivityType, isReviewStep, WORKING_ROLE_CODE, workingRoleOf } from '../../src/workflows/activities';
import { findActivity, findProcessDefinition, PROCESS_KEYS } from '../../src/workflows/registry';
import { HISTORY_ACTION, INSTANCE_STATUS, TASK_OUTCOME, TASK_STATUS } from '../../src/workflows/states';
import { roles, userRoles, users, workflowHistory, workflowTasks } from '../db/schema';
import type { Tx } from '../db/tx';
import type { MessageRef } from '../i18n';
import type { InstanceEndEvent, InstanceRow, TransitionEvent, WorkflowEngine } from '../workflow/engine';
import { keptAsKey, sendMessages } from './store';

/** The shared task view (src/routes/static-routes.ts TASK_VIEW_PATH); it opens a page-type step's own page. */
const TASK_VIEW_PATH = '/op/task/view';

/**
 * The process, step and summary a message names, as references: the message keeps them as keys and
 * values and is rendered in each reader's language when read (server/i18n.ts), so an English reader of
 * a message a Chinese colleague's approval caused reads it in English.
 */
const names = (instance: InstanceRow, stepKey: string | null): Record<string, string | MessageRef> => {
  const definition = findProcessDefinition(instance.processKey);
  const activity = definition && stepKey ? findActivity(definition, stepKey) : undefined;
  return {
    processName: definition ? { key: definition.processName } : instance.processKey,
    taskName: activity ? { key: activity.label } : (stepKey ?? ''),
    summary: instance.summaryRef ?? instance.summary ?? instance.businessKey,
  };
};

/** Users barred from a review step of this instance: who submitted it, or who completed another review step. */
async function barredFromReview(tx: Tx, instanceId: string, stepKey: string): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ userId: workflowHistory.userId })
    .from(workflowHistory)
    .where(
      and(
        eq(workflowHistory.instanceId, instanceId),
        inArray(workflowHistory.action, [HISTORY_ACTION.PASS, HISTORY_ACTION.REJECT]),
        or(
          inArray(workflowHistory.activityType, activityTypesOf('handler')),
          and(inArray(workflowHistory.activityType, activityTypesOf('director')), ne(workflowHistory.taskDefinitionKey, stepKey)),
        ),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

async function taskArrived(tx: Tx, event: TransitionEvent): Promise<void> {
  if (event.to === null) return;
  const [task] = await tx
    .select()
    .from(workflowTasks)
    .where(and(eq(workflowTasks.instanceId, event.instance.id), eq(workflowTasks.taskDefinitionKey, event.to), eq(workflowTasks.status, TASK_STATUS.TODO)))
    .orderBy(sql`${workflowTasks.createTime} desc`)
    .limit(1);
  if (!task || !isActivityType(task.activityType)) return;
  let recipients: string[];
  if (task.assigneeId) recipients = [task.assigneeId];
  else {
    const code = WORKING_ROLE_CODE[workingRoleOf(task.activityType)];
    const holders = await tx
      .selectDistinct({ userId: userRoles.userId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.pkRole, userRoles.pkRole))
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(or(inArray(roles.code, [code, ROLE.ADMIN]), eq(roles.pkRole, code)));
    const barred = isReviewStep(task.activityType) ? await barredFromReview(tx, task.instanceId, task.taskDefinitionKey) : new Set<string>();
    recipients = holders.map((h) => h.userId).filter((id) => !barred.has(id));
  }
  const params = names(event.instance, task.taskDefinitionKey);
  await sendMessages(
    tx,
    recipients
      .filter((userId) => userId !== event.actor.userId)
      .map((userId) => ({
        userId,
        kind: MESSAGE_KIND.TASK_ARRIVED,
        title: keptAsKey({ key: 'messages:server.taskArrived', params }),
        body: keptAsKey({
          key: event.outcome === TASK_OUTCOME.REJECT ? 'messages:server.taskReturnedBody' : 'messages:server.taskArrivedBody',
          params: { ...params, actor: event.actor.personName, remark: event.remark ?? '' },
        }),
        link: `${TASK_VIEW_PATH}?taskId=${encodeURIComponent(task.id)}`,
        subjectId: task.id,
      })),
  );
}

async function instanceEnded(tx: Tx, event: InstanceEndEvent): Promise<void> {
  const { instance } = event;
  const approved = event.status === INSTANCE_STATUS.APPROVED;
  const params = { ...names(instance, null), actor: event.actor.personName };
  await sendMessages(tx, [
    {
      userId: instance.startUserId,
      kind: approved ? MESSAGE_KIND.INSTANCE_APPROVED : MESSAGE_KIND.INSTANCE_REJECTED,
      title: keptAsKey({ key: approved ? 'messages:server.approved' : 'messages:server.rejected', params }),
      body: keptAsKey({ key: approved ? 'messages:server.approvedBody' : 'messages:server.rejectedBody', params }),
      link: `${TASK_VIEW_PATH}?instanceId=${encodeURIComponent(instance.id)}&readonly=1`,
      subjectId: instance.id,
    },
  ]);
}

/** Hooks the messages onto every process of the registry. */
export function subscribeWorkflowMessages(workflow: WorkflowEngine): void {
  for (const processKey of PROCESS_KEYS) {
    workflow.onTransition(processKey, (event, tx) => taskArrived(tx, event));
    workflow.onInstanceEnd(processKey, (event, tx) => instanceEnded(tx, event));
  }
}
