/**
 * 审核初审 and 审核复审 (/op/admit/realname/oapprove, mapprove, and the hidden step routes of
 * Process_CORP_ADMIT, opened with ?taskId=): the application's detail in the shared task frame,
 * whose actions pass or reject it; the initial review's pass is signed with an SMS code (registry `sign`).
 */
import './locale';
import './realname.css';
import { TaskPageFrame } from '../../workflows/task-view/TaskPageFrame';
import { useTaskFromRoute } from '../../workflows/task-view/useTaskFromRoute';
import { RealnameDetail } from './RealnameDetail';
import { useRealnameRecord } from './useRealnameRecord';

function ReviewedRecord({ id }: { id: string }) {
  const { loaded } = useRealnameRecord(id);
  return <RealnameDetail loaded={loaded} />;
}

export default function RealnameReviewPage() {
  const loaded = useTaskFromRoute();
  return (
    <TaskPageFrame loaded={loaded}>
      {/* Keyed by the step: a completion moves the record's status, so it is read again. */}
      {({ instance }) => <ReviewedRecord key={`${instance.status}:${instance.currentActivity ?? ''}`} id={instance.businessKey} />}
    </TaskPageFrame>
  );
}
