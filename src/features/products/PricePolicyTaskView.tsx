/**
 * A price-policy instance in the shared task view (查看): the policy it carries and the bands around
 * it, as its task page (/op/price/config) shows them; without this a link to the instance opened the
 * process header alone.
 */
import { PricePolicyTask } from './PricePolicyTask';
import type { TaskComponentProps } from '../../workflows/task-types';

export default function PricePolicyTaskView({ instance }: TaskComponentProps) {
  return (
    <div data-testid="task-record">
      <PricePolicyTask instanceId={instance.id} />
    </div>
  );
}
