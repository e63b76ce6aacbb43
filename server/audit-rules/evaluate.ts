/**
 * The detective evaluation of the auditors' rules (issue 41) against the live database: the grants
 * (roles, role_permissions, user_roles) for the conflicting-functions and restricted-function rules,
 * through the pure src/lib/audit-rules evaluation the preventive check uses too; the workflow history
 * and the approval changes for four eyes in fact; the operation log for read-only in fact. The two
 * history rules are set-based SQL (one grouped pass over the history, one over the log), so the cost
 * grows with the rows, not with rows × people.
 */
import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_RULE_CHANGE_SCOPE,
  AUDIT_RULE_SET_VERSION,
  evaluateAccessRules,
  type AccessSnapshot,
  type AccessViolation,
  type AuditRule,
  type AuditSeverity,
  type FourEyesInFactRule,
  type ReadOnlyInFactRule,
} from '../../src/lib/audit-rules';
import { ACCOUNT_STATUS } from '../../src/resources/staff';
import { activityTypesOf } from '../../src/workflows/activities';
import { PROCESS_KEYS } from '../../src/workflows/registry';
import { HISTORY_ACTION, INSTANCE_STATUS } from '../../src/workflows/states';
import type { Db } from '../db/open';
import { hasMessage, translate } from '../i18n';
import type { Tx } from '../db/tx';
import { approvalChanges, auditRuleExceptions, auditRules, roles, users } from '../db/schema';

type Reader = Db | Tx;

/** Evidence rows kept per violation: enough to act on, bounded so a flood of rows cannot bloat a report. */
const EVIDENCE_LIMIT = 20;

export interface AppliedException {
  id: string;
  reason: string;
  expiresAt: string;
  requestedBy: string;
  approvedBy: string;
  /** The people's names as their staff records read now (a report names people, not accounts). */
  requestedByName: string;
  approvedByName: string;
}

export interface Finding {
  ruleId: string;
  kind: AuditRule['kind'];
  severity: AuditSeverity;
  /** VIOLATION breaks the rule; EXCEPTED and MITIGATED are listed, not counted against it. */
  status: 'VIOLATION' | 'EXCEPTED' | 'MITIGATED';
  subjectType: 'role' | 'user' | 'instance' | 'change';
  subjectId: string;
  subjectName: string;
  evidence: Record<string, unknown>;
  exception?: AppliedException;
}

export interface RuleResult {
  id: string;
  kind: AuditRule['kind'];
  severity: AuditSeverity;
  owner: string;
  /** The shipped rule's locale key, or the name a person gave it (a report stored before names were editable has nameKey alone). */
  nameKey?: string;
  name?: string;
  passed: boolean;
  violations: number;
  excepted: number;
  mitigated: number;
}

/** Where a documented exception stands: waiting for its second person, in force, past its expiry, or revoked. */
export type ExceptionState = 'PENDING' | 'APPROVED' | 'EXPIRED' | 'REVOKED';

/** A documented exception as the page and the reports list it: the people by name, its state at the time asked. */
export interface ExceptionListing {
  id: string;
  ruleId: string;
  subjectType: 'role' | 'user';
  subjectId: string;
  subjectName: string | null;
  reason: string;
  expiresAt: string;
  status: ExceptionState;
  requestedByName: string;
  approvedByName: string | null;
  approvedAt: string | null;
  createTime: string;
}

/** Every documented exception, newest first; an approved one past its expiry reads EXPIRED (it excuses nothing any more). */
export async function listExceptions(db: Reader, now: Date): Promise<ExceptionListing[]> {
  const rows = await db
    .select({
      id: auditRuleExceptions.id,
      ruleId: auditRuleExceptions.ruleId,
      subjectType: auditRuleExceptions.subjectType,
      subjectId: auditRuleExceptions.subjectId,
      subjectName: sql<string | null>`case when ${auditRuleExceptions.subjectType} = 'role'
        then (select r.role_name from roles r where r.pk_role = ${auditRuleExceptions.subjectId})
        else (select u.person_name from users u where u.id = ${auditRuleExceptions.subjectId}) end`,
      reason: auditRuleExceptions.reason,
      expiresAt: auditRuleExceptions.expiresAt,
      status: auditRuleExceptions.status,
      requestedByName: sql<string>`coalesce((select u.person_name from users u where u.username = ${auditRuleExceptions.requestedBy}), ${auditRuleExceptions.requestedBy})`,
      approvedByName: sql<
        string | null
      >`coalesce((select u.person_name from users u where u.username = ${auditRuleExceptions.approvedBy}), ${auditRuleExceptions.approvedBy})`,
      approvedAt: auditRuleExceptions.approvedAt,
      createTime: auditRuleExceptions.createTime,
    })
    .from(auditRuleExceptions)
    .orderBy(desc(auditRuleExceptions.createTime), asc(auditRuleExceptions.id));
  return rows.map((r) => ({
    ...r,
    subjectType: r.subjectType as ExceptionListing['subjectType'],
    status: (r.status === 'APPROVED' && r.expiresAt <= now ? 'EXPIRED' : r.status) as ExceptionState,
    expiresAt: r.expiresAt.toISOString(),
    approvedAt: r.approvedAt ? r.approvedAt.toISOString() : null,
    createTime: r.createTime.toISOString(),
  }));
}

export interface AuditReport {
  ruleSetVersion: string;
  startedAt: string;
  finishedAt: string;
  rules: RuleResult[];
  findings: Finding[];
  /** Whether a rule of severity high is broken: the command's exit status. */
  highBroken: boolean;
  /** The documented exceptions as they stood at the run (absent from reports stored before they were listed). */
  exceptions?: ExceptionListing[];
}

/** The enabled rules as stored (the shipped set arrives through the reference ledger). */
export async function storedRules(db: Reader): Promise<AuditRule[]> {
  const rows = await db.select({ definition: auditRules.definition }).from(auditRules).where(eq(auditRules.enabled, true)).orderBy(asc(auditRules.id));
  return rows.map((row) => row.definition);
}

/**
 * Every role with its permissions, and every enabled account (or those named) with its roles: what the
 * guard reads. Narrowed to some people (a save's preventive check), it reads only the roles those people
 * hold and the roles named, so a save's cost follows what it touches, not the number of roles.
 */
export async function accessSnapshot(db: Reader, onlyUsers?: readonly string[], onlyRoles: readonly string[] = []): Promise<AccessSnapshot> {
  const scoped = onlyUsers
    ? sql`("roles"."pk_role" in (select ur.pk_role from user_roles ur where ur.user_id = any(${textArray(onlyUsers)}))
          or "roles"."pk_role" = any(${textArray(onlyRoles)}))`
    : undefined;
  const roleRows = await db
    .select({
      pkRole: roles.pkRole,
      code: roles.code,
      roleName: roles.roleName,
      status: roles.status,
      // Qualified by hand: drizzle leaves names unqualified in a one-table select, and both tables have pk_role.
      permissions: sql<string[]>`coalesce((select array_agg(rp.permission) from role_permissions rp where rp.pk_role = "roles"."pk_role"), '{}'::text[])`,
    })
    .from(roles)
    .where(scoped);
  const userRows = await db
    .select({
      userId: users.id,
      username: users.username,
      personName: users.personName,
      pkRoles: sql<string[]>`coalesce((select array_agg(ur.pk_role) from user_roles ur where ur.user_id = "users"."id"), '{}'::text[])`,
    })
    .from(users)
    .where(and(eq(users.status, ACCOUNT_STATUS.enabled), onlyUsers ? (onlyUsers.length ? inArray(users.id, [...onlyUsers]) : sql`false`) : undefined));
  return {
    roles: roleRows.map(({ status, ...r }) => ({ ...r, enabled: status === ACCOUNT_STATUS.enabled })),
    users: userRows,
  };
}

/** The approved exceptions in force now, by rule, subject type and subject. */
export async function exceptionsInForce(db: Reader, now: Date): Promise<Map<string, AppliedException>> {
  const rows = await db
    .select({
      id: auditRuleExceptions.id,
      ruleId: auditRuleExceptions.ruleId,
      subjectType: auditRuleExceptions.subjectType,
      subjectId: auditRuleExceptions.subjectId,
      reason: auditRuleExceptions.reason,
      expiresAt: auditRuleExceptions.expiresAt,
      requestedBy: auditRuleExceptions.requestedBy,
      approvedBy: auditRuleExceptions.approvedBy,
      requestedByName: sql<string>`coalesce((select u.person_name from users u where u.username = ${auditRuleExceptions.requestedBy}), ${auditRuleExceptions.requestedBy})`,
      approvedByName: sql<string>`coalesce((select u.person_name from users u where u.username = ${auditRuleExceptions.approvedBy}), ${auditRuleExceptions.approvedBy})`,
    })
    .from(auditRuleExceptions)
    .where(and(eq(auditRuleExceptions.status, 'APPROVED'), gt(auditRuleExceptions.expiresAt, now)));
  return new Map(
    rows.map(({ ruleId, subjectType, subjectId, expiresAt, approvedBy, ...r }) => [
      exceptionKey(ruleId, subjectType, subjectId),
      { ...r, expiresAt: expiresAt.toISOString(), approvedBy: approvedBy ?? '' },
    ]),
  );
}

export const exceptionKey = (ruleId: string, subjectType: string, subjectId: string) => `${ruleId}\u0000${subjectType}\u0000${subjectId}`;

/** An access violation as a report finding: mitigated, excepted (naming the exception) or a violation. */
export function accessFinding(v: AccessViolation, rule: AuditRule, exceptions: ReadonlyMap<string, AppliedException>): Finding {
  const exception = exceptions.get(exceptionKey(v.ruleId, v.subjectType, v.subjectId));
  return {
    ruleId: v.ruleId,
    kind: v.kind,
    severity: rule.severity,
    status: v.mitigated ? 'MITIGATED' : exception ? 'EXCEPTED' : 'VIOLATION',
    subjectType: v.subjectType,
    subjectId: v.subjectId,
    subjectName: v.subjectName,
    evidence: { roles: v.roles, a: v.a, b: v.b },
    ...(exception && !v.mitigated ? { exception } : {}),
  };
}

const REVIEW_TYPES = activityTypesOf('director');
const MAKER_TYPES = activityTypesOf('handler');

/** PGlite answers {rows}, postgres-js an array. */
const rowsOf = async <T>(db: Reader, query: SQL): Promise<T[]> => {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
};
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Four eyes in fact, as the engine's own two rules over what happened: nobody both submitted (passed
 * or rejected a handler's step) and approved (passed a director's step) one instance, nobody passed
 * two different review steps of one instance; and no approval change was applied (APPROVED) unless its
 * instance ended APPROVED.
 */
async function fourEyesFindings(db: Reader, rule: FourEyesInFactRule): Promise<Finding[]> {
  const keys = rule.processKeys === '*' ? PROCESS_KEYS : rule.processKeys;
  if (!keys.length) return [];
  const broken = await rowsOf<{
    instance_id: string;
    user_id: string;
    username: string;
    person_name: string;
    process_key: string;
    business_no: string | null;
    made: boolean;
    reviews: number;
  }>(
    db,
    sql`select h.instance_id, h.user_id, max(h.username) as username, coalesce((select u.person_name from users u where u.id = h.user_id), max(h.person_name)) as person_name, i.process_key, coalesce(i.business_no, i.summary, i.business_key) as business_no,
          bool_or(h.action in (${HISTORY_ACTION.PASS}, ${HISTORY_ACTION.REJECT}) and h.activity_type = any(${textArray(MAKER_TYPES)})) as made,
          count(distinct h.task_definition_key) filter (where h.action = ${HISTORY_ACTION.PASS} and h.activity_type = any(${textArray(REVIEW_TYPES)}))::int as reviews
        from workflow_history h join workflow_instances i on i.id = h.instance_id
        where i.process_key = any(${textArray(keys)})
        group by h.instance_id, h.user_id, i.process_key, i.business_no, i.summary, i.business_key
        having (bool_or(h.action in (${HISTORY_ACTION.PASS}, ${HISTORY_ACTION.REJECT}) and h.activity_type = any(${textArray(MAKER_TYPES)}))
                and bool_or(h.action = ${HISTORY_ACTION.PASS} and h.activity_type = any(${textArray(REVIEW_TYPES)})))
            or count(distinct h.task_definition_key) filter (where h.action = ${HISTORY_ACTION.PASS} and h.activity_type = any(${textArray(REVIEW_TYPES)})) > 1
        order by h.instance_id, h.user_id`,
  );
  const steps = new Map<string, unknown[]>();
  const ids = [...new Set(broken.map((b) => b.instance_id))];
  if (ids.length) {
    const history = await rowsOf<{
      instance_id: string;
      action: string;
      task_definition_key: string;
      activity_type: string;
      username: string;
      person_name: string;
      create_time: string;
    }>(
      db,
      sql`select h.instance_id, h.action, h.task_definition_key, h.activity_type, h.username, coalesce(u.person_name, h.person_name) as person_name, h.create_time
          from workflow_history h left join users u on u.id = h.user_id
          where h.instance_id = any(${textArray(ids)}) order by h.instance_id, h.seq`,
    );
    for (const row of history) {
      const list = steps.get(row.instance_id) ?? [];
      list.push({
        action: row.action,
        step: row.task_definition_key,
        activityType: row.activity_type,
        username: row.username,
        personName: row.person_name,
        time: new Date(row.create_time).toISOString(),
      });
      steps.set(row.instance_id, list);
    }
  }
  const findings: Finding[] = broken.map((b) => ({
    ruleId: rule.id,
    kind: rule.kind,
    severity: rule.severity,
    status: 'VIOLATION',
    subjectType: 'instance',
    subjectId: b.instance_id,
    subjectName: b.business_no ?? b.instance_id,
    evidence: {
      processKey: b.process_key,
      person: { userId: b.user_id, username: b.username, personName: b.person_name },
      breach: b.made ? 'SUBMITTED_AND_APPROVED' : 'APPROVED_TWICE',
      steps: steps.get(b.instance_id) ?? [],
    },
  }));
  const unapproved = await rowsOf<{
    id: string;
    resource: string;
    record_id: string;
    process_key: string;
    instance_id: string | null;
    instance_status: string | null;
    end_time: string | null;
  }>(
    db,
    sql`select c.id, c.resource, c.record_id, c.process_key, c.instance_id, i.status as instance_status, c.end_time
        from approval_changes c left join workflow_instances i on i.id = c.instance_id
        where c.status = 'APPROVED' and c.process_key = any(${textArray(keys)}) and (i.id is null or i.status <> 'APPROVED')
        order by c.id`,
  );
  for (const c of unapproved) {
    findings.push({
      ruleId: rule.id,
      kind: rule.kind,
      severity: rule.severity,
      status: 'VIOLATION',
      subjectType: 'change',
      subjectId: c.id,
      // Named by its process (企业自主更名, 账单核算): the record's id is nothing an auditor reads.
      subjectName: hasMessage(`workflow:process.${c.process_key}`) ? translate(`workflow:process.${c.process_key}`) : c.process_key,
      evidence: {
        breach: 'APPLIED_WITHOUT_APPROVAL',
        processKey: c.process_key,
        resource: c.resource,
        recordId: c.record_id,
        instanceId: c.instance_id,
        instanceStatus: c.instance_status,
        appliedAt: c.end_time && new Date(c.end_time).toISOString(),
      },
    });
  }
  return findings;
}

/** Read-only in fact: every write in the operation log by a holder of a named role, per person, with the first rows as evidence. */
async function readOnlyFindings(db: Reader, rule: ReadOnlyInFactRule): Promise<Finding[]> {
  if (!rule.roles.length) return [];
  // An empty list is an empty array (nothing ignored): PostgreSQL refuses a NUL in text, so no placeholder stands in for it.
  const ignored = rule.ignoredActions;
  const rows = await rowsOf<{
    user_id: string;
    username: string;
    person_name: string;
    total: number;
    id: string;
    resource: string;
    record_id: string | null;
    action: string;
    create_time: string;
    roles: string[];
  }>(
    db,
    sql`with holders as (
          select ur.user_id, array_agg(distinct r.role_name) as roles from user_roles ur join roles r on r.pk_role = ur.pk_role
          where r.code = any(${textArray(rule.roles)}) group by ur.user_id),
        writes as (
          select l.*, h.roles, count(*) over (partition by l.user_id)::int as total,
                 row_number() over (partition by l.user_id order by l.create_time, l.id) as n
          from sys_operation_logs l join holders h on h.user_id = l.user_id
          where not (l.action = any(${textArray(ignored)})))
        select w.user_id, w.username, coalesce(u.person_name, w.person_name, w.username) as person_name, w.total, w.id, w.resource, w.record_id, w.action, w.create_time, w.roles
        from writes w left join users u on u.id = w.user_id
        where w.n <= ${EVIDENCE_LIMIT} order by w.user_id, w.n`,
  );
  const byUser = new Map<string, Finding>();
  for (const row of rows) {
    let finding = byUser.get(row.user_id);
    if (!finding) {
      finding = {
        ruleId: rule.id,
        kind: rule.kind,
        severity: rule.severity,
        status: 'VIOLATION',
        subjectType: 'user',
        subjectId: row.user_id,
        subjectName: row.person_name,
        evidence: { username: row.username, roles: row.roles, writes: row.total, logRows: [] as unknown[] },
      };
      byUser.set(row.user_id, finding);
    }
    (finding.evidence.logRows as unknown[]).push({
      id: row.id,
      resource: row.resource,
      recordId: row.record_id,
      action: row.action,
      time: new Date(row.create_time).toISOString(),
    });
  }
  return [...byUser.values()];
}

/**
 * The rule set's version a report names: the release's, and how many rule changes were applied since
 * (2026.11-1+3), so a report made before an edit and one made after never claim the same rules.
 */
export async function ruleSetVersion(db: Reader): Promise<string> {
  const [{ applied }] = await db
    .select({ applied: count() })
    .from(approvalChanges)
    .where(and(eq(approvalChanges.scope, AUDIT_RULE_CHANGE_SCOPE), eq(approvalChanges.status, INSTANCE_STATUS.APPROVED)));
  return applied ? `${AUDIT_RULE_SET_VERSION}+${applied}` : AUDIT_RULE_SET_VERSION;
}

/** Evaluates every enabled rule (or those given) against the database; nothing is written. */
export async function evaluateRules(db: Reader, options: { now: () => Date; rules?: readonly AuditRule[] }): Promise<AuditReport> {
  const startedAt = options.now();
  const rules = options.rules ?? (await storedRules(db));
  const exceptions = await exceptionsInForce(db, startedAt);
  const byId = new Map(rules.map((r) => [r.id, r]));
  const access = evaluateAccessRules(await accessSnapshot(db), rules);
  const findings: Finding[] = access.map((v) => accessFinding(v, byId.get(v.ruleId)!, exceptions));
  for (const rule of rules) {
    if (rule.kind === 'FOUR_EYES_IN_FACT') findings.push(...(await fourEyesFindings(db, rule)));
    if (rule.kind === 'READ_ONLY_IN_FACT') findings.push(...(await readOnlyFindings(db, rule)));
  }
  const results: RuleResult[] = rules.map((rule) => {
    const own = findings.filter((f) => f.ruleId === rule.id);
    const count = (status: Finding['status']) => own.filter((f) => f.status === status).length;
    return {
      id: rule.id,
      kind: rule.kind,
      severity: rule.severity,
      owner: rule.owner,
      ...(rule.name ? { name: rule.name } : { nameKey: rule.nameKey }),
      passed: count('VIOLATION') === 0,
      violations: count('VIOLATION'),
      excepted: count('EXCEPTED'),
      mitigated: count('MITIGATED'),
    };
  });
  return {
    ruleSetVersion: await ruleSetVersion(db),
    startedAt: startedAt.toISOString(),
    finishedAt: options.now().toISOString(),
    rules: results,
    findings,
    highBroken: results.some((r) => r.severity === 'high' && !r.passed),
    exceptions: await listExceptions(db, startedAt),
  };
}
