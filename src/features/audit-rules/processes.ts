// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { TASK_COMPONENT, twoStep, type ProcessDefinition } from '../../workflows/define';
import { text, type SummaryRule } from '../../workflows/summaries';

// An auditors' rule change: what is done to which rule (a shipped rule's name by its key, a written one as written).
const ruleChange: SummaryRule = (record) => ({
  key: 'auditRules:summary',
  values: {
    action: { key: `auditRules:changeAction.${text(record, 'action') || 'update'}` },
    id: text(record, 'id'),
    name: text(record, 'nameKey') ? { key: `auditRules:${text(record, 'nameKey')}` } : text(record, 'name'),
  },
  number: text(record, 'id'),
});

// Not among spec §4.5's keys: an auditors' rule changes only once a second person approved it (issue 41 item 1).
export const processes: readonly ProcessDefinition[] = [
  twoStep('Process_AUDIT_RULE_CHANGE', { component: TASK_COMPONENT.AUDIT_RULE_CHANGE, beyondSpec: true, summary: ruleChange }),
];
