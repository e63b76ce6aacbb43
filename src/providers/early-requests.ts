/**
 * What the shell's first screen needs, asked for by main.tsx as soon as a returning operator's tab
 * opens a shell path, while the shell's own code (hundreds of KB) still downloads and starts: user
 * info, the global config, the menu tree, on /op the home page's element permissions, and the read
 * calls the page itself made at its last load (http/first-screen.ts). Those
 * whose loader is in the shell's code wait here (takeEarly) for it to take their answer, once. A
 * first arrival (no CSRF token yet) leaves it all to the shell.
 */
import { ELEMENTS_CALL, pageResourceKey } from '../lib/access';
import { HOME_PAGE_KEY, HOME_PATH } from '../routes/home';
// Its 401 handler goes to the login page, even when the shell has not loaded yet.
import './auth-provider';
import { prefetchGlobalConfig } from './global-config';
import { api, learnedCalls, postEarly as postLearned } from './http';
import { getAuthToken, getCsrf, getSessionKeys } from './session';
import { loadUserInfo, MENU_TREE_CALL } from './user';

const started = new Map<string, Promise<unknown>>();
const keyOf = (url: string, body: unknown) => `${url} ${JSON.stringify(body ?? null)}`;

function postEarly(url: string, body?: unknown): void {
  const request = api.post(url, body, { silent: true, keepOnNavigate: true });
  // Its taker reports a failure.
  request.catch(() => undefined);
  started.set(keyOf(url, body), request);
}

/** The answer of the request started early for this call and body, once; undefined when none was. */
export function takeEarly<T>(url: string, body?: unknown): Promise<T> | undefined {
  const key = keyOf(url, body);
  const request = started.get(key);
  started.delete(key);
  return request as Promise<T> | undefined;
}

/** A shell path opened by a tab that already holds its session (a first arrival has no CSRF token yet). */
export function isReturningShellTab(pathname: string): boolean {
  const shellPath = pathname === HOME_PATH || pathname.startsWith(`${HOME_PATH}/`);
  return shellPath && !!getAuthToken() && !!getCsrf() && !!getSessionKeys();
}

export function requestShellData(pathname: string): void {
  if (!isReturningShellTab(pathname)) return;
  loadUserInfo({ silent: true }).catch(() => undefined);
  postEarly(MENU_TREE_CALL);
  prefetchGlobalConfig();
  if (pathname === HOME_PATH) postEarly(ELEMENTS_CALL, { resourceKey: pageResourceKey(HOME_PAGE_KEY) });
  // The page's own data, as its last load asked for it (http/first-screen.ts).
  for (const call of learnedCalls(`${pathname}${window.location.search}`)) postLearned(call.url, call.body);
}
