/**
 * Credit-note issuance's task page (/op/credit/final-approve/approve, and the hidden routes of
 * Process_CREDIT_ISSUE's steps): the core director's review chooses the final-approval form
 * (finalApproveMode: double-post operator, single-post or double-post director review), and each
 * final approval is signed with an SMS code (registry `sign`); TaskActions asks for both. Below, what
 * the instance is about (src/features/credit-notes/CreditIssueTaskView, which the shared task view
 * shows too): the form, the signature and the batch with its notes, totals, documents and quotas.
 */
import '../../workflows/task-view/locale';
import { ProcessSteps } from '../../workflows/task-view/ProcessSteps';
import { TaskPageFrame } from '../../workflows/task-view/TaskPageFrame';
import { useTaskFromRoute } from '../../workflows/task-view/useTaskFromRoute';
import CreditIssueTaskView from './CreditIssueTaskView';

export default function CreditFinalApprovePage() {
  const loaded = useTaskFromRoute();
  return (
    <TaskPageFrame loaded={loaded}>
      {({ instance, activityKey }) => (
        <>
          <ProcessSteps instance={instance} activityKey={activityKey} />
          <CreditIssueTaskView instance={instance} activityKey={activityKey} />
        </>
      )}
    </TaskPageFrame>
  );
}
