// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { linear, TASK_COMPONENT, twoStep, type ProcessDefinition } from '../../workflows/define';
import { codeLabel, money, text, type SummaryRule } from '../../workflows/summaries';

/** Issuance's application and the ABS package share the document review; each names its own record. */
const creditApplication: SummaryRule = (record) => ({
  key: 'creditNotes:server.applicationSummary',
  values: {
    level: codeLabel(record, 'level', 'creditNotes:level'),
    unit: text(record, 'unitName'),
    payee: text(record, 'payeeName'),
    amount: money(record, 'amount'),
  },
  number: text(record, 'contractNo'),
});

const absPackage: SummaryRule = (record) => ({
  key: 'abs:server.reviewSummary',
  values: { name: text(record, 'packageName'), no: text(record, 'packageNo') },
  number: text(record, 'packageNo'),
});

// A document set's first step is the handler's material review, so neither starts submitted.
export const processes: readonly ProcessDefinition[] = [
  twoStep('PROCESS_CREDIT_CERTIFICATE_CODE', { component: TASK_COMPONENT.DOC_REVIEW, submitsAtStart: false, summary: creditApplication }),
  linear(
    'Process_ABS_CERTIFICATE_CODE',
    [
      ['MaterialReview', 'applyEdit'],
      ['TransferReview', 'applyApprove'],
    ],
    { component: TASK_COMPONENT.DOC_REVIEW, submitsAtStart: false, summary: absPackage },
  ),
];
