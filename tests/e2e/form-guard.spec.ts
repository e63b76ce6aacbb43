/**
 * Nothing the operator typed is lost (issue 26), in Chromium against the production build: a form with
 * unsaved changes asks before it is left (a route change, the tags-view's close, closing the tab, a
 * modal's 取消); when the session expires while it is open, its values (never the sensitive ones) are
 * kept in the tab, sealed, and offered back on the same page after signing in again. Real-name
 * application (a page) and the kit's dictionary form (a modal) as op_handler and op_admin.
 */
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { AUTH_TOKEN_COOKIE, CSRF_COOKIE } from '../../src/protocol/headers';
import { ApiClient } from '../server/client';
import { expect, openMenuDirectory, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const CORP = '苏州工业园区晨光供应链有限公司';
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `form-guard-${name}.png`), fullPage: true });

async function as(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1480, height: 1000 } })).newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  return page;
}

/** Ends the browser's session on the server, as an expiry does: its next call answers 401. */
async function expireSession(page: Page, baseUrl: string): Promise<void> {
  const stored = JSON.parse(await page.evaluate<string>('JSON.stringify({ ...sessionStorage })')) as Record<string, string>;
  const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));
  const client = new ApiClient(baseUrl);
  Object.assign(client, {
    publicKey: stored.publicKey,
    sessionKey: stored.sessionKey,
    encryptedSessionKey: stored.encryptedSessionKey,
    authToken: cookies[AUTH_TOKEN_COOKIE],
    csrf: JSON.parse(stored.csrf ?? 'null'),
    csrfCookie: cookies[CSRF_COOKIE],
  });
  const answer = await client.call('/uaa/logout', { method: 'POST' });
  expect(answer.body.code, answer.text).toBe('0');
}

async function signInAgain(page: Page, persona: Persona): Promise<void> {
  await expect(page).toHaveURL(/\/login\/op/, FIRST_LOAD);
  await page.getByLabel('用户名').fill(persona);
  await page.getByLabel('密码', { exact: true }).fill(PERSONAS[persona]);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

const leaveDialog = (page: Page) => page.locator('.ant-modal-confirm').filter({ hasText: '有未保存的修改' });

test.describe('unsaved forms', () => {
  test('the real-name form asks before it is left and is offered back after the session expired, without its sensitive values', async ({ browser, server }) => {
    const page = await as(browser, 'op_handler');
    await page.goto('/op/admit/realname/add');
    const form = page.getByTestId('realname-form');
    await expect(form).toBeVisible(FIRST_LOAD);
    await form.getByLabel('企业名称', { exact: true }).fill(CORP);
    await form.getByLabel('法定代表人姓名', { exact: true }).fill('周晓岚');
    await form.getByLabel('法定代表人身份证号', { exact: true }).fill('11010519491231002X');

    // a route change asks; 留在此页 comes back to the form as it was
    await page.locator('a.sidebar-logo').click();
    await expect(leaveDialog(page)).toBeVisible();
    await shot(page, 'leave-route');
    await leaveDialog(page).getByRole('button', { name: '留在此页' }).click();
    await expect(page).toHaveURL(/\/op\/admit\/realname\/add$/);
    await expect(form.getByLabel('企业名称', { exact: true })).toHaveValue(CORP);

    // the tags-view's close asks too
    await page.locator('.tags-view-close').last().click();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: '留在此页' }).click();
    await expect(form.getByLabel('企业名称', { exact: true })).toHaveValue(CORP);

    // closing the tab asks (the browser's own question)
    const question = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await question;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await expect(form.getByLabel('企业名称', { exact: true })).toHaveValue(CORP);

    // the session ends; saving answers 401 and the tab goes to sign in, the draft kept and sealed
    await page.waitForLoadState('networkidle');
    await expireSession(page, server.url);
    await form
      .getByTestId('realname-save-draft')
      .click({ timeout: 10_000 })
      .catch((error: unknown) => {
        if (!/\/login\/op/.test(page.url())) throw error; // another call met the 401 first, as in the kit modal's story
      });
    await expect(page).toHaveURL(/\/login\/op/, FIRST_LOAD);
    const kept = await page.evaluate<string>("sessionStorage.getItem('form-drafts') ?? ''");
    expect(kept).toContain('"items"');
    for (const clear of [CORP, '周晓岚', '11010519491231002X']) expect(kept).not.toContain(clear);

    await signInAgain(page, 'op_handler');
    await expect(page).toHaveURL(/\/op\/admit\/realname\/add$/, FIRST_LOAD);
    const offer = page.getByTestId('form-draft-realname-new');
    await expect(offer).toBeVisible(FIRST_LOAD);
    await shot(page, 'offered');
    await offer.getByTestId('form-draft-restore-realname-new').click();
    await expect(form.getByLabel('企业名称', { exact: true })).toHaveValue(CORP);
    await expect(form.getByLabel('法定代表人姓名', { exact: true })).toHaveValue('周晓岚');
    await expect(form.getByLabel('法定代表人身份证号', { exact: true })).toHaveValue('');
    await shot(page, 'restored');
    expect(await page.evaluate<string | null>("sessionStorage.getItem('form-drafts')")).toBeNull();
  });

  test('the kit modal asks before 取消 drops what was typed and is offered back after the session expired', async ({ browser, server }) => {
    const page = await as(browser, 'op_admin');
    await page.goto('/op/system/dict');
    await page.getByRole('button', { name: /新\s*增/ }).click(FIRST_LOAD);
    const modal = page.getByTestId('dict-types-create-form');
    await expect(modal).toBeVisible(FIRST_LOAD);
    await modal.getByLabel('字典名称', { exact: true }).fill('会话过期测试字典');
    await modal.getByLabel('字典类型', { exact: true }).fill('session_expiry_test');

    await page
      .locator('.ant-modal')
      .filter({ has: modal })
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await expect(leaveDialog(page)).toBeVisible();
    await shot(page, 'modal-cancel');
    await leaveDialog(page).getByRole('button', { name: '留在此页' }).click();
    await expect(modal.getByLabel('字典名称', { exact: true })).toHaveValue('会话过期测试字典');

    // The navbar's counts are asked for once the page is idle: done before the session ends, so that
    // the 确定 below is what meets the 401.
    await page.waitForLoadState('networkidle');
    await expireSession(page, server.url);
    // Another call of the tab's may still meet the 401 first and send it to sign in (sealing the draft
    // the same way): then there is no 确定 left to click.
    await page
      .locator('.ant-modal')
      .filter({ has: modal })
      .getByRole('button', { name: /确\s*定/ })
      .click({ timeout: 10_000 })
      .catch((error: unknown) => {
        if (!/\/login\/op/.test(page.url())) throw error;
      });
    await signInAgain(page, 'op_admin');
    await expect(page).toHaveURL(/\/op\/system\/dict$/, FIRST_LOAD);
    const offer = page.getByTestId('form-draft-dict-types-create');
    await expect(offer).toBeVisible(FIRST_LOAD);
    await offer.getByTestId('form-draft-restore-dict-types-create').click();
    await expect(modal.getByLabel('字典名称', { exact: true })).toHaveValue('会话过期测试字典', FIRST_LOAD);
    await expect(modal.getByLabel('字典类型', { exact: true })).toHaveValue('session_expiry_test');
    await shot(page, 'modal-restored');
  });
});

/**
 * The question comes BEFORE the route changes (guarded-history.ts), so a page that is not kept alive
 * (tags-view off, or a noCache page) still holds what was typed on 留在此页: while the question is open
 * the address and the form have not moved.
 */
test.describe('unsaved forms on pages that are not kept', () => {
  const NAME = '无锡梁溪新程供应链有限公司';

  async function openForm(page: Page) {
    await page.goto('/op/admit/realname');
    await expect(page.getByTestId('realname-records-list')).toBeVisible(FIRST_LOAD);
    // in-app (a push), so back and forward stay within the app
    await page.getByTestId('realname-create').click();
    const form = page.getByTestId('realname-form');
    await expect(form).toBeVisible(FIRST_LOAD);
    await form.getByLabel('企业名称', { exact: true }).fill(NAME);
    await form.getByLabel('法定代表人姓名', { exact: true }).fill('吴晓峰');
    return form;
  }

  /** The question is open, and behind it the form is still there, on its own address. */
  async function askedInPlace(page: Page, form: ReturnType<Page['getByTestId']>) {
    await expect(leaveDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/op\/admit\/realname\/add$/);
    await expect(form.getByLabel('企业名称', { exact: true })).toHaveValue(NAME);
  }

  async function stay(page: Page, form: ReturnType<Page['getByTestId']>) {
    await leaveDialog(page).getByRole('button', { name: '留在此页' }).click();
    await expect(leaveDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/op\/admit\/realname\/add$/);
    await expect(form.getByLabel('企业名称', { exact: true })).toHaveValue(NAME);
    await expect(form.getByLabel('法定代表人姓名', { exact: true })).toHaveValue('吴晓峰');
  }

  test('tags-view off: a link, a menu click and the browser back button ask first; 留在此页 keeps the form; 离开 leaves', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1480, height: 1000 } });
    await context.addInitScript(`localStorage.setItem('layout-setting', '{"tagsView":false}')`);
    const page = await context.newPage();
    await signIn(page, 'op_handler', PERSONAS.op_handler);
    await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('tags-view')).toHaveCount(0);
    const form = await openForm(page);

    // a link (the sidebar logo)
    await page.locator('a.sidebar-logo').click();
    await askedInPlace(page, form);
    await shot(page, 'not-kept-link');
    await stay(page, form);

    // a menu click
    const sidebar = page.getByTestId('sidebar');
    await openMenuDirectory(sidebar, /任务中心/);
    await sidebar.getByRole('menuitem', { name: /待办任务/ }).click();
    await askedInPlace(page, form);
    await stay(page, form);

    // the browser's back button: the address steps back to the form on 留在此页
    await page.evaluate('history.back()');
    await expect(leaveDialog(page)).toBeVisible();
    await expect(form.getByLabel('企业名称', { exact: true })).toHaveValue(NAME);
    await stay(page, form);
    await shot(page, 'not-kept-back-stayed');

    // 离开 does leave, and the form is gone with its page
    await page.evaluate('history.back()');
    await leaveDialog(page)
      .getByRole('button', { name: /离\s*开/ })
      .click();
    await expect(page).toHaveURL(/\/op\/admit\/realname$/);
    await expect(page.getByTestId('realname-records-list')).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('realname-form')).toHaveCount(0);
    // nothing unsaved any more: moving on asks nothing
    await page.locator('a.sidebar-logo').click();
    await expect(page).toHaveURL(/\/op\/?$/);
    await expect(leaveDialog(page)).toHaveCount(0);
    await context.close();
  });

  test('a noCache page with the tags-view on: a tag click asks first and 留在此页 keeps the form', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1480, height: 1000 } });
    // The real-name form's menu entry marked noCache, as a menu of the server may be: the page is
    // unmounted whenever it is not the one shown.
    await context.route(/\/op\/v1\/userInfo\/granted-menu-tree/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: unknown };
      const mark = (nodes: unknown): void => {
        if (!Array.isArray(nodes)) return;
        for (const node of nodes as Array<{ meta?: { menuUri?: string; noCache?: boolean }; children?: unknown }>) {
          if (node.meta?.menuUri === 'admit:realname:add') node.meta.noCache = true;
          mark(node.children);
        }
      };
      mark(body.data);
      await route.fulfill({ response, json: body });
    });
    const page = await context.newPage();
    await signIn(page, 'op_handler', PERSONAS.op_handler);
    await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
    const form = await openForm(page);

    const tags = page.getByTestId('tags-view');
    await tags.locator('[data-testid="tag"] a').filter({ hasText: '首页' }).click();
    await askedInPlace(page, form);
    await shot(page, 'nocache-tag');
    await stay(page, form);

    // 离开, then back to the form: a noCache page was unmounted, so it is empty now (what the question saved)
    await tags.locator('[data-testid="tag"] a').filter({ hasText: '首页' }).click();
    await leaveDialog(page)
      .getByRole('button', { name: /离\s*开/ })
      .click();
    await expect(page).toHaveURL(/\/op\/?$/);
    await tags.locator('[data-testid="tag"] a').filter({ hasText: '实名认证新增' }).click();
    await expect(page.getByTestId('realname-form').getByLabel('企业名称', { exact: true })).toHaveValue('', FIRST_LOAD);
    await context.close();
  });
});
