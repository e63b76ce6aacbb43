import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, unstable_HistoryRouter as HistoryRouter, useLocation } from 'react-router';
import { guardedHistory } from './components/form-guard/guarded-history';
import { CancelOnNavigate } from './components/CancelOnNavigate';
import { RefetchOnLanguage } from './components/RefetchOnLanguage';
import { FullScreenLoading } from './components/FullScreenLoading';
import { RequireSession } from './components/RequireSession';
import { ThemeRoot } from './layout/theme/ThemeRoot';
import { authProvider } from './providers/auth-provider';
import { accessControlProvider, dataProvider } from './providers/lazy-providers';
import { i18nProvider } from './providers/i18n';
import { useNotificationProvider } from './providers/notification-provider';
import { HOME_PATH } from './routes/static-routes';

const SignedInLazy = lazy(() => import('./layout/SignedIn'));
/** The shell's module when it loaded before the first render (preloadShell), so that render does not suspend. */
let loadedShell: ComponentType | undefined;
/** Chosen at the first render and kept: switching from the lazy one to the module would remount the shell. */
let shellComponent: ComponentType | undefined;

/** Loads the shell's module (main.tsx asked for it already) and keeps it for the first render. */
export function preloadShell(): Promise<void> {
  return import('./layout/SignedIn').then(
    (module) => void (loadedShell = module.default),
    () => undefined, // the lazy one reports the failure
  );
}
const ErrorPage = lazy(() => import('./pages/errors/ErrorPage'));
const PublicNotice = lazy(() => import('./pages/public/PublicNotice'));
const AuthRedirect = lazy(() => import('./pages/public/AuthRedirect'));

const page = (element: ReactNode) => <Suspense fallback={<FullScreenLoading />}>{element}</Suspense>;

/** Paths of the signed-in shell: the /op routes the menu grants, and /redirect/<path> that refreshes one of them. */
export function isShellPath(pathname: string): boolean {
  return pathname === HOME_PATH || pathname.startsWith(`${HOME_PATH}/`) || pathname.startsWith('/redirect/');
}

/**
 * One route element for the whole shell, so moving between its pages (and through /redirect) never
 * remounts it; anything else unknown goes to /403 (spec 2.1).
 */
function ShellOrForbidden() {
  const { pathname } = useLocation();
  if (pathname === '/') return <Navigate to={HOME_PATH} replace />;
  if (!isShellPath(pathname)) return <Navigate to="/403" replace />;
  const Shell = (shellComponent ??= loadedShell ?? SignedInLazy);
  return <RequireSession>{page(<Shell />)}</RequireSession>;
}

/**
 * The full application: Refine's wiring and the public routes; the login page has its own light entry.
 * Queries never refetch on window focus: an edit form would otherwise be refilled with someone else's
 * save, half-typed changes and the dataVersion that guards against lost updates with it.
 */
export default function App() {
  return (
    // The browser's history, asking before unsaved forms are left (issue 26): BrowserRouter's cannot.
    <HistoryRouter history={guardedHistory!}>
      <ThemeRoot>
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          i18nProvider={i18nProvider}
          notificationProvider={useNotificationProvider}
          options={{
            disableTelemetry: true,
            syncWithLocation: false,
            warnWhenUnsavedChanges: false,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
          }}
        >
          <CancelOnNavigate />
          <RefetchOnLanguage />
          <Routes>
            <Route path="/auth-redirect" element={page(<AuthRedirect />)} />
            <Route path="/bind" element={page(<PublicNotice kind="bind" />)} />
            <Route path="/register" element={page(<PublicNotice kind="register" />)} />
            <Route path="/401" element={page(<ErrorPage code={401} />)} />
            <Route path="/403" element={page(<ErrorPage code={403} />)} />
            <Route path="/404" element={page(<ErrorPage code={404} />)} />
            <Route path="*" element={<ShellOrForbidden />} />
          </Routes>
        </Refine>
      </ThemeRoot>
    </HistoryRouter>
  );
}
