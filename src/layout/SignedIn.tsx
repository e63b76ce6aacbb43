import { Alert, Button } from 'antd';
import { Activity, lazy, Suspense, useDeferredValue, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { FullScreenLoading } from '../components/FullScreenLoading';
import { loadShellGlobalConfig, publicFileUrl, useGlobalConfig } from '../providers/global-config';
import { USER_STATUS } from '../lib/codes';
import { whenIdle } from './idle';
import { useUserRefresh } from '../providers/use-user-refresh';
import { useUserInfo } from '../providers/user';
import { isTaskStepPath, loadGrants, loadTaskStepRoutes, taskStepRoutesLoaded, useGrantsLoader } from '../routes/grants';
import { findRedirect, findRoute } from '../routes/menu-routes';
import { useTitle } from '../routes/titles';
import type { AppRoute } from '../routes/types';
import { forgetScroll } from './KeepAlive';
import { MainLayout } from './MainLayout';
import { RoutePage } from './RoutePage';
import { useShellCssVars } from './shell-vars';
import './shell.css';
import { refreshTag } from './tags/tag-rules';
import { tagsStore } from './tags/tags-store';

// The header-only layout (and its entity switcher) loads only when one of its routes opens.
const HeaderLayout = lazy(() => import('./header/HeaderLayout'));
// Only a first login needs the forced password change, so its form is not part of every first load.
const ForcedPasswordModal = lazy(() => import('../pages/password/ForcedPasswordModal'));

export const REDIRECT_PREFIX = '/redirect';

/** /redirect/<path>: refreshes that page (its tag remounts) and goes back to it. */
function RefreshRedirect({ pathname, search }: { pathname: string; search: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const target = pathname.slice(REDIRECT_PREFIX.length) || '/op';
    tagsStore.update((tags) => refreshTag(tags, target));
    forgetScroll(target);
    navigate(`${target}${search}`, { replace: true });
  }, [pathname, search, navigate]);
  return null;
}

/** "<page> - <short name or 管理系统>" (spec §9). */
function DocumentTitle({ route }: { route: AppRoute | undefined }) {
  const { t } = useTranslation();
  const title = useTitle();
  const { opshort } = useGlobalConfig();
  const suffix = opshort || t('appTitle');
  const page = route ? title(route) : undefined;
  useEffect(() => {
    document.title = page ? `${page} - ${suffix}` : suffix;
  }, [page, suffix]);
  return null;
}

/** The configured favicon, served as a public file (spec §7). */
function useFavicon(): void {
  const { faviconFileId } = useGlobalConfig();
  useEffect(() => {
    if (!faviconFileId) return;
    // The built-in mark stands meanwhile: the first screen's requests go first.
    return whenIdle(() => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (link) link.href = publicFileUrl(faviconFileId);
    });
  }, [faviconFileId]);
}

/**
 * Everything behind the login: loads the grants and the global config, then shows the route in its
 * layout. The main layout stays mounted (hidden) while a header-only or bare route is up, so the
 * pages kept in its tags survive a visit to 修改密码 or the data dashboard.
 */
export default function SignedIn() {
  const { t } = useTranslation('shell');
  // The shell is built in time-sliced renders: on arrival in the Suspense retry that mounts this
  // component (the grants usually loaded by then), and whenever the grants change in a deferred
  // render, since the store's own update is synchronous and rendering the whole layout in one go
  // would block input for hundreds of milliseconds on a slow phone. No initial value: with one,
  // each mount claims a new transition lane that outranks the retry, commits the fallback again and
  // restarts the retry (a hundred times per load, counted with a commit hook).
  const latestGrants = useGrantsLoader();
  const grants = useDeferredValue(latestGrants);
  // While the deferred render lags behind the store (e.g. task-step routes just added), a path
  // missing from the shown table may be in the latest one: never send it to /403 on that basis.
  const behind = grants !== latestGrants;
  const cssVars = useShellCssVars();
  const { pathname, search } = useLocation();
  const user = useUserInfo();
  const firstLogin = user?.userStatus === USER_STATUS.INITIAL_PASSWORD;
  useUserRefresh();
  useFavicon();

  // Pages outside the main layout start at the top; the main layout's kept pages scroll themselves.
  const outsideMain = grants.status === 'ready' && findRoute(grants.table, pathname)?.layout !== 'main';
  useLayoutEffect(() => {
    if (outsideMain) window.scrollTo(0, 0);
  }, [outsideMain, pathname]);

  // A task step's hidden route is added to the table when one is first opened (grants.ts).
  const awaitingTaskSteps = grants.status === 'ready' && !findRoute(grants.table, pathname) && isTaskStepPath(pathname) && !taskStepRoutesLoaded();
  useEffect(() => {
    if (awaitingTaskSteps) void loadTaskStepRoutes();
  }, [awaitingTaskSteps]);

  // A first-login session may only change its password (the server refuses the rest): no config, no pages.
  const userKnown = user !== undefined;
  useEffect(() => {
    if (userKnown && !firstLogin) void loadShellGlobalConfig();
  }, [userKnown, firstLogin]);

  if (firstLogin) {
    return (
      <div className="shell-root" style={cssVars}>
        <Suspense fallback={<FullScreenLoading />}>
          <ForcedPasswordModal />
        </Suspense>
      </div>
    );
  }
  if (grants.status === 'loading') return <FullScreenLoading />;
  if (grants.status === 'error') {
    return (
      <main className="bare-page">
        <Alert
          type="error"
          showIcon
          message={t('grants.failed')}
          description={grants.message}
          action={
            <Button type="primary" onClick={() => void loadGrants()}>
              {t('grants.retry')}
            </Button>
          }
        />
      </main>
    );
  }

  const { table } = grants;
  const refreshing = pathname.startsWith(`${REDIRECT_PREFIX}/`);
  const route = refreshing ? undefined : findRoute(table, pathname);
  const redirect = refreshing ? undefined : findRedirect(table, pathname);
  const mainActive = refreshing || !route || route.layout === 'main';

  return (
    <div className="shell-root" style={cssVars}>
      <Activity mode={mainActive ? 'visible' : 'hidden'}>
        <MainLayout table={table} activeRoute={route?.layout === 'main' ? route : undefined} />
      </Activity>
      {route?.layout === 'header' && (
        <Suspense fallback={<FullScreenLoading />}>
          <HeaderLayout>
            <RoutePage route={route} />
          </HeaderLayout>
        </Suspense>
      )}
      {route?.layout === 'bare' && <RoutePage route={route} />}
      {refreshing && <RefreshRedirect pathname={pathname} search={search} />}
      {!refreshing && !route && !awaitingTaskSteps && !behind && <Navigate to={redirect ?? '/403'} replace />}
      <DocumentTitle route={route} />
    </div>
  );
}
