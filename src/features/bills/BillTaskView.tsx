/**
 * The task component of Process_BILL_MANAGE (TASK_COMPONENT.BILL): the bill behind the instance
 * (its businessKey) with its basis and computation, so the director approves the figures they see.
 * The bill's status changes only when the instance ends (server/bills/service.ts).
 */
import { Alert, Spin } from 'antd';
import type { TaskComponentProps } from '../../workflows/task-types';
import { BillSummary } from './BillSummary';
import { useTaskRecord } from '../../workflows/task-view/use-task-record';
import { billsApi } from './bills-api';

export default function BillTaskView({ instance, activityKey, reportRecord }: TaskComponentProps) {
  // The actions wait until the bill is shown.
  const { loaded: detail, error } = useTaskRecord(reportRecord, () => billsApi.find({ id: instance.businessKey }), [
    instance.businessKey,
    instance.status,
    activityKey,
  ]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!detail) return <Spin />;
  return (
    <div data-testid="bill-task-view">
      <BillSummary detail={detail} />
    </div>
  );
}
