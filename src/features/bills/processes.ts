// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { linear, TASK_COMPONENT, type ProcessDefinition } from '../../workflows/define';

export const processes: readonly ProcessDefinition[] = [
  linear(
    'Process_BILL_MANAGE',
    [
      ['ModifyStatus', 'modifyStatus'],
      ['Approve', 'approve'],
    ],
    { component: TASK_COMPONENT.BILL },
  ),
];
