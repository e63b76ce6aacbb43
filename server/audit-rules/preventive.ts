/**
 * The preventive check (issue 41 item 2): a save of a role's grants or of a person's roles that would
 * break a conflicting-functions or restricted-function rule is refused, naming the rule and the
 * conflicting pair, unless an approved, unexpired exception covers that rule and subject. It runs
 * inside the saving transaction after the new grants are written, over the grants as they would be,
 * and only for the subjects the save touches (the role and its holders, or the person), so a save's
 * cost does not grow with the number of people.
 */
import { eq } from 'drizzle-orm';
import { evaluateAccessRules, isAccessRule, nameOf, type AccessViolation, type AuditRule, type Named } from '../../src/lib/audit-rules';
import type { Tx } from '../db/tx';
import { userRoles } from '../db/schema';
import { businessError } from '../errors';
import { translate } from '../i18n';
import { accessFinding, accessSnapshot, exceptionsInForce, storedRules } from './evaluate';

export const AUDIT_RULE_BROKEN = 'AUDIT_RULE_BROKEN';

const name = (named: Named) => nameOf(named, (key) => translate(key));

function refusal(v: AccessViolation, rule: AuditRule) {
  const subject = translate(`auditRules:subject.${v.subjectType}`, { name: v.subjectName });
  if (rule.kind === 'RESTRICTED_FUNCTION') {
    return businessError(AUDIT_RULE_BROKEN, 'auditRules:errors.restricted', {
      rule: name(rule),
      id: rule.id,
      subject,
      fn: name(rule.fn),
      roles: v.a.map((h) => h.roleName).join('、'),
    });
  }
  if (rule.kind !== 'CONFLICTING_FUNCTIONS') throw new Error(`not an access rule: ${rule.id}`);
  return businessError(AUDIT_RULE_BROKEN, 'auditRules:errors.conflict', {
    rule: name(rule),
    id: rule.id,
    subject,
    a: name(rule.a),
    b: name(rule.b),
    aRoles: v.a.map((h) => h.roleName).join('、'),
    bRoles: v.b.map((h) => h.roleName).join('、'),
  });
}

const violationKey = (v: AccessViolation) => `${v.ruleId}\u0000${v.subjectType}\u0000${v.subjectId}`;

/**
 * Reads the touched subjects' violations before the save writes anything; its `refuseNew`, called
 * after the new grants are written in the same transaction, refuses the save when they break a rule
 * they did not break before. A person already in breach through roles this save does not touch is
 * the detective report's business: refusing an unrelated edit would not mend it.
 */
export async function preventiveCheck(tx: Tx, touched: { role?: string; user?: string }): Promise<{ refuseNew(now: Date): Promise<void> }> {
  const rules = (await storedRules(tx)).filter(isAccessRule);
  if (!rules.length) return { refuseNew: async () => {} };
  const holders = touched.role
    ? (await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.pkRole, touched.role))).map((r) => r.userId)
    : [];
  const userIds = [...holders, ...(touched.user ? [touched.user] : [])];
  const scope = { roles: new Set(touched.role ? [touched.role] : []), users: new Set(userIds) };
  const evaluate = async () => evaluateAccessRules(await accessSnapshot(tx, userIds, touched.role ? [touched.role] : []), rules, scope);
  const before = new Set((await evaluate()).map(violationKey));
  return {
    async refuseNew(now: Date) {
      const found = (await evaluate()).filter((v) => !before.has(violationKey(v)));
      if (!found.length) return;
      const exceptions = await exceptionsInForce(tx, now);
      const byId = new Map<string, AuditRule>(rules.map((r) => [r.id, r]));
      const broken = found.find((v) => accessFinding(v, byId.get(v.ruleId)!, exceptions).status === 'VIOLATION');
      if (broken) throw refusal(broken, byId.get(broken.ruleId)!);
    },
  };
}
