// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { linear, TASK_COMPONENT, type ProcessDefinition } from '../../workflows/define';
import { money, text } from '../../workflows/summaries';

export const processes: readonly ProcessDefinition[] = [
  linear(
    'Process_BILL_MANAGE',
    [
      ['ModifyStatus', 'modifyStatus'],
      ['Approve', 'approve'],
    ],
    {
      component: TASK_COMPONENT.BILL,
      // What its tasks say: the bill's number, its corporation, period and fee.
      summary: (record) => ({
        key: 'bills:server.summary',
        values: { billNo: text(record, 'billNo'), corpName: text(record, 'corpName'), period: text(record, 'period'), fee: money(record, 'feeAmount') },
        number: text(record, 'billNo'),
      }),
    },
  ),
];
