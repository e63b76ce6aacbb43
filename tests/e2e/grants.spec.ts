/**
 * Every persona opens every page its menu tree grants, in the browser: none answers 403, none shows
 * an error page. The tree itself is checked against the permission matrix in tests/server/grants.test.ts.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { signInAs as apiSignIn } from '../server/client';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

interface RouteItem {
  path: string;
  component: string;
  hidden: boolean;
  meta: { menuUri: string; title: string };
  children?: RouteItem[];
}

function pages(items: readonly RouteItem[], parent = ''): Array<{ path: string; uri: string; hidden: boolean }> {
  return items.flatMap((item) => {
    const path = parent ? `${parent}/${item.path}` : item.path;
    if (item.component === 'Layout' || item.component === 'ParentView') return pages(item.children ?? [], path);
    return [{ path, uri: item.meta.menuUri, hidden: item.hidden }];
  });
}

async function signInAs(page: Page, persona: Persona): Promise<void> {
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page).toHaveURL(/\/op$/);
  await expect(page.getByTestId('welcome')).toBeVisible();
}

test.describe('granted pages open for every persona (issue 25)', () => {
  test.describe.configure({ timeout: 300_000 });
  for (const persona of ['op_handler', 'op_director', 'op_auditor', 'op_agent', 'op_admin'] as const) {
    test(`${persona}: each granted page opens without a 403`, async ({ page, server }) => {
      const client = await apiSignIn(server.url, persona);
      const tree = (await client.call<RouteItem[]>('/op/v1/userInfo/granted-menu-tree')).body.data!;
      // The admin holds every menu: its visible ones suffice, the hidden ones are the others' too.
      const granted = pages(tree).filter((p) => persona !== 'op_admin' || !p.hidden);
      expect(granted.length).toBeGreaterThan(0);
      await signInAs(page, persona);
      const errors: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/web/') && response.status() === 403) errors.push(`${response.status()} ${response.url()}`);
      });
      for (const { path, uri } of granted) {
        // Inside the app, as a menu click goes: the router and the route guard run, the bundle is not reloaded.
        // (An expression: the e2e typecheck has no DOM types.)
        await page.evaluate(`window.history.pushState({}, '', ${JSON.stringify(path)}); window.dispatchEvent(new PopStateEvent('popstate'))`);
        await expect(page, uri).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}(\\?.*)?$`));
        await page.waitForLoadState('networkidle');
        await expect(page.locator('#root')).not.toBeEmpty();
        await expect(page.getByText('您暂无权限操作此页面！')).toHaveCount(0);
      }
      expect(errors).toEqual([]);
      await page.goto('/op/system/config');
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(ARTIFACTS, `grants-${persona}.png`) });
    });
  }
});
