// The `products` area's screens, found by the shell (src/routes/area-pages.ts; issue 39 item 2).
import { child, type StaticRoute } from '../../routes/static-route';
import { TASK_COMPONENT } from '../../workflows/define';
import type { AreaPages, AreaTaskViews } from '../../routes/area-pages';

/** Its pages, by the component path the menu tree names. */
export const pages: AreaPages = {
  '/op/standard-library/detail/index': () => import('./StandardLibraryPage'),
  '/op/product/products/index': () => import('./ProductsPage'),
  '/op/product/agreements/index': () => import('./ProductsPage').then((m) => ({ default: m.AgreementsPage })),
  '/op/price/config/index': () => import('./PriceConfigPage'),
};

/** What the shared task view opens for its processes, by component name. */
export const taskViews: AreaTaskViews = {
  [TASK_COMPONENT.PRICE_POLICY]: () => import('./PricePolicyTaskView'),
};

/** Its routes beyond the menu tree's (hidden pages, a page's guard): src/routes/static-routes.ts merges them in. */
export const routes: readonly StaticRoute[] = [
  child('standard-library/detail', 'standard-library:detail'),
  child('price/config', 'price:config', { hidden: true }),
];
