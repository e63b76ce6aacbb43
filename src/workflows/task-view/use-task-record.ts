/**
 * How a task component loads the record behind its instance and reports it to the frame: 'loading'
 * first (通过 / 驳回 wait), then 'ready' once shown, or why it cannot be (record-state.ts). An answer
 * that comes back after the key changed or the component left is dropped.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { TaskComponentProps } from '../task-types';
import { recordStateOf } from './record-state';

export interface TaskRecord<T> {
  loaded: T | undefined;
  error: string | undefined;
  /** For a component that saves changes to the record it shows. */
  setLoaded: Dispatch<SetStateAction<T | undefined>>;
}

/** Loads again whenever one of `key`'s values changes (the business key, the instance's status, the step). */
export function useTaskRecord<T>(reportRecord: TaskComponentProps['reportRecord'], load: () => Promise<T>, key: readonly unknown[]): TaskRecord<T> {
  const [loaded, setLoaded] = useState<T>();
  const [error, setError] = useState<string>();
  const keyString = JSON.stringify(key);
  useEffect(() => {
    let live = true;
    reportRecord({ status: 'loading' });
    load().then(
      (found) => {
        if (!live) return;
        setLoaded(found);
        setError(undefined);
        reportRecord({ status: 'ready' });
      },
      (e: unknown) => {
        if (!live) return;
        setError(e instanceof Error ? e.message : String(e));
        reportRecord(recordStateOf(e));
      },
    );
    return () => {
      live = false;
    };
    // `load` is the caller's closure over the values in `key`: read afresh whenever they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyString, reportRecord]);
  return { loaded, error, setLoaded };
}
