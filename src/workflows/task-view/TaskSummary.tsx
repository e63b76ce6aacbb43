/**
 * The generic business summary of an instance: process, step, business key, summary, variables,
 * starter, time and status. The head of every task page; the whole business view of a process that
 * has no task component of its own.
 */
import './locale';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATETIME_FORMAT } from '../../crud/fields';
import { formatDate } from '../../lib/dates';
import { findActivity, findProcessDefinition } from '../registry';
import { INSTANCE_STATUS, TASK_STATUS } from '../states';
import type { WorkflowInstance, WorkflowTask } from '../task-types';

const INSTANCE_COLOR: Record<string, string> = {
  [INSTANCE_STATUS.RUNNING]: 'processing',
  [INSTANCE_STATUS.APPROVED]: 'success',
  [INSTANCE_STATUS.REJECTED]: 'error',
};

/** Display names from the registry in the operator's language, the server's names otherwise. */
export function useProcessNames() {
  const { t } = useTranslation('workflow');
  return {
    processName: (processKey: string, fallback?: string | null) => {
      const definition = findProcessDefinition(processKey);
      return definition ? t(definition.processName) : (fallback ?? processKey);
    },
    stepName: (processKey: string, key: string | null | undefined, fallback?: string | null) => {
      const definition = findProcessDefinition(processKey);
      const activity = definition && key ? findActivity(definition, key) : undefined;
      return activity ? t(activity.label) : (fallback ?? key ?? '');
    },
  };
}

/** `withdrawn`: a REJECTED instance its starter took back reads 已撤回. */
export function InstanceStatusTag({ status, withdrawn = false }: { status: string; withdrawn?: boolean }) {
  const { t } = useTranslation('workflow');
  if (withdrawn) return <Tag color="default">{t('instanceStatus.WITHDRAWN')}</Tag>;
  return <Tag color={INSTANCE_COLOR[status]}>{t(`instanceStatus.${status}`, { defaultValue: status })}</Tag>;
}

export function TaskSummary({ instance, task, activityKey }: { instance: WorkflowInstance; task: WorkflowTask | null; activityKey: string }) {
  const { t } = useTranslation('workflow');
  const names = useProcessNames();
  const definition = findProcessDefinition(instance.processKey);
  const variables = Object.entries(instance.variables ?? {});
  const variableValue = (name: string, value: string) => {
    const declared = definition?.variables?.[name];
    const option = declared?.options[value];
    return { label: declared ? t(declared.label) : name, value: option ? t(option.label) : value };
  };
  // 当前环节 is where the instance stands now, never the step of a task already done (a rejecter's
  // view after 驳回 shows the step it went back to); an ended instance stands nowhere.
  const running = instance.status === INSTANCE_STATUS.RUNNING;
  const openKey = task?.status === TASK_STATUS.TODO ? activityKey : instance.currentActivity;
  const currentStep = running ? names.stepName(instance.processKey, openKey ?? activityKey, instance.currentActivityName) : t('view.ended');
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="task-summary">
      <Descriptions.Item label={t('view.process')}>{names.processName(instance.processKey, instance.processName)}</Descriptions.Item>
      {task && task.status !== TASK_STATUS.TODO && (
        <Descriptions.Item label={t('view.taskStep')}>
          <span data-testid="task-summary-task-step">{names.stepName(instance.processKey, task.taskDefinitionKey, task.taskName)}</span>
          <Tag style={{ marginInlineStart: 8 }}>{t(`taskStatus.${task.status}`, { defaultValue: task.status })}</Tag>
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('view.step')}>
        <span data-testid="task-summary-step">{currentStep}</span>
        {task && task.status === TASK_STATUS.TODO && (
          <Tag style={{ marginInlineStart: 8 }} color="processing">
            {t(`taskStatus.${task.status}`, { defaultValue: task.status })}
          </Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('view.status')}>
        <InstanceStatusTag status={instance.status} />
      </Descriptions.Item>
      {/* The record's own number or name; an instance from before numbers were kept shows none rather than its id. */}
      <Descriptions.Item label={t('view.businessKey')}>
        <span data-testid="task-summary-business-no">{instance.businessNo ?? ''}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('view.starter')}>{instance.startPersonName}</Descriptions.Item>
      <Descriptions.Item label={t('view.startTime')}>{formatDate(instance.createTime, DATETIME_FORMAT)}</Descriptions.Item>
      {instance.summary && (
        <Descriptions.Item label={t('view.summary')} span={3}>
          {instance.summary}
        </Descriptions.Item>
      )}
      {variables.map(([name, value]) => {
        const shown = variableValue(name, value);
        return (
          <Descriptions.Item key={name} label={shown.label}>
            {shown.value}
          </Descriptions.Item>
        );
      })}
    </Descriptions>
  );
}
