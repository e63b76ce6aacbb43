/**
 * The workflow calls under /op/v1/workflow (README "Workflow API"). Reading needs workflow:task:list
 * or :query, and the list of every instance workflow:instance:list; starting needs :start; claiming and completing need :handle, and then the engine checks
 * the step's working role and four-eyes.
 */
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../src/lib/permissions';
import { and, eq } from 'drizzle-orm';
import { isActivityType, workingRoleOf } from '../../src/workflows/activities';
import { PROCESS_DEFINITIONS } from '../../src/workflows/registry';
import { TASK_OUTCOME, TASK_STATUS } from '../../src/workflows/states';
import { stepNeedsSignature, taskSignScope } from '../../src/workflows/task-sign';
import type { AppContext } from '../context';
import { workflowInstances, workflowTasks } from '../db/schema';
import { businessError, notFoundError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import type { Transition, WorkflowEngine } from './engine';
import { z } from 'zod';
import { id, oneOf, optional, text, version } from '../input/fields';
import { MAX_BUSINESS_KEY, MAX_TEXT, processVariables } from './input';
import { instanceListBody, instanceView, taskListBody, WorkflowQueries } from './queries';
import { mayWork } from './rules';
import { SmsSignService } from './sms-sign';

export const WORKFLOW_API = '/op/v1/workflow';

/** The registry as the task views read it, names in the server's language. */
function processDefinitionList(engine: WorkflowEngine) {
  return Object.values(PROCESS_DEFINITIONS).map((definition) => ({
    processKey: definition.processKey,
    // The module that starts it with its record (null: none yet, so no instance of it can start).
    owner: engine.ownerOf(definition.processKey) ?? null,
    // Whether a returned instance can be changed and resubmitted (its owner declared a reviser).
    revisable: engine.revisable(definition.processKey),
    processName: translate(definition.processName),
    type: definition.type,
    url: definition.url ?? null,
    component: definition.component ?? null,
    startActivity: definition.startActivity,
    activities: Object.fromEntries(
      Object.entries(definition.activities).map(([key, activity]) => [
        key,
        {
          label: translate(activity.label),
          type: activity.type,
          workingRole: workingRoleOf(activity.type),
          url: activity.url ?? null,
          detailPageUrl: activity.detailPageUrl ?? null,
          component: activity.component ?? null,
          sign: activity.sign === true,
        },
      ]),
    ),
  }));
}

const transitionView = ({ instance, task }: Transition) => ({ instance: instanceView(instance), task });

const processKey = text('server:input.fields.processKey', MAX_TEXT);
const businessKey = text('server:input.fields.businessKey', MAX_BUSINESS_KEY);
const instanceId = id('server:input.fields.instanceId');
const taskId = id('server:input.fields.taskId');
// A blank remark is no remark: the engine then says a reject needs one (workflow.remarkRequired), not that it is empty.
const remark = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  optional(text('server:input.fields.remark', MAX_TEXT)),
);
const variables = optional(processVariables);

const startBody = z.object({ processKey, businessKey });
const businessKeyBody = z.object({ businessKey });
const findByBusinessKeyBody = z.object({ businessKey, processKey: optional(processKey) });
const instanceBody = z.object({ instanceId });
const taskBody = z.object({ taskId });
const withdrawBody = z.object({ instanceId, remark });
// The changed values ride along: the owning module's reviser checks them as a first submission would.
const resubmitBody = z.looseObject({ instanceId });
const completeBody = z.object({
  taskId,
  outcome: oneOf('server:input.fields.outcome', [TASK_OUTCOME.PASS, TASK_OUTCOME.REJECT]),
  remark,
  variables,
  dataVersion: optional(version()),
});
/** Calls that read nothing from the body. */
const noBody = z.looseObject({});

export function workflowRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { task, instance } = PERMISSIONS;
  const queries = new WorkflowQueries(ctx.db);
  const sms = new SmsSignService({ db: ctx.db, now: ctx.now, outbox: ctx.demoOutbox, log: api.log });

  /**
   * A pass of a sign step (registry `sign`) needs the worker's SMS signature over the step's scope,
   * verified since the task opened, unless signing is off for the worker's current corporation (the
   * modal then completes at once, spec 4.3). Tasks the worker may not work are left to the engine's refusal.
   */
  const requireSignature = async (principal: Principal, taskId: string) => {
    const [open] = await ctx.db
      .select({
        processKey: workflowTasks.processKey,
        taskDefinitionKey: workflowTasks.taskDefinitionKey,
        activityType: workflowTasks.activityType,
        createTime: workflowTasks.createTime,
        businessKey: workflowInstances.businessKey,
      })
      .from(workflowTasks)
      .innerJoin(workflowInstances, eq(workflowInstances.id, workflowTasks.instanceId))
      .where(and(eq(workflowTasks.id, taskId), eq(workflowTasks.status, TASK_STATUS.TODO)));
    if (!open || !stepNeedsSignature(open.processKey, open.taskDefinitionKey)) return;
    if (!isActivityType(open.activityType) || !mayWork(principal, workingRoleOf(open.activityType))) return;
    const corpName = principal.corps.find((corp) => corp.corpId === principal.corpId)?.corpName;
    if (!corpName || !(await sms.isOpen(corpName))) return;
    if (!(await sms.hasVerified(principal, taskSignScope(open), open.createTime)))
      throw businessError('SIGNATURE_REQUIRED', 'server:workflow.signatureRequired');
  };
  const post = <B>(path: string, permission: string, body: z.ZodType<B>, handler: (body: B, principal: Principal) => Promise<unknown> | unknown) =>
    route<B, 'session'>(api, {
      method: 'POST',
      path: `${WORKFLOW_API}/${path}`,
      auth: 'session',
      permission,
      body,
      handler: ({ body, principal }) => handler(body, principal),
    });

  post('process-definitions/list', task.list, noBody, () => processDefinitionList(ctx.workflow));

  // Refuses every key (WorkflowEngine.refuseGenericStart): instances start in their business modules.
  post('instances/start', task.start, startBody, (body) => ctx.workflow.refuseGenericStart(body.processKey));

  // Every instance, whoever started it: only for who may read them all (the auditor), not every task worker.
  post('instances/page', instance.list, instanceListBody, (body) => queries.allInstancesPage(body));

  // The instances of one record (a corporation's history of changes), for who may open its tasks.
  post('instances/of-business-key', task.query, businessKeyBody, async (body) => ({ records: await queries.instancesOf(body.businessKey) }));

  post('instances/find-by-business-key', task.query, findByBusinessKeyBody, (body, principal) =>
    queries.findByBusinessKey(principal, body.businessKey, body.processKey),
  );

  post('instances/find-by-id', task.query, instanceBody, async (body, principal) => {
    const found = await queries.instanceById(principal, body.instanceId);
    if (!found) throw notFoundError(translate('server:workflow.instanceNotFound'));
    return found;
  });

  post('tasks/find-by-id', task.query, taskBody, async (body, principal) => {
    const found = await queries.taskById(principal, body.taskId);
    if (!found) throw notFoundError(translate('server:workflow.taskNotFound'));
    return found;
  });

  post('instances/history', task.query, instanceBody, async (body) => {
    const found = await queries.history(body.instanceId);
    if (!found) throw notFoundError(translate('server:workflow.instanceNotFound'));
    return found;
  });

  post('tasks/todo/page', task.list, taskListBody, (body, principal) => queries.todoPage(principal, body));
  post('tasks/done/page', task.list, taskListBody, (body, principal) => queries.donePage(principal, body));
  post('tasks/started/page', task.list, instanceListBody, (body, principal) => queries.startedPage(principal, body));
  post('tasks/pending-count', task.list, noBody, async (_body, principal) => ({ count: await queries.pendingCount(principal) }));

  // 撤回 from 我发起的: only the starter, only before someone else acted (the engine checks both).
  post('instances/withdraw', task.handle, withdrawBody, async (body, principal) =>
    transitionView(await ctx.workflow.withdraw(principal, { instanceId: body.instanceId, remark: body.remark })),
  );

  // 重新提交's change of a returned instance: only its starter, at their own step; the owning module checks the values.
  post('instances/resubmit', task.handle, resubmitBody, async (body, principal) => ctx.workflow.resubmit(principal, body.instanceId, body));

  post('tasks/claim', task.handle, taskBody, (body, principal) => ctx.workflow.claim(principal, body.taskId));

  post('tasks/complete', task.handle, completeBody, async (body, principal) => {
    const input = { ...body, variables: body.variables ?? {} };
    if (input.outcome === TASK_OUTCOME.PASS) await requireSignature(principal, input.taskId);
    return transitionView(await ctx.workflow.complete(principal, input));
  });
}
