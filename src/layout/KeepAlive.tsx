import { Activity, useEffect, useLayoutEffect, useRef } from 'react';
import { Route, Routes, useLocation, type Location } from 'react-router';
import { findRoute } from '../routes/menu-routes';
import type { RouteTable } from '../routes/types';
import { RoutePage } from './RoutePage';
import type { Tag } from './tags/tag-rules';

interface Props {
  table: RouteTable;
  tags: readonly Tag[];
  /** The page shown now, or none while a header-only or bare route is up. */
  activePath?: string;
  /** With the tags-view switched off nothing is kept: only the active page is mounted. */
  keepAlive: boolean;
}

// Scroll positions of open pages, so returning to a tag lands where the operator left it.
const scrollPositions = new Map<string, number>();

function tagLocation(tag: Tag): Location {
  return { pathname: tag.path, search: tag.search, hash: '', state: null, key: tag.path };
}

/**
 * Keeps every open tag's page mounted in a React <Activity>: hidden pages keep their state (a search
 * form, a page number, a half-filled form) without running effects, as RuoYi's keep-alive does. Each
 * page sees its own location through <Routes location>. A noCache route is unmounted when left, and
 * a tag's version (刷新页面) is part of the key, so both remount.
 */
export function KeepAlive({ table, tags, activePath, keepAlive }: Props) {
  const location = useLocation();
  const activeRef = useRef(activePath);

  useEffect(() => {
    const remember = () => {
      if (activeRef.current) scrollPositions.set(activeRef.current, window.scrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  // Before paint: a newly opened page starts at the top (spec 2.1), a kept one where it was.
  const kept = keepAlive && !!activePath && !findRoute(table, activePath)?.noCache;
  useLayoutEffect(() => {
    activeRef.current = activePath;
    if (activePath) window.scrollTo(0, kept ? (scrollPositions.get(activePath) ?? 0) : 0);
  }, [activePath, kept]);

  const open = activePath && !tags.some((t) => t.path === activePath) ? [...tags, { path: activePath, search: location.search, version: 0 }] : tags;

  return open.map((tag) => {
    const route = findRoute(table, tag.path);
    const active = tag.path === activePath;
    if (!route || route.layout !== 'main') return null;
    if (!active && (route.noCache || !keepAlive)) return null;
    return (
      <Activity key={`${tag.path}#${tag.version}`} mode={active ? 'visible' : 'hidden'}>
        <div className="page-frame" data-route-name={route.name} data-route-path={route.path}>
          <Routes location={active ? location : tagLocation(tag)}>
            <Route path={route.path} element={<RoutePage route={route} />} />
          </Routes>
        </div>
      </Activity>
    );
  });
}

/** Forgets a page's scroll position (closed or refreshed tags start at the top again). */
export function forgetScroll(path: string): void {
  scrollPositions.delete(path);
}
