/**
 * The path of an instance through its process (registry passPath for its variables), the step
 * shown marked: where a task page's step sits, and for issuance which final-approval form follows.
 * While a branch is not chosen yet, the path ends at the step that chooses it.
 */
import './locale';
import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { findProcessDefinition, passPath } from '../registry';
import { INSTANCE_STATUS } from '../states';
import type { WorkflowInstance } from '../task-types';

export function ProcessSteps({ instance, activityKey }: { instance: WorkflowInstance; activityKey: string }) {
  const { t } = useTranslation('workflow');
  const definition = findProcessDefinition(instance.processKey);
  if (!definition) return null;
  const path = passPath(definition, instance.variables ?? {});
  const at = path.indexOf(activityKey);
  const ended = instance.status !== INSTANCE_STATUS.RUNNING;
  const status = instance.status === INSTANCE_STATUS.REJECTED ? 'error' : ended ? 'finish' : 'process';
  return (
    <Steps
      size="small"
      current={ended && instance.status === INSTANCE_STATUS.APPROVED ? path.length : Math.max(at, 0)}
      status={status}
      items={path.map((key) => ({ key, title: t(definition.activities[key].label) }))}
      data-testid="process-steps"
    />
  );
}
