/**
 * Rule edits through an approval process of their own (issue 41 item 1): a new rule, a change to a
 * rule or its retirement is proposed (stored in approval_changes under the scope audit-rules, with the
 * rule as it is and as it would be) and starts Process_AUDIT_RULE_CHANGE in the same transaction; it
 * takes effect only when that instance ends approved, by someone other than the proposer (the engine's
 * maker-checker), inside the ending transaction. A reject or a withdrawal closes the change and
 * applies nothing. The proposal and the applied write are both in the operation log. The rule set's
 * version moves with every applied change, so a report says which rules it checked.
 *
 * A proposal is read whole and checked before anything is written, by the schemas of ./input.ts: the
 * rule's name, severity, owner (a role code that exists), kind and its parameters (known permissions,
 * steps and processes of the registry, role codes that exist); an edit names the version of the rule it
 * was made from, and a rule changed since is refused, at the proposal and again at the approval.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { knownPermissions } from '../../src/crud/resource';
import {
  AUDIT_RULE_CHANGE_PROCESS,
  AUDIT_RULE_CHANGE_SCOPE,
  AUDIT_RULE_ID_PATTERN,
  type AuditRule,
  type AuditRuleChange,
  type AuditRuleChangeAction,
} from '../../src/lib/audit-rules';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { INSTANCE_STATUS } from '../../src/workflows/states';
import type { AppContext } from '../context';
import type { Db } from '../db/open';
import { approvalChanges, auditRules, roles, users } from '../db/schema';
import type { Tx } from '../db/tx';
import { isUniqueViolation } from '../db/unique-violation';
import { businessError, notFoundError, protocolError, validationError } from '../errors';
import { translate } from '../i18n';
import { recordChange } from '../operation-log/record';
import { RESOURCES } from '../resources/registry';
import type { Principal } from '../security/sessions';
import { hasPermission } from '../../src/lib/access';
import { PERMISSIONS } from '../../src/features/audit-rules/permissions';
import type { Actor, InstanceEndEvent, InstanceRow, OwnedProcess } from '../workflow/engine';
import { readRevision, readRule, type ProposeInput, type Vocabulary } from './input';

type Reader = Db | Tx;
type Body = Record<string, unknown>;

const RUNNING = INSTANCE_STATUS.RUNNING;
const invalid = (key: string, params?: Record<string, string>) => validationError(translate(`auditRules:errors.${key}`, params));
const pendingRefusal = () => businessError('APPROVAL_PENDING', 'auditRules:errors.changePending');

/** What the stored change keeps on each side: the rule's definition and whether it is in force. */
interface RuleState {
  definition: AuditRule;
  enabled: boolean;
}

/** What a proposal may name, read once per proposal: role codes, permissions (process steps are the registry's). */
async function vocabulary(db: Reader): Promise<Vocabulary> {
  const codes = new Set((await db.select({ code: roles.code }).from(roles)).map((r) => r.code));
  return { codes, permissions: new Set(knownPermissions(RESOURCES)) };
}

/** JSON with every object's keys sorted: two definitions are the same rule whatever order their parts were written in. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .filter((k) => (value as Body)[k] !== undefined)
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Body)[k])}`)
          .join(',')}}`
      : JSON.stringify(value);
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** A stored change as the page and the task view read it, the proposer named as a person. */
async function presentChanges(db: Reader, rows: Array<typeof approvalChanges.$inferSelect>): Promise<AuditRuleChange[]> {
  const names = new Map(
    rows.length
      ? (
          await db
            .select({ username: users.username, personName: users.personName })
            .from(users)
            .where(inArray(users.username, [...new Set(rows.map((r) => r.createBy ?? ''))]))
        ).map((u) => [u.username, u.personName])
      : [],
  );
  // Role codes a rule names, with the roles' names: the view names roles as people know them.
  const roleNames = rows.length
    ? Object.fromEntries((await db.select({ code: roles.code, roleName: roles.roleName }).from(roles)).map((r) => [r.code, r.roleName]))
    : {};
  return rows.map((row) => ({
    roleNames,
    id: row.id,
    ruleId: row.recordId,
    action: row.action as AuditRuleChangeAction,
    instanceId: row.instanceId,
    status: row.status as AuditRuleChange['status'],
    before: Object.keys(row.previous).length ? (row.previous as unknown as AuditRuleChange['before']) : null,
    after: row.proposed as unknown as AuditRuleChange['after'],
    dataVersion: row.dataVersion,
    createByName: (row.createBy && names.get(row.createBy)) ?? null,
    createTime: row.createTime.toISOString(),
  }));
}

export class AuditRuleChanges {
  private readonly process: OwnedProcess;

  constructor(private readonly ctx: AppContext) {
    this.process = ctx.workflow.own(AUDIT_RULE_CHANGE_PROCESS, 'audit-rules');
    ctx.workflow.onInstanceEnd(AUDIT_RULE_CHANGE_PROCESS, (event, tx) => this.ended(event, tx));
    this.process.revise((tx, principal, { instance, body }) => this.revise(tx, principal, instance, body));
  }

  /** What the rule form offers: the roles by code and name, and every permission the server knows. */
  async options() {
    const roleRows = await this.ctx.db.select({ code: roles.code, roleName: roles.roleName }).from(roles).orderBy(roles.code);
    return { roles: roleRows, permissions: knownPermissions(RESOURCES).sort() };
  }

  async byInstance(instanceId: string): Promise<AuditRuleChange | null> {
    const rows = await this.ctx.db
      .select()
      .from(approvalChanges)
      .where(and(eq(approvalChanges.scope, AUDIT_RULE_CHANGE_SCOPE), eq(approvalChanges.instanceId, instanceId)));
    return (await presentChanges(this.ctx.db, rows))[0] ?? null;
  }

  async running(): Promise<AuditRuleChange[]> {
    const rows = await this.ctx.db
      .select()
      .from(approvalChanges)
      .where(and(eq(approvalChanges.scope, AUDIT_RULE_CHANGE_SCOPE), eq(approvalChanges.status, RUNNING)))
      .orderBy(desc(approvalChanges.createTime));
    return presentChanges(this.ctx.db, rows);
  }

  /**
   * Stores the proposal and starts its approval. `{action: create, ruleId, rule}`,
   * `{action: update, ruleId, dataVersion, rule}` or `{action: retire, ruleId, dataVersion}`.
   */
  async propose(principal: Principal, body: ProposeInput): Promise<{ change: AuditRuleChange; instanceId: string }> {
    const { action, ruleId } = body;
    const vocab = await vocabulary(this.ctx.db);
    try {
      return await this.ctx.db.transaction(async (tx) => {
        // One proposal per rule id at a time, whoever proposes it (the running-change index holds it too).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${AUDIT_RULE_CHANGE_SCOPE}:${ruleId}`}))`);
        const [current] = await tx.select().from(auditRules).where(eq(auditRules.id, ruleId)).for('update');
        let before: (RuleState & { dataVersion: number }) | null = null;
        let after: RuleState;
        if (action === 'create') {
          if (!AUDIT_RULE_ID_PATTERN.test(ruleId)) throw invalid('ruleId');
          if (current) throw businessError('DUPLICATE', 'auditRules:errors.ruleExists', { id: ruleId });
          after = { definition: readRule(ruleId, body.rule, vocab), enabled: true };
        } else {
          if (!current) throw notFoundError(translate('auditRules:errors.unknownRule', { id: ruleId.slice(0, 60) }));
          // Only a change of an existing rule carries the version it was read at, so its absence is refused here.
          if (body.dataVersion === undefined) throw validationError(translate('server:crud.dataVersionRequired'));
          if (current.dataVersion !== body.dataVersion) throw protocolError('DATA_VERSION_CONFLICT');
          if (!current.enabled) throw businessError('RULE_RETIRED', 'auditRules:errors.retired', { id: ruleId });
          before = { definition: current.definition, enabled: current.enabled, dataVersion: current.dataVersion };
          if (action === 'retire') {
            after = { definition: current.definition, enabled: false };
          } else {
            after = { definition: readRule(ruleId, body.rule, vocab), enabled: true };
            if (same(after.definition, current.definition)) throw invalid('nothingChanged');
          }
        }
        const [running] = await tx
          .select({ id: approvalChanges.id })
          .from(approvalChanges)
          .where(and(eq(approvalChanges.scope, AUDIT_RULE_CHANGE_SCOPE), eq(approvalChanges.recordId, ruleId), eq(approvalChanges.status, RUNNING)));
        if (running) throw pendingRefusal();
        const [change] = await tx
          .insert(approvalChanges)
          .values({
            resource: AUDIT_RULE_CHANGE_SCOPE,
            scope: AUDIT_RULE_CHANGE_SCOPE,
            recordId: ruleId,
            action,
            processKey: AUDIT_RULE_CHANGE_PROCESS,
            proposed: after as unknown as Record<string, unknown>,
            previous: (before ?? {}) as unknown as Record<string, unknown>,
            createBy: principal.username,
            updateBy: principal.username,
          })
          .returning();
        const shown = after.definition;
        const record = { action, id: ruleId, name: shown.name ?? '', nameKey: shown.nameKey ?? '' };
        const { instance } = await this.process.start(principal, { businessKey: change.id, businessType: AUDIT_RULE_CHANGE_SCOPE, record }, tx);
        const [started] = await tx.update(approvalChanges).set({ instanceId: instance.id }).where(eq(approvalChanges.id, change.id)).returning();
        // The proposal in the operation log; the rule's own write is logged when the approval applies it.
        await recordChange(tx, principal, {
          resource: AUDIT_RULE_CHANGE_SCOPE,
          recordId: ruleId,
          action: OPERATION_ACTION.propose,
          before: before && flat(before),
          after: flat(after),
        });
        return { change: (await presentChanges(tx, [started]))[0], instanceId: instance.id };
      });
    } catch (error) {
      // Two proposals for one rule raced past the check: the running-change index refused the second.
      if (isUniqueViolation(error)) throw pendingRefusal();
      throw error;
    }
  }

  /**
   * 重新提交 of a returned change (its instance back at the proposer's step): `{dataVersion, rule}`,
   * the version of the change the proposer read and the rule as it should now be. The rule is read and
   * checked exactly as a first proposal's (its name, owner, kind and parameters; a new rule's id still
   * free; an edited rule still at the version it was proposed from, still in force, and changed by the
   * proposal). The change stays RUNNING (so no second change of the rule can start beside it) and only
   * the approved end writes the rule. A retirement has nothing to edit: it is resubmitted or withdrawn as it is.
   */
  private async revise(tx: Tx, principal: Principal, instance: InstanceRow, body: Body) {
    const { dataVersion: version, rule } = readRevision(body);
    const [change] = await tx
      .select()
      .from(approvalChanges)
      .where(and(eq(approvalChanges.scope, AUDIT_RULE_CHANGE_SCOPE), eq(approvalChanges.instanceId, instance.id), eq(approvalChanges.status, RUNNING)))
      .for('update');
    if (!change) throw notFoundError(translate('auditRules:errors.unknownChange'));
    // The permission its first proposal needed.
    if (!hasPermission(principal.permissions, PERMISSIONS.auditRule.edit)) throw protocolError('FORBIDDEN');
    if (change.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
    if (change.action === 'retire') throw businessError('NOT_REVISABLE', 'auditRules:errors.retireNotRevisable');
    const vocab = await vocabulary(tx);
    const [current] = await tx.select().from(auditRules).where(eq(auditRules.id, change.recordId)).for('update');
    const previous = change.previous as unknown as Partial<RuleState & { dataVersion: number }>;
    if (change.action === 'create') {
      if (current) throw businessError('DUPLICATE', 'auditRules:errors.ruleExists', { id: change.recordId });
    } else {
      if (!current || current.dataVersion !== previous.dataVersion)
        throw businessError('DATA_VERSION_CONFLICT', 'auditRules:errors.staleRevision', { id: change.recordId });
      if (!current.enabled) throw businessError('RULE_RETIRED', 'auditRules:errors.retired', { id: change.recordId });
    }
    const after: RuleState = { definition: readRule(change.recordId, rule, vocab), enabled: true };
    if (current && same(after.definition, current.definition)) throw invalid('nothingChanged');
    const [saved] = await tx
      .update(approvalChanges)
      .set({
        proposed: after as unknown as Record<string, unknown>,
        dataVersion: change.dataVersion + 1,
        updateTime: new Date(this.ctx.now()),
        updateBy: principal.username,
      })
      .where(eq(approvalChanges.id, change.id))
      .returning();
    // The revised proposal in the operation log, as the first one is: what it proposed before → what it proposes now.
    await recordChange(tx, principal, {
      resource: AUDIT_RULE_CHANGE_SCOPE,
      recordId: change.recordId,
      action: OPERATION_ACTION.propose,
      before: flat(change.proposed as unknown as RuleState),
      after: flat(after),
    });
    const shown = after.definition;
    return {
      record: { action: change.action, id: change.recordId, name: shown.name ?? '', nameKey: shown.nameKey ?? '' },
      view: (await presentChanges(tx, [saved]))[0],
    };
  }

  /** Applies the running change this instance carries when it ended approved; closes it either way. */
  private async ended(event: InstanceEndEvent, tx: Tx): Promise<void> {
    const [change] = await tx
      .select()
      .from(approvalChanges)
      .where(and(eq(approvalChanges.instanceId, event.instance.id), eq(approvalChanges.scope, AUDIT_RULE_CHANGE_SCOPE), eq(approvalChanges.status, RUNNING)))
      .for('update');
    if (!change) return;
    const now = new Date(this.ctx.now());
    if (event.status === INSTANCE_STATUS.APPROVED) await this.apply(tx, change, now, event.actor);
    await tx
      .update(approvalChanges)
      .set({ status: event.status, endTime: now, updateTime: now, updateBy: event.actor.username })
      .where(eq(approvalChanges.id, change.id));
  }

  /**
   * Writes the approved rule as the approver (who is logged as its writer). A rule changed since the
   * proposal (by a release's data, or in the database) refuses the approval: the completion is undone
   * and the reviewer is told to reject it, so nobody approves a change of a rule they did not see.
   */
  private async apply(tx: Tx, change: typeof approvalChanges.$inferSelect, now: Date, approver: Actor): Promise<void> {
    const after = change.proposed as unknown as RuleState;
    const previous = change.previous as unknown as Partial<RuleState & { dataVersion: number }>;
    const [current] = await tx.select().from(auditRules).where(eq(auditRules.id, change.recordId)).for('update');
    const definition = after.definition;
    const row = { kind: definition.kind, severity: definition.severity, owner: definition.owner, definition, enabled: after.enabled };
    if (change.action === 'create') {
      if (current) throw businessError('DUPLICATE', 'auditRules:errors.ruleExists', { id: change.recordId });
      await tx.insert(auditRules).values({ id: change.recordId, ...row, createBy: change.createBy, updateBy: approver.username });
      await recordChange(tx, approver, {
        resource: AUDIT_RULE_CHANGE_SCOPE,
        recordId: change.recordId,
        action: OPERATION_ACTION.create,
        before: null,
        after: flat(after),
      });
      return;
    }
    if (!current || current.dataVersion !== previous.dataVersion)
      throw businessError('DATA_VERSION_CONFLICT', 'auditRules:errors.staleChange', { id: change.recordId });
    await tx
      .update(auditRules)
      .set({ ...row, dataVersion: current.dataVersion + 1, updateTime: now, updateBy: approver.username })
      .where(eq(auditRules.id, change.recordId));
    await recordChange(tx, approver, {
      resource: AUDIT_RULE_CHANGE_SCOPE,
      recordId: change.recordId,
      action: OPERATION_ACTION.update,
      before: flat({ definition: current.definition, enabled: current.enabled }),
      after: flat(after),
    });
  }
}

/** A rule as the operation log keeps it: one field per part (name, severity, kind, parameters, in force), so the log shows what changed. */
function flat(state: RuleState): Record<string, unknown> {
  const { id: _id, ...definition } = state.definition;
  return { ...definition, enabled: state.enabled };
}
