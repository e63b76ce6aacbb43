/**
 * The help centre and the hotline end to end (issue 21): an operator opens the help centre from the
 * avatar menu, searches and reads an article; op_admin (whitelisted, authorised) calls a
 * corporation's contact through every state and finds the call logged; operators without
 * authorisation or off the whitelist see no call button.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, PERSONAS, signIn, test, type Persona } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const CORP_PATH = '/op/group/corporation/detail?id=corp-demo-group';
const NOTE = '与联系人确认额度下发计划，下周提交申请。';

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `help-hotline-${name}.png`), fullPage: true });

async function signInAs(page: Page, persona: Persona): Promise<void> {
  await signIn(page, persona, PERSONAS[persona]);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
}

/** The corporation's detail page once its fields and the operator's call state have loaded. */
async function openCorporation(page: Page): Promise<void> {
  const state = page.waitForResponse((r) => r.url().includes('/op/v1/hotline/state'));
  await page.goto(CORP_PATH);
  await expect(page.getByTestId('corporation-basic')).toBeVisible(FIRST_LOAD);
  await state;
}

test.describe('help centre and hotline (issue 21)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an operator opens the help centre from the avatar menu, searches and reads an article', async ({ page }) => {
    await signInAs(page, 'op_agent');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '帮助中心' }).click();
    await expect(page).toHaveURL(/\/op\/help$/);
    const centre = page.getByTestId('help-center');
    await expect(centre.getByTestId('help-result').first()).toBeVisible(FIRST_LOAD);
    await expect(centre.getByTestId('help-categories')).toContainText('审批流程');
    // op_agent reads but may not manage the articles.
    await expect(centre.getByRole('button', { name: '管理文章' })).toHaveCount(0);
    await shot(page, 'help-list');

    const search = centre.getByPlaceholder('搜索帮助文章，如：审批、验证码、额度');
    await search.fill('验证码');
    await search.press('Enter');
    await expect(page).toHaveURL(/q=/);
    const results = centre.getByTestId('help-result');
    await expect(results.first()).toContainText('短信验证码签署');
    // Read once the list is the search's (the whole list, still shown for a moment, holds that article).
    await expect(results.filter({ hasText: '额度下发：从集团到项目部' })).toHaveCount(0);

    await results.filter({ hasText: '短信验证码签署' }).click();
    const article = centre.getByTestId('help-article');
    await expect(article.getByRole('heading', { name: '短信验证码签署：什么时候需要、怎么操作' })).toBeVisible(FIRST_LOAD);
    await expect(article.getByTestId('content-html')).toContainText('验证码 5 分钟内有效');
    await shot(page, 'help-article');

    // 返回列表 comes back to the results; a category narrows them together with the keyword.
    await article.getByRole('button', { name: '返回列表' }).click();
    await expect(results.filter({ hasText: '短信验证码签署' })).toHaveCount(1);
    await centre
      .getByTestId('help-categories')
      .getByText(/^额度管理/)
      .click();
    await expect(page).toHaveURL(/category=QUOTA/);
    await expect(centre.getByText('没有找到相关文章，换个关键词试试')).toBeVisible();
    await search.fill('');
    await search.press('Enter');
    await expect(results).toHaveText(['额度下发：从集团到项目部']);
  });

  test('op_admin calls a corporation contact through every state and finds the call logged', async ({ page }) => {
    await signInAs(page, 'op_admin');
    await openCorporation(page);
    const button = page.getByTestId('call-button');
    await expect(button).toBeVisible();
    await button.click();

    const bar = page.getByTestId('call-bar');
    const state = bar.getByTestId('call-state');
    await expect(state).toHaveAttribute('data-state', 'DIALLING');
    await expect(bar).toContainText('正在呼叫');
    await expect(button).toHaveCount(0); // not idle: no second call
    await shot(page, 'call-dialling');

    // The stand-in answers after 2.5 s; the page polls the state.
    await expect(state).toHaveAttribute('data-state', 'TALKING', { timeout: 15_000 });
    await expect(bar.getByTestId('call-timer')).toContainText(/通话中 00:0[1-9]/, { timeout: 10_000 });
    await shot(page, 'call-talking');
    await bar.getByTestId('call-hang-up').click();

    await expect(state).toHaveAttribute('data-state', 'WRAP_UP');
    await bar.getByTestId('call-note').fill(NOTE);
    await shot(page, 'call-wrap-up');
    await bar.getByTestId('call-finish').click();
    await expect(bar).toHaveCount(0);
    await expect(button).toBeVisible(); // idle again

    await page.getByRole('tab', { name: '通话记录' }).click();
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: NOTE });
    await expect(row).toHaveCount(1, FIRST_LOAD);
    await expect(row).toContainText('已接通');
    await expect(row).toContainText('系统管理员');
    await expect(row).toContainText('1391****0001');
    await shot(page, 'call-log-tab');

    // The call log of every corporation, from the menu's page.
    await page.goto('/op/group/hotline-calls');
    await expect(page.locator('tbody tr.ant-table-row').filter({ hasText: NOTE })).toHaveCount(1, FIRST_LOAD);
    await shot(page, 'call-log');
  });

  for (const persona of ['op_handler', 'op_auditor'] as const) {
    test(`${persona} (no call authorisation or not whitelisted) sees no call button`, async ({ page }) => {
      await signInAs(page, persona);
      await openCorporation(page);
      await expect(page.getByTestId('corporation-basic')).toContainText('139');
      await expect(page.getByTestId('call-button')).toHaveCount(0);
      await shot(page, `no-call-${persona}`);
    });
  }
});
