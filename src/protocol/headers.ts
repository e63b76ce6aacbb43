/** Header names and fixed values of PROTOCOL.md §3. */
export const HEADER = {
  nonce: 'X-Nonce',
  timestamp: 'X-Timestamp',
  sessionKey: 'X-Session-Key',
  sign: 'X-Sign',
  sysType: 'X-Sys-Type',
  authToken: 'X-Auth-Token',
  /** Not in PROTOCOL.md §3's table: the standard header, naming the user's language for the server's messages. */
  acceptLanguage: 'Accept-Language',
} as const;

export const SYS_TYPE_OP_WEB = 'OP_WEB';
export const DEFAULT_CSRF_HEADER = 'X-XSRF-TOKEN';
export const CSRF_QUERY_KEY = '_csrf';
export const VRANDOM_QUERY_KEY = 'x-vrandom';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const AUTH_TOKEN_COOKIE = 'Admin-Token';
/**
 * Sent ('1') by the screens' own timers (badge counts, the periodic user refresh): such a call is not
 * the operator's activity, so the server does not count it against the idle timeout (README
 * SESSION_IDLE_MINUTES) nor the browser renew its login marker. Unsigned on purpose: leaving it out
 * only keeps one's own session alive longer, as any real request would.
 */
export const BACKGROUND_CALL_HEADER = 'X-Background-Call';

/** Largest accepted |now - X-Timestamp|. */
export const TIMESTAMP_WINDOW_MS = 300_000;
/** How long a nonce is remembered against replay. */
export const NONCE_TTL_MS = 600_000;
/** Client request timeout (spec §9). */
export const REQUEST_TIMEOUT_MS = 3_000_020;
