import '../providers/i18n-app';
import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import App from '../App';
import { prefetchElements } from '../providers/elements';
import { prefetchGlobalConfig } from '../providers/global-config';
import { getAuthToken, getCsrf, getSessionKeys } from '../providers/session';
import { loadUserInfo } from '../providers/user';
import { loadGrants } from '../routes/grants';
import { HOME_PAGE_KEY, HOME_PATH } from '../routes/static-routes';

/**
 * A returning operator's tab already holds its session: what the shell's first screen needs is asked
 * for at start, side by side, instead of one after another once the app has rendered: user info
 * (Refine's auth check finds it loaded, or joins the request, and reports a failure in its dialog),
 * the menu tree, the global config and, on /op, the home page's element permissions. A first arrival
 * (no CSRF token yet) leaves it all to the shell.
 */
function prefetchShell(pathname: string): void {
  if (!pathname.startsWith(HOME_PATH) || !getAuthToken() || !getCsrf() || !getSessionKeys()) return;
  loadUserInfo({ silent: true }).catch(() => undefined);
  void loadGrants();
  prefetchGlobalConfig();
  if (pathname === HOME_PATH) prefetchElements(HOME_PAGE_KEY);
}

/** The entry of every other path: Refine, the public pages and the signed-in shell. */
export function mount(root: Root) {
  prefetchShell(window.location.pathname);
  // A transition renders in slices that yield to the browser, instead of one long task at start.
  startTransition(() => root.render(<App />));
}
