/**
 * The frame of every task page (page-type processes' pages and the shared task view): the
 * process, step and summary of the instance, a business slot, the history timeline and, for who
 * may work the task now, the pass / reject actions.
 *
 *   export default function MyTaskPage() {
 *     const loaded = useTaskFromRoute();              // ?taskId=… | ?instanceId=… | ?businessKey=…
 *     return (
 *       <TaskPageFrame loaded={loaded}>
 *         {({ instance, working, registerBeforeComplete }) => <MyRecord id={instance.businessKey} editable={working} onSave={registerBeforeComplete} />}
 *       </TaskPageFrame>
 *     );
 *   }
 *
 * The slot is a node or a function of TaskComponentProps (src/workflows/task-components.ts); hooks
 * registered with `registerBeforeComplete` (and the `beforeComplete` prop) run before completing,
 * and one that throws stops it with its message. After a completion the frame reloads the task
 * (it is done now, so the actions go) and the history, then calls `onCompleted`.
 *
 * A slot that shows the business record reports it with `reportRecord` (RecordState): until the
 * record is ready 通过 and 驳回 stay disabled, and a record that is missing or failed to load is
 * said so above the actions, so no one approves what they cannot see.
 */
import './locale';
import { Alert, Card, Result, Spin } from 'antd';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TASK_TODO_PATH } from '../../routes/static-routes';
import type { BeforeComplete, RecordState, TaskComponentProps } from '../task-types';
import { HistoryTimeline } from './HistoryTimeline';
import { NotWorkable } from './NotWorkable';
import { TaskActions, type CompletedResult } from './TaskActions';
import { TaskSummary, useProcessNames } from './TaskSummary';
import type { useTaskFromRoute } from './useTaskFromRoute';
import '../../crud/kit.css';
import './task-view.css';

export interface TaskPageFrameProps {
  loaded: ReturnType<typeof useTaskFromRoute>;
  children?: ReactNode | ((props: TaskComponentProps) => ReactNode);
  beforeComplete?: readonly BeforeComplete[];
  onCompleted?: (result: CompletedResult) => void;
}

export function TaskPageFrame({ loaded, children, beforeComplete, onCompleted }: TaskPageFrameProps) {
  const { t } = useTranslation('workflow');
  const names = useProcessNames();
  const registered = useRef(new Set<BeforeComplete>());
  const [completions, setCompletions] = useState(0);
  const registerBeforeComplete = useCallback((fn: BeforeComplete) => {
    registered.current.add(fn);
    return () => void registered.current.delete(fn);
  }, []);
  const hooks = useCallback(() => [...(beforeComplete ?? []), ...registered.current], [beforeComplete]);
  // undefined: the slot reports nothing (it shows no record), so the actions are not held back.
  const [record, setRecord] = useState<RecordState>();
  const reportRecord = useCallback((state: RecordState | undefined) => setRecord(state), []);
  const { reload } = loaded;
  const completed = useCallback(
    (result: CompletedResult) => {
      setCompletions((n) => n + 1);
      reload();
      onCompleted?.(result);
    },
    [reload, onCompleted],
  );

  if (loaded.status === 'loading') {
    return (
      <div className="page-loading">
        <Spin />
      </div>
    );
  }
  if (loaded.status === 'error') return <Alert type="error" showIcon message={loaded.message} />;
  if (loaded.status === 'missing') return <Result status="404" title={t('view.missing')} />;
  if (loaded.status === 'none') return <Result status="info" title={t('view.noTask')} extra={<Link to={TASK_TODO_PATH}>{t('view.toTodo')}</Link>} />;

  const { instance, task, activityKey, working, readonly } = loaded;
  const slotProps: TaskComponentProps = { instance, activityKey, task: working ? task : null, working, registerBeforeComplete, reportRecord };
  const recordProblem =
    record?.status === 'missing' ? t('view.recordMissing') : record?.status === 'failed' ? t('view.recordFailed', { message: record.message }) : undefined;
  const slot = typeof children === 'function' ? children(slotProps) : children;

  return (
    <div className="kit-page task-page" data-testid="task-page">
      <Card
        size="small"
        title={`${names.processName(instance.processKey, instance.processName)} · ${names.stepName(instance.processKey, activityKey, task?.taskName)}`}
      >
        <TaskSummary instance={instance} task={task} activityKey={activityKey} />
      </Card>
      {!working && !readonly && task && <NotWorkable task={task} />}
      {recordProblem && <Alert type="warning" showIcon message={recordProblem} data-testid="task-record-problem" />}
      {slot && (
        <Card size="small" title={t('view.business')}>
          {slot}
        </Card>
      )}
      <Card size="small" title={t('view.history')}>
        <HistoryTimeline instanceId={instance.id} reloadKey={completions} />
      </Card>
      {working && task && (
        <Card size="small" title={t('view.actions')}>
          <TaskActions
            task={task}
            instance={instance}
            beforeComplete={hooks}
            onCompleted={completed}
            disabled={record !== undefined && record.status !== 'ready'}
          />
        </Card>
      )}
    </div>
  );
}
