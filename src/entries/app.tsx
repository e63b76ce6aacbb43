import '../providers/i18n-app';
import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import App from '../App';
import { isReturningShellTab } from '../providers/early-requests';
import { prefetchElements } from '../providers/elements';
import { loadGrants } from '../routes/grants';
import { HOME_PAGE_KEY, HOME_PATH } from '../routes/static-routes';

/**
 * A returning operator's tab asked for the shell's first data in main.tsx (providers/early-requests):
 * the menu tree and the home page's elements are taken into their stores now, so the shell's first
 * render already has them.
 */
function takeShellData(pathname: string): void {
  if (!isReturningShellTab(pathname)) return;
  void loadGrants();
  if (pathname === HOME_PATH) prefetchElements(HOME_PAGE_KEY);
}

/** The entry of every other path: Refine, the public pages and the signed-in shell. */
export function mount(root: Root) {
  takeShellData(window.location.pathname);
  // A transition renders in slices that yield to the browser, instead of one long task at start.
  startTransition(() => root.render(<App />));
}
