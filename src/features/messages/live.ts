/**
 * The browser's side of the message socket: one connection per tab, opened once the shell is up.
 * It authenticates with the session's wsToken as its first frame (a tab other than the one that
 * signed in asks the server for it); a session ended on the server (forced out, disabled) sends
 * every tab to the login page at once with the reason. It reconnects with exponential backoff
 * (1 s doubling to 30 s, with jitter) and, on every `ready` (first connect and each reconnect), asks
 * the server for the unread count and the latest messages, so the bell is right after a reconnect
 * whatever arrived meanwhile. Part of the first load: it uses only what the shell already holds.
 */
import { useSyncExternalStore } from 'react';
import {
  isSessionEndReason,
  MESSAGE_API,
  MESSAGE_SOCKET_PATH,
  MESSAGE_SOCKET_TOKEN_CALL,
  SESSION_END_REASON,
  SOCKET_CLOSE,
  type SocketEvent,
  type SupportMessage,
  type UserMessage,
} from '../../lib/messages';
import i18n from 'i18next';
import { api, sessionEnded } from '../../providers/http';

const RECENT = 8;
/**
 * Where the login's wsToken is kept (src/providers/session.ts, KEYS.wsToken, set on arrival). Read here
 * rather than through a new export of session.ts, which the login page's budget-tight first load holds.
 */
const WS_TOKEN_KEY = 'wsToken';
/**
 * The tab's socket token: the one its sign-in left, else (a second tab of the same browser: session
 * storage is per tab) the session's own, asked of the server once and kept for this tab.
 */
async function wsTokenOfTab(): Promise<string | undefined> {
  const held = sessionStorage.getItem(WS_TOKEN_KEY);
  if (held) return held;
  try {
    const { wsToken } = await api.post<{ wsToken: string }>(MESSAGE_SOCKET_TOKEN_CALL, {}, { silent: true, keepOnNavigate: true });
    sessionStorage.setItem(WS_TOKEN_KEY, wsToken);
    return wsToken;
  } catch {
    return undefined;
  }
}
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

export interface LiveState {
  unread: number;
  recent: readonly UserMessage[];
  /** Whether the socket is authenticated now; false while reconnecting. */
  online: boolean;
}

let state: LiveState = { unread: 0, recent: [], online: false };
const listeners = new Set<() => void>();
const supportListeners = new Set<(conversationId: string, message: SupportMessage) => void>();
let socket: WebSocket | null = null;
let retries = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let stopped = true;
/** Whether the user has the message centre: without it the socket only watches the session. */
let withMessages = true;

function set(next: Partial<LiveState>): void {
  state = { ...state, ...next };
  listeners.forEach((notify) => notify());
}

/** The delay before reconnect attempt n (0-based): doubling from 1 s, at most 30 s, ±20 % jitter. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

async function refresh(): Promise<void> {
  try {
    const page = await api.post<{ records: UserMessage[]; unread: number }>(
      `${MESSAGE_API}/page`,
      { pageSize: RECENT },
      { silent: true, keepOnNavigate: true },
    );
    set({ unread: page.unread, recent: page.records });
  } catch {
    // A hint only: it keeps what it showed and tries again at the next ready.
  }
}

// A language switch: the socket renders what it pushes in the new language, and the recent list is read again in it.
i18n.on('languageChanged', (language: string) => {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'language', language }));
  if (!stopped && withMessages) void refresh();
});

async function connect(): Promise<void> {
  const wsToken = await wsTokenOfTab();
  if (stopped || !wsToken || socket) return;
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${protocol}//${window.location.host}${MESSAGE_SOCKET_PATH}`);
  socket = ws;
  // The tab's language: messages pushed to it are rendered in it (server/messages/hub.ts).
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', wsToken, language: i18n.language }));
  ws.onmessage = (frame) => {
    let event: SocketEvent;
    try {
      event = JSON.parse(String(frame.data)) as SocketEvent;
    } catch {
      return;
    }
    if (event.type === 'ready') {
      retries = 0;
      set({ online: true });
      if (withMessages) void refresh();
    } else if (event.type === 'message') {
      set({
        unread: state.unread + (event.message.readAt ? 0 : 1),
        recent: [event.message, ...state.recent.filter((m) => m.id !== event.message.id)].slice(0, RECENT),
      });
    } else if (event.type === 'support') {
      supportListeners.forEach((listener) => listener(event.conversationId, event.message));
    }
  };
  ws.onclose = (close) => {
    if (socket !== ws) return;
    socket = null;
    set({ online: false });
    // The session is over: every tab of it leaves for the login page now, saying why (not at the next click).
    if (close.code === SOCKET_CLOSE.SESSION_ENDED && !stopped) {
      sessionEnded(isSessionEndReason(close.reason) ? close.reason : SESSION_END_REASON.ENDED);
      return;
    }
    // The token refused: the next signed call brings the login page.
    if (close.code === SOCKET_CLOSE.UNAUTHORIZED) return;
    if (stopped) return;
    retryTimer = setTimeout(() => void connect(), backoffMs(retries++));
  };
}

export const liveMessages = {
  start(options: { withMessages: boolean } = { withMessages: true }): void {
    withMessages = options.withMessages;
    if (!stopped) return;
    stopped = false;
    void connect();
  },
  stop(): void {
    stopped = true;
    clearTimeout(retryTimer);
    socket?.close(1000);
    socket = null;
  },
  refresh,
  /** After the operator marked messages read elsewhere (the page, the drawer). */
  setUnread(unread: number, readIds: readonly string[] = []): void {
    const now = new Date().toISOString();
    set({ unread, recent: state.recent.map((m) => (readIds.includes(m.id) || unread === 0 ? { ...m, readAt: m.readAt ?? now } : m)) });
  },
  /** Hears support messages of the operator's conversations; returns the unsubscribe. */
  onSupport(listener: (conversationId: string, message: SupportMessage) => void): () => void {
    supportListeners.add(listener);
    return () => supportListeners.delete(listener);
  },
};

export function useLiveMessages(): LiveState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
