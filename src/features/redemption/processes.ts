// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { linear, TASK_COMPONENT, type ProcessDefinition } from '../../workflows/define';

export const processes: readonly ProcessDefinition[] = [
  linear(
    'Process_CREDIT_REDEEM_REGISTER_BIZ',
    [
      ['Register', 'edit'],
      ['Approve', 'approve'],
    ],
    { component: TASK_COMPONENT.REDEEM_REGISTRATION },
  ),
];
