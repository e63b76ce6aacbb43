// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { linear, twoStep, type ProcessDefinition } from '../../workflows/define';

export const processes: readonly ProcessDefinition[] = [
  twoStep('Process_CORP_MANAGER_UPDATE'),
  // The handler submits the new name; two different directors review it (four-eyes), the name changes at the second's pass.
  linear('Process_CORP_RENAMING', [
    ['Submit', 'edit'],
    ['InitialReview', 'approve'],
    ['SecondReview', 'APPROVE'],
  ]),
  twoStep('PROCESS_ACCOUNT_USAGE_TEMP'),
  twoStep('PROCESS_ACCOUNT_TEMP'),
  twoStep('Process_CI_CORE_ADMIT_CREATE'),
  twoStep('Process_CI_CORE_ADMIT_UPDATE'),
];
