// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import {
  activityLabel,
  CREDIT_FINAL_APPROVE_URL,
  FINAL_APPROVE_MODE,
  GIVEN_AT_START,
  processName,
  TASK_COMPONENT,
  type ProcessDefinition,
} from '../../workflows/define';
import { money, text } from '../../workflows/summaries';

const creditIssue: ProcessDefinition = {
  processKey: 'Process_CREDIT_ISSUE',
  processName: processName('Process_CREDIT_ISSUE'),
  type: 'page',
  url: CREDIT_FINAL_APPROVE_URL,
  // Worked on its page; viewed (查看 from the task lists) in the shared task view through this component.
  component: TASK_COMPONENT.CREDIT_ISSUE,
  // What its tasks say: the batch's number, how many notes and their sum.
  summary: (record) => ({
    key: 'creditNotes:server.batchSummary',
    values: { batchNo: text(record, 'batchNo'), count: text(record, 'count'), amount: money(record, 'amount') },
    number: text(record, 'batchNo'),
  }),
  startActivity: 'Submit',
  activities: {
    Submit: { label: activityLabel('Submit'), type: 'edit', next: 'CoreDirectorReview' },
    CoreDirectorReview: { label: activityLabel('CoreDirectorReview'), type: 'approve', next: { variable: FINAL_APPROVE_MODE.variable } },
    // The operator of a double-post final approval reviews in the handler's role; the director post in the director's.
    FinalOperatorReview: { label: activityLabel('FinalOperatorReview'), type: 'EDIT', sign: true, next: null },
    FinalSingleReview: { label: activityLabel('FinalSingleReview'), type: 'APPROVE', sign: true, next: null },
    FinalDirectorReview: { label: activityLabel('FinalDirectorReview'), type: 'APPROVE', sign: true, next: null },
  },
  variables: {
    [FINAL_APPROVE_MODE.variable]: {
      label: 'workflow:variable.finalApproveMode.label',
      options: {
        [FINAL_APPROVE_MODE.DOUBLE_OPERATOR]: { label: 'workflow:variable.finalApproveMode.DOUBLE_OPERATOR', activity: 'FinalOperatorReview' },
        [FINAL_APPROVE_MODE.SINGLE]: { label: 'workflow:variable.finalApproveMode.SINGLE', activity: 'FinalSingleReview' },
        [FINAL_APPROVE_MODE.DOUBLE_DIRECTOR]: { label: 'workflow:variable.finalApproveMode.DOUBLE_DIRECTOR', activity: 'FinalDirectorReview' },
      },
      givenAt: [GIVEN_AT_START, 'CoreDirectorReview'],
    },
  },
};

export const processes: readonly ProcessDefinition[] = [creditIssue];
