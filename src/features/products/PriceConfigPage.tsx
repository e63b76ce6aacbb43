/**
 * The price-policy creation task page (/op/price/config, and the hidden routes of
 * Process_PRICE_CONFIG_CREATE's steps): the handler submits the policy, a director approves it. The
 * policy and the bands around it come from the products area, loaded with the page.
 */
import { lazy, Suspense } from 'react';
import { Card } from 'antd';
import { ProcessSteps } from '../../workflows/task-view/ProcessSteps';
import { TaskPageFrame } from '../../workflows/task-view/TaskPageFrame';
import { useTaskFromRoute } from '../../workflows/task-view/useTaskFromRoute';

const PricePolicyTask = lazy(() => import('./PricePolicyTask'));

export default function PriceConfigPage() {
  const loaded = useTaskFromRoute();
  return (
    <TaskPageFrame loaded={loaded}>
      {({ instance, activityKey }) => (
        <>
          <ProcessSteps instance={instance} activityKey={activityKey} />
          <Suspense fallback={<Card loading />}>
            <PricePolicyTask instanceId={instance.id} />
          </Suspense>
        </>
      )}
    </TaskPageFrame>
  );
}
