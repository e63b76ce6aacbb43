/**
 * 审核初审 and 审核复审 (/op/admit/realname/oapprove, mapprove, and the hidden step routes of
 * Process_CORP_ADMIT, opened with ?taskId=): the application's detail in the shared task frame,
 * whose actions pass or reject it; the initial review's pass is signed with an SMS code (registry `sign`).
 */
import './locale';
import './realname.css';
import { useEffect } from 'react';
import type { TaskComponentProps } from '../../workflows/task-types';
import { TaskPageFrame } from '../../workflows/task-view/TaskPageFrame';
import { useTaskFromRoute } from '../../workflows/task-view/useTaskFromRoute';
import { RealnameDetail } from './RealnameDetail';
import { useRealnameRecord } from './useRealnameRecord';

function ReviewedRecord({ id, reportRecord }: { id: string; reportRecord: TaskComponentProps['reportRecord'] }) {
  const { loaded } = useRealnameRecord(id);
  useEffect(() => {
    if (loaded.state === 'ready') reportRecord({ status: 'ready' });
    else if (loaded.state === 'loading') reportRecord({ status: 'loading' });
    else reportRecord(loaded.missing ? { status: 'missing' } : { status: 'failed', message: loaded.message });
  }, [loaded, reportRecord]);
  return <RealnameDetail loaded={loaded} />;
}

export default function RealnameReviewPage() {
  const loaded = useTaskFromRoute();
  return (
    <TaskPageFrame loaded={loaded}>
      {/* Keyed by the step: a completion moves the record's status, so it is read again. */}
      {({ instance, reportRecord }) => (
        <ReviewedRecord key={`${instance.status}:${instance.currentActivity ?? ''}`} id={instance.businessKey} reportRecord={reportRecord} />
      )}
    </TaskPageFrame>
  );
}
