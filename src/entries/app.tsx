import '../providers/i18n-app';
import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import App from '../App';
import { prefetchGrants } from '../routes/grants';
import { HOME_PATH } from '../routes/static-routes';

/** The entry of every other path: Refine, the public pages and the signed-in shell. */
export function mount(root: Root) {
  if (window.location.pathname.startsWith(HOME_PATH)) prefetchGrants();
  // A transition renders in slices that yield to the browser, instead of one long task at start.
  startTransition(() => root.render(<App />));
}
