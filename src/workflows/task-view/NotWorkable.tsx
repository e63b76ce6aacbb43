/**
 * Where the pass / reject panel would be, for a reader who may not work the open task: why not, from
 * the server's `unworkableReason` (maker-checker, four-eyes, another's claim, another role's step).
 * Readers who work no task at all (an auditor) and finished tasks get nothing: there is nothing to explain.
 */
import './locale';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { TASK_STATUS } from '../states';
import type { WorkflowTask } from '../task-components';
import { UNWORKABLE_REASON, type UnworkableReason } from '../unworkable';

const EXPLAINED: readonly UnworkableReason[] = [UNWORKABLE_REASON.makerChecker, UNWORKABLE_REASON.fourEyes, UNWORKABLE_REASON.claimed, UNWORKABLE_REASON.role];

export function NotWorkable({ task }: { task: WorkflowTask & { unworkableReason?: UnworkableReason | null } }) {
  const { t } = useTranslation('workflow');
  const reason = task.unworkableReason;
  if (task.status !== TASK_STATUS.TODO || !reason || !EXPLAINED.includes(reason)) return null;
  const text = t(`actions.notWorkable.${reason}`, { personName: task.assigneeName ?? '', role: t(`workingRole.${task.workingRole}`) });
  return <Alert type="warning" showIcon message={text} style={{ marginBottom: 12 }} data-testid="task-not-workable" data-reason={reason} />;
}
