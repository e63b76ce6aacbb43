/**
 * Walking a persona's pages as the menu grants them (the granted menu tree through the app's own route
 * builder: no hand list), used by the English walk and the auditor's button walk. Type-checked with the
 * app (tsconfig.json), since it builds the browser's route table.
 */
import type { Page } from '@playwright/test';
import type { MenuRouteItem } from '../../../src/protocol';
import { buildRoutesFromMenu } from '../../../src/routes/menu-routes';
import { STATIC_ROUTES } from '../../../src/routes/static-routes';
import { signInAs as apiSignIn } from '../../server/client';

/** The layout pages a persona's menu grants, without parameters, sorted. */
export async function grantedPages(baseUrl: string, username: string): Promise<string[]> {
  const client = await apiSignIn(baseUrl, username);
  const tree = (await client.call<MenuRouteItem[]>('/op/v1/userInfo/granted-menu-tree')).body.data!;
  const { menuPerms } = (await client.call<{ menuPerms: string[] }>('/op/v1/userInfo', { method: 'GET' })).body.data!;
  await client.call('/uaa/logout');
  return buildRoutesFromMenu(tree, (key) => key, STATIC_ROUTES, menuPerms)
    .routes.filter((route) => route.layout === 'main' && !route.path.includes(':'))
    .map((route) => route.path)
    .sort();
}

/**
 * The titles of the persona's menu entries an operator named (menu management): an entry whose menuUri has
 * no title in the language's menu namespace shows the name it was given, in every language. What operators
 * typed, as a record's own text is.
 */
export async function operatorMenuTitles(baseUrl: string, username: string, localeTitles: Record<string, unknown>): Promise<string[]> {
  const client = await apiSignIn(baseUrl, username);
  const tree = (await client.call<MenuRouteItem[]>('/op/v1/userInfo/granted-menu-tree')).body.data!;
  await client.call('/uaa/logout');
  const titles: string[] = [];
  const walk = (items: MenuRouteItem[]) => {
    for (const item of items) {
      const uri = item.meta?.menuUri;
      if (item.meta?.title && (!uri || typeof localeTitles[uri] !== 'string')) titles.push(item.meta.title);
      walk(item.children ?? []);
    }
  };
  walk(tree);
  return titles;
}

/** Client-side navigation, as a menu click does. */
export async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits until the page has made no request for a moment (at most 8 s): a page's content comes with its first answers. */
export function quietAfterRequests(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async () => {
    const deadline = Date.now() + 8_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < 500)) await page.waitForTimeout(100);
  };
}
