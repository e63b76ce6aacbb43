/**
 * The session values of spec §3 and where they live: the auth token in the Admin-Token cookie,
 * the session key, public key and CSRF info in session storage, the login URL in local storage
 * (it must outlive the session it leads back to).
 */
// The modules themselves, not the barrel: main.tsx imports this file, and the barrel would put the
// RSA and DES code (jsencrypt, crypto-js) into the first script every page evaluates.
import { AUTH_TOKEN_COOKIE, CSRF_COOKIE } from '../protocol/headers';
import type { CsrfInfo } from '../protocol/request';
import { readCookie, readCookies, removeCookie, writeCookie } from './cookies';

export const DEFAULT_LOGIN_URL = '/login/op';
/** Login-marker cookie lifetime (spec §9); renewed by answered requests (at most once a minute, renewAuthToken), so it measures idleness. */
const LOGIN_MARKER_SECONDS = 30 * 60;

const KEYS = {
  sessionKey: 'sessionKey',
  encryptedSessionKey: 'encryptedSessionKey',
  publicKey: 'publicKey',
  csrf: 'csrf',
  wsToken: 'wsToken',
  loginUrl: 'loginUrl',
} as const;

export function getAuthToken(): string | undefined {
  return readCookie(AUTH_TOKEN_COOKIE) || undefined;
}

/** The auth token and the XSRF-TOKEN cookie, read together: every request sends both. */
export function readSessionCookies(): { authToken?: string; csrfCookie?: string } {
  const found = readCookies([AUTH_TOKEN_COOKIE, CSRF_COOKIE]);
  return { authToken: found[AUTH_TOKEN_COOKIE] || undefined, csrfCookie: found[CSRF_COOKIE] || undefined };
}

/**
 * The marker is rewritten at most this often: a burst of answers (a page's first requests) is one
 * cookie write, and idleness is still measured to the minute.
 */
const RENEW_EVERY_MS = 60_000;
let lastWritten = 0;

export function setAuthToken(token: string, now = Date.now()): void {
  writeCookie(AUTH_TOKEN_COOKIE, token, LOGIN_MARKER_SECONDS);
  lastWritten = now;
}

export function renewAuthToken(now = Date.now()): void {
  if (now - lastWritten < RENEW_EVERY_MS) return;
  const token = getAuthToken();
  if (token) setAuthToken(token, now);
}

export interface SessionKeys {
  sessionKey: string;
  encryptedSessionKey: string;
  publicKey: string;
}

export function getSessionKeys(): SessionKeys | undefined {
  const sessionKey = sessionStorage.getItem(KEYS.sessionKey);
  const encryptedSessionKey = sessionStorage.getItem(KEYS.encryptedSessionKey);
  const publicKey = sessionStorage.getItem(KEYS.publicKey);
  return sessionKey && encryptedSessionKey && publicKey ? { sessionKey, encryptedSessionKey, publicKey } : undefined;
}

export function setSessionKeys(keys: SessionKeys): void {
  sessionStorage.setItem(KEYS.sessionKey, keys.sessionKey);
  sessionStorage.setItem(KEYS.encryptedSessionKey, keys.encryptedSessionKey);
  sessionStorage.setItem(KEYS.publicKey, keys.publicKey);
}

export function getCsrf(): CsrfInfo | undefined {
  const raw = sessionStorage.getItem(KEYS.csrf);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as CsrfInfo;
    return parsed.headerName && parsed.token ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function setCsrf(csrf: CsrfInfo): void {
  sessionStorage.setItem(KEYS.csrf, JSON.stringify(csrf));
}

export function setWsToken(token: string): void {
  sessionStorage.setItem(KEYS.wsToken, token);
}

/** Only same-origin paths are accepted, so a crafted link cannot send operators to another site. */
export function isSafeLoginUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');
}

export function getLoginUrl(): string {
  const stored = localStorage.getItem(KEYS.loginUrl);
  return stored && isSafeLoginUrl(stored) ? stored : DEFAULT_LOGIN_URL;
}

export function setLoginUrl(url: string): void {
  if (isSafeLoginUrl(url)) localStorage.setItem(KEYS.loginUrl, url);
}

/** Logout (spec 4.1): the token, CSRF cookie and session storage go; the login URL stays. */
/** Where the form drafts kept across a session's expiry lie (encrypted; src/components/form-guard). */
export const FORM_DRAFTS_KEY = 'form-drafts';

export function clearSession(): void {
  removeCookie(AUTH_TOKEN_COOKIE);
  removeCookie(CSRF_COOKIE);
  sessionStorage.clear();
}

/**
 * Arrival from the login system (spec 2.1, 4.1): authToken, wsToken and loginUrl in the query are
 * stored and then removed from the address bar. Returns the cleaned URL when there was an arrival.
 */
export function takeArrivalParams(href: string): string | undefined {
  const url = new URL(href);
  const authToken = url.searchParams.get('authToken');
  if (!authToken) return undefined;
  const keys = getSessionKeys();
  // Forms kept when the last session expired wait for this sign-in (src/components/form-guard).
  const drafts = sessionStorage.getItem(FORM_DRAFTS_KEY);
  sessionStorage.clear();
  // A new sign-in keeps this tab's session key (the login page made it) but never an older CSRF token.
  if (keys) setSessionKeys(keys);
  if (drafts) sessionStorage.setItem(FORM_DRAFTS_KEY, drafts);
  setAuthToken(authToken);
  const wsToken = url.searchParams.get('wsToken');
  if (wsToken) setWsToken(wsToken);
  const loginUrl = url.searchParams.get('loginUrl');
  if (loginUrl) setLoginUrl(loginUrl);
  for (const key of ['authToken', 'wsToken', 'loginUrl']) url.searchParams.delete(key);
  return `${url.pathname}${url.search}${url.hash}`;
}
