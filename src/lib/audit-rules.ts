/**
 * Auditors' rules (issue 41) as data, and the pure half of their evaluation: which roles and which
 * people hold a function, and which conflicting-functions and restricted-function rules that breaks.
 * The server evaluates the same functions over the live database (server/audit-rules), before a grant
 * is saved and after the fact; the history rules (four eyes in fact, read-only in fact) are SQL there.
 *
 * Whether a set of grants holds a permission is hasPermission, the route guard's own rule (the
 * wildcard included); whether it holds a process step is the engine's: workflow:task:handle and a
 * role whose code works the step's type (or the role admin, src/workflows/activities.ts). Nothing
 * here restates who holds what.
 */
import { hasPermission } from './access';
import { ROLE } from './codes';
import { PERMISSIONS as BILLS_PERMISSIONS } from '../features/bills/permissions';
import { PERMISSIONS as CREDIT_NOTES_PERMISSIONS } from '../features/credit-notes/permissions';
import { PERMISSIONS as FINANCING_PERMISSIONS } from '../features/financing/permissions';
import { PERMISSIONS as PRODUCTS_PERMISSIONS } from '../features/products/permissions';
import { PERMISSIONS as QUOTAS_PERMISSIONS } from '../features/quotas/permissions';
import { PERMISSIONS as REDEMPTION_PERMISSIONS } from '../features/redemption/permissions';
import { PERMISSIONS as STAFF_PERMISSIONS } from '../features/staff/permissions';
import { PERMISSIONS } from './permissions';
import { activityTypesOf, isActivityType, WORKING_ROLE_CODE, workingRoleOf } from '../workflows/activities';
import { PROCESS_DEFINITIONS } from '../workflows/registry';

export const AUDIT_RULE_KINDS = ['CONFLICTING_FUNCTIONS', 'RESTRICTED_FUNCTION', 'FOUR_EYES_IN_FACT', 'READ_ONLY_IN_FACT'] as const;
export const AUDIT_SEVERITIES = ['high', 'medium', 'low'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];

/** A process step: every step of the process whose type is worked by this working role. */
export interface ProcessStepRef {
  processKey: string;
  /** One step by its taskDefinitionKey. */
  step: string;
}

/** What someone can do, as permission codes (any of them) or process steps (any of them). */
export interface AuditFunction {
  /** Locale key (auditRules namespace) of its name: the shipped rules' functions. */
  nameKey?: string;
  /** Its name as a person wrote it: a function proposed through a rule change (one of the two is set). */
  name?: string;
  permissions?: readonly string[];
  steps?: readonly ProcessStepRef[];
}

interface RuleBase {
  id: string;
  /** Locale key (auditRules namespace) of the rule's name: the shipped rules. */
  nameKey?: string;
  /** The rule's name as a person wrote it: a rule proposed or renamed through a rule change (one of the two is set). */
  name?: string;
  severity: AuditSeverity;
  /** Who answers for the rule (a role code). */
  owner: string;
}

export interface ConflictingFunctionsRule extends RuleBase {
  kind: 'CONFLICTING_FUNCTIONS';
  a: AuditFunction;
  b: AuditFunction;
  /**
   * Role codes whose holding of both is mitigated by a control outside the grants (the built-in
   * administrator's wildcard: the engine's maker-checker and four-eyes bind it, and the four-eyes-in-
   * fact rule checks what it did). Their grants are left out of the check; the report lists them.
   */
  mitigatedRoles?: readonly string[];
}

export interface RestrictedFunctionRule extends RuleBase {
  kind: 'RESTRICTED_FUNCTION';
  fn: AuditFunction;
  /** Role codes that may hold the function. */
  allowedRoles: readonly string[];
}

export interface FourEyesInFactRule extends RuleBase {
  kind: 'FOUR_EYES_IN_FACT';
  /** Process keys, or '*' for every process of the registry. */
  processKeys: readonly string[] | '*';
}

export interface ReadOnlyInFactRule extends RuleBase {
  kind: 'READ_ONLY_IN_FACT';
  /** Role codes whose holders may write nothing. */
  roles: readonly string[];
  /** Operation-log actions that are not writes of business data (a reveal is a read that is logged). */
  ignoredActions: readonly string[];
}

export type AuditRule = ConflictingFunctionsRule | RestrictedFunctionRule | FourEyesInFactRule | ReadOnlyInFactRule;
export type AccessRule = ConflictingFunctionsRule | RestrictedFunctionRule;

export const isAccessRule = (rule: AuditRule): rule is AccessRule => rule.kind === 'CONFLICTING_FUNCTIONS' || rule.kind === 'RESTRICTED_FUNCTION';

// The shipped rules name the money movements' permissions, each read from its area's catalogue.
const { redemption, quota, creditNote, financing, bill, template, role, staff, task } = {
  ...REDEMPTION_PERMISSIONS,
  ...QUOTAS_PERMISSIONS,
  ...CREDIT_NOTES_PERMISSIONS,
  ...FINANCING_PERMISSIONS,
  ...BILLS_PERMISSIONS,
  ...PRODUCTS_PERMISSIONS,
  ...STAFF_PERMISSIONS,
  ...PERMISSIONS,
};
/** The review steps of a process (those the engine's four-eyes applies to). */
const reviewSteps = (processKey: string): ProcessStepRef[] => {
  const reviews = new Set<string>(activityTypesOf('director'));
  return Object.entries(PROCESS_DEFINITIONS[processKey].activities)
    .filter(([, activity]) => reviews.has(activity.type))
    .map(([step]) => ({ processKey, step }));
};
const AUDITOR_OWNER = ROLE.OP_AUDITOR;
const ADMIN_MITIGATED = [ROLE.ADMIN];

/**
 * The rule set the platform ships, fitted to DOMAIN.md's money movements: each movement's maker
 * function against its checker function, access administration kept to the administrator, every
 * money process approved by four eyes in fact, and the auditor's read-only promise in fact.
 * Reconciled into audit_rules at every start through the reference ledger, like menus.
 */
export const SHIPPED_AUDIT_RULES: readonly AuditRule[] = [
  {
    id: 'SOD-PAYMENT-RECORD-AUDIT',
    kind: 'CONFLICTING_FUNCTIONS',
    nameKey: 'rules.paymentRecordAudit',
    severity: 'high',
    owner: AUDITOR_OWNER,
    a: { nameKey: 'functions.paymentRecord', permissions: [redemption.add, redemption.register] },
    b: { nameKey: 'functions.paymentAudit', permissions: [redemption.audit], steps: reviewSteps('Process_CREDIT_REDEEM_REGISTER_BIZ') },
    mitigatedRoles: ADMIN_MITIGATED,
  },
  {
    id: 'SOD-QUOTA-DISPATCH',
    kind: 'CONFLICTING_FUNCTIONS',
    nameKey: 'rules.quotaDispatch',
    severity: 'high',
    owner: AUDITOR_OWNER,
    a: { nameKey: 'functions.quotaDispatchSubmit', permissions: [quota.dispatch, quota.add, quota.edit] },
    b: {
      nameKey: 'functions.quotaDispatchApprove',
      steps: ['Process_LMT_DISPATCH_AUDIT', 'Process_LMT_AFRESH_DISPATCH_AUDIT', 'Process_LMT_APPLY_AUDIT', 'Process_LMT_APPLY_MODIFY_AUDIT'].flatMap(
        reviewSteps,
      ),
    },
    mitigatedRoles: ADMIN_MITIGATED,
  },
  {
    id: 'SOD-ISSUANCE',
    kind: 'CONFLICTING_FUNCTIONS',
    nameKey: 'rules.issuance',
    severity: 'high',
    owner: AUDITOR_OWNER,
    a: { nameKey: 'functions.issuanceSubmit', permissions: [creditNote.add, creditNote.generate] },
    b: { nameKey: 'functions.issuanceFinalApprove', steps: reviewSteps('Process_CREDIT_ISSUE') },
    mitigatedRoles: ADMIN_MITIGATED,
  },
  {
    id: 'SOD-FINANCING',
    kind: 'CONFLICTING_FUNCTIONS',
    nameKey: 'rules.financing',
    severity: 'high',
    owner: AUDITOR_OWNER,
    a: { nameKey: 'functions.financingApply', permissions: [financing.add, financing.edit, financing.sign] },
    b: { nameKey: 'functions.financingReview', permissions: [financing.review], steps: reviewSteps('Process_FINANCING_SIGN_UP') },
    mitigatedRoles: ADMIN_MITIGATED,
  },
  {
    id: 'SOD-BILL',
    kind: 'CONFLICTING_FUNCTIONS',
    nameKey: 'rules.bill',
    severity: 'medium',
    owner: AUDITOR_OWNER,
    a: { nameKey: 'functions.billSubmit', permissions: [bill.submit, bill.pay] },
    b: { nameKey: 'functions.billApprove', steps: reviewSteps('Process_BILL_MANAGE') },
    mitigatedRoles: ADMIN_MITIGATED,
  },
  {
    id: 'SOD-TEMPLATE',
    kind: 'CONFLICTING_FUNCTIONS',
    nameKey: 'rules.template',
    severity: 'medium',
    owner: AUDITOR_OWNER,
    a: { nameKey: 'functions.templateDraft', permissions: [template.add, template.edit] },
    b: { nameKey: 'functions.templateApprove', permissions: [template.approve] },
    mitigatedRoles: ADMIN_MITIGATED,
  },
  {
    id: 'RESTRICT-ACCESS-ADMIN',
    kind: 'RESTRICTED_FUNCTION',
    nameKey: 'rules.accessAdmin',
    severity: 'high',
    owner: AUDITOR_OWNER,
    fn: { nameKey: 'functions.accessAdmin', permissions: [role.add, role.edit, role.remove, staff.add, staff.edit, staff.status] },
    allowedRoles: [ROLE.ADMIN],
  },
  {
    id: 'FOUR-EYES-MONEY',
    kind: 'FOUR_EYES_IN_FACT',
    nameKey: 'rules.fourEyesMoney',
    severity: 'high',
    owner: AUDITOR_OWNER,
    processKeys: [
      'Process_LMT_APPLY_AUDIT',
      'Process_LMT_APPLY_MODIFY_AUDIT',
      'Process_LMT_DISPATCH_AUDIT',
      'Process_LMT_AFRESH_DISPATCH_AUDIT',
      'PROCESS_LMT_FIN_APPLY_AUDIT',
      'PROCESS_LMT_FIN_APPLY_MODIFY_AUDIT',
      'Process_LMT_FINANCE_DISPATCH_AUDIT',
      'Process_LMT_AFRESH_FINANCE_DISPATCH_AUDIT',
      'Process_CREDIT_ISSUE',
      'Process_CREDIT_REDEEM_REGISTER_BIZ',
      'Process_BILL_MANAGE',
      'Process_FINANCING_SIGN_UP',
    ],
  },
  { id: 'FOUR-EYES-ALL', kind: 'FOUR_EYES_IN_FACT', nameKey: 'rules.fourEyesAll', severity: 'medium', owner: AUDITOR_OWNER, processKeys: '*' },
  {
    id: 'READ-ONLY-AUDITOR',
    kind: 'READ_ONLY_IN_FACT',
    nameKey: 'rules.readOnlyAuditor',
    severity: 'high',
    owner: AUDITOR_OWNER,
    roles: [ROLE.OP_AUDITOR],
    // A reveal is a logged read; changing one's own password keeps one's own account, not the business.
    ignoredActions: ['REVEAL', 'PASSWORD_CHANGE'],
  },
];

/** Bumped whenever the shipped rule set changes: the reports name it. */
export const AUDIT_RULE_SET_VERSION = '2026.11-1';

/** The grants the evaluation reads: roles (code, enabled), their permissions, people and their roles. */
export interface AccessSnapshot {
  roles: ReadonlyArray<{ pkRole: string; code: string; roleName: string; enabled: boolean; permissions: readonly string[] }>;
  /** Enabled accounts only: a disabled account has no session and holds nothing. */
  users: ReadonlyArray<{ userId: string; username: string; personName: string; pkRoles: readonly string[] }>;
}

/** Why a role holds a function: the permissions or steps of it the role grants. */
export interface HoldingEvidence {
  pkRole: string;
  roleName: string;
  code: string;
  permissions: string[];
  steps: string[];
}

export interface AccessViolation {
  ruleId: string;
  kind: 'CONFLICTING_FUNCTIONS' | 'RESTRICTED_FUNCTION';
  subjectType: 'role' | 'user';
  subjectId: string;
  subjectName: string;
  /** For a person: their roles; for a role: itself. */
  roles: Array<{ pkRole: string; roleName: string; code: string }>;
  /** CONFLICTING: what holds A and what holds B; RESTRICTED: what holds the function (in `a`). */
  a: HoldingEvidence[];
  b: HoldingEvidence[];
  /** True when only a mitigated role makes it (listed, not a violation). */
  mitigated: boolean;
}

const stepKey = (ref: ProcessStepRef) => `${ref.processKey}.${ref.step}`;

/** The working-role code of a step, from the registry (undefined: no such step). */
function stepRoleCode(ref: ProcessStepRef): string | undefined {
  const type = PROCESS_DEFINITIONS[ref.processKey]?.activities[ref.step]?.type;
  return isActivityType(type) ? WORKING_ROLE_CODE[workingRoleOf(type)] : undefined;
}

/**
 * What of a function one role grants on its own. A step is held through the role only when the role
 * both handles tasks and is of the step's working role (or admin): the engine's mayWork.
 */
export function roleHolding(fn: AuditFunction, role: AccessSnapshot['roles'][number]): HoldingEvidence | null {
  if (!role.enabled) return null;
  const permissions = (fn.permissions ?? []).filter((p) => hasPermission(role.permissions, p));
  const handles = hasPermission(role.permissions, task.handle);
  const steps = handles ? (fn.steps ?? []).filter((s) => role.code === ROLE.ADMIN || stepRoleCode(s) === role.code).map(stepKey) : [];
  return permissions.length || steps.length ? { pkRole: role.pkRole, roleName: role.roleName, code: role.code, permissions, steps } : null;
}

/**
 * What of a function a person holds through all their roles together: a permission any enabled role
 * grants; a step when some enabled role grants task handling and some role of theirs works the step
 * (the engine checks the role by its code, not the role that granted the handling).
 */
function personHolding(fn: AuditFunction, roles: ReadonlyArray<AccessSnapshot['roles'][number]>): HoldingEvidence[] {
  const direct = roles.map((r) => roleHolding(fn, r)).filter((h): h is HoldingEvidence => h !== null);
  const handles = roles.some((r) => r.enabled && hasPermission(r.permissions, task.handle));
  if (!handles || !fn.steps?.length) return direct;
  // Steps reached only by combining one role's task handling with another role's working code.
  const reached = new Set(direct.flatMap((h) => h.steps));
  const extra = roles
    .map((r): HoldingEvidence | null => {
      const steps = fn.steps!.filter((s) => (r.code === ROLE.ADMIN || stepRoleCode(s) === r.code) && !reached.has(stepKey(s))).map(stepKey);
      return steps.length ? { pkRole: r.pkRole, roleName: r.roleName, code: r.code, permissions: [], steps } : null;
    })
    .filter((h): h is HoldingEvidence => h !== null);
  return [...direct, ...extra];
}

const roleRef = (r: AccessSnapshot['roles'][number]) => ({ pkRole: r.pkRole, roleName: r.roleName, code: r.code });

/**
 * Every conflicting-functions and restricted-function violation of the snapshot, at role and at
 * person level; `only` narrows the subjects checked (the preventive check of one save). Linear in
 * roles × rules plus people × their roles × rules.
 */
export function evaluateAccessRules(
  snapshot: AccessSnapshot,
  rules: readonly AuditRule[],
  only?: { roles?: ReadonlySet<string>; users?: ReadonlySet<string> },
): AccessViolation[] {
  const byId = new Map(snapshot.roles.map((r) => [r.pkRole, r]));
  const out: AccessViolation[] = [];
  for (const rule of rules.filter(isAccessRule)) {
    const mitigated = new Set(rule.kind === 'CONFLICTING_FUNCTIONS' ? (rule.mitigatedRoles ?? []) : []);
    const check = (roles: ReadonlyArray<AccessSnapshot['roles'][number]>): Pick<AccessViolation, 'a' | 'b' | 'mitigated'> | null => {
      if (rule.kind === 'RESTRICTED_FUNCTION') {
        // Held through the roles the rule does not list, on their own or together; an allowed role's grant is no breach.
        const a = personHolding(
          rule.fn,
          roles.filter((r) => !rule.allowedRoles.includes(r.code)),
        );
        return a.length ? { a, b: [], mitigated: false } : null;
      }
      const a = personHolding(rule.a, roles);
      const b = personHolding(rule.b, roles);
      if (!a.length || !b.length) return null;
      const unmitigated = roles.filter((r) => !mitigated.has(r.code));
      const still = unmitigated.length > 0 && personHolding(rule.a, unmitigated).length > 0 && personHolding(rule.b, unmitigated).length > 0;
      return { a, b, mitigated: !still };
    };
    for (const role of snapshot.roles) {
      if (only && !only.roles?.has(role.pkRole)) continue;
      const found = check([role]);
      if (found)
        out.push({
          ruleId: rule.id,
          kind: rule.kind,
          subjectType: 'role',
          subjectId: role.pkRole,
          subjectName: role.roleName,
          roles: [roleRef(role)],
          ...found,
        });
    }
    for (const user of snapshot.users) {
      if (only && !only.users?.has(user.userId)) continue;
      const roles = user.pkRoles.map((id) => byId.get(id)).filter((r): r is AccessSnapshot['roles'][number] => r !== undefined);
      const found = check(roles);
      if (found)
        out.push({
          ruleId: rule.id,
          kind: rule.kind,
          subjectType: 'user',
          subjectId: user.userId,
          subjectName: user.personName,
          roles: roles.map(roleRef),
          ...found,
        });
    }
  }
  return out;
}

/** Something named by a locale key (the shipped rules) or by the text a person wrote (a proposed change). */
export interface Named {
  nameKey?: string;
  name?: string;
}

/** A rule's or a function's name in the reader's language: the written name as written, a shipped one translated. */
export const nameOf = (named: Named, t: (key: string) => string): string => named.name ?? (named.nameKey ? t(`auditRules:${named.nameKey}`) : '');

/**
 * Rule edits (issue 41 item 1) go through an approval process of their own: proposed by one person,
 * in effect once a second person approved it (server/audit-rules/changes.ts).
 */
export const AUDIT_RULE_CHANGE_PROCESS = 'Process_AUDIT_RULE_CHANGE';
/** The changes' scope and resource in approval_changes and the operation log. */
export const AUDIT_RULE_CHANGE_SCOPE = 'audit-rules';
export const AUDIT_RULE_CHANGE_ACTIONS = ['create', 'update', 'retire'] as const;
export type AuditRuleChangeAction = (typeof AUDIT_RULE_CHANGE_ACTIONS)[number];
/** A new rule's id: upper-case letters, digits and hyphens, as the shipped ones (SOD-PAYMENT-RECORD-AUDIT). */
export const AUDIT_RULE_ID_PATTERN = /^[A-Z][A-Z0-9-]{2,39}$/;
export const AUDIT_RULE_NAME_MAX = 60;

/** A rule change as the server answers it: the rule before (null for a new one) and after, and where it stands. */
export interface AuditRuleChange {
  id: string;
  ruleId: string;
  action: AuditRuleChangeAction;
  instanceId: string | null;
  status: 'RUNNING' | 'APPROVED' | 'REJECTED';
  before: { definition: AuditRule; enabled: boolean; dataVersion: number } | null;
  after: { definition: AuditRule; enabled: boolean };
  /** The change's own version: a revision of a returned change names the one its proposer read. */
  dataVersion: number;
  createByName: string | null;
  createTime: string;
  /** Role code → the role's name, for the codes the rule names. */
  roleNames: Record<string, string>;
}

/** The calls of the 审计规则 page (server/audit-rules/routes.ts). */
export const AUDIT_RULES_API = {
  overview: '/op/v1/audit-rules/overview',
  run: '/op/v1/audit-rules/run',
  lastRun: '/op/v1/audit-rules/last-run',
  export: '/op/v1/audit-rules/export',
  exceptions: '/op/v1/audit-rules/exceptions/list',
  requestException: '/op/v1/audit-rules/exceptions/request',
  approveException: '/op/v1/audit-rules/exceptions/approve',
  revokeException: '/op/v1/audit-rules/exceptions/revoke',
  /** What a rule form offers: the role codes, the known permissions, the processes and their steps. */
  changeOptions: '/op/v1/audit-rules/changes/options',
  proposeChange: '/op/v1/audit-rules/changes/propose',
  /** The change an instance of the rule-change process carries (the task view's record). */
  changeByInstance: '/op/v1/audit-rules/changes/find-by-instance',
  /** The running changes, one per rule at most (the page marks the rule 审批中). */
  runningChanges: '/op/v1/audit-rules/changes/running',
} as const;

export const AUDIT_EXPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

/** The longest a documented exception may run: a standing exception is a rule change, not an exception. */
export const AUDIT_EXCEPTION_MAX_DAYS = 366;
