import '@ant-design/v5-patch-for-react-19';
import { createRoot } from 'react-dom/client';
import { deviceOf } from './layout/device';
import { DEFAULT_THEME_COLOR, settingsStore } from './layout/settings/settings-store';
import { requestShellData } from './providers/early-requests';
import './providers/i18n';
import { takeArrivalParams } from './providers/session';
import './styles/global.css';

// Arrival from the login system: store the tokens, then take them out of the address bar
// before anything renders or is logged.
const cleaned = takeArrivalParams(window.location.href);
if (cleaned) window.history.replaceState(window.history.state, '', cleaned);

// The stored theme applies before the first paint, so a dark shell never flashes white; the loading
// spinner, drawn before antd, takes the operator's colour.
document.documentElement.dataset.theme = settingsStore.get().mode;
document.documentElement.style.setProperty('--app-primary', settingsStore.get().theme ?? DEFAULT_THEME_COLOR);

/** The login page loads without Refine and the shell; everything else loads the full app. */
const isLoginPath = (pathname: string) => pathname === '/login' || pathname.startsWith('/login/');

/**
 * On a shell path the signed-in shell and the page's module are fetched alongside the app
 * instead of after it, so the first screen waits for one round of downloads, not three; on a login
 * path the form, which the page around it does not wait for.
 */
function fetchEarly(pathname: string): void {
  if (isLoginPath(pathname)) {
    void import('./pages/login/LoginForm');
    return;
  }
  if (pathname !== '/op' && !pathname.startsWith('/op/')) return;
  requestShellData(pathname);
  void import('./layout/SignedIn');
  // The page's own code too (the home page on /op), not only once the shell has rendered its route.
  // The registry comes with the shell's chunk, not statically: it names every resource declaration,
  // which the login page (sharing this entry) must not pay for (its budget, scripts/bundle-budget.mjs).
  void import('./routes/page-registry').then(({ preloadPage }) => preloadPage(pathname));
  // A phone's sidebar is a drawer of its own chunk, asked for when the shell renders: asked for now,
  // it is there by then instead of adding a round trip to the first screen.
  if (deviceOf(window.innerWidth) === 'mobile') void import('./layout/sidebar/MobileSidebar');
}

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  const { pathname } = window.location;
  fetchEarly(pathname);
  const entry = isLoginPath(pathname) ? import('./entries/login') : import('./entries/app');
  void entry.then(({ mount }) => mount(root));
}
