// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { TASK_COMPONENT, twoStep, type ProcessDefinition } from '../../workflows/define';

// Not among spec §4.5's keys: an auditors' rule changes only once a second person approved it (issue 41 item 1).
export const processes: readonly ProcessDefinition[] = [
  twoStep('Process_AUDIT_RULE_CHANGE', { component: TASK_COMPONENT.AUDIT_RULE_CHANGE, beyondSpec: true }),
];
