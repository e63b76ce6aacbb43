/**
 * The task component of Process_BILL_MANAGE (TASK_COMPONENT.BILL): the bill behind the instance
 * (its businessKey) with its basis and computation, so the director approves the figures they see.
 * The bill's status changes only when the instance ends (server/bills/service.ts).
 */
import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { TaskComponentProps } from '../../workflows/task-types';
import { BillSummary } from './BillSummary';
import { billsApi, messageOf, type BillDetail } from './bills-api';

export default function BillTaskView({ instance, activityKey, reportRecord }: TaskComponentProps) {
  const [detail, setDetail] = useState<BillDetail>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    // The actions wait until the bill is shown.
    reportRecord({ status: 'loading' });
    billsApi.find({ id: instance.businessKey }).then(
      (found) => {
        setDetail(found);
        reportRecord({ status: 'ready' });
      },
      (e: unknown) => {
        setError(messageOf(e));
        reportRecord({ status: 'failed', message: messageOf(e) });
      },
    );
  }, [instance.businessKey, instance.status, activityKey, reportRecord]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!detail) return <Spin />;
  return (
    <div data-testid="bill-task-view">
      <BillSummary detail={detail} />
    </div>
  );
}
