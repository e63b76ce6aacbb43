/** The evaluation's report as text: what `npm run audit:rules` prints, in the server's locale. */
import { nameOf } from '../../src/lib/audit-rules';
import { permissionLabel } from '../../src/lib/permission-labels';
import { translate } from '../i18n';
import type { AuditReport, Finding } from './evaluate';

const t = (key: string, params?: Record<string, string>) => translate(`auditRules:${key}`, params);

/** A permission by its label (融资资格申请 · 新增), as the screens show it; translate knows no defaultValue, so a missing label keeps the code. */
const permission = (code: string) =>
  permissionLabel(code, (key, options) => {
    try {
      return translate(key, options);
    } catch {
      return options?.defaultValue ?? key;
    }
  });

/** One line of evidence a person can act on: who, through which roles or steps, or which log rows. */
export function evidenceLine(finding: Finding): string {
  const e = finding.evidence as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the report's evidence is per kind
  switch (finding.kind) {
    case 'CONFLICTING_FUNCTIONS':
    case 'RESTRICTED_FUNCTION': {
      const holding = (list: Array<{ roleName: string; permissions: string[]; steps: string[] }>) =>
        list.map((h) => `${h.roleName} [${[...h.permissions.map(permission), ...h.steps].join(', ')}]`).join('; ');
      return finding.kind === 'RESTRICTED_FUNCTION' ? holding(e.a) : `A: ${holding(e.a)} | B: ${holding(e.b)}`;
    }
    case 'FOUR_EYES_IN_FACT':
      if (e.breach === 'APPLIED_WITHOUT_APPROVAL') return `${e.breach} ${e.processKey} instance=${e.instanceId ?? '-'} status=${e.instanceStatus ?? '-'}`;
      return `${e.breach} ${e.processKey} ${e.person.personName}(${e.person.username}): ${e.steps.map((s: { step: string; action: string; personName: string }) => `${s.step} ${s.action} ${s.personName}`).join(' → ')}`;
    case 'READ_ONLY_IN_FACT':
      return `${e.writes} × ${e.logRows
        .map((r: { action: string; resource: string; recordId?: string; time: string }) => `${r.action} ${r.resource}#${r.recordId ?? ''} ${r.time}`)
        .slice(0, 5)
        .join('; ')}`;
  }
}

export function reportText(report: AuditReport): string {
  const lines = [
    `${t('title')} · rule set ${report.ruleSetVersion} · ${report.startedAt} → ${report.finishedAt}`,
    '',
    ...report.rules.map(
      (r) =>
        `${r.passed ? 'PASS' : 'FAIL'}  ${r.id.padEnd(26)} ${t(`severities.${r.severity}`).padEnd(2)} ${t(`kinds.${r.kind}`)} · ${nameOf(r, (key) => translate(key))}` +
        `  violations=${r.violations} excepted=${r.excepted} mitigated=${r.mitigated}`,
    ),
  ];
  const shown = report.findings.filter((f) => f.status !== 'MITIGATED');
  if (shown.length)
    lines.push(
      '',
      ...shown.map(
        (f) =>
          `${f.status.padEnd(9)} ${f.ruleId} ${t(`subject.${f.subjectType}`, { name: f.subjectName })}: ${evidenceLine(f)}${f.exception ? ` (exception: ${f.exception.reason}, until ${f.exception.expiresAt}, approved by ${f.exception.approvedByName})` : ''}`,
      ),
    );
  lines.push('', report.highBroken ? 'RESULT: a high-severity rule is broken' : 'RESULT: no high-severity rule is broken');
  return lines.join('\n');
}
