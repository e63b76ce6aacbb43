// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { linear, TASK_COMPONENT, twoStep, type ProcessDefinition } from '../../workflows/define';

// A document set's first step is the handler's material review, so neither starts submitted.
export const processes: readonly ProcessDefinition[] = [
  twoStep('PROCESS_CREDIT_CERTIFICATE_CODE', { component: TASK_COMPONENT.DOC_REVIEW, submitsAtStart: false }),
  linear(
    'Process_ABS_CERTIFICATE_CODE',
    [
      ['MaterialReview', 'applyEdit'],
      ['TransferReview', 'applyApprove'],
    ],
    { component: TASK_COMPONENT.DOC_REVIEW, submitsAtStart: false },
  ),
];
