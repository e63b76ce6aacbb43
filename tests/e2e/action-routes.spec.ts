/**
 * Every action page as op_auditor, who reads everything and changes nothing (issue 37): an action
 * page (a static route declaring its write in `action`, src/routes/static-routes.ts) that the
 * auditor's menus reach opens read-only, under the shell's banner, with no control on it enabled;
 * one its menus do not reach is not registered (the 403 page). The routes come from the declarations
 * and what is expected of each from the auditor's granted menu tree, so a page declared tomorrow is
 * walked with no edit here.
 */
import { join } from 'node:path';
import type { MenuRouteItem } from '../../src/protocol';
import { STATIC_ROUTES } from '../../src/routes/static-routes';
import { dataOf, signInAs as apiSignIn } from '../server/client';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const ACTION_ROUTES = STATIC_ROUTES.filter((route) => route.action !== undefined);

function menuUris(items: readonly MenuRouteItem[]): string[] {
  return items.flatMap((item) => [...(item.meta?.menuUri ? [item.meta.menuUri] : []), ...menuUris(item.children ?? [])]);
}

test('op_auditor opens every action route read-only, or not at all', async ({ page, server }) => {
  test.setTimeout(240_000);
  expect(ACTION_ROUTES.length).toBeGreaterThan(0);
  const api = await apiSignIn(server.url, 'op_auditor');
  const granted = new Set(menuUris(await dataOf<MenuRouteItem[]>(api, '/op/v1/userInfo/granted-menu-tree')));
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/web/') && response.status() === 403) refused.push(response.url());
  });
  await signIn(page, 'op_auditor', PERSONAS.op_auditor);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);

  let readOnly = 0;
  for (const route of ACTION_ROUTES) {
    await page.goto(route.path);
    if (route.menuUri && !granted.has(route.menuUri)) {
      await expect(page.getByText(/您暂无权限访问此页面/), route.path).toBeVisible(FIRST_LOAD);
      continue;
    }
    readOnly++;
    const scope = page.locator('[data-testid="read-only-page"]:visible');
    await expect(scope.getByTestId('read-only-banner'), route.path).toHaveText('只读：你可以查看本页，但没有执行本页操作的权限', FIRST_LOAD);
    await page.waitForLoadState('networkidle');
    // Nothing on the page takes input or submits: every antd control is disabled by the guard.
    await expect(scope.locator('input:enabled, textarea:enabled, button.ant-btn-primary:enabled'), route.path).toHaveCount(0);
    await page.screenshot({ path: join(ARTIFACTS, `action-routes-${route.path.split('/').slice(2).join('-')}.png`) });
  }
  // The auditor reads quotas: at least the dispatch page is one it opens, read-only.
  expect(readOnly).toBeGreaterThan(0);
  expect(refused).toEqual([]);
});
