// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { linear, TASK_COMPONENT, twoStep, type ProcessDefinition } from '../../workflows/define';
import { codeLabel, text, type SummaryRule } from '../../workflows/summaries';

/** A certificate's issue, renewal or reopening: its kind and holder. */
const certificate: SummaryRule = (record) => ({
  key: 'server:cert.summary',
  values: { kind: codeLabel(record, 'kind', 'server:cert.kind'), holder: text(record, 'holderCorpName') },
  number: text(record, 'holderCorpName'),
});

export const processes: readonly ProcessDefinition[] = [
  twoStep('Process_AUTH_SOFT_CA_CREATE', { component: TASK_COMPONENT.CERTIFICATE, summary: certificate }),
  twoStep('Process_AUTH_SOFT_CA_RENEWAL', { component: TASK_COMPONENT.CERTIFICATE, summary: certificate }),
  linear(
    'Process_AUTH_SOFT_CA_REOPEN',
    [
      ['ReopenEdit', 'reopenEdit'],
      ['ReopenApprove', 'reopenApprove'],
    ],
    { component: TASK_COMPONENT.CERTIFICATE, summary: certificate },
  ),
];
