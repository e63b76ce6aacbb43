// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { linear, TASK_COMPONENT, type ProcessDefinition } from '../../workflows/define';
import { money, text, type SummaryRule } from '../../workflows/summaries';

/** A registered redemption: the note, its issuer, the amount, the day paid and the voucher. */
const registration: SummaryRule = (record) => ({
  key: 'redemption:server.registrationSummary',
  values: {
    noteNo: text(record, 'noteNo'),
    issuer: text(record, 'issuerName'),
    amount: money(record, 'amount'),
    paidDate: text(record, 'paidDate'),
    file: text(record, 'fileName'),
  },
  number: text(record, 'noteNo'),
});

export const processes: readonly ProcessDefinition[] = [
  linear(
    'Process_CREDIT_REDEEM_REGISTER_BIZ',
    [
      ['Register', 'edit'],
      ['Approve', 'approve'],
    ],
    { component: TASK_COMPONENT.REDEEM_REGISTRATION, summary: registration },
  ),
];
