// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { TASK_COMPONENT, twoStep, type ProcessDefinition } from '../../workflows/define';
import { text, type SummaryRule } from '../../workflows/summaries';

/** A signing application: its supplier, core enterprise and product. */
const signUp: SummaryRule = (record) => ({
  key: 'financing:server.summary',
  values: { supplier: text(record, 'supplierName'), core: text(record, 'coreName'), product: text(record, 'prdName') },
  number: text(record, 'applicationNo'),
});

// Not among spec §4.5's keys: the financing qualification (融资资格申请, DOMAIN.md "Financing") needs an approval of its own.
export const processes: readonly ProcessDefinition[] = [
  twoStep('Process_FINANCING_SIGN_UP', { component: TASK_COMPONENT.FINANCING, beyondSpec: true, summary: signUp }),
];
