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
import { TASK_OUTCOME, TASK_STATUS, type TaskOutcome } from '../../src/workflows/states';
import { stepNeedsSignature, taskSignScope } from '../../src/workflows/task-sign';
import type { AppContext } from '../context';
import { workflowInstances, workflowTasks } from '../db/schema';
import { businessError, notFoundError, validationError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import type { Transition, WorkflowEngine } from './engine';
import { MAX_BUSINESS_KEY, optionalInteger, optionalText, readVariables, requireBody, requireText, type Body } from './input';
import { instanceView, WorkflowQueries } from './queries';
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

function readOutcome(body: Body): TaskOutcome {
  const outcome = body.outcome;
  if (outcome !== TASK_OUTCOME.PASS && outcome !== TASK_OUTCOME.REJECT) throw validationError(translate('server:workflow.outcome'));
  return outcome;
}

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
  const post = (path: string, permission: string, handler: (body: Body, principal: Principal) => Promise<unknown> | unknown) =>
    route(api, {
      method: 'POST',
      path: `${WORKFLOW_API}/${path}`,
      auth: 'session',
      permission,
      handler: ({ body, principal }) => handler(requireBody(body), principal),
    });

  post('process-definitions/list', task.list, () => processDefinitionList(ctx.workflow));

  // Refuses every key (WorkflowEngine.refuseGenericStart): instances start in their business modules.
  post('instances/start', task.start, (body) => {
    const processKey = requireText(body, 'processKey', 'server:workflow.processKeyRequired');
    requireText(body, 'businessKey', 'server:workflow.businessKeyRequired', MAX_BUSINESS_KEY);
    ctx.workflow.refuseGenericStart(processKey);
  });

  // Every instance, whoever started it: only for who may read them all (the auditor), not every task worker.
  post('instances/page', instance.list, (body) => queries.allInstancesPage(body));

  // The instances of one record (a corporation's history of changes), for who may open its tasks.
  post('instances/of-business-key', task.query, async (body) => ({
    records: await queries.instancesOf(requireText(body, 'businessKey', 'server:workflow.businessKeyRequired', MAX_BUSINESS_KEY)),
  }));

  post('instances/find-by-business-key', task.query, (body, principal) =>
    queries.findByBusinessKey(
      principal,
      requireText(body, 'businessKey', 'server:workflow.businessKeyRequired', MAX_BUSINESS_KEY),
      optionalText(body, 'processKey'),
    ),
  );

  post('instances/find-by-id', task.query, async (body, principal) => {
    const found = await queries.instanceById(principal, requireText(body, 'instanceId', 'server:workflow.instanceIdRequired'));
    if (!found) throw notFoundError(translate('server:workflow.instanceNotFound'));
    return found;
  });

  post('tasks/find-by-id', task.query, async (body, principal) => {
    const found = await queries.taskById(principal, requireText(body, 'taskId', 'server:workflow.taskIdRequired'));
    if (!found) throw notFoundError(translate('server:workflow.taskNotFound'));
    return found;
  });

  post('instances/history', task.query, async (body) => {
    const found = await queries.history(requireText(body, 'instanceId', 'server:workflow.instanceIdRequired'));
    if (!found) throw notFoundError(translate('server:workflow.instanceNotFound'));
    return found;
  });

  post('tasks/todo/page', task.list, (body, principal) => queries.todoPage(principal, body));
  post('tasks/done/page', task.list, (body, principal) => queries.donePage(principal, body));
  post('tasks/started/page', task.list, (body, principal) => queries.startedPage(principal, body));
  post('tasks/pending-count', task.list, async (_body, principal) => ({ count: await queries.pendingCount(principal) }));

  // 撤回 from 我发起的: only the starter, only before someone else acted (the engine checks both).
  post('instances/withdraw', task.handle, async (body, principal) =>
    transitionView(
      await ctx.workflow.withdraw(principal, {
        instanceId: requireText(body, 'instanceId', 'server:workflow.instanceIdRequired'),
        remark: optionalText(body, 'remark'),
      }),
    ),
  );

  // 重新提交's change of a returned instance: only its starter, at their own step; the owning module checks the values.
  post('instances/resubmit', task.handle, async (body, principal) =>
    ctx.workflow.resubmit(principal, requireText(body, 'instanceId', 'server:workflow.instanceIdRequired'), body),
  );

  post('tasks/claim', task.handle, (body, principal) => ctx.workflow.claim(principal, requireText(body, 'taskId', 'server:workflow.taskIdRequired')));

  post('tasks/complete', task.handle, async (body, principal) => {
    const input = {
      taskId: requireText(body, 'taskId', 'server:workflow.taskIdRequired'),
      outcome: readOutcome(body),
      remark: optionalText(body, 'remark'),
      variables: readVariables(body),
      dataVersion: optionalInteger(body, 'dataVersion', 'server:workflow.dataVersion'),
    };
    if (input.outcome === TASK_OUTCOME.PASS) await requireSignature(principal, input.taskId);
    return transitionView(await ctx.workflow.complete(principal, input));
  });
}
