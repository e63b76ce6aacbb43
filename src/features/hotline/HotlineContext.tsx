/**
 * The operator's call state on a page with call buttons (spec §6), shared by the button beside a
 * contact and the call bar: read from the server, which moves the call as the call centre reports,
 * polled once a second while a call is open (the message centre's WebSocket is not relied on).
 */
import { App } from 'antd';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CALL_STATE } from '../../lib/hotline';
import { hotlineApi, type HotlineState } from './hotline-api';

const OPEN_CALL_POLL_MS = 1_000;

interface Hotline {
  state: HotlineState | undefined;
  /** Counts the calls this page saw end, so that call logs on it reload. */
  ended: number;
  busy: boolean;
  start(corpId: string): Promise<void>;
  hangUp(): Promise<void>;
  wrapUp(note: string): Promise<void>;
}

const HotlineContext = createContext<Hotline | undefined>(undefined);

export function useHotline(): Hotline | undefined {
  return useContext(HotlineContext);
}

export function HotlineProvider({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
  const [state, setState] = useState<HotlineState>();
  const [ended, setEnded] = useState(0);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => hotlineApi.state().then(setState, () => undefined), []);
  useEffect(() => {
    void refresh();
    // Back on the tab, the state may have moved meanwhile (another tab, the call centre).
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refresh]);
  const open = state !== undefined && state.state !== CALL_STATE.idle;
  useEffect(() => {
    if (!open) return;
    const timer = window.setInterval(() => void refresh(), OPEN_CALL_POLL_MS);
    return () => window.clearInterval(timer);
  }, [open, refresh]);

  const run = useCallback(
    async (action: () => Promise<unknown>, endsCall = false) => {
      setBusy(true);
      try {
        await action();
        if (endsCall) setEnded((n) => n + 1);
      } catch (error) {
        message.error((error as Error).message);
      } finally {
        await refresh();
        setBusy(false);
      }
    },
    [message, refresh],
  );

  const value = useMemo<Hotline>(
    () => ({
      state,
      ended,
      busy,
      start: (corpId) => run(() => hotlineApi.start(corpId), true),
      hangUp: () => run(() => (state?.call ? hotlineApi.hangUp(state.call.id) : Promise.resolve())),
      wrapUp: (note) => run(() => (state?.call ? hotlineApi.wrapUp(state.call.id, note) : Promise.resolve()), true),
    }),
    [state, ended, busy, run],
  );
  return <HotlineContext.Provider value={value}>{children}</HotlineContext.Provider>;
}
