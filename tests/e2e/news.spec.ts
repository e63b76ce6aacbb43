/**
 * News and notices end to end (issue 7): op_admin writes a news item in the rich-text editor with an
 * uploaded cover and an inline image, previews it as readers would see it, publishes and pins it;
 * then the OWASP filter-evasion payloads, saved through the signed API, are shown in the list, the
 * preview and the detail drawer and run no script.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { signInAs as apiSignIn } from '../server/client';
import { XSS_PAYLOADS, XSS_SENTINEL } from '../fixtures/xss-payloads';
import { expect, openedDropdown, PERSONAS, settled, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const NEWS_PATH = '/op/platform-content/news/edit';

const rows = (scope: Locator) => scope.locator('tbody tr.ant-table-row');
const rowOf = (scope: Locator, text: string) => rows(scope).filter({ hasText: text });

async function openNews(page: Page): Promise<Locator> {
  await signIn(page, 'op_admin', PERSONAS.op_admin);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  await page.goto(NEWS_PATH);
  const list = page.getByTestId('news-list');
  await expect(list.locator('.ant-table')).toBeVisible(FIRST_LOAD);
  return list;
}

async function searchTitle(list: Locator, title: string): Promise<void> {
  await list.locator('form.kit-search').getByLabel('标题', { exact: true }).fill(title);
  await list.getByRole('button', { name: /搜\s*索/ }).click();
}

/** Images that loaded: a source, and pixels. */
async function loadedImages(scope: Locator): Promise<number> {
  return scope
    .locator('img')
    .evaluateAll(
      (images) =>
        images.filter(
          (image) =>
            (image as unknown as { complete: boolean; naturalWidth: number }).complete && (image as unknown as { naturalWidth: number }).naturalWidth > 0,
        ).length,
    );
}

const png = (background: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

test.describe('news and notices (issue 7)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('op_admin writes a news item with images, previews, publishes and pins it', async ({ page }) => {
    const list = await openNews(page);
    await list.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('新增新闻动态');
    const editor = dialog.getByTestId('rich-text-editor');
    await expect(editor).toBeVisible(FIRST_LOAD);

    await dialog.getByLabel('标题', { exact: true }).fill('平台 11 月版本升级说明');
    await dialog.getByLabel('摘要', { exact: true }).fill('新版本上线了新闻动态管理与平台公告管理。');
    await dialog.getByLabel('作者', { exact: true }).fill('运营中心');
    const cover = dialog.locator('.ant-form-item').filter({ hasText: '封面图片' }).locator('input[type=file]');
    await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await png('#2a6bfd', 1200, 500) });
    await expect(dialog.locator('.ant-form-item').filter({ hasText: '封面图片' }).locator('.ant-upload-list-item-done, .ant-upload-list-item')).toHaveCount(
      1,
      FIRST_LOAD,
    );

    // Write: a heading, bold text, a list, a quote, then an uploaded image inline.
    const text = editor.locator('.tiptap');
    // A toolbar button takes the focus; TipTap gives it back to the text on the next frame, and what is
    // typed before that goes nowhere (seen in a two-worker run: an empty heading). Each waits for it.
    const tool = async (name: string) => {
      await editor.getByRole('button', { name }).click();
      await expect(text).toBeFocused();
    };
    await text.click();
    await tool('标题 2');
    await page.keyboard.type('升级内容');
    await page.keyboard.press('Enter');
    await tool('加粗');
    await page.keyboard.type('重点：');
    await tool('加粗');
    await page.keyboard.type('新闻与公告支持富文本和图片。');
    await page.keyboard.press('Enter');
    await tool('无序列表');
    await page.keyboard.type('发布与下架');
    await page.keyboard.press('Enter');
    await page.keyboard.type('置顶与取消置顶');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await tool('引用');
    await page.keyboard.type('内容在保存和显示时都会被净化。');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await editor
      .locator('.rich-text-toolbar input[type=file]')
      .setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: await png('#52c41a', 800, 400) });
    await expect(text.locator('img[data-file-id]')).toHaveCount(1, FIRST_LOAD);
    await expect.poll(() => loadedImages(text), FIRST_LOAD).toBe(1);
    await expect(text.locator('h2')).toHaveText('升级内容');
    await expect(text.locator('strong')).toHaveText('重点：');
    await expect(text.locator('ul li')).toHaveCount(2);
    await page.screenshot({ path: join(ARTIFACTS, 'news-editor.png'), animations: 'disabled' });

    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    const row = rowOf(list, '平台 11 月版本升级说明');
    await expect(row).toContainText('草稿');
    await expect(row.getByRole('button', { name: '置顶' })).toHaveCount(0);

    // 预览: as readers see it, images loaded under fresh grants.
    await row.getByRole('button', { name: /预\s*览/ }).click();
    const article = page.getByTestId('content-article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText('平台 11 月版本升级说明');
    await expect(article).toContainText('作者：运营中心');
    await expect(article).toContainText('新版本上线了新闻动态管理与平台公告管理。');
    await expect(article.locator('h2')).toHaveText('升级内容');
    await expect(article.locator('blockquote')).toContainText('内容在保存和显示时都会被净化。');
    await expect.poll(() => loadedImages(article), FIRST_LOAD).toBe(2);
    await page.screenshot({ path: join(ARTIFACTS, 'news-preview.png'), animations: 'disabled' });
    await page.locator('.ant-drawer-close').click();
    await expect(article).toBeHidden();

    // Publish, then pin: the buttons follow the state.
    await row.getByRole('button', { name: /发\s*布/ }).click();
    await expect(page.getByText('发布成功')).toBeVisible();
    await expect(row).toContainText('已发布');
    await row.getByRole('button', { name: /置\s*顶/ }).click();
    await expect(page.getByText('置顶成功')).toBeVisible();
    await expect(row.getByRole('button', { name: '取消置顶' })).toBeVisible();
    await expect(row.getByRole('button', { name: /发\s*布/ })).toHaveCount(0);

    // Listed as published and pinned, first.
    await list.locator('form.kit-search').locator('.ant-form-item').filter({ hasText: '状态' }).locator('.ant-select').click();
    await (await openedDropdown(page)).getByTitle('已发布').click();
    await list.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(rows(list).first()).toContainText('平台 11 月版本升级说明');
    await expect(rows(list).first()).toContainText('已发布');
    await expect(rows(list).first()).toContainText('是');
    await page.screenshot({ path: join(ARTIFACTS, 'news-list.png'), animations: 'disabled' });
  });

  test('the OWASP payloads, saved and then shown in the list, the preview and the details, run no script', async ({ page, server }) => {
    const dialogs: string[] = [];
    const consoleErrors: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));

    const admin = await apiSignIn(server.url, 'op_admin');
    const save = async (values: Record<string, unknown>) => {
      const answer = await admin.call<{ id: string; dataVersion: number }>('/op/v1/content/news/save', { json: values });
      expect(answer.body.code, answer.text).toBe('0');
      return answer.body.data!;
    };
    // One item holding every payload; others carry payloads in the title and summary, shown as text.
    const all = await save({ title: 'XSS 全部载荷', summary: XSS_PAYLOADS[0].html, content: XSS_PAYLOADS.map((p) => `<p>${p.name}</p>${p.html}`).join('') });
    await admin.call('/op/v1/content/news/publish', { json: { id: all.id, dataVersion: all.dataVersion } });
    for (const payload of XSS_PAYLOADS.slice(0, 8)) {
      await save({ title: `XSS ${payload.html}`.slice(0, 100), summary: payload.html, content: `<p>正文</p>${payload.html}` });
    }

    const list = await openNews(page);
    await searchTitle(list, 'XSS');
    await expect(rows(list)).toHaveCount(9);
    await expect(list.getByText(`XSS ${XSS_PAYLOADS[0].html}`, { exact: true })).toHaveCount(1);
    await page.screenshot({ path: join(ARTIFACTS, 'news-xss-list.png'), animations: 'disabled' });

    await rowOf(list, 'XSS 全部载荷')
      .getByRole('button', { name: /预\s*览/ })
      .click();
    const article = page.getByTestId('content-article');
    // An unclosed payload swallows what follows it; the text before it is all there.
    await expect(article).toContainText(XSS_PAYLOADS[0].name);
    await expect(article).toContainText('math with xlink:href');
    await expect(article.locator('script, iframe, object, embed, svg, math, style, form, meta, base, link, input')).toHaveCount(0);
    await page.screenshot({ path: join(ARTIFACTS, 'news-xss-preview.png'), animations: 'disabled' });
    await page.locator('.ant-drawer-close').click();

    // Each of the others through its preview and its details (查看 shows the content too).
    for (const payload of XSS_PAYLOADS.slice(0, 8)) {
      const row = rows(list).filter({ has: page.getByText(`XSS ${payload.html}`.slice(0, 100), { exact: true }) });
      await row.getByRole('button', { name: /预\s*览/ }).click();
      await expect(page.getByTestId('content-article')).toContainText('正文');
      await page.locator('.ant-drawer-close').click();
      await expect(page.getByTestId('content-article')).toBeHidden();
    }
    await rowOf(list, 'XSS 全部载荷')
      .getByRole('button', { name: /查\s*看/ })
      .click();
    await expect(page.getByTestId('news-show').getByTestId('content-html')).toContainText(XSS_PAYLOADS[0].name, FIRST_LOAD);

    // Anything that could run has had its turn: the images have loaded or failed (their handlers, had any
    // survived, would have fired) and the page has drawn twice since (autofocus, toggles, animations).
    await settled(page);
    expect(await page.evaluate((sentinel) => (globalThis as unknown as Record<string, unknown>)[sentinel], XSS_SENTINEL)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
