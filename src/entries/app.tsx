import '../providers/i18n-app';
import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import App from '../App';
import { getAuthToken, getCsrf, getSessionKeys } from '../providers/session';
import { loadUserInfo } from '../providers/user';
import { prefetchGrants } from '../routes/grants';
import { HOME_PATH } from '../routes/static-routes';

/**
 * A returning operator's tab already holds its session: user info is asked for at start, beside the
 * menu tree, instead of by Refine's auth check once the app has rendered (the check finds it loaded,
 * or joins the request). A failure is reported by that check (its dialog), not here.
 */
function prefetchUserInfo(): void {
  if (getAuthToken() && getCsrf() && getSessionKeys()) loadUserInfo({ silent: true }).catch(() => undefined);
}

/** The entry of every other path: Refine, the public pages and the signed-in shell. */
export function mount(root: Root) {
  if (window.location.pathname.startsWith(HOME_PATH)) {
    prefetchUserInfo();
    prefetchGrants();
  }
  // A transition renders in slices that yield to the browser, instead of one long task at start.
  startTransition(() => root.render(<App />));
}
