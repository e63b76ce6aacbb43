import '../providers/i18n-app';
import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import App, { isShellPath, preloadShell } from '../App';
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

/**
 * The entry of every other path: Refine, the public pages and the signed-in shell. On a shell path the
 * first render waits for the shell's and the page's modules (asked for in main.tsx, alongside this
 * one) and takes them as they are: rendered at once, the page commits with the shell in one go instead
 * of after two Suspense fallbacks, whose reveals React holds back by 300 ms each. The static loading
 * screen stands meanwhile, as the fallback would.
 */
export async function mount(root: Root) {
  const { pathname } = window.location;
  takeShellData(pathname);
  if (isShellPath(pathname)) await Promise.all([preloadShell(), import('../routes/page-registry').then(({ preloadPage }) => preloadPage(pathname))]);
  // A transition renders in slices that yield to the browser, instead of one long task at start.
  startTransition(() => root.render(<App />));
}
