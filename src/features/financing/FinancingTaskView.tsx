/**
 * The task component of Process_FINANCING_SIGN_UP (TASK_COMPONENT.FINANCING): the application
 * behind the instance (its businessKey) on the signing steps, and its materials; at the director's
 * Approve step the worker gives each file its verdict here. The server refuses the pass while a
 * file waits or did not pass, and says which.
 */
import { Alert, Space, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { TaskComponentProps } from '../../workflows/task-types';
import { ApplicationSummary } from './ApplicationSummary';
import { financingApi, messageOf, type ApplicationDetail } from './financing-api';
import { MaterialsPanel } from './MaterialsPanel';
import { SigningSteps } from './SigningSteps';

export default function FinancingTaskView({ instance, activityKey, working, reportRecord }: TaskComponentProps) {
  const [detail, setDetail] = useState<ApplicationDetail>();
  const [error, setError] = useState<string>();

  const reload = useCallback(() => {
    // The actions wait until the application is shown.
    reportRecord({ status: 'loading' });
    financingApi.find(instance.businessKey).then(
      (found) => {
        setDetail(found);
        reportRecord({ status: 'ready' });
      },
      (e: unknown) => {
        setError(messageOf(e));
        reportRecord({ status: 'failed', message: messageOf(e) });
      },
    );
  }, [instance.businessKey, reportRecord]);
  useEffect(reload, [reload, instance.status, activityKey]);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!detail) return <Spin />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="financing-task-view">
      <SigningSteps status={detail.application.status} size="small" />
      <ApplicationSummary application={detail.application} />
      <MaterialsPanel materials={detail.materials} reviewing={working && activityKey === 'Approve'} onChanged={reload} />
    </Space>
  );
}
