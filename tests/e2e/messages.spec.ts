/**
 * The message centre and online support in Chromium (issue 21). Two browser contexts, op_handler and
 * op_director, each with the bell's socket open: op_handler submits an admission and the task reaches
 * op_director's bell within a second; op_director approves it and the approval reaches op_handler's
 * bell within a second, and is still there after a reload; the drawer opens the message, 我的消息
 * marks all read. Then a corporate user opens a conversation through the corporate API, op_handler
 * takes it in 在线客服 and replies; the customer's answer appears live.
 * Screenshots in test-results/e2e-artifacts/messages-*.png.
 */
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { DEMO_CORPORATE_KEY } from '../../server/support/corporate-routes';
import { CORPORATE_KEY_HEADER, CORPORATE_SUPPORT_API } from '../../src/lib/messages';
import { dataOf, signInAs as apiSignIn, type ApiClient } from '../server/client';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const LIVE = { timeout: 1_000 };
const RUN = Date.now().toString(36).toUpperCase();
const CORP = `消息中心建设集团${RUN}有限公司`;
const CHANGES = '/op/v1/corporations/changes';

const shoot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `messages-${name}.png`), animations: 'disabled' });

async function signedInPage(browser: Browser, baseURL: string, persona: Persona): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('message-bell')).toHaveAttribute('data-online', 'true', FIRST_LOAD);
  return page;
}

const unreadOf = async (page: Page) => Number(await page.getByTestId('message-bell').getAttribute('data-unread'));

test.describe.serial('the message centre and online support (issue 21)', () => {
  test.describe.configure({ timeout: 180_000 });
  let handler: ApiClient;
  let director: ApiClient;
  let handlerPage: Page;
  let directorPage: Page;

  test.beforeAll(async ({ browser, server }) => {
    [handler, director] = await Promise.all([apiSignIn(server.url, 'op_handler'), apiSignIn(server.url, 'op_director')]);
    handlerPage = await signedInPage(browser, server.url, 'op_handler');
    directorPage = await signedInPage(browser, server.url, 'op_director');
  });
  test.afterAll(async () => {
    await handlerPage?.context().close();
    await directorPage?.context().close();
  });

  test('a submitted task and its approval reach the other context within a second and survive a reload', async () => {
    // op_handler saves, which submits: the review task arrives in op_director's bell.
    const directorBefore = await unreadOf(directorPage);
    const admission = await dataOf<{ instanceId: string; taskId: string }>(handler, `${CHANGES}/core-admissions/save`, {
      corpName: CORP,
      creditCode: `91330200MA2W${RUN.slice(-5).padStart(5, '0')}X`.slice(0, 18),
      legalPersonName: '陈海波',
      legalPersonIdCard: handler.encrypt('11010519491231002X'),
      managerName: '林晓',
      managerMobile: handler.encrypt('13812345678'),
      registeredAddress: '宁波市江北区1号',
    });

    // Saving submitted it: its task is the director's review.
    const submitted = { task: { id: admission.taskId } };
    await expect(directorPage.getByTestId('message-bell')).toHaveAttribute('data-unread', String(directorBefore + 1), LIVE);

    // op_director approves: op_handler, who started it, is told.
    const handlerBefore = await unreadOf(handlerPage);
    await dataOf(director, '/op/v1/workflow/tasks/complete', { taskId: submitted.task.id, outcome: 'PASS' });
    await expect(handlerPage.getByTestId('message-bell')).toHaveAttribute('data-unread', String(handlerBefore + 1), LIVE);

    // Stored: a reload shows the same count, and the drawer lists the approval.
    await handlerPage.reload();
    await expect(handlerPage.getByTestId('message-bell')).toHaveAttribute('data-online', 'true', FIRST_LOAD);
    await expect(handlerPage.getByTestId('message-bell')).toHaveAttribute('data-unread', String(handlerBefore + 1));
    await handlerPage.getByTestId('message-bell').click();
    const approval = handlerPage.getByTestId('drawer-message').filter({ hasText: CORP }).first();
    await expect(approval).toContainText('审批通过');
    await shoot(handlerPage, 'drawer');
    // Opening it marks it read and goes to the instance, read only.
    await approval.click();
    await expect(handlerPage).toHaveURL(new RegExp(`/op/task/view\\?instanceId=${admission.instanceId}`), FIRST_LOAD);
    await expect(handlerPage.getByTestId('message-bell')).toHaveAttribute('data-unread', String(handlerBefore));

    // The director's 我的消息: the task, unread, then all marked read.
    await directorPage.goto('/op/message-center/messages');
    const table = directorPage.getByTestId('messages-table');
    await expect(table.locator('tbody tr.ant-table-row').filter({ hasText: CORP }).first()).toContainText('未读', FIRST_LOAD);
    await shoot(directorPage, 'page');
    await directorPage.getByTestId('mark-all-read').click();
    await expect(directorPage.getByTestId('message-bell')).toHaveAttribute('data-unread', '0');
    await expect(directorPage.getByTestId('messages-unread')).toHaveText('未读 0 条');
  });

  test('a corporate conversation is taken, answered, and the customer answers live', async ({ server }) => {
    const corporate = (path: string, json: unknown) =>
      fetch(`${server.url}${CORPORATE_SUPPORT_API}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CORPORATE_KEY_HEADER]: DEMO_CORPORATE_KEY },
        body: JSON.stringify(json),
      }).then(async (r) => (await r.json()) as { code: string; data: { conversation: { id: string }; messages: Array<{ author: string; body: string }> } });
    const subject = `发票上传失败 ${RUN}`;
    const opened = await corporate('conversations/open', { corpName: CORP, contactName: '林晓', subject, body: '上传发票时一直提示失败，怎么办？' });
    expect(opened.code).toBe('0');
    const id = opened.data.conversation.id;

    const page = handlerPage;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/op/message-center/support');
    // A new page load opens a new socket: the customer's answer is pushed only once it is up (the page does
    // not read the thread again when its socket connects, so an answer sent before would never show).
    await expect(page.getByTestId('message-bell')).toHaveAttribute('data-online', 'true', FIRST_LOAD);
    const item = page.getByTestId('support-item').filter({ hasText: subject });
    await expect(item).toBeVisible(FIRST_LOAD);
    await item.click();
    await page.getByTestId('support-take').click();
    await expect(page.getByTestId('support-reply-input')).toBeVisible();
    await page.getByTestId('support-reply-input').fill('您好，请确认发票为 PDF 格式且不超过 10MB。');
    await page.getByTestId('support-send').click();
    await expect(page.getByTestId('support-reply-input')).toHaveValue('', FIRST_LOAD);
    await shoot(page, 'support-sent');
    await expect(page.getByTestId('support-message').filter({ hasText: '不超过 10MB' })).toHaveAttribute('data-author', 'OPERATOR');
    const thread = await corporate('conversations/find-by-id', { id });
    expect(thread.data.messages.map((m) => m.author)).toEqual(['CORPORATE', 'OPERATOR']);

    // The customer answers: it appears in the open conversation without a reload.
    expect((await corporate('conversations/messages/add', { id, body: '好的，已经上传成功了，谢谢！' })).code).toBe('0');
    await expect(page.getByTestId('support-message').filter({ hasText: '已经上传成功' })).toHaveAttribute('data-author', 'CORPORATE', { timeout: 2_000 });
    await shoot(page, 'support');
    await page.getByTestId('support-close').click();
    await expect(page.getByTestId('support-reply-input')).toHaveCount(0);
    await expect(page.getByTestId('support-thread')).toContainText('已经上传成功');
    expect(errors).toEqual([]);
  });
});
