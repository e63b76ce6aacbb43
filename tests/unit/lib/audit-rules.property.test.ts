/**
 * The access-rule evaluation against an oracle (issue 41 item 4): for random roles, grants and
 * people, the conflicts and restricted holdings found equal those computed by brute force over every
 * person's effective permissions, with the guard's own hasPermission and the engine's own role check
 * (hasAnyRole on the step's working-role code). The oracle knows nothing of the evaluation's holding
 * evidence or its two-pass step reach: it asks, per subject, "holds A?" and "holds B?".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasAnyRole, hasPermission } from '../../../src/lib/access';
import {
  SHIPPED_AUDIT_RULES,
  evaluateAccessRules,
  isAccessRule,
  type AccessRule,
  type AccessSnapshot,
  type AuditFunction,
  type ConflictingFunctionsRule,
} from '../../../src/lib/audit-rules';
import { ROLE } from '../../../src/lib/codes';
import { PERMISSIONS as QUOTAS_PERMISSIONS } from '../../../src/features/quotas/permissions';
import { ALL_PERMISSIONS_WILDCARD, PERMISSIONS as PLATFORM_PERMISSIONS } from '../../../src/lib/permissions';
import { WORKING_ROLE_CODE, workingRoleOf, type ActivityType } from '../../../src/workflows/activities';
import { PROCESS_DEFINITIONS } from '../../../src/workflows/registry';

/** The permission strings named here, each group from its area's catalogue (or the platform's). */
const PERMISSIONS = { ...QUOTAS_PERMISSIONS, ...PLATFORM_PERMISSIONS };

type Role = AccessSnapshot['roles'][number];

/** Every permission any shipped rule names, a few it does not, the wildcard and task handling. */
const POOL = [
  ...new Set(
    SHIPPED_AUDIT_RULES.filter(isAccessRule).flatMap((r) => (r.kind === 'CONFLICTING_FUNCTIONS' ? [r.a, r.b] : [r.fn]).flatMap((f) => f.permissions ?? [])),
  ),
  PERMISSIONS.task.handle,
  PERMISSIONS.task.list,
  PERMISSIONS.dictType.list,
  ALL_PERMISSIONS_WILDCARD,
];
const CODES = [ROLE.ADMIN, ROLE.OP_HANDLER, ROLE.OP_DIRECTOR, ROLE.OP_AUDITOR, 'ROLE_CUSTOM_A', 'ROLE_CUSTOM_B'];

/** The brute force: per person, the union of their enabled roles' grants; per role, its own. */
function holds(fn: AuditFunction, roles: readonly Role[]): boolean {
  const effective = roles.filter((r) => r.enabled).flatMap((r) => r.permissions);
  if ((fn.permissions ?? []).some((p) => hasPermission(effective, p))) return true;
  if (!hasPermission(effective, PERMISSIONS.task.handle)) return false;
  return (fn.steps ?? []).some((s) => {
    const type = PROCESS_DEFINITIONS[s.processKey].activities[s.step].type as ActivityType;
    return hasAnyRole(roles, [WORKING_ROLE_CODE[workingRoleOf(type)]]);
  });
}

function oracle(snapshot: AccessSnapshot, rules: readonly AccessRule[]): string[] {
  const byId = new Map(snapshot.roles.map((r) => [r.pkRole, r]));
  const subjects: Array<{ type: string; id: string; roles: Role[] }> = [
    ...snapshot.roles.map((r) => ({ type: 'role', id: r.pkRole, roles: [r] })),
    ...snapshot.users.map((u) => ({ type: 'user', id: u.userId, roles: u.pkRoles.map((id) => byId.get(id)!).filter(Boolean) })),
  ];
  const out: string[] = [];
  for (const rule of rules) {
    for (const s of subjects) {
      if (rule.kind === 'RESTRICTED_FUNCTION') {
        // Held by the subject through the roles the rule does not allow.
        if (
          holds(
            rule.fn,
            s.roles.filter((r) => !rule.allowedRoles.includes(r.code)),
          )
        )
          out.push(`${rule.id}|${s.type}|${s.id}|false`);
        continue;
      }
      if (!holds(rule.a, s.roles) || !holds(rule.b, s.roles)) continue;
      const unmitigated = s.roles.filter((r) => !(rule.mitigatedRoles ?? []).includes(r.code));
      const stands = unmitigated.length > 0 && holds(rule.a, unmitigated) && holds(rule.b, unmitigated);
      out.push(`${rule.id}|${s.type}|${s.id}|${!stands}`);
    }
  }
  return out.sort();
}

const roleArb = (i: number) =>
  fc.record({
    pkRole: fc.constant(`r-${i}`),
    code: fc.constantFrom(...CODES),
    roleName: fc.constant(`角色${i}`),
    enabled: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
    permissions: fc.subarray(POOL, { maxLength: 8 }),
  });

const snapshotArb: fc.Arbitrary<AccessSnapshot> = fc.integer({ min: 1, max: 6 }).chain((n) =>
  fc.tuple(...Array.from({ length: n }, (_, i) => roleArb(i))).chain((roles) =>
    fc
      .array(
        fc.subarray(
          roles.map((r) => r.pkRole),
          { maxLength: Math.min(4, roles.length) },
        ),
        { maxLength: 8 },
      )
      .map((assignments) => ({ roles, users: assignments.map((pkRoles, i) => ({ userId: `u-${i}`, username: `user${i}`, personName: `人员${i}`, pkRoles })) })),
  ),
);

/** A random conflicting-functions rule over the pool and the registry's steps, sometimes mitigated. */
const STEPS = Object.values(PROCESS_DEFINITIONS).flatMap((d) => Object.keys(d.activities).map((step) => ({ processKey: d.processKey, step })));
const fnArb = fc.record({
  nameKey: fc.constant('functions.paymentRecord'),
  permissions: fc.subarray(POOL, { maxLength: 3 }),
  steps: fc.subarray(STEPS.slice(0, 12), { maxLength: 3 }),
});
const randomRuleArb: fc.Arbitrary<ConflictingFunctionsRule> = fc.record({
  id: fc.constant('RANDOM'),
  kind: fc.constant('CONFLICTING_FUNCTIONS' as const),
  nameKey: fc.constant('rules.paymentRecordAudit'),
  severity: fc.constant('high' as const),
  owner: fc.constant(ROLE.OP_AUDITOR),
  a: fnArb,
  b: fnArb,
  mitigatedRoles: fc.subarray(CODES, { maxLength: 2 }),
});

const keysOf = (snapshot: AccessSnapshot, rules: readonly AccessRule[]) =>
  evaluateAccessRules(snapshot, rules)
    .map((v) => `${v.ruleId}|${v.subjectType}|${v.subjectId}|${v.mitigated}`)
    .sort();

describe('access-rule evaluation against a brute force', () => {
  const shipped = SHIPPED_AUDIT_RULES.filter(isAccessRule);

  it('finds exactly the conflicts and restricted holdings of the shipped rules', () => {
    fc.assert(
      fc.property(snapshotArb, (snapshot) => {
        expect(keysOf(snapshot, shipped)).toEqual(oracle(snapshot, shipped));
      }),
      { numRuns: 300 },
    );
  });

  it('finds exactly the conflicts of random rules, mitigations included', () => {
    fc.assert(
      fc.property(snapshotArb, randomRuleArb, (snapshot, rule) => {
        expect(keysOf(snapshot, [rule])).toEqual(oracle(snapshot, [rule]));
      }),
      { numRuns: 300 },
    );
  });

  it('narrowed to some subjects, finds what the whole evaluation finds for them', () => {
    fc.assert(
      fc.property(snapshotArb, (snapshot) => {
        const roles = new Set(snapshot.roles.slice(0, 1).map((r) => r.pkRole));
        const users = new Set(snapshot.users.slice(0, 2).map((u) => u.userId));
        const narrowed = keysOf(snapshot, shipped).filter((k) => {
          const [, type, id] = k.split('|');
          return type === 'role' ? roles.has(id) : users.has(id);
        });
        const only = evaluateAccessRules(snapshot, shipped, { roles, users })
          .map((v) => `${v.ruleId}|${v.subjectType}|${v.subjectId}|${v.mitigated}`)
          .sort();
        expect(only).toEqual(narrowed);
      }),
      { numRuns: 200 },
    );
  });

  it('names a conflict the demo grants could not produce: a handler given the director role', () => {
    const handler: Role = {
      pkRole: 'h',
      code: ROLE.OP_HANDLER,
      roleName: '运营经办',
      enabled: true,
      permissions: [PERMISSIONS.quota.dispatch, PERMISSIONS.task.handle],
    };
    const director: Role = { pkRole: 'd', code: ROLE.OP_DIRECTOR, roleName: '运营主管', enabled: true, permissions: [PERMISSIONS.task.handle] };
    const snapshot: AccessSnapshot = { roles: [handler, director], users: [{ userId: 'u', username: 'x', personName: '某人', pkRoles: ['h', 'd'] }] };
    const found = evaluateAccessRules(snapshot, shipped).filter((v) => v.ruleId === 'SOD-QUOTA-DISPATCH');
    expect(found.map((v) => `${v.subjectType}:${v.subjectId}`)).toEqual(['user:u']);
    expect(found[0].b.map((h) => h.code)).toEqual([ROLE.OP_DIRECTOR]);
  });
});
