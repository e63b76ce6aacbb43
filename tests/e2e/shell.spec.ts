import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { readChunkGraph, SCREENS, screenFiles } from '../../scripts/bundle-budget.mjs';
import { expect, openedDropdown, openMenuDirectory, PERSONAS, signIn, signOutQuietly, test, type Persona } from './support/fixtures';
import { ARTIFACTS, ROOT } from './support/server';

const PHONE = { width: 390, height: 844 };

async function signInAs(page: Page, persona: Persona): Promise<void> {
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page).toHaveURL(/\/op$/);
  await expect(page.getByTestId('welcome')).toBeVisible();
}

/** Titles of the sidebar's top level: directories and pages shown in their place. */
async function topLevelMenu(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.locator('.ant-menu-root > li').first()).toBeVisible();
  const titles = sidebar.locator(
    '.ant-menu-root > li > .ant-menu-submenu-title .ant-menu-title-content, .ant-menu-root > li.ant-menu-item .ant-menu-title-content',
  );
  return (await titles.allTextContents()).map((title) => title.trim());
}

const tagsBar = (page: Page) => page.getByTestId('tags-view');
const tagTitles = (page: Page) => tagsBar(page).locator('[data-testid="tag"] a').allTextContents();

test.describe('the operator shell (issue 4)', () => {
  // Several stories open real list pages, each a lazy chunk and its first data.
  test.describe.configure({ timeout: 120_000 });
  test("op_admin sees the full menu, op_auditor the areas it may read, and a page outside the auditor's grants is /403", async ({ browser }) => {
    const admin = await browser.newPage();
    await signInAs(admin, 'op_admin');
    const adminMenu = await topLevelMenu(admin);
    expect(adminMenu).toEqual([
      '系统管理',
      '平台内容',
      '证书管理',
      '任务中心',
      '准入管理',
      '资产证券化',
      '融资管理',
      '企业集团',
      '额度管理',
      '消息中心',
      '中登登记',
      '签发管理',
      '标准库',
      '产品管理',
    ]);
    await admin.close();

    // The auditor reads every area (its menus follow its read grants, issue 25) but writes nothing:
    // a page that only adds, such as 实名认证新增, is outside its grants.
    const auditor = await browser.newPage();
    await signInAs(auditor, 'op_auditor');
    const auditorMenu = await topLevelMenu(auditor);
    expect(adminMenu).toEqual(expect.arrayContaining(auditorMenu));
    expect(auditorMenu).toContain('系统管理');
    await auditor.goto('/op/admit/realname/add');
    await expect(auditor).toHaveURL(/\/403$/);
    await expect(auditor.getByRole('button', { name: '保存草稿' })).toHaveCount(0);
    await auditor.goto('/op/system/dict');
    await expect(auditor.getByTestId('dict-types-list')).toBeVisible();
    await auditor.close();
  });

  test('opening three pages, 关闭其他, 刷新页面; the tags survive a reload', async ({ page }) => {
    await signInAs(page, 'op_admin');
    const sidebar = page.getByTestId('sidebar');
    await openMenuDirectory(sidebar, /系统管理/);
    for (const [title, list] of [
      ['字典管理', 'dict-types-list'],
      ['参数设置', 'configs-list'],
      ['导出记录', 'export-records-list'],
    ]) {
      await sidebar.getByRole('menuitem', { name: title }).click();
      await expect(page.getByTestId(list)).toBeVisible();
    }
    await expect.poll(() => tagTitles(page)).toEqual(['首页', '字典管理', '参数设置', '导出记录']);
    await expect(page).toHaveTitle(/^导出记录 - /);

    await tagsBar(page).getByRole('link', { name: '参数设置' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => tagTitles(page)).toEqual(['首页', '参数设置']);
    await expect(page).toHaveURL(/\/op\/system\/config$/);

    // The kept page may rest scrolled under the sticky header; Playwright's own scrolling to reach
    // the menu item would move the page under the menu, so the item is clicked where it is.
    await expect(page.getByTestId('configs-list')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '关闭其他' })).toBeHidden();
    await tagsBar(page).getByRole('link', { name: '参数设置' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '刷新页面' }).dispatchEvent('click');
    await expect(page).toHaveURL(/\/op\/system\/config$/);
    await expect(page.getByTestId('configs-list')).toBeVisible();

    await page.reload();
    await expect.poll(() => tagTitles(page)).toEqual(['首页', '参数设置']);
    await expect(page.getByTestId('configs-list')).toBeVisible();

    // 首页 is pinned: it has no close button and 关闭所有 keeps it.
    await expect(tagsBar(page).getByRole('button', { name: /关闭 首页/ })).toHaveCount(0);
    await tagsBar(page).getByRole('link', { name: '参数设置' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭所有' }).dispatchEvent('click');
    await expect.poll(() => tagTitles(page)).toEqual(['首页']);
    await expect(page).toHaveURL(/\/op$/);
  });

  test('the sidebar search finds a page by its title and opens it; /redirect refreshes a page', async ({ page }) => {
    await signInAs(page, 'op_admin');
    await page.getByRole('textbox', { name: '搜索菜单' }).fill('付款');
    await page.getByTestId('sidebar').getByRole('menuitem', { name: '付款审核' }).click();
    await expect(page).toHaveURL(/\/op\/abs\/credit-recycling-manage\/audit$/);
    // The payment audit itself (it was the last 建设中 screen, issue 18 item 5).
    await expect(page.getByRole('tab', { name: '付款审核' })).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: join(ARTIFACTS, 'shell-menu-search.png'), animations: 'disabled' });
    await page.goto('/redirect/op/abs/credit-recycling-manage/audit');
    await expect(page).toHaveURL(/\/op\/abs\/credit-recycling-manage\/audit$/);
  });

  test('the dark theme survives a reload; home in light and dark, desktop and phone', async ({ page }) => {
    await signInAs(page, 'op_admin');
    await page.screenshot({ path: join(ARTIFACTS, 'home-light-desktop.png'), animations: 'disabled' });
    await page.getByTestId('theme-switch').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.getByTestId('welcome')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const background = await page.evaluate<string>("getComputedStyle(document.querySelector('.shell')).backgroundColor");
    expect(background).not.toBe('rgb(245, 245, 245)');
    await page.screenshot({ path: join(ARTIFACTS, 'home-dark-desktop.png'), animations: 'disabled' });

    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('welcome')).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'home-dark-phone.png'), animations: 'disabled' });
    await page.getByTestId('theme-switch').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.mouse.move(200, 600);
    await expect(page.getByRole('tooltip')).toBeHidden();
    await page.screenshot({ path: join(ARTIFACTS, 'home-light-phone.png'), animations: 'disabled' });
  });

  test('at 390×844 the sidebar is closed and opens as a drawer', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport: PHONE, baseURL });
    const page = await context.newPage();
    try {
      await signInAs(page, 'op_admin');
      await expect(page.locator('.shell')).toHaveAttribute('data-device', 'mobile');
      await expect(page.getByTestId('sidebar')).toHaveCount(0);
      await page.getByTestId('hamburger').click();
      const drawer = page.getByTestId('sidebar');
      await expect(drawer).toBeVisible();
      await page.screenshot({ path: join(ARTIFACTS, 'phone-sidebar-drawer.png'), animations: 'disabled' });
      await openMenuDirectory(drawer, /系统管理/);
      await drawer.getByRole('menuitem', { name: '字典管理' }).click();
      await expect(page).toHaveURL(/\/op\/system\/dict$/);
      await expect(page.getByTestId('sidebar')).toBeHidden();
    } finally {
      await context.close();
    }
  });

  test('the language switch shows the menu and the shell in English, and back', async ({ page }) => {
    await signInAs(page, 'op_admin');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByTestId('sidebar').getByRole('menuitem', { name: /System$/ })).toBeVisible();
    await expect(tagsBar(page).getByRole('link', { name: 'Home' })).toBeVisible();
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect(page.getByTestId('sidebar').getByRole('menuitem', { name: /系统管理/ })).toBeVisible();
  });

  test('the header-only layout switches the corporate entity: 请选择主体, 请选择其他主体, then /op', async ({ page }) => {
    await signInAs(page, 'op_admin');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await expect(page).toHaveURL(/\/op\/login\/change-password$/);
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await expect(page.getByLabel('旧密码')).toBeVisible();
    await page.getByRole('button', { name: '切换主体' }).click();
    await expect(page.getByText('请选择主体', { exact: true }).last()).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'header-layout.png'), animations: 'disabled' });

    const chooseCorp = async (corpName: string) => {
      await page.locator('.corp-switcher .ant-select-selector').click();
      await (await openedDropdown(page)).locator('.ant-select-item-option').filter({ hasText: corpName }).click();
    };
    await expect(page.getByRole('combobox', { name: '请选择主体' })).toBeVisible();
    await chooseCorp('供应链金融服务平台运营中心');
    await page.getByRole('button', { name: '切换主体' }).click();
    await expect(page.getByText('请选择其他主体')).toBeVisible();

    await chooseCorp('华东运营分公司');
    await page.getByRole('button', { name: '切换主体' }).click();
    await expect(page).toHaveURL(/\/op$/);
    await expect(page.getByTestId('welcome').locator('..')).toContainText('华东运营分公司');
  });

  test('each first screen loads no JavaScript beyond what the budget check counts', async ({ page }) => {
    const graph = readChunkGraph(join(ROOT, 'dist'));
    const loaded = new Set<string>();
    // A preload the page cannot use (another credentials mode than the loader's) is fetched twice, and Chrome says so.
    const preloadWarnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
    });
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.endsWith('.js')) loaded.add(path.slice(1));
    });
    await page.goto('/login/op');
    await expect(page.getByLabel('用户名')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect([...loaded].sort()).toEqual(screenFiles(graph, SCREENS['/login/op'].roots).sort());

    await signInAs(page, 'op_admin');
    loaded.clear();
    await page.reload();
    await expect(page.getByTestId('welcome')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const counted = new Set(screenFiles(graph, SCREENS['/op'].roots));
    expect([...loaded].filter((file) => !counted.has(file))).toEqual([]);

    // A phone's /op adds its sidebar drawer's chunks and nothing of the pages' (scripts/build/first-screens.ts).
    await page.setViewportSize(PHONE);
    loaded.clear();
    await page.reload();
    await expect(page.getByTestId('welcome')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const drawer = new Set(screenFiles(graph, ['src/layout/sidebar/MobileSidebar.tsx']));
    expect([...loaded].filter((file) => !counted.has(file) && !drawer.has(file))).toEqual([]);
    expect([...loaded].filter((file) => /^assets\/(pages|tasks)-/.test(file))).toEqual([]);

    // A deep link to a list waits for a few files, not the forty the kit's modules were on their own.
    await page.setViewportSize({ width: 1350, height: 940 });
    loaded.clear();
    await page.goto('/op/system/dict');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    const beyond = [...loaded].filter((file) => !counted.has(file));
    expect(beyond.length, beyond.join(' ')).toBeLessThanOrEqual(10);
    // And a deep link to a task: its stylesheet is preloaded too.
    await page.goto('/op/task/view?taskId=no-such-task');
    await expect(page.getByText('任务不存在').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(preloadWarnings).toEqual([]);
  });

  test('the full-screen loading spinner shows while the shell waits for its menu, then gives way to it', async ({ page }) => {
    await signInAs(page, 'op_admin');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/op/v1/userInfo/granted-menu-tree*', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const spinner = page.getByRole('status').filter({ hasText: '加载中…' });
    await expect(spinner).toBeVisible();
    await expect(spinner.locator('.fullscreen-loading-dots i')).toHaveCount(4);
    await page.screenshot({ path: join(ARTIFACTS, 'loading-spinner.png') });
    release();
    await expect(page.getByTestId('welcome')).toBeVisible();
    await expect(spinner).toHaveCount(0);
  });

  test("the first screens draw antd from the build's stylesheet, generating none of its styles at run time", async ({ page }) => {
    // antd inserts a <style> per component it styles itself; scripts/build/antd-static-css.mjs renders
    // the first screens' components at build time. A component added to them is added there too.
    const generated = async () => (await page.locator('style').allTextContents()).flatMap((css) => css.match(/\.ant-[a-z-]+/)?.[0] ?? []);
    await page.goto('/login/op');
    await expect(page.getByLabel('用户名')).toBeFocused();
    expect(await generated()).toEqual([]);
    for (const size of [{ width: 1480, height: 900 }, PHONE]) {
      await page.setViewportSize(size);
      await signInAs(page, 'op_admin');
      await expect(page.getByRole('link', { name: /进入数据驾驶舱/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await generated(), `at ${size.width} px`).toEqual([]);
      await signOutQuietly(page, { storage: true });
    }
    // A deep link to a list page links the superset with the pages' components instead (route-preloads.ts):
    // its table, search form, pagination and tags come from the build too.
    await page.setViewportSize({ width: 1480, height: 900 });
    await signInAs(page, 'op_admin');
    await page.goto('/op/system/dict');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('link[rel="stylesheet"][href*="/antd-pages-"]')).toHaveCount(1);
    expect(await generated(), 'on /op/system/dict').toEqual([]);
    // Loaded again, the list's page call (learned at the load before) is sent early and its answer is
    // the list's first render (src/crud/ready-list.ts): one call, and no spinner left over the rows.
    const pageCalls: string[] = [];
    page.on('request', (request) => request.url().includes('/sys/dict-types/page') && pageCalls.push(request.url()));
    await page.reload();
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(pageCalls).toHaveLength(1);
    await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
  });
});
