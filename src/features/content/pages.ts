// The `content` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import { child, type StaticRoute } from '../../routes/static-route';
import { PERMISSIONS } from './permissions';
import type { AreaPages } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/platform-content/news/edit/index': () => import('./ContentPage').then((m) => ({ default: m.NewsPage })),
  '/op/platform-content/notice/edit/index': () => import('./ContentPage').then((m) => ({ default: m.NoticePage })),
};

/** Its routes beyond the menu tree's (hidden pages, a page's guard): src/routes/static-routes.ts merges them in. */
export const routes: readonly StaticRoute[] = [
  // The news and notice lists are menu pages whose path ends in /edit: guarded by their list call.
  child('platform-content/news/edit', 'platform-content:news', { permission: PERMISSIONS.news.list }),
  child('platform-content/notice/edit', 'platform-content:notice', { permission: PERMISSIONS.notice.list }),
];
