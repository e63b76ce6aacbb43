/**
 * Approvable resources (src/crud/resource.ts `approval`): a save of a bound action is proposed, not
 * written. crudRoutes hands such saves here:
 *
 *   proposeCreate / proposeUpdate  check the values as a direct write would, store the change in
 *                                  approval_changes and start the bound process (businessKey: the
 *                                  record id) in the same transaction;
 *   the end of an instance         applies the RUNNING change that this instance carries, inside the
 *                                  ending transaction, when it ends approved; a reject or withdrawal
 *                                  only closes the change, the record stays as it was.
 *
 * The bound process keys are owned by the resource (WorkflowEngine.own), so no instance of them
 * exists without its change, and an ended change is never applied again.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { APPROVAL_ACTION, PENDING_CHANGE_FIELD, type ApprovalAction } from '../../src/crud/resource';
import { HISTORY_ACTION, INSTANCE_STATUS } from '../../src/workflows/states';
import type { AppContext } from '../context';
import { approvalChanges, users, workflowHistory, workflowInstances } from '../db/schema';
import type { Db } from '../db/open';
import type { Tx } from '../db/tx';
import { duplicateError, isUniqueViolation } from '../db/unique-violation';
import { aboutField, businessError, notFoundError, protocolError, validationError } from '../errors';
import { translate } from '../i18n';
import type { Principal } from '../security/sessions';
import { presentSensitive, sensitiveCipherOf } from '../sensitive/values';
import type { InstanceEndEvent, OwnedProcess } from '../workflow/engine';
import type { Actor } from '../workflow/rules';
import { checkDictValues, checkFileValues, checkUnique, columnsOf } from './checks';
import { splitLinks, withLinks, writeLinks } from './links';
import { checkReferences, withReferenceLabels } from './references';
import { fieldLabel } from './fields';
import { readRecord, updateBodyOf, type RecordInput, type UpdateInput } from './body-schema';
import { parseWithSchema } from '../input/fields';
import { ownedFieldCheck } from './owned-fields';
import { readSealed, sensitiveFieldsOf } from './sensitive-fields';
import type { CrudOptions, Row, WriteTarget } from './types';
import { logWrite } from './write-log';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { recordChange } from '../operation-log/record';

export type ChangeRow = typeof approvalChanges.$inferSelect;

/** Who proposes a change: a signed-in operator, or the demo seed acting as one. */
export type Proposer = Actor & Pick<Principal, 'sensitiveWhitelist'>;

const RUNNING = INSTANCE_STATUS.RUNNING;

/**
 * Every approvable resource an app serves, by name: what the task view's generic call reads a change
 * through. Kept per app (its context), not per process: one process may run several apps (a test
 * worker's shared server beside a file's private one), and each must find its own, over its own database.
 */
const SERVED = new WeakMap<AppContext, Map<string, ApprovableResource>>();

export function approvableResource(ctx: AppContext, name: string): ApprovableResource | undefined {
  return SERVED.get(ctx)?.get(name);
}

const pendingRefusal = () => businessError('APPROVAL_PENDING', 'server:approval.pending');

/** JSON for the change table: times as ISO strings. */
function toJson(values: Row): Row {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/** Back from JSON: the declaration's datetime fields as Dates again. */
function fromJson(options: CrudOptions, values: Row): Row {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, options.resource.fields[k]?.type === 'datetime' && typeof v === 'string' ? new Date(v) : v]),
  );
}

/** The sealed (sensitive) values a stored proposal holds: kept by a revision that leaves them masked. */
function pickSealed(options: CrudOptions, proposal: Row): Row {
  return Object.fromEntries(sensitiveFieldsOf(options.resource).flatMap(([name]) => (Object.hasOwn(proposal, name) ? [[name, proposal[name]]] : [])));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export class ApprovableResource {
  private readonly processes: Partial<Record<ApprovalAction, OwnedProcess>> = {};

  constructor(
    private readonly ctx: AppContext,
    private readonly options: CrudOptions,
  ) {
    const { resource } = options;
    for (const action of Object.values(APPROVAL_ACTION)) {
      const processKey = resource.approval?.[action];
      if (!processKey) continue;
      this.processes[action] = ctx.workflow.own(processKey, `resource ${resource.name}`);
      ctx.workflow.onInstanceEnd(processKey, (event, tx) => this.ended(event, tx));
    }
    if (!SERVED.has(ctx)) SERVED.set(ctx, new Map());
    SERVED.get(ctx)!.set(resource.name, this);
  }

  get scope(): string {
    return this.options.approvalScope ?? this.options.resource.name;
  }

  get crud(): CrudOptions {
    return this.options;
  }

  /**
   * A change as answers show it: sensitive values in it masked (never the ciphertext), as the record's own are.
   * Changes of other declarations sharing the scope are shown through their own declaration.
   */
  async present<T extends ChangeRow | null>(change: T): Promise<T> {
    if (!change) return change;
    const owner = approvableResource(this.ctx, change.resource) ?? this;
    // A referenced record is named by its current label on both sides of the change (the ids alone say nothing to a reader).
    const [proposed, previous] = await Promise.all(
      [change.proposed, change.previous].map(async (values) => (await withReferenceLabels(this.ctx.db, owner.options.resource, [values ?? {}]))[0]),
    );
    change = { ...change, proposed, previous };
    const fields = sensitiveFieldsOf(owner.options.resource).map(([name]) => name);
    if (!fields.length) return change;
    const cipher = await sensitiveCipherOf(this.ctx.db);
    const mask = (values: Row) => {
      const shown = fields.filter((f) => Object.hasOwn(values, f));
      const { revealed: _none, ...masked } = presentSensitive(values, shown, cipher, null);
      return masked;
    };
    return { ...change, proposed: mask(change.proposed), previous: mask(change.previous) };
  }

  /** Whether saves of this action go through approval. */
  binds(action: ApprovalAction): boolean {
    return this.processes[action] !== undefined;
  }

  private get table(): PgTable {
    return this.options.table;
  }

  /** A new record's body as sent (a demo seed's proposal), read by the resource's derived schema, proposed. */
  proposeCreate(principal: Proposer, body: Row) {
    return this.proposeCreation(principal, readRecord(this.options.resource, body, 'create'));
  }

  /** A new record, proposed: nothing is inserted until the instance ends approved. */
  proposeCreation(principal: Proposer, { values: plain, sent }: RecordInput) {
    return this.inTransaction(async (tx) => {
      const values = { ...plain, ...(await readSealed(this.ctx, this.options, sent)) };
      await this.check(tx, values, 'create', { principal });
      return this.open(tx, principal, APPROVAL_ACTION.CREATE, randomUUID(), values, {});
    });
  }

  /** A change's body as sent (a demo seed's), with the record's id and version, read by the update call's schema, proposed. */
  proposeUpdate(principal: Proposer, body: Row) {
    return this.proposeChange(principal, parseWithSchema(updateBodyOf(this.options.resource), body));
  }

  /** A change of a record at the version read: only the fields that differ are proposed. */
  async proposeChange(principal: Proposer, { id, dataVersion: version, values: plain, sent: body }: UpdateInput) {
    const refuseOwned = await ownedFieldCheck(this.ctx, this.options);
    return this.inTransaction(async (tx) => {
      const [locked] = (await tx
        .select()
        .from(this.table)
        .where(eq(columnsOf(this.table).id, id))
        .for('update')) as Row[];
      if (!locked) throw notFoundError(translate('server:crud.notFound'));
      if (locked.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
      // Several-record references are compared and shown as the record holds them now.
      const [row] = await withLinks(tx, this.options.links, [locked]);
      if (await this.runningChange(tx, id)) throw pendingRefusal();
      refuseOwned(body, row);
      const proposed = toJson({ ...plain, ...(await readSealed(this.ctx, this.options, body, row)) });
      const current = toJson(row);
      const unchanged = await this.sameValue(current);
      const asked = Object.fromEntries(Object.entries(proposed).filter(([k, v]) => !unchanged(k, v)));
      if (!Object.keys(asked).length) throw validationError(translate('server:approval.nothingChanged'));
      const checked = fromJson(this.options, asked);
      await this.check(tx, checked, 'update', { id, before: row, principal });
      // What a hook adds (an agreement's parties and figures as signed) is proposed too, where it differs.
      const changed = { ...asked, ...Object.fromEntries(Object.entries(toJson(checked)).filter(([k, v]) => !Object.hasOwn(asked, k) && !unchanged(k, v))) };
      const previous = Object.fromEntries(Object.keys(changed).map((k) => [k, current[k] ?? null]));
      return this.open(tx, principal, APPROVAL_ACTION.UPDATE, id, changed, previous, row);
    }, id);
  }

  /**
   * 重新提交 of a change a reviewer returned (spec §4.5): its submitter, at their own step again,
   * replaces what the change proposes. The values are checked exactly as a first submission's (field
   * rules, dictionaries, references, owned fields, hooks, unique values, sealed values); a sensitive
   * value left masked keeps the one proposed before. The change stays RUNNING and the record
   * untouched: only the approved end applies it. The instance's summary follows the new values. The
   * task view then completes the submitter's step (the history's 重新提交); a refusal here leaves the
   * change, the instance and its open task as they were.
   */
  async revise(principal: Proposer, body: Row) {
    const instanceId = typeof body.instanceId === 'string' && body.instanceId ? body.instanceId : undefined;
    if (!instanceId) throw validationError(translate('server:approval.instanceRequired'));
    const refuseOwned = await ownedFieldCheck(this.ctx, this.options);
    return this.inTransaction(async (tx) => {
      // The instance first, then the change: the order a withdrawal or an approval locks them in.
      const { instance } = await this.ctx.workflow.returnedStep(tx, principal, instanceId);
      const [change] = await tx
        .select()
        .from(approvalChanges)
        .where(and(eq(approvalChanges.instanceId, instanceId), eq(approvalChanges.resource, this.options.resource.name), eq(approvalChanges.status, RUNNING)))
        .for('update');
      if (!change) throw notFoundError(translate('server:workflow.instanceNotFound'));
      const action = change.action as ApprovalAction;
      let proposed: Row;
      let previous: Row = {};
      let current: Row | undefined;
      if (action === APPROVAL_ACTION.CREATE) {
        // What the submitter did not retype (a masked sealed value) stays as proposed before.
        // Read as a creation's values (createOnly ones included), with the earlier proposal as what is stored.
        const creating = {
          ...this.options,
          resource: {
            ...this.options.resource,
            fields: Object.fromEntries(Object.entries(this.options.resource.fields).map(([k, f]) => [k, { ...f, createOnly: undefined }])),
          },
        };
        const sealed = await readSealed(this.ctx, creating, body, change.proposed);
        proposed = toJson({ ...readRecord(this.options.resource, body, 'create').values, ...pickSealed(this.options, change.proposed), ...sealed });
        await this.check(tx, fromJson(this.options, proposed), 'create', { principal }, change.recordId);
      } else {
        const [row] = (await tx
          .select()
          .from(this.table)
          .where(eq(columnsOf(this.table).id, change.recordId))
          .for('update')) as Row[];
        if (!row) throw notFoundError(translate('server:crud.notFound'));
        current = row;
        refuseOwned(body, row);
        // Left masked, a sealed value keeps what the change proposed for it (or, when it proposed none, the record's).
        const kept = pickSealed(this.options, change.proposed);
        const all = toJson({ ...readRecord(this.options.resource, body, 'update').values, ...kept, ...(await readSealed(this.ctx, this.options, body, row)) });
        const stored = toJson(row);
        const unchanged = await this.sameValue(stored);
        proposed = Object.fromEntries(Object.entries(all).filter(([k, v]) => !unchanged(k, v)));
        if (!Object.keys(proposed).length) throw validationError(translate('server:approval.nothingChanged'));
        await this.check(tx, fromJson(this.options, proposed), 'update', { id: change.recordId, before: row, principal });
        previous = Object.fromEntries(Object.keys(proposed).map((k) => [k, stored[k] ?? null]));
      }
      const [revised] = await tx
        .update(approvalChanges)
        .set({ proposed, previous, updateTime: new Date(), updateBy: principal.username })
        .where(eq(approvalChanges.id, change.id))
        .returning();
      await this.ctx.workflow.restate(tx, instance, await this.summaryRecord(tx, action, proposed, current));
      await recordChange(tx, principal, {
        resource: this.options.resource.name,
        recordId: change.recordId,
        action: OPERATION_ACTION.propose,
        before: change.proposed,
        after: proposed,
        sensitive: sensitiveFieldsOf(this.options.resource).map(([name]) => name),
      });
      return { change: await this.present(revised), instanceId };
    });
  }

  /** Refuses to remove (or otherwise touch) records that carry a pending change. */
  async refuseIfPending(tx: Tx, ids: string[]): Promise<void> {
    if (!ids.length) return;
    const [pending] = await tx
      .select({ id: approvalChanges.id })
      .from(approvalChanges)
      .where(and(eq(approvalChanges.scope, this.scope), inArray(approvalChanges.recordId, ids), eq(approvalChanges.status, RUNNING)))
      .limit(1);
    if (pending) throw pendingRefusal();
  }

  /** The rows with their running change (or null) under PENDING_CHANGE_FIELD. */
  async withPending(rows: Row[]): Promise<Row[]> {
    const ids = rows.map((row) => String(row.id));
    const running = ids.length
      ? await this.ctx.db
          .select()
          .from(approvalChanges)
          .where(and(eq(approvalChanges.scope, this.scope), inArray(approvalChanges.recordId, ids), eq(approvalChanges.status, RUNNING)))
      : [];
    const byRecord = new Map(await Promise.all(running.map(async (change) => [change.recordId, await this.present(change)] as const)));
    return rows.map((row) => ({ ...row, [PENDING_CHANGE_FIELD]: byRecord.get(String(row.id)) ?? null }));
  }

  /** Proposed creations still in approval, newest first (the list shows them above its rows). */
  async pendingCreations(): Promise<Array<ChangeRow & { createByName: string | null }>> {
    const rows = await this.ctx.db
      .select({ change: approvalChanges, createByName: users.personName })
      .from(approvalChanges)
      .leftJoin(users, eq(users.username, approvalChanges.createBy))
      .where(
        and(eq(approvalChanges.resource, this.options.resource.name), eq(approvalChanges.action, APPROVAL_ACTION.CREATE), eq(approvalChanges.status, RUNNING)),
      )
      .orderBy(desc(approvalChanges.createTime));
    // With the proposer's display name: the list's 审批中的新增 names a person, not a login.
    return Promise.all(rows.map(async ({ change, createByName }) => ({ ...(await this.present(change)), createByName })));
  }

  /**
   * Every change proposed for a record, newest first: its history, each with the proposer's display
   * name (createByName), read from the staff record now, so a renamed person reads under their name.
   */
  async history(recordId: string): Promise<Array<ChangeRow & { createByName: string | null; withdrawn: boolean; endRemark: string | null }>> {
    const rows = await this.ctx.db
      .select({ change: approvalChanges, createByName: users.personName })
      .from(approvalChanges)
      .leftJoin(users, eq(users.username, approvalChanges.createBy))
      .where(and(eq(approvalChanges.scope, this.scope), eq(approvalChanges.recordId, recordId)))
      .orderBy(desc(approvalChanges.createTime));
    return Promise.all(rows.map(async ({ change, createByName }) => ({ ...(await this.present(change)), createByName, ...(await this.endOf(change)) })));
  }

  /**
   * How a change that did not pass ended: withdrawn by its proposer (撤回 from 我发起的, or a reject
   * of their own returned step) or rejected, and the remark that ended it, so its history says why.
   */
  private async endOf(change: ChangeRow): Promise<{ withdrawn: boolean; endRemark: string | null }> {
    if (change.status !== INSTANCE_STATUS.REJECTED || !change.instanceId) return { withdrawn: false, endRemark: null };
    const [last] = await this.ctx.db
      .select({ action: workflowHistory.action, userId: workflowHistory.userId, remark: workflowHistory.remark, startUserId: workflowInstances.startUserId })
      .from(workflowHistory)
      .innerJoin(workflowInstances, eq(workflowInstances.id, workflowHistory.instanceId))
      .where(and(eq(workflowHistory.instanceId, change.instanceId), inArray(workflowHistory.action, [HISTORY_ACTION.REJECT, HISTORY_ACTION.WITHDRAW])))
      .orderBy(desc(workflowHistory.seq))
      .limit(1);
    if (!last) return { withdrawn: false, endRemark: null };
    return { withdrawn: last.action === HISTORY_ACTION.WITHDRAW || last.userId === last.startUserId, endRemark: last.remark };
  }

  /** Whether a proposed value equals the stored one; sealed values are compared opened (each seal differs). */
  private async sameValue(current: Row): Promise<(name: string, value: unknown) => boolean> {
    const sensitive = new Set(sensitiveFieldsOf(this.options.resource).map(([name]) => name));
    const cipher = sensitive.size ? await sensitiveCipherOf(this.ctx.db) : undefined;
    const open = (v: unknown) => (typeof v === 'string' && v !== '' ? cipher!.open(v) : null);
    return (name, value) => (sensitive.has(name) ? open(value) === open(current[name]) : same(value, current[name]));
  }

  /** `proposedFor`: the record a revised creation will make, whose own change does not take its values from itself. */
  private async check(tx: Tx, values: Row, mode: 'create' | 'update', target: WriteTarget, proposedFor?: string): Promise<void> {
    await checkDictValues(tx, this.options, values);
    await checkFileValues(tx, this.options, values);
    await checkReferences(tx, this.options.resource, values);
    await this.options.hooks?.beforeWrite?.(tx, values, mode, target);
    await checkUnique(tx, this.options, values, target.id);
    await this.checkUniqueAgainstPending(tx, values, target.id ?? proposedFor);
  }

  /**
   * A unique value another running change of this table already proposes is taken too: two
   * admissions of one credit code in approval at once would both be approved and the second could
   * not be applied. Proposals of a value are serialised (a transaction-scoped advisory lock on it),
   * so two simultaneous ones cannot both pass. Sealed (sensitive) fields are left out: each seal differs.
   */
  private async checkUniqueAgainstPending(tx: Tx, values: Row, exceptRecordId?: string): Promise<void> {
    const sensitive = new Set(sensitiveFieldsOf(this.options.resource).map(([name]) => name));
    for (const [name, schema] of Object.entries(this.options.resource.fields)) {
      const value = values[name];
      if (!schema.unique || sensitive.has(name) || value === undefined || value === null || value === '') continue;
      const text = String(value);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${this.scope}:${name}:${text}`}))`);
      const conditions = [eq(approvalChanges.scope, this.scope), eq(approvalChanges.status, RUNNING), sql`${approvalChanges.proposed} ->> ${name} = ${text}`];
      if (exceptRecordId) conditions.push(ne(approvalChanges.recordId, exceptRecordId));
      const [taken] = await tx
        .select({ id: approvalChanges.id })
        .from(approvalChanges)
        .where(and(...conditions))
        .limit(1);
      if (taken) throw aboutField(businessError('DUPLICATE', 'server:crud.duplicate', { field: fieldLabel(schema) }), name);
    }
  }

  private async runningChange(tx: Tx, recordId: string): Promise<ChangeRow | undefined> {
    const [change] = await tx
      .select()
      .from(approvalChanges)
      .where(and(eq(approvalChanges.scope, this.scope), eq(approvalChanges.recordId, recordId), eq(approvalChanges.status, RUNNING)));
    return change;
  }

  /** Stores the change and starts its process in the caller's transaction. */
  private async open(tx: Tx, principal: Proposer, action: ApprovalAction, recordId: string, proposed: Row, previous: Row, current?: Row) {
    const { resource } = this.options;
    const processKey = resource.approval![action]!;
    const [change] = await tx
      .insert(approvalChanges)
      .values({
        resource: resource.name,
        scope: this.scope,
        recordId,
        action,
        processKey,
        proposed: toJson(proposed),
        previous,
        createBy: principal.username,
        updateBy: principal.username,
      })
      .returning();
    const record = await this.summaryRecord(tx, action, proposed, current);
    const { instance, task } = await this.processes[action]!.start(principal, { businessKey: recordId, businessType: resource.name, record }, tx);
    const [started] = await tx.update(approvalChanges).set({ instanceId: instance.id }).where(eq(approvalChanges.id, change.id)).returning();
    // The proposal in the operation log: the record's values now and the ones proposed (the write itself is logged when approved).
    await recordChange(tx, principal, {
      resource: resource.name,
      recordId,
      action: OPERATION_ACTION.propose,
      before: action === APPROVAL_ACTION.CREATE ? null : previous,
      after: toJson(proposed),
      sensitive: sensitiveFieldsOf(resource).map(([name]) => name),
    });
    return { change: started, instanceId: instance.id, taskId: task?.id ?? null };
  }

  /**
   * What the process's summary rule (src/workflows/summaries.ts) reads: the record as the resource
   * shows it (its own additions, such as an account's holder, and sensitive values masked: an
   * account's last four digits stay readable) and the values after the change, proposal over record.
   * Read in the proposing transaction: the one connection is held by it (PGlite).
   */
  private async summaryRecord(tx: Tx, action: ApprovalAction, proposed: Row, current?: Row): Promise<Row> {
    const fields = sensitiveFieldsOf(this.options.resource).map(([name]) => name);
    const cipher = fields.length ? await sensitiveCipherOf(this.ctx.db) : undefined;
    const mask = (row: Row) =>
      cipher
        ? presentSensitive(
            row,
            fields.filter((f) => Object.hasOwn(row, f)),
            cipher,
            null,
          )
        : row;
    const present = this.options.hooks?.present;
    // A transaction reads as the database does; the hook is declared over Db because lists call it outside one.
    const shown = current ? mask(present ? (await present(tx as unknown as Db, [current]))[0] : current) : null;
    // The summary names referenced records by their labels (<field>Label), as the task lists show them.
    const [labelledCurrent, values] = await withReferenceLabels(tx, this.options.resource, [shown ?? {}, { ...shown, ...mask(toJson(proposed)) }]);
    return { action, current: shown ? labelledCurrent : null, values };
  }

  /** Applies the running change this instance carries when it ended approved; closes it either way. */
  private async ended(event: InstanceEndEvent, tx: Tx): Promise<void> {
    const [change] = await tx
      .select()
      .from(approvalChanges)
      .where(
        and(eq(approvalChanges.instanceId, event.instance.id), eq(approvalChanges.resource, this.options.resource.name), eq(approvalChanges.status, RUNNING)),
      )
      .for('update');
    if (!change) return;
    const now = new Date();
    const by = event.actor.username;
    if (event.status === INSTANCE_STATUS.APPROVED) await this.apply(tx, change, now, event.actor);
    await tx.update(approvalChanges).set({ status: event.status, endTime: now, updateTime: now, updateBy: by }).where(eq(approvalChanges.id, change.id));
  }

  /** Writes the approved change, as the approver who ended the instance (who is logged as its writer). */
  private async apply(tx: Tx, change: ChangeRow, now: Date, approver: Actor): Promise<void> {
    const by = approver.username;
    const proposed = fromJson(this.options, change.proposed);
    const values = { ...proposed, ...this.options.approvalApplies?.(change.action as ApprovalAction, proposed) };
    const columns = columnsOf(this.table);
    // Checked again at the end: another record may have taken a unique value meanwhile (the completion is then undone).
    await checkUnique(tx, this.options, values, change.action === APPROVAL_ACTION.UPDATE ? change.recordId : undefined);
    // So is a referenced record: it may have gone, or left the field's filter, while the change waited.
    await checkReferences(tx, this.options.resource, values);
    const { columns: own, linked } = splitLinks(this.options.links, values);
    // The record as written, with its several-record references (the operation log's after).
    const written = async () =>
      (await withLinks(tx, this.options.links, (await tx.select().from(this.table).where(eq(columns.id, change.recordId))) as Row[]))[0];
    if (change.action === APPROVAL_ACTION.CREATE) {
      const insert = { ...own, id: change.recordId, dataVersion: 0, createBy: change.createBy, updateBy: by };
      await tx.insert(this.table).values(insert as PgTable['$inferInsert']);
      await writeLinks(tx, this.options.links, change.recordId, linked);
      await logWrite(tx, this.options, { kind: 'create', id: change.recordId, after: await written(), writer: approver });
      return;
    }
    const [locked] = (await tx.select().from(this.table).where(eq(columns.id, change.recordId)).for('update')) as Row[];
    if (!locked) throw protocolError('NOT_FOUND', translate('server:crud.notFound'));
    const [row] = await withLinks(tx, this.options.links, [locked]);
    await tx
      .update(this.table)
      .set({ ...own, dataVersion: Number(row.dataVersion) + 1, updateTime: now, updateBy: by })
      .where(eq(columns.id, change.recordId));
    await writeLinks(tx, this.options.links, change.recordId, linked);
    await logWrite(tx, this.options, { kind: 'update', id: change.recordId, before: row, after: await written(), writer: approver });
  }

  private async inTransaction<T>(run: (tx: Tx) => Promise<T>, recordId?: string): Promise<T> {
    // The sealing key is loaded before the transaction: loading it inside would wait on the one
    // connection the transaction holds (PGlite).
    if (sensitiveFieldsOf(this.options.resource).length) await sensitiveCipherOf(this.ctx.db);
    try {
      return await this.ctx.db.transaction(run);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two saves of one record raced past the check (the running-change index refused the second),
      // or a unique field's value was taken meanwhile.
      const racing = recordId !== undefined && (await this.ctx.db.transaction((tx) => this.runningChange(tx, recordId)));
      throw racing ? pendingRefusal() : (duplicateError(error) ?? error);
    }
  }
}
