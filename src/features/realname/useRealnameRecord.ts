import { useCallback, useEffect, useState } from 'react';
import type { RealnameRecord } from '../../lib/realname';
import { recordStateOf } from '../../workflows/task-view/record-state';
import { realnameApi } from './realname-api';

/** `missing`: the record does not exist (NOT_FOUND), as opposed to failing to load. */
export type LoadedRecord = { state: 'loading' } | { state: 'failed'; message: string; missing: boolean } | { state: 'ready'; record: RealnameRecord };

/** Loads a record by id (none: nothing to load) and again on reload(). */
export function useRealnameRecord(id: string | undefined | null) {
  const [loaded, setLoaded] = useState<LoadedRecord>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!id) return;
    let live = true;
    setLoaded({ state: 'loading' });
    realnameApi.find(id).then(
      (record) => live && setLoaded({ state: 'ready', record }),
      (error: unknown) =>
        live &&
        setLoaded({ state: 'failed', message: error instanceof Error ? error.message : String(error), missing: recordStateOf(error).status === 'missing' }),
    );
    return () => {
      live = false;
    };
  }, [id, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { loaded, reload };
}
