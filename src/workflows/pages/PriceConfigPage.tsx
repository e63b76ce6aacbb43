/**
 * The price-policy creation task page (/op/price/config, and the hidden routes of
 * Process_PRICE_CONFIG_CREATE's steps): the handler submits the policy, a director approves it.
 */
import { ProcessSteps } from '../task-view/ProcessSteps';
import { TaskPageFrame } from '../task-view/TaskPageFrame';
import { useTaskFromRoute } from '../task-view/useTaskFromRoute';

export default function PriceConfigPage() {
  const loaded = useTaskFromRoute();
  return <TaskPageFrame loaded={loaded}>{({ instance, activityKey }) => <ProcessSteps instance={instance} activityKey={activityKey} />}</TaskPageFrame>;
}
