/**
 * A real-name admission instance in the shared task view (查看 from the task lists, 我发起的 and
 * 全部流程): the admission record itself, as its check page shows it. The steps are worked on their
 * own pages (/op/admit/realname/…); without this a link to the instance opened the process header alone.
 */
import { useEffect } from 'react';
import { RealnameDetail } from './RealnameDetail';
import { useRealnameRecord } from './useRealnameRecord';
import type { TaskComponentProps } from '../../workflows/task-types';

export default function RealnameTaskView({ instance, reportRecord }: TaskComponentProps) {
  const { loaded } = useRealnameRecord(instance.businessKey);
  useEffect(() => {
    if (loaded.state === 'loading') reportRecord({ status: 'loading' });
    else if (loaded.state === 'ready') reportRecord({ status: 'ready' });
    else reportRecord(loaded.missing ? { status: 'missing' } : { status: 'failed', message: loaded.message });
  }, [loaded, reportRecord]);
  return (
    <div data-testid="task-record">
      <RealnameDetail loaded={loaded} />
    </div>
  );
}
