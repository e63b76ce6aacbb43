/**
 * Action buttons follow permissions everywhere (issue 38 item 7): op_auditor walks every page the menu
 * grants him (the granted menu tree through the app's own route builder: no hand list of pages) and no
 * page offers him a button that writes. The auditor's roles grant reading, exporting and running the
 * audit rules; every other action (create, edit, delete, submit, approve, dispatch, upload, sign…) is
 * one he may not take, so a button saying it is a defect, whatever its page. A page whose button is
 * only hidden is not the check: the server refuses the call as well (tests/server/endpoints.test.ts).
 */
import type { Page } from '@playwright/test';
import type { MenuRouteItem } from '../../src/protocol';
import { buildRoutesFromMenu } from '../../src/routes/menu-routes';
import { STATIC_ROUTES } from '../../src/routes/static-routes';
import { signInAs as apiSignIn } from '../server/client';
import { expect, PERSONAS, signIn, test } from './support/fixtures';

/** The words of an action that changes something: on a button, an action the auditor may not take. */
const WRITE_WORDS = /新增|新建|添加|修改|编辑|删除|保存|提交|下发|审核|通过|驳回|撤回|上传|停用|启用|解锁|重置密码|签发|拆分|登记|认领|发起|作废|冻结|解冻|强制下线|强退|导入|生成|确认|付款|回收|锁定|发行|复制新增/;

async function auditorPages(baseUrl: string): Promise<string[]> {
  const client = await apiSignIn(baseUrl, 'op_auditor');
  const tree = (await client.call<MenuRouteItem[]>('/op/v1/userInfo/granted-menu-tree')).body.data!;
  const { menuPerms } = (await client.call<{ menuPerms: string[] }>('/op/v1/userInfo', { method: 'GET' })).body.data!;
  await client.call('/uaa/logout');
  return buildRoutesFromMenu(tree, (key) => key, STATIC_ROUTES, menuPerms)
    .routes.filter((route) => route.layout === 'main' && !route.path.includes(':'))
    .map((route) => route.path)
    .sort();
}

/** Client-side navigation, as a menu click does. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits until the page has made no request for a moment (at most 8 s): a page's buttons come with its first answers. */
function quietAfterRequests(page: Page) {
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

/** The visible, enabled buttons' texts of the page's content (the shell's own header and tabs left out). */
const BUTTONS = `(() => {
  const visible = (element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const content = document.querySelector('main, .ant-layout-content') || document.body;
  return [...content.querySelectorAll('button, a.ant-btn, [role="button"]')]
    .filter((element) => visible(element) && !element.disabled && element.getAttribute('aria-disabled') !== 'true')
    .map((element) => (element.textContent || element.getAttribute('aria-label') || '').replace(/\\s+/g, ''))
    .filter(Boolean);
})()`;

test.describe('the auditor is offered no write (issue 38 item 7)', () => {
  test.describe.configure({ timeout: 600_000 });

  test('op_auditor walks every granted page and finds no button whose action he may not take', async ({ page, server }) => {
    const pages = await auditorPages(server.url);
    expect(pages.length).toBeGreaterThan(10);
    const settled = quietAfterRequests(page);
    await signIn(page, 'op_auditor', PERSONAS.op_auditor);
    await expect(page.getByTestId('welcome')).toBeVisible({ timeout: 60_000 });
    const offered: string[] = [];
    for (const path of pages) {
      await navigate(page, path);
      await settled();
      const texts = await page.evaluate<string[]>(BUTTONS);
      for (const text of texts) if (WRITE_WORDS.test(text)) offered.push(`${path}: ${text}`);
    }
    expect(offered).toEqual([]);
  });
});
