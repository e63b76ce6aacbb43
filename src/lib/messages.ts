/**
 * The message centre and online support on the wire (issue 21), shared by the server and the
 * screens. Kept free of imports: the navbar's bell reads it on the first load.
 */

/** The WebSocket, on the server's own port (outside the signed /api/web calls: a socket is not a signed request). */
export const MESSAGE_SOCKET_PATH = '/api/ws/messages';

/** Close codes the socket ends with; the client stops reconnecting on these until the next sign-in. */
export const SOCKET_CLOSE = {
  /** No, a wrong or an ended wsToken. */
  UNAUTHORIZED: 4401,
  /** The session ended while the socket was open (logout, forced logout). */
  SESSION_ENDED: 4001,
} as const;

/**
 * Why a session ended, sent as the reason of the SESSION_ENDED close: every tab of the session then
 * goes to the login page at once, which says why (auth:login.ended.<reason>). ENDED: no reason told.
 */
export const SESSION_END_REASON = {
  FORCED: 'FORCED',
  LOGOUT: 'LOGOUT',
  DISABLED: 'DISABLED',
  PASSWORD_RESET: 'PASSWORD_RESET',
  PASSWORD_CHANGED: 'PASSWORD_CHANGED',
  /** Idle past the server's timeout (README SESSION_IDLE_MINUTES). */
  TIMEOUT: 'TIMEOUT',
  ENDED: 'ENDED',
} as const;
export type SessionEndReason = (typeof SESSION_END_REASON)[keyof typeof SESSION_END_REASON];
export const isSessionEndReason = (value: string): value is SessionEndReason => Object.hasOwn(SESSION_END_REASON, value);
/** The login page's query parameter that carries it. */
export const SESSION_END_PARAM = 'ended';
/** The database channel the server announces ends on (payload `<tokenHash>:<reason>`). */
export const SESSION_END_CHANNEL = 'session_ended';

export const SOCKET_AUTH_TIMEOUT_MS = 5_000;

export const MESSAGE_KIND = {
  TASK_ARRIVED: 'TASK_ARRIVED',
  INSTANCE_APPROVED: 'INSTANCE_APPROVED',
  INSTANCE_REJECTED: 'INSTANCE_REJECTED',
  SUPPORT_MESSAGE: 'SUPPORT_MESSAGE',
} as const;
export type MessageKind = (typeof MESSAGE_KIND)[keyof typeof MESSAGE_KIND];

export interface UserMessage {
  id: string;
  kind: MessageKind;
  title: string;
  body: string;
  link: string | null;
  subjectId: string | null;
  readAt: string | null;
  createTime: string;
  /** The values within title and body that are record data or people's words (names, numbers), shown as typed, not as the interface's words. */
  values?: string[];
}

export interface SupportMessage {
  id: string;
  conversationId: string;
  author: 'CORPORATE' | 'OPERATOR';
  authorName: string;
  body: string;
  createTime: string;
}

/** What the server pushes. `ready` follows a successful auth: the client re-reads its count then. */
export type SocketEvent = { type: 'ready' } | { type: 'message'; message: UserMessage } | { type: 'support'; conversationId: string; message: SupportMessage };

export const MESSAGE_API = '/op/v1/messages';
/** The session's socket token, for a tab other than the one that signed in. */
export const MESSAGE_SOCKET_TOKEN_CALL = `${MESSAGE_API}/socket-token`;
export const SUPPORT_API = '/op/v1/support';
/** The corporate side's calls (not the operators'): a separate route with its own key, README "Online support". */
export const CORPORATE_SUPPORT_API = '/api/corporate/v1/support';
export const CORPORATE_KEY_HEADER = 'x-corporate-key';

export const SUPPORT_STATUS = { OPEN: 'OPEN', TAKEN: 'TAKEN', CLOSED: 'CLOSED' } as const;
export type SupportStatus = (typeof SUPPORT_STATUS)[keyof typeof SUPPORT_STATUS];
/** The operator page's three boxes. */
export const SUPPORT_BOXES = ['queue', 'mine', 'closed'] as const;
export type SupportBox = (typeof SUPPORT_BOXES)[number];

export interface SupportConversation {
  id: string;
  corpName: string;
  contactName: string;
  subject: string;
  status: SupportStatus;
  operatorId: string | null;
  operatorName: string | null;
  takenAt: string | null;
  closedAt: string | null;
  lastMessageAt: string;
  dataVersion: number;
  createTime: string;
}

export const MAX_SUPPORT_TEXT = 2000;
export const MESSAGE_CENTER_PATH = '/op/message-center/messages';
export const SUPPORT_PATH = '/op/message-center/support';
