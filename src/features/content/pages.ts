// The `content` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import type { AreaPages } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/platform-content/news/edit/index': () => import('./ContentPage').then((m) => ({ default: m.NewsPage })),
  '/op/platform-content/notice/edit/index': () => import('./ContentPage').then((m) => ({ default: m.NoticePage })),
};
