// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { linear, TASK_COMPONENT, twoStep, type ProcessDefinition } from '../../workflows/define';

export const processes: readonly ProcessDefinition[] = [
  twoStep('Process_AUTH_SOFT_CA_CREATE', { component: TASK_COMPONENT.CERTIFICATE }),
  twoStep('Process_AUTH_SOFT_CA_RENEWAL', { component: TASK_COMPONENT.CERTIFICATE }),
  linear(
    'Process_AUTH_SOFT_CA_REOPEN',
    [
      ['ReopenEdit', 'reopenEdit'],
      ['ReopenApprove', 'reopenApprove'],
    ],
    { component: TASK_COMPONENT.CERTIFICATE },
  ),
];
