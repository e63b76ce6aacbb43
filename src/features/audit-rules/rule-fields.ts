/**
 * An auditors' rule as lines a person reads (name, severity, owner, kind and each parameter), the
 * same lines for the rule before and after a change, so the task view can set them side by side and
 * the reviewer sees exactly what would change. Roles read by their names, permissions by their labels,
 * steps by their process's and step's labels, processes by their names.
 */
import { nameOf, type AuditFunction, type AuditRule, type ProcessStepRef } from '../../lib/audit-rules';
import { permissionLabel } from '../../lib/permission-labels';
import { PROCESS_DEFINITIONS } from '../../workflows/registry';

export interface RuleLine {
  key: string;
  label: string;
  value: string;
}

type T = (key: string, options?: Record<string, string>) => string;

/** A process by its name; a key the registry does not know stays as it is. */
export const processLabel = (processKey: string, t: T) => (PROCESS_DEFINITIONS[processKey] ? t(PROCESS_DEFINITIONS[processKey].processName) : processKey);

/** A step as `process · step`. */
export function stepLabel(ref: ProcessStepRef, t: T): string {
  const definition = PROCESS_DEFINITIONS[ref.processKey];
  return definition ? `${t(definition.processName)} · ${t(definition.activities[ref.step]?.label ?? ref.step)}` : `${ref.processKey}.${ref.step}`;
}

export function ruleLines(state: { definition: AuditRule; enabled: boolean }, t: T, roleNames: Readonly<Record<string, string>>): RuleLine[] {
  const rule = state.definition;
  const label = (key: string) => t(`auditRules:form.${key}`);
  const roles = (codes: readonly string[] | undefined) => (codes?.length ? codes.map((c) => roleNames[c] ?? c).join('、') : t('auditRules:change.none'));
  const fn = (f: AuditFunction) => {
    // Permissions by their labels (融资资格申请 · 新增), as the picker offered them; the stored codes are not what a reviewer reads.
    const parts = [...(f.permissions ?? []).map((p) => permissionLabel(p, t)), ...(f.steps ?? []).map((s) => stepLabel(s, t))];
    return `${nameOf(f, t)}：${parts.join('、')}`;
  };
  const lines: RuleLine[] = [
    { key: 'name', label: label('name'), value: nameOf(rule, t) },
    { key: 'severity', label: label('severity'), value: t(`auditRules:severities.${rule.severity}`) },
    { key: 'owner', label: label('owner'), value: roles([rule.owner]) },
    { key: 'kind', label: label('kind'), value: t(`auditRules:kinds.${rule.kind}`) },
  ];
  switch (rule.kind) {
    case 'CONFLICTING_FUNCTIONS':
      lines.push(
        { key: 'a', label: label('a'), value: fn(rule.a) },
        { key: 'b', label: label('b'), value: fn(rule.b) },
        { key: 'mitigatedRoles', label: label('mitigatedRoles'), value: roles(rule.mitigatedRoles) },
      );
      break;
    case 'RESTRICTED_FUNCTION':
      lines.push({ key: 'fn', label: label('fn'), value: fn(rule.fn) }, { key: 'allowedRoles', label: label('allowedRoles'), value: roles(rule.allowedRoles) });
      break;
    case 'FOUR_EYES_IN_FACT':
      lines.push({
        key: 'processKeys',
        label: label('processKeys'),
        value: rule.processKeys === '*' ? label('allProcesses') : rule.processKeys.map((k) => processLabel(k, t)).join('、'),
      });
      break;
    case 'READ_ONLY_IN_FACT':
      lines.push(
        { key: 'roles', label: label('roles'), value: roles(rule.roles) },
        {
          key: 'ignoredActions',
          label: label('ignoredActions'),
          value: rule.ignoredActions.length
            ? rule.ignoredActions.map((a) => t(`dict:sys_oper_action.${a}`, { defaultValue: a })).join('、')
            : t('auditRules:change.none'),
        },
      );
      break;
  }
  lines.push({ key: 'state', label: t('auditRules:change.state'), value: t(state.enabled ? 'auditRules:change.inForce' : 'auditRules:change.retired') });
  return lines;
}

/** The lines of both sides, in one order: each line's before (or none, for a new rule) and after. */
export function compareLines(
  before: { definition: AuditRule; enabled: boolean } | null,
  after: { definition: AuditRule; enabled: boolean },
  t: T,
  roleNames: Readonly<Record<string, string>>,
) {
  const was = new Map((before ? ruleLines(before, t, roleNames) : []).map((l) => [l.key, l]));
  const will = ruleLines(after, t, roleNames);
  const keys = [...new Set([...was.keys(), ...will.map((l) => l.key)])];
  const byKey = new Map(will.map((l) => [l.key, l]));
  return keys.map((key) => {
    const b = was.get(key);
    const a = byKey.get(key);
    return { key, label: (a ?? b)!.label, before: b?.value ?? null, after: a?.value ?? null, changed: (b?.value ?? null) !== (a?.value ?? null) };
  });
}
