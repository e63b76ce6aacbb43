import { Spin } from 'antd';
import { useEffect, useLayoutEffect } from 'react';
import type { TaskComponentProps } from '../task-types';

/**
 * The slot while the step's component loads: the actions wait, since the component may show the
 * record they decide on (it reports it itself once it is there); one that shows none frees them.
 */
export function SlotLoading({ reportRecord }: Pick<TaskComponentProps, 'reportRecord'>) {
  // Held before the frame's first paint (a layout effect); freed in the passive phase of the commit that
  // shows the component, just before the component's own effects report its record: no paint between.
  useLayoutEffect(() => reportRecord({ status: 'loading' }), [reportRecord]);
  useEffect(() => () => reportRecord(undefined), [reportRecord]);
  return <Spin />;
}
