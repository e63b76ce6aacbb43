// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { TASK_COMPONENT, twoStep, type ProcessDefinition } from '../../workflows/define';
import { codeLabel, money, text, type SummaryRule } from '../../workflows/summaries';

/** A request or dispatch: its type and kind, the unit and the amount. */
const quota: SummaryRule = (record) => ({
  key: 'quotas:server.summary',
  values: {
    type: codeLabel(record, 'type', 'quotas:requestType'),
    kind: codeLabel(record, 'kind', 'quotas:kind'),
    unit: text(record, 'unitName'),
    amount: money(record, 'amount'),
  },
  number: text(record, 'unitName'),
});

// Every quota request and dispatch is a two-step approval worked in the quota task view.
export const processes: readonly ProcessDefinition[] = [
  'Process_TRI_LMT_APPLY_AUDIT',
  'Process_TRI_LMT_APPLY_MODIFY_AUDIT',
  'PROCESS_TRI_LMT_FIN_APPLY_AUDIT',
  'PROCESS_TRI_LMT_FIN_APPLY_MODIFY_AUDIT',
  'Process_LMT_APPLY_AUDIT',
  'Process_LMT_APPLY_MODIFY_AUDIT',
  'Process_LMT_DISPATCH_AUDIT',
  'Process_LMT_AFRESH_DISPATCH_AUDIT',
  'PROCESS_LMT_FIN_APPLY_AUDIT',
  'PROCESS_LMT_FIN_APPLY_MODIFY_AUDIT',
  'Process_LMT_FINANCE_DISPATCH_AUDIT',
  'Process_LMT_AFRESH_FINANCE_DISPATCH_AUDIT',
].map((processKey) => twoStep(processKey, { component: TASK_COMPONENT.QUOTA, summary: quota }));
