// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { linear, TASK_COMPONENT, type ProcessDefinition } from '../../workflows/define';
import { text } from '../../workflows/summaries';

const REALNAME_CHECK = '/op/admit/realname/check';

export const processes: readonly ProcessDefinition[] = [
  linear(
    'Process_CORP_ADMIT',
    [
      ['Submit', 'edit', { url: '/op/admit/realname/add', detailPageUrl: REALNAME_CHECK }],
      ['InitialReview', 'approve', { url: '/op/admit/realname/oapprove', detailPageUrl: REALNAME_CHECK, sign: true }],
      ['SecondReview', 'approve', { url: '/op/admit/realname/mapprove', detailPageUrl: REALNAME_CHECK }],
    ],
    {
      type: 'page',
      url: REALNAME_CHECK,
      component: TASK_COMPONENT.REALNAME,
      summary: (record) => ({ key: 'workflow:summary.realname', values: { corp: text(record, 'corpName') }, number: text(record, 'corpName') }),
    },
  ),
];
