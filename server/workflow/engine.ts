/**
 * The approval engine: starts instances, lets the working role of a step claim and complete its
 * task, moves the instance as the registry (src/workflows/registry.ts) says, and keeps the history.
 *
 * Other server modules use it through AppContext.workflow:
 *
 *   await ctx.workflow.start(principal, { processKey: 'Process_CORP_ADMIT', businessKey: record.id }, tx);
 *   ctx.workflow.onInstanceEnd('Process_CORP_ADMIT', async (event, tx) => {
 *     await tx.update(realnames).set({ status: event.status === 'APPROVED' ? ... : ... }).where(...);
 *   });
 *
 * A process key that a business module approves records for is owned by it:
 *
 *   const admission = ctx.workflow.own('Process_CI_CORE_ADMIT_CREATE', 'corporations');
 *   await admission.start(principal, { businessKey: change.id, record }, tx);   // the process's summary rule names it
 *
 * Only that handle starts it. The generic start (`start`, behind workflow/instances/start) starts
 * nothing: an owned key is refused with PROCESS_OWNED (its module starts it with the record it
 * approves), a key no module owns yet with PROCESS_UNOWNED (there is no record it could approve), so
 * no instance exists without the record it approves.
 *
 * Listeners run inside the transaction that ends the instance: a listener that throws undoes the
 * completion, so a record's status and its approval never disagree. For every step of the way,
 * `onTransition(processKey, (event, tx) => ...)` hears the start, each pass and each reject with the
 * step left (`from`) and the step now open (`to`, null once ended), in the same transaction.
 *
 * Rules: a task is worked only by its step's working role (hasAnyRole: the role admin may act as
 * either); four-eyes: one person completes at most one review step (approve types) of an instance;
 * a pass moves to the next step or ends the instance APPROVED; a reject returns to the process's
 * first step, assigned to the starter, and a reject AT the first step (the starter withdraws) ends
 * the instance REJECTED. Completion is guarded by the task's status and dataVersion in one UPDATE,
 * so a task is never completed twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import { isActivityType, isReviewStep, workingRoleOf } from '../../src/workflows/activities';
import {
  findActivity,
  findProcessDefinition,
  GIVEN_AT_START,
  nextStep,
  submitsAtStart,
  variableGivenAt,
  type ProcessDefinition,
} from '../../src/workflows/registry';
import { summaryOf as summarize, summaryRefOf, summaryRuleOf, type SummaryRecord } from '../../src/workflows/summaries';
import { HISTORY_ACTION, INSTANCE_STATUS, TASK_OUTCOME, TASK_STATUS, type HistoryAction, type TaskOutcome } from '../../src/workflows/states';
import { isUniqueViolation, type Tx } from '../db/tx';
import type { Db } from '../db/open';
import { workflowHistory, workflowInstances, workflowTasks } from '../db/schema';
import { businessError, notFoundError, protocolError, validationError } from '../errors';
import { DEFAULT_SERVER_LOCALE, translate, type MessageRef } from '../i18n';
import { OPERATION_ACTION, WORKFLOW_LOG_RESOURCE } from '../../src/resources/operation-log';
import { recordChange } from '../operation-log/record';
import type { Principal } from '../security/sessions';
import { CompletionGuards } from './guards';
import { mayWithdraw, mayWork, reviewBarOf, type Actor } from './rules';

export type { Actor } from './rules';

export type InstanceRow = typeof workflowInstances.$inferSelect;
export type TaskRow = typeof workflowTasks.$inferSelect;

export interface StartInput {
  processKey: string;
  businessKey: string;
  businessType?: string;
  /**
   * The record the instance approves, as its process's summary rule (src/workflows/summaries.ts)
   * reads it: the rule makes the summary the task lists and views show.
   */
  record?: SummaryRecord;
  /** A summary given as is, for instances started without a record: the demo's seeded reviews and the test routes. */
  summary?: string;
  variables?: Record<string, string>;
  /** The starter's remark on the submission (the first step's pass), shown in the history. */
  remark?: string;
}

/**
 * The instance's summary and the record's number: its process's rule over the record when one is
 * given. An instance started without a record (the demo's seeded reviews, the test routes) has a
 * readable business key made for it, which is then its number.
 */
function summaryOf(
  definition: ProcessDefinition,
  input: StartInput,
): { summary: string | null; number: string | null; summaryRef: MessageRef | null; numberRef: MessageRef | null } {
  const rule = summaryRuleOf(definition);
  if (input.record && rule) {
    // The text in the source language (searchable, the fallback), the key and values for every reader's own.
    const text = summarize(rule, input.record, (key, values) => translate(key, values, DEFAULT_SERVER_LOCALE));
    const ref = summaryRefOf(rule, input.record);
    return { ...text, summaryRef: ref.summary, numberRef: typeof ref.number === 'string' || text.number === null ? null : ref.number };
  }
  return { summary: input.summary ?? null, number: input.businessKey, summaryRef: null, numberRef: null };
}

export interface CompleteInput {
  taskId: string;
  outcome: TaskOutcome;
  remark?: string;
  variables?: Record<string, string>;
  /** When given, the task must still be at this version (the one the worker read). */
  dataVersion?: number;
}

export interface InstanceEndEvent {
  instance: InstanceRow;
  status: typeof INSTANCE_STATUS.APPROVED | typeof INSTANCE_STATUS.REJECTED;
  /** Who completed the last task. */
  actor: Actor;
}

export type InstanceEndListener = (event: InstanceEndEvent, tx: Tx) => Promise<void> | void;

/** One move of an instance: its start, or the completion of a step. */
export interface TransitionEvent {
  /** The instance after the move. */
  instance: InstanceRow;
  /** The step completed; null at start. */
  from: string | null;
  /** The step now open; null when the instance has ended (see instance.status). */
  to: string | null;
  outcome: typeof HISTORY_ACTION.START | TaskOutcome;
  remark: string | null;
  actor: Actor;
}

export type TransitionListener = (event: TransitionEvent, tx: Tx) => Promise<void> | void;

export interface Transition {
  instance: InstanceRow;
  /** The task now open, or null when the instance has ended. */
  task: TaskRow | null;
}

/**
 * What a module does with a returned instance's changed values (重新提交, spec §4.5): reads them as
 * its first submission reads them, re-checks every rule of that submission over the record as it is
 * (the version the submitter read included), and stores them as what the instance now proposes;
 * nothing applies before the last approval. It runs in the engine's transaction with the instance and
 * its open task locked; it answers the record for the process's summary rule and what the caller sees.
 */
export type Reviser = (
  tx: Tx,
  principal: Principal,
  input: { instance: InstanceRow; body: Record<string, unknown> },
) => Promise<{ record: SummaryRecord; view: unknown }>;

/** The start a module that owns a process key holds (WorkflowEngine.own): the key is its own. */
export interface OwnedProcess {
  readonly processKey: string;
  start(actor: Actor, input: Omit<StartInput, 'processKey'>, tx?: Tx): Promise<Transition>;
  /** Declares how a returned instance of this key is changed before it is resubmitted (WorkflowEngine.resubmit). */
  revise(reviser: Reviser): void;
}

export function definitionOf(processKey: string): ProcessDefinition {
  const definition = findProcessDefinition(processKey);
  if (!definition) throw validationError(translate('server:workflow.processUnknown', { processKey }));
  return definition;
}

const forbidden = () => protocolError('FORBIDDEN');
const taskNotFound = () => notFoundError(translate('server:workflow.taskNotFound'));
const taskCompleted = () => businessError('TASK_COMPLETED', 'server:workflow.taskCompleted');

/** Variables given at `at` ('start' or a step key): only declared names, only their options. */
function checkVariables(definition: ProcessDefinition, variables: Record<string, string>, at: string): void {
  for (const [name, value] of Object.entries(variables)) {
    const declared = definition.variables && Object.hasOwn(definition.variables, name) ? definition.variables[name] : undefined;
    if (!declared) throw validationError(translate('server:workflow.variableUnknown', { processKey: definition.processKey, variable: name }));
    if (!variableGivenAt(definition, name, at)) throw validationError(translate('server:workflow.variableNotHere', { variable: name }));
    if (!Object.hasOwn(declared.options, value)) throw validationError(translate('server:workflow.variableValue', { variable: name, value }));
  }
}

function subscribe<L>(registry: Map<string, L[]>, processKey: string, listener: L): () => void {
  definitionOf(processKey);
  registry.set(processKey, [...(registry.get(processKey) ?? []), listener]);
  return () =>
    registry.set(
      processKey,
      (registry.get(processKey) ?? []).filter((l) => l !== listener),
    );
}

export class WorkflowEngine {
  private readonly listeners = new Map<string, InstanceEndListener[]>();
  private readonly transitionListeners = new Map<string, TransitionListener[]>();
  private readonly owners = new Map<string, string>();
  private readonly revisers = new Map<string, Reviser>();

  /** `guards`: the checks processes put on completing their tasks (server/workflow/guards.ts). */
  constructor(
    private readonly db: Db,
    readonly guards: CompletionGuards = new CompletionGuards(),
  ) {}

  /** Calls `listener` whenever an instance of this process ends; returns the function that removes it. */
  onInstanceEnd(processKey: string, listener: InstanceEndListener): () => void {
    return subscribe(this.listeners, processKey, listener);
  }

  /**
   * Calls `listener` at every start, pass and reject of this process, inside that transaction (a
   * listener that throws undoes the move); returns the function that removes it.
   */
  onTransition(processKey: string, listener: TransitionListener): () => void {
    return subscribe(this.transitionListeners, processKey, listener);
  }

  private async notifyTransition(event: TransitionEvent, tx: Tx): Promise<void> {
    for (const listener of this.transitionListeners.get(event.instance.processKey) ?? []) await listener(event, tx);
  }

  /**
   * Makes `owner` (a module's name, for messages and startup errors) the only starter of this process
   * key and returns its start. A key has one owner: a second module claiming it stops the server at start.
   */
  own(processKey: string, owner: string): OwnedProcess {
    definitionOf(processKey);
    const current = this.owners.get(processKey);
    if (current !== undefined && current !== owner) throw new Error(`Process ${processKey} is owned by ${current}; ${owner} cannot own it too`);
    this.owners.set(processKey, owner);
    return {
      processKey,
      start: (actor, input, tx) => this.begin(actor, { ...input, processKey }, tx),
      revise: (reviser) => void this.revisers.set(processKey, reviser),
    };
  }

  /** Whether a returned instance of this key can be changed before it is resubmitted (its owner declared how). */
  revisable(processKey: string): boolean {
    return this.revisers.has(processKey);
  }

  /**
   * 重新提交's change (workflow/instances/resubmit): the starter of an instance back at their own step
   * replaces what it proposes through the reviser its owning module declared, which checks the values
   * as a first submission is checked; the summary follows the new values. The task view then completes
   * the submitter's step. A refusal changes nothing: the instance, its task and the record stay as they were.
   */
  async resubmit(principal: Principal, instanceId: string, body: Record<string, unknown>): Promise<unknown> {
    return this.db.transaction(async (tx) => {
      const { instance } = await this.returnedStep(tx, principal, instanceId);
      const reviser = this.revisers.get(instance.processKey);
      if (!reviser) throw businessError('NOT_REVISABLE', 'server:workflow.notRevisable');
      const { record, view } = await reviser(tx, principal, { instance, body });
      await this.restate(tx, instance, record);
      return view;
    });
  }

  /** The module that owns this process key, if any. */
  ownerOf(processKey: string): string | undefined {
    return this.owners.get(processKey);
  }

  /**
   * The generic start (workflow/instances/start), kept so a caller of the old call is told where the
   * key is started instead of NOT_FOUND. It starts nothing, whatever the businessKey: an instance must
   * carry the record it approves, and only the module that owns the key holds such records. An owned
   * key answers PROCESS_OWNED (submit it from its business page); a key no module owns yet answers
   * PROCESS_UNOWNED (nothing exists that it could approve). Checked before the caller's role, so a
   * refusal never depends on who asks.
   */
  refuseGenericStart(processKey: string): never {
    definitionOf(processKey);
    if (this.owners.has(processKey)) throw businessError('PROCESS_OWNED', 'server:workflow.processOwned', { processKey });
    throw businessError('PROCESS_UNOWNED', 'server:workflow.processUnowned', { processKey });
  }

  /**
   * Starts an instance in the starter's name (who must be able to work its first step, the
   * handler's) and submits it: the first step passes at once and the returned task is the reviewer's.
   * Only a process that does not submit at start (registry's submitsAtStart) leaves its first step
   * open, assigned to the starter. Pass `tx` to start inside the caller's own transaction.
   */
  private async begin(actor: Actor, input: StartInput, tx?: Tx): Promise<Transition> {
    const definition = definitionOf(input.processKey);
    const variables = input.variables ?? {};
    checkVariables(definition, variables, GIVEN_AT_START);
    const firstKey = definition.startActivity;
    const first = definition.activities[firstKey];
    if (!mayWork(actor, workingRoleOf(first.type))) throw forbidden();

    const said = summaryOf(definition, input);
    const run = async (t: Tx): Promise<Transition> => {
      const [running] = await t
        .select({ id: workflowInstances.id })
        .from(workflowInstances)
        .where(
          and(
            eq(workflowInstances.processKey, definition.processKey),
            eq(workflowInstances.businessKey, input.businessKey),
            eq(workflowInstances.status, INSTANCE_STATUS.RUNNING),
          ),
        );
      if (running) throw businessError('WORKFLOW_ALREADY_RUNNING', 'server:workflow.alreadyRunning');
      const [instance] = await t
        .insert(workflowInstances)
        .values({
          processKey: definition.processKey,
          businessKey: input.businessKey,
          businessType: input.businessType ?? null,
          summary: said.summary,
          businessNo: said.number,
          summaryRef: said.summaryRef,
          businessNoRef: said.numberRef,
          variables,
          status: INSTANCE_STATUS.RUNNING,
          currentActivity: firstKey,
          startUserId: actor.userId,
          startUsername: actor.username,
          startPersonName: actor.personName,
          createBy: actor.username,
          updateBy: actor.username,
        })
        .returning();
      const task = await this.openTask(t, instance, firstKey, { userId: actor.userId, personName: actor.personName }, actor);
      await this.record(t, instance.id, task, HISTORY_ACTION.START, actor);
      await this.log(t, actor, OPERATION_ACTION.workflowStart, null, instance, { step: firstKey });
      await this.notifyTransition({ instance, from: null, to: firstKey, outcome: HISTORY_ACTION.START, remark: null, actor }, t);
      // Saving a proposal is the handler's submission (spec §4.5): the first step passes at once, in
      // the starter's name, so the task waits for the reviewer and not in the starter's own 待办. A
      // process whose first step is real work of its own (a document set's material review) opts out.
      if (!submitsAtStart(definition)) return { instance, task };
      return this.complete(actor, { taskId: task.id, outcome: TASK_OUTCOME.PASS, remark: input.remark }, t);
    };

    try {
      return tx ? await run(tx) : await this.db.transaction(run);
    } catch (error) {
      // Two starts for the same record raced past the check: the partial unique index refused the second.
      if (isUniqueViolation(error)) throw businessError('WORKFLOW_ALREADY_RUNNING', 'server:workflow.alreadyRunning');
      throw error;
    }
  }

  /** Takes an open task; only its working role may, and four-eyes applies to review steps. */
  async claim(actor: Actor, taskId: string): Promise<TaskRow> {
    return this.db.transaction(async (tx) => {
      const task = await this.workableTask(tx, actor, taskId);
      if (task.assigneeId === actor.userId) return task;
      const [claimed] = await tx
        .update(workflowTasks)
        .set({
          assigneeId: actor.userId,
          assigneeName: actor.personName,
          claimTime: new Date(),
          dataVersion: sql`${workflowTasks.dataVersion} + 1`,
          updateTime: new Date(),
          updateBy: actor.username,
        })
        .where(and(eq(workflowTasks.id, task.id), eq(workflowTasks.status, TASK_STATUS.TODO), eq(workflowTasks.dataVersion, task.dataVersion)))
        .returning();
      if (!claimed) throw await this.lostRace(tx, taskId);
      await this.record(tx, task.instanceId, task, HISTORY_ACTION.CLAIM, actor);
      await recordChange(tx, actor, {
        resource: WORKFLOW_LOG_RESOURCE,
        recordId: task.instanceId,
        action: OPERATION_ACTION.workflowClaim,
        before: { assignee: task.assigneeName },
        after: { step: task.taskDefinitionKey, assignee: claimed.assigneeName },
      });
      return claimed;
    });
  }

  /**
   * Completes a task with a pass or a reject (an unclaimed task is claimed by completing it). Pass
   * `tx` to complete inside the caller's own transaction (a record saved and submitted at once).
   */
  async complete(actor: Actor, input: CompleteInput, outer?: Tx): Promise<Transition> {
    const remark = input.remark?.trim() || undefined;
    if (input.outcome === TASK_OUTCOME.REJECT && !remark) throw validationError(translate('server:workflow.remarkRequired'));
    const run = async (tx: Tx): Promise<Transition> => {
      const task = await this.workableTask(tx, actor, input.taskId);
      // Locked first, in the order a withdrawal takes them (instance, then task, then what the
      // listeners and guards touch): on PostgreSQL the opposite order let a 撤回 and a 通过 sent at
      // once deadlock, and one of them failed with a 500.
      const [instance] = await tx.select().from(workflowInstances).where(eq(workflowInstances.id, task.instanceId)).for('update');
      // In the completion's own transaction, so what a guard read cannot change before the task does.
      await this.guards.check({ actor, task, outcome: input.outcome }, tx);
      if (input.dataVersion !== undefined && input.dataVersion !== task.dataVersion) throw protocolError('DATA_VERSION_CONFLICT');
      const definition = definitionOf(instance.processKey);
      const given = input.variables ?? {};
      checkVariables(definition, given, task.taskDefinitionKey);
      const variables = { ...instance.variables, ...given };

      // Decide where the instance goes before writing anything: a missing choice refuses the call.
      const pass = input.outcome === TASK_OUTCOME.PASS;
      const next = pass ? nextStep(definition, task.taskDefinitionKey, variables) : undefined;
      if (next?.kind === 'missing') {
        const label = translate(definition.variables![next.variable].label);
        throw validationError(translate('server:workflow.variableMissing', { variable: label }));
      }

      const now = new Date();
      const [done] = await tx
        .update(workflowTasks)
        .set({
          status: TASK_STATUS.DONE,
          outcome: input.outcome,
          remark: remark ?? null,
          assigneeId: actor.userId,
          assigneeName: actor.personName,
          claimTime: task.claimTime ?? now,
          completeTime: now,
          dataVersion: sql`${workflowTasks.dataVersion} + 1`,
          updateTime: now,
          updateBy: actor.username,
        })
        .where(and(eq(workflowTasks.id, task.id), eq(workflowTasks.status, TASK_STATUS.TODO), eq(workflowTasks.dataVersion, task.dataVersion)))
        .returning();
      if (!done) throw await this.lostRace(tx, task.id);
      await this.record(tx, instance.id, task, pass ? HISTORY_ACTION.PASS : HISTORY_ACTION.REJECT, actor, remark);

      let openKey: string | null;
      let assignee: { userId: string; personName: string } | null = null;
      if (next?.kind === 'step') openKey = next.activity;
      else if (pass || task.taskDefinitionKey === definition.startActivity) openKey = null;
      else {
        openKey = definition.startActivity;
        assignee = { userId: instance.startUserId, personName: instance.startPersonName };
      }

      const ended = openKey === null;
      const status = !ended ? INSTANCE_STATUS.RUNNING : pass ? INSTANCE_STATUS.APPROVED : INSTANCE_STATUS.REJECTED;
      const [moved] = await tx
        .update(workflowInstances)
        .set({
          variables,
          status,
          currentActivity: openKey,
          endTime: ended ? now : null,
          dataVersion: sql`${workflowInstances.dataVersion} + 1`,
          updateTime: now,
          updateBy: actor.username,
        })
        .where(eq(workflowInstances.id, instance.id))
        .returning();

      const opened = openKey === null ? null : await this.openTask(tx, moved, openKey, assignee, actor);
      const withdrawn = !pass && task.taskDefinitionKey === definition.startActivity;
      const action = pass ? OPERATION_ACTION.workflowPass : withdrawn ? OPERATION_ACTION.workflowWithdraw : OPERATION_ACTION.workflowReject;
      await this.log(tx, actor, action, instance, moved, { step: task.taskDefinitionKey, remark: remark ?? null });
      await this.notifyTransition({ instance: moved, from: task.taskDefinitionKey, to: openKey, outcome: input.outcome, remark: remark ?? null, actor }, tx);
      if (openKey === null) {
        const event: InstanceEndEvent = { instance: moved, status: status as InstanceEndEvent['status'], actor };
        for (const listener of this.listeners.get(moved.processKey) ?? []) await listener(event, tx);
      }
      return { instance: moved, task: opened };
    };
    return outer ? run(outer) : this.db.transaction(run);
  }

  /**
   * 撤回 from 我发起的: the starter takes back a running instance while no one else has acted on it
   * (no review completed by another person), or while it is back at its first step with them after a
   * reject. The open task closes as a reject, the instance ends REJECTED (history WITHDRAW) and the
   * owning module's end listeners leave the record as it was. The open task's guarded UPDATE is the
   * same one a completion makes, so a withdrawal and a reviewer's pass at the same moment: one wins,
   * the other is refused.
   */
  async withdraw(actor: Actor, input: { instanceId: string; remark?: string }): Promise<Transition> {
    const remark = input.remark?.trim() || translate('server:workflow.withdrawnRemark');
    return this.db.transaction(async (tx) => {
      const [instance] = await tx.select().from(workflowInstances).where(eq(workflowInstances.id, input.instanceId)).for('update');
      if (!instance) throw notFoundError(translate('server:workflow.instanceNotFound'));
      if (instance.startUserId !== actor.userId) throw forbidden();
      if (instance.status !== INSTANCE_STATUS.RUNNING) throw businessError('WITHDRAW_TOO_LATE', 'server:workflow.withdrawEnded');
      const [open] = await tx
        .select()
        .from(workflowTasks)
        .where(and(eq(workflowTasks.instanceId, instance.id), eq(workflowTasks.status, TASK_STATUS.TODO)));
      if (!open) throw businessError('WITHDRAW_TOO_LATE', 'server:workflow.withdrawEnded');
      if (!(await mayWithdraw(tx, instance, definitionOf(instance.processKey).startActivity)))
        throw businessError('WITHDRAW_TOO_LATE', 'server:workflow.withdrawTooLate');
      const now = new Date();
      const [closed] = await tx
        .update(workflowTasks)
        .set({
          status: TASK_STATUS.DONE,
          outcome: TASK_OUTCOME.REJECT,
          remark,
          completeTime: now,
          dataVersion: sql`${workflowTasks.dataVersion} + 1`,
          updateTime: now,
          updateBy: actor.username,
        })
        .where(and(eq(workflowTasks.id, open.id), eq(workflowTasks.status, TASK_STATUS.TODO), eq(workflowTasks.dataVersion, open.dataVersion)))
        .returning();
      // A reviewer completed (or claimed) the task between the read and this write: too late.
      if (!closed) throw businessError('WITHDRAW_TOO_LATE', 'server:workflow.withdrawTooLate');
      await this.record(tx, instance.id, open, HISTORY_ACTION.WITHDRAW, actor, remark);
      const [moved] = await tx
        .update(workflowInstances)
        .set({
          status: INSTANCE_STATUS.REJECTED,
          currentActivity: null,
          endTime: now,
          dataVersion: sql`${workflowInstances.dataVersion} + 1`,
          updateTime: now,
          updateBy: actor.username,
        })
        .where(eq(workflowInstances.id, instance.id))
        .returning();
      await this.log(tx, actor, OPERATION_ACTION.workflowWithdraw, instance, moved, { step: open.taskDefinitionKey, remark });
      await this.notifyTransition({ instance: moved, from: open.taskDefinitionKey, to: null, outcome: TASK_OUTCOME.REJECT, remark, actor }, tx);
      const event: InstanceEndEvent = { instance: moved, status: INSTANCE_STATUS.REJECTED, actor };
      for (const listener of this.listeners.get(moved.processKey) ?? []) await listener(event, tx);
      return { instance: moved, task: null };
    });
  }

  /**
   * The submitter's own step of a running instance, open again after a reviewer's 驳回 (or, for an
   * instance an earlier release started there, never left): the only moment what the instance carries
   * may be changed before it is resubmitted (spec §4.5, "change and resubmit"). Refused for anyone but
   * the starter (403), and with NOT_RETURNED while a reviewer holds it or once it has ended. Read in the
   * caller's transaction with the instance and its open task locked (in that order, as every move
   * locks them; call it before locking the record's own rows), so a withdrawal or a completion racing
   * the revision waits for it. A process whose first step is work of its own (submitsAtStart false) has nothing to resubmit.
   */
  async returnedStep(tx: Tx, actor: Actor, instanceId: string): Promise<{ instance: InstanceRow; task: TaskRow }> {
    // Instance, then its open task: the order every move of an instance locks them in.
    const [instance] = await tx.select().from(workflowInstances).where(eq(workflowInstances.id, instanceId)).for('update');
    if (!instance) throw notFoundError(translate('server:workflow.instanceNotFound'));
    if (instance.startUserId !== actor.userId) throw forbidden();
    const definition = definitionOf(instance.processKey);
    const [open] = await tx
      .select()
      .from(workflowTasks)
      .where(and(eq(workflowTasks.instanceId, instance.id), eq(workflowTasks.status, TASK_STATUS.TODO)))
      .for('update');
    if (instance.status !== INSTANCE_STATUS.RUNNING || !open || open.taskDefinitionKey !== definition.startActivity || !submitsAtStart(definition)) {
      throw businessError('NOT_RETURNED', 'server:workflow.notReturned');
    }
    return { instance, task: open };
  }

  /**
   * The summary and number of an instance whose record was revised at the submitter's step: the
   * process's rule over the record as it now is, so the reviewer's 待办 names what is resubmitted.
   */
  async restate(tx: Tx, instance: InstanceRow, record: SummaryRecord): Promise<void> {
    const definition = definitionOf(instance.processKey);
    const said = summaryOf(definition, { processKey: instance.processKey, businessKey: instance.businessKey, record });
    if (said.summary === null) return;
    // The text and its key with values together: a reader in another language renders the ref (server/i18n.ts renderStored).
    await tx
      .update(workflowInstances)
      .set({
        summary: said.summary,
        summaryRef: said.summaryRef,
        businessNo: said.number ?? instance.businessNo,
        businessNoRef: said.number ? said.numberRef : instance.businessNoRef,
        updateTime: new Date(),
      })
      .where(eq(workflowInstances.id, instance.id));
  }

  /** The task, checked: it exists, is open, the actor works its role, holds it or may take it, and maker-checker and four-eyes allow. */
  private async workableTask(tx: Tx, actor: Actor, taskId: string): Promise<TaskRow> {
    const [task] = await tx.select().from(workflowTasks).where(eq(workflowTasks.id, taskId));
    if (!task) throw taskNotFound();
    if (task.status !== TASK_STATUS.TODO) throw taskCompleted();
    if (!isActivityType(task.activityType) || !mayWork(actor, workingRoleOf(task.activityType))) throw forbidden();
    if (task.assigneeId && task.assigneeId !== actor.userId) {
      throw businessError('TASK_CLAIMED', 'server:workflow.taskClaimedByOther', { personName: task.assigneeName ?? '' });
    }
    const bar = isReviewStep(task.activityType) ? await reviewBarOf(tx, actor, task.id) : null;
    if (bar === 'MAKER_CHECKER') throw businessError('MAKER_CHECKER', 'server:workflow.makerChecker');
    if (bar === 'FOUR_EYES') throw businessError('FOUR_EYES', 'server:workflow.fourEyes');
    return task;
  }

  /** Why a guarded update changed no row: the task was completed, or changed (claimed) meanwhile. */
  private async lostRace(tx: Tx, taskId: string) {
    const [now] = await tx.select({ status: workflowTasks.status }).from(workflowTasks).where(eq(workflowTasks.id, taskId));
    return now?.status === TASK_STATUS.DONE ? taskCompleted() : protocolError('DATA_VERSION_CONFLICT');
  }

  private async openTask(tx: Tx, instance: InstanceRow, key: string, assignee: { userId: string; personName: string } | null, actor: Actor): Promise<TaskRow> {
    const activity = findActivity(definitionOf(instance.processKey), key)!;
    const [task] = await tx
      .insert(workflowTasks)
      .values({
        instanceId: instance.id,
        processKey: instance.processKey,
        taskDefinitionKey: key,
        activityType: activity.type,
        workingRole: workingRoleOf(activity.type),
        status: TASK_STATUS.TODO,
        assigneeId: assignee?.userId ?? null,
        assigneeName: assignee?.personName ?? null,
        claimTime: assignee ? new Date() : null,
        createBy: actor.username,
        updateBy: actor.username,
      })
      .returning();
    return task;
  }

  /**
   * The move in the operation log, in its transaction: the instance's status and open step before and
   * after, the step worked and its remark, and which record the instance approves.
   */
  private async log(
    tx: Tx,
    actor: Actor,
    action: string,
    before: InstanceRow | null,
    after: InstanceRow,
    worked: { step: string; remark?: string | null },
  ): Promise<void> {
    const view = (instance: InstanceRow) => ({ status: instance.status, currentActivity: instance.currentActivity });
    await recordChange(tx, actor, {
      resource: WORKFLOW_LOG_RESOURCE,
      recordId: after.id,
      action,
      before: before ? view(before) : null,
      after: {
        ...view(after),
        processKey: after.processKey,
        businessType: after.businessType,
        businessKey: after.businessKey,
        summary: after.summary,
        ...worked,
      },
    });
  }

  private async record(tx: Tx, instanceId: string, task: TaskRow, action: HistoryAction, actor: Actor, remark?: string): Promise<void> {
    await tx.insert(workflowHistory).values({
      instanceId,
      taskId: task.id,
      taskDefinitionKey: task.taskDefinitionKey,
      activityType: task.activityType,
      action,
      userId: actor.userId,
      username: actor.username,
      personName: actor.personName,
      remark: remark ?? null,
    });
  }
}
