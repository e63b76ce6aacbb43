import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { findRoute } from '../routes/menu-routes';
import { HOME_PATH } from '../routes/static-routes';
import type { AppRoute, RouteTable } from '../routes/types';
import { useViewport } from './device';
import { LeaveGuard } from '../components/form-guard/LeaveGuard';
import { useFirstPaintDone } from '../components/first-paint';
import { KeepAlive } from './KeepAlive';
import { Navbar } from './navbar/Navbar';
import { useSettings } from './settings/settings-store';
import { setSidebarOpen, useSidebarOpen } from './sidebar-status';
import { Sidebar, SidebarFrame } from './sidebar/Sidebar';
import { sideNavOf, topEntryOf } from './sidebar/top-nav';
import { pruneTags, visitTag, withAffixTags } from './tags/tag-rules';
import { tagsStore, useTags } from './tags/tags-store';
import { TagsView } from './tags/TagsView';

const SettingsDrawer = lazy(() => import('./settings/SettingsDrawer'));
const MobileSidebar = lazy(() => import('./sidebar/MobileSidebar'));

export const SIDEBAR_WIDTH = 266;

interface Props {
  table: RouteTable;
  /** The page on screen, or none while a route of another layout is up (this one then stays mounted, hidden). */
  activeRoute: AppRoute | undefined;
}

/**
 * The operator shell (spec 2.6): a 266 px collapsible sidebar (a drawer on phones, closed at first),
 * the navbar, the tags-view, and the open pages kept alive below.
 */
export function MainLayout({ table, activeRoute }: Props) {
  const { device, layout } = useViewport();
  const mobile = device === 'mobile';
  const sidebarOpen = useSidebarOpen();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const settings = useSettings();
  const tags = useTags();
  const { pathname, search } = useLocation();
  const activePath = activeRoute?.path;
  // The first screen paints the page first; the chrome's frames hold its place meanwhile (components/first-paint.ts).
  const chrome = useFirstPaintDone();

  useEffect(() => {
    if (activePath) tagsStore.update((current) => visitTag(current, activePath, search));
  }, [activePath, search]);

  // New grants (or a reload) drop the tags of pages no longer granted and pin the affix ones.
  useEffect(() => {
    const affix = table.routes.filter((r) => r.affix && r.layout === 'main').map((r) => r.path);
    tagsStore.update((current) =>
      withAffixTags(
        pruneTags(current, (path) => findRoute(table, path)?.layout === 'main'),
        affix,
      ),
    );
  }, [table]);

  // Stable callbacks: the memoised sidebar and navbar skip the re-renders that tag updates cause.
  const toggleSidebar = useCallback(() => (mobile ? setDrawerOpen((open) => !open) : setSidebarOpen(!sidebarOpen)), [mobile, sidebarOpen]);
  const expandSidebar = useCallback(() => setSidebarOpen(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const openSettings = useCallback(() => {
    setSettingsLoaded(true);
    setSettingsOpen(true);
  }, []);
  const sidebarShown = mobile ? drawerOpen : sidebarOpen;
  const home = findRoute(table, HOME_PATH);
  // firstMenuOnNav: the navbar carries the top level; the sidebar the pages under the current entry.
  const topNavOn = settings.firstMenuOnNav && !mobile;
  const topEntry = topNavOn ? topEntryOf(table.nav, pathname) : undefined;
  const sideNav = useMemo(() => (topNavOn ? sideNavOf(topEntry) : table.nav), [topNavOn, topEntry, table.nav]);
  const topNav = useMemo(() => (topNavOn ? { nav: table.nav, selected: topEntry?.key } : undefined), [topNavOn, table.nav, topEntry]);

  return (
    <div className={`shell${mobile ? ' is-mobile' : ''}${settings.fixedHeader ? ' has-fixed-header' : ''}`} data-layout={layout} data-device={device}>
      {mobile ? (
        <Suspense fallback={null}>
          <MobileSidebar nav={table.nav} open={drawerOpen} onClose={closeDrawer} width={SIDEBAR_WIDTH} />
        </Suspense>
      ) : (
        <aside className={`shell-sider${sidebarOpen ? '' : ' is-collapsed'}`}>
          {chrome ? (
            <Sidebar nav={sideNav} searchIn={table.nav} collapsed={!sidebarOpen} onExpand={expandSidebar} />
          ) : (
            <SidebarFrame collapsed={!sidebarOpen} />
          )}
        </aside>
      )}
      <div className="shell-main">
        <div className="shell-header">
          {chrome ? (
            <Navbar
              route={activeRoute}
              home={home}
              sidebarOpen={sidebarShown}
              onToggleSidebar={toggleSidebar}
              onOpenSettings={openSettings}
              compact={mobile}
              topNav={topNav}
            />
          ) : (
            <div className="navbar" />
          )}
          {settings.tagsView && (chrome ? <TagsView table={table} tags={tags} /> : <div className="tags-view" />)}
        </div>
        <main className="shell-content">
          <KeepAlive table={table} tags={tags} activePath={activePath} keepAlive={settings.tagsView} />
          <LeaveGuard />
        </main>
      </div>
      {settingsLoaded && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
