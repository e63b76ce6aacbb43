/**
 * Refine's authProvider over the session lifecycle of spec 4.1. It translates contracts only:
 * signing is in src/protocol, transport in ./http, storage in ./session.
 */
import type { AuthProvider } from '@refinedev/core';
import i18n from 'i18next';
import { createSessionKey, type LoginResult, type TokenResult } from '../protocol';
import { api, ApiError, onUnauthorized } from './http';
import { notifier } from './http/notify';
import { clearSession, FORM_DRAFTS_KEY, getAuthToken, getCsrf, getLoginUrl, getSessionKeys, setCsrf, setSessionKeys, type SessionKeys } from './session';
import { loadUserInfo, userStore } from './user';
import { sealDraftsNow } from '../components/form-guard/guarded-forms';
import { SESSION_END_PARAM } from '../lib/messages';

/**
 * The RSA code (jsencrypt) is needed only to sign in and to send a secret, never to show a page: it
 * loads on first use (the login form asks for it at the first keystroke).
 */
export const loadRsa = () => import('../protocol/rsa');

/** Fetches the server's public key and makes this tab's session key, once per tab. */
export async function ensureSessionKeys(): Promise<SessionKeys> {
  const existing = getSessionKeys();
  if (existing) return existing;
  const { publicKey } = await api.post<{ publicKey: string }>('/uaa/v1/security/public-keys', undefined, { keepOnNavigate: true });
  const sessionKey = createSessionKey();
  const { rsaEncrypt } = await loadRsa();
  const keys = { sessionKey, publicKey, encryptedSessionKey: rsaEncrypt(sessionKey, publicKey) };
  setSessionKeys(keys);
  return keys;
}

export async function encryptWithPublicKey(plain: string): Promise<string> {
  const { publicKey } = await ensureSessionKeys();
  const { rsaEncrypt } = await loadRsa();
  return rsaEncrypt(plain, publicKey);
}

async function ensureCsrf(): Promise<void> {
  if (getCsrf()) return;
  const result = await api.post<TokenResult>('/uaa/v1/security/token', undefined, { keepOnNavigate: true });
  setCsrf(result.csrf);
}

/**
 * Runs a call that ends this user's sessions on purpose (the password change): meanwhile the end the
 * message socket reports is this tab's own doing, not news to leave the page for; the page says what
 * happened itself. A refused call leaves the tab as it was.
 */
export async function endingSessionHere<T>(call: () => Promise<T>): Promise<T> {
  expectingEnd = true;
  try {
    return await call();
  } finally {
    expectingEnd = false;
  }
}
let expectingEnd = false;

/**
 * Forgets the session in this browser only, for when the server has ended it already (a password
 * change ends every session of the user). Returns the login URL to go to.
 */
export function forgetSession(): string {
  signingOut = true;
  const loginUrl = getLoginUrl();
  clearSession();
  return loginUrl;
}

/** Clears the session but, after an expiry, not the sealed form drafts waiting for the next sign-in. */
function clearSessionKeepingDrafts(): void {
  clearSession();
  if (sealedDrafts) sessionStorage.setItem(FORM_DRAFTS_KEY, sealedDrafts);
}

/** Ends the session here and on the server; the server call is best-effort (it may be gone already). */
export async function endSession(): Promise<string> {
  // This tab's own logout: the socket's close that follows is not news to tell it.
  signingOut = true;
  const loginUrl = getLoginUrl();
  if (getAuthToken()) {
    await api.post('/uaa/logout', undefined, { keepOnNavigate: true, silent: true }).catch(() => undefined);
  }
  clearSessionKeepingDrafts();
  userStore.set(undefined);
  return loginUrl;
}

function goToLogin(loginUrl: string): void {
  window.location.assign(loginUrl);
}

// A 401 anywhere (spec 4.1.7): the session is over; go to the stored login address.
// Forms with unsaved changes are sealed first and kept in the tab, to be offered back after signing in.
let signingOut = false;
/** Kept across every clearing of the session until the tab has gone to sign in. */
let sealedDrafts: string | undefined;
onUnauthorized((reason) => {
  // Several calls may fail at once: the first one's handling is the one that counts.
  if (signingOut || (reason && expectingEnd)) return;
  signingOut = true;
  const loginUrl = getLoginUrl();
  sealedDrafts = sealDraftsNow(userStore.get()?.personId, `${window.location.pathname}${window.location.search}`);
  clearSessionKeepingDrafts();
  userStore.set(undefined);
  // The login page says why when the server told it (src/lib/messages SESSION_END_REASON).
  if (reason) goToLogin(`${loginUrl}?${new URLSearchParams({ [SESSION_END_PARAM]: reason })}`);
  else if (window.location.pathname !== loginUrl) goToLogin(loginUrl);
});

export interface LoginParams {
  username: string;
  password: string;
}

export const authProvider: AuthProvider = {
  async login({ username, password }: LoginParams) {
    try {
      const keys = await ensureSessionKeys();
      const result = await api.post<LoginResult>(
        '/uaa/login',
        { username: username.trim(), password: (await loadRsa()).rsaEncrypt(password, keys.publicKey) },
        { keepOnNavigate: true },
      );
      // Hand over exactly as the separate login system does: tokens and our own path in the query.
      const query = new URLSearchParams({ authToken: result.authToken, wsToken: result.wsToken, loginUrl: window.location.pathname });
      return { success: true, redirectTo: `/op?${query.toString()}` };
    } catch (error) {
      return { success: false, error: error instanceof Error ? error : new Error(String(error)) };
    }
  },

  async logout() {
    const loginUrl = await endSession();
    return { success: true, redirectTo: loginUrl };
  },

  async check() {
    if (!getAuthToken()) return { authenticated: false, redirectTo: getLoginUrl(), logout: true };
    try {
      await ensureSessionKeys();
      await ensureCsrf();
      if (!userStore.get()) await loadUserInfo();
      return { authenticated: true };
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'unauthorized') {
        return { authenticated: false, redirectTo: getLoginUrl(), logout: true };
      }
      const message = error instanceof ApiError && error.kind === 'business' ? error.message : String(i18n.t('auth:userInfoFailed'));
      await notifier().errorDialog(String(i18n.t('auth:errorDialogTitle')), message);
      const loginUrl = await endSession();
      return { authenticated: false, redirectTo: loginUrl, logout: true, error: new Error(message) };
    }
  },

  async onError(error: unknown) {
    if (error instanceof ApiError && error.kind === 'unauthorized') return { logout: true, redirectTo: getLoginUrl() };
    return {};
  },

  async getIdentity() {
    return userStore.get() ?? null;
  },

  async getPermissions() {
    return userStore.get()?.menuPerms ?? [];
  },
};
