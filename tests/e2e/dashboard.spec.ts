/**
 * The data dashboard end to end (issue 21, spec 2.4): op_director opens it from the home page's
 * 进入数据驾驶舱; it fills 1920×1080 and 1366×768 without scrolling, with every panel drawn (the
 * credit notes' issuance and redemption by month, due and overdue, financing share, top holders too) and none
 * overlapping another; it reloads on 刷新 and on its own every minute; on a phone it is a column. The quota
 * panel says how many units hold quota and links to the quota ledger's list for the ones its chart leaves out.
 * op_handler, without the permission, neither sees the link nor reaches the page.
 * Screenshots in test-results/e2e-artifacts/dashboard-*.png.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { dataOf, signInAs as apiSignIn } from '../server/client';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const OVERVIEW = '/dashboard/overview';
// In the page's order: on a phone each is below the one before.
const PANELS = ['monthly', 'quota', 'maturity', 'financing', 'holders', 'grantor', 'tasks', 'corp-types', 'admission', 'results'];
/** An amount the §9 helpers write in 万 or 亿 ("1,234.57万元"). */
const AMOUNT = /\d[\d,]*\.\d{2}(万元|亿元|元)/;

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: join(ARTIFACTS, `dashboard-${name}.png`), fullPage, animations: 'disabled' });

/** The document's scroll size against the window's: nothing hidden beyond either edge. */
interface ScrollSizes {
  scrollWidth: number;
  scrollHeight: number;
  bodyScrollHeight: number;
  innerWidth: number;
  innerHeight: number;
}
const scrollSizes = (page: Page) =>
  page.evaluate<ScrollSizes>(
    '({ scrollWidth: document.documentElement.scrollWidth, scrollHeight: document.documentElement.scrollHeight, bodyScrollHeight: document.body.scrollHeight, innerWidth: window.innerWidth, innerHeight: window.innerHeight })',
  );

/** The headline hints and panel figures that do not show whole: a hint wraps to a second line, never loses its end. */
const cutTexts = (page: Page) =>
  page.evaluate<string[]>(
    `[...document.querySelectorAll('.dashboard-kpi-hint, .dashboard-panel-extra span, .dashboard-panel-note span, .dashboard-stat strong')].filter((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)`,
  );

async function panelBoxes(page: Page) {
  const boxes = [];
  for (const area of PANELS) {
    const panel = page.getByTestId(`dashboard-panel-${area}`);
    await expect(panel.locator('canvas').first(), area).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.width, area).toBeGreaterThan(200);
    expect(box.height, area).toBeGreaterThan(140);
    boxes.push({ area, ...box });
  }
  return boxes;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

/**
 * The credit-note figures: headline amounts in 万/亿, due and overdue, the financing share. Counts are
 * whatever earlier journeys left (a payment may redeem a demo note); the server test checks the values.
 */
async function expectNoteFigures(page: Page) {
  for (const kpi of ['kpi-outstanding', 'kpi-issued-year', 'kpi-redeemed-year']) await expect(page.getByTestId(kpi), kpi).toContainText(AMOUNT);
  await expect(page.getByTestId('kpi-outstanding')).toContainText(/\d+ 张 · 融资占比 \d+\.\d{2}%/);
  await expect(page.getByTestId('dashboard-due-soon')).toContainText(/30 日内到期\d+ 张 · [\d,]+\.\d{2} 万元/);
  await expect(page.getByTestId('dashboard-overdue')).toContainText(/已逾期\d+ 张 · [\d,]+\.\d{2} 万元/);
  // The figures are read whole, not cut by an ellipsis on the narrowest panel.
  for (const id of ['dashboard-due-soon', 'dashboard-overdue', 'dashboard-financing-share']) {
    const cut = await page.evaluate<boolean>(
      `(() => { const el = document.querySelector('[data-testid="${id}"]'); return [el, ...el.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1); })()`,
    );
    expect(cut, `${id} is not cut`).toBe(false);
  }
  await expect(page.getByTestId('dashboard-financing-share')).toContainText(/融资占比 \d+\.\d{2}% · \d+\/\d+ 张/);
}

/**
 * The quota panel's header is one row, its title and the core enterprises' line side by side, whatever their number:
 * a line per core enterprise, or the line wrapped under the title (the English title at 1366), took the 768 px
 * panel's height from the chart, whose ten bars' names then overlapped.
 */
async function expectQuotaHeadOneRow(page: Page, name: string) {
  const title = (await page.getByTestId('dashboard-panel-quota').locator('h2').boundingBox())!;
  const line = (await page.getByTestId('dashboard-quota-cores').boundingBox())!;
  expect(line.height, `${name}: the quota panel's header line is one line`).toBeLessThan(24);
  expect(line.y, `${name}: the quota panel's header line is beside its title`).toBeLessThan(title.y + title.height);
}

async function expectFitsOneScreen(page: Page, name: string) {
  // The demo grants 8,800.00万元; a journey before this one may grant more (the server test checks the figure).
  await expect(page.getByTestId('kpi-granted')).toContainText(AMOUNT);
  await expectNoteFigures(page);
  const boxes = await panelBoxes(page);
  for (const a of boxes) for (const b of boxes) if (a !== b) expect(overlaps(a, b), `${a.area} overlaps ${b.area}`).toBe(false);
  const size = await scrollSizes(page);
  expect(size.scrollHeight, `${name}: no vertical scroll`).toBeLessThanOrEqual(size.innerHeight);
  expect(size.bodyScrollHeight, `${name}: no vertical scroll`).toBeLessThanOrEqual(size.innerHeight);
  expect(size.scrollWidth, `${name}: no horizontal scroll`).toBeLessThanOrEqual(size.innerWidth);
  for (const a of boxes) expect(a.y + a.height, `${a.area} inside the window`).toBeLessThanOrEqual(size.innerHeight);
  await expectQuotaHeadOneRow(page, name);
  expect(await cutTexts(page), `${name}: cut texts`).toEqual([]);
  // The dark surface: the page's background is near black.
  await expect(page.getByTestId('data-dashboard')).toHaveCSS('background-image', /rgb\(7, 16, 31\)/);
  await shot(page, name);
}

test.describe('the data dashboard', () => {
  // A second core enterprise's group with a platform quota of ¥2,000,000.00, through its process: the quota panel's
  // header then sums the core enterprises on one line (beside a fresh install's one, whose line names none).
  test.beforeAll(async ({ server }) => {
    const [handler, director] = await Promise.all(['op_handler', 'op_director'].map((u) => apiSignIn(server.url, u)));
    const group = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'GROUP', corpId: 'corp-demo-core-north' });
    const applied = await dataOf<{ taskId: string }>(handler, '/op/v1/quotas/requests/apply', {
      kind: 'PLATFORM',
      unitId: group.id,
      amount: '2000000.00',
      termEnd: `${new Date().getFullYear() + 2}-06-30`,
      reason: '驾驶舱第二家核心企业',
    });
    await dataOf(director, '/op/v1/workflow/tasks/complete', { taskId: applied.taskId, outcome: 'PASS', remark: '同意' });
  });

  test('op_director opens it from the home page; it fits 1920×1080 and 1366×768, refreshes on demand and every minute', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.clock.install();
    await signIn(page, 'op_director', PERSONAS.op_director);
    const link = page.getByRole('link', { name: /进入数据驾驶舱/ });
    await expect(link).toBeVisible(FIRST_LOAD);
    const first = page.waitForResponse((r) => r.url().includes(OVERVIEW));
    await link.click();
    await expect(page).toHaveURL(/\/op\/data-dashboard$/);
    expect((await first).status()).toBe(200);
    await expect(page.getByRole('heading', { name: '数据驾驶舱' })).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('kpi-pending')).toContainText(/\d+件/);
    // Journeys before this one admit corporations of their own: a count, whatever it is (the server test checks the figure).
    await expect(page.getByTestId('kpi-corporations')).toContainText(/\d+/);
    // The demo's credit notes occupy part of it, and other journeys issue more: the rate is whatever they left.
    // The core enterprises' line: the demo group's and this file's (other journeys may grant more) summed on one line;
    // the hover title names each with its own figures.
    const coresLine = page.getByTestId('dashboard-quota-cores');
    await expect(coresLine).toHaveText(/^\d+ 家核心企业 · 授信 [\d,]+\.\d{2} 万元 · 使用率 \d+\.\d{2}%$/);
    await expect(coresLine).toHaveAttribute('title', /^中建华东建设集团有限公司：授信 8,800\.00 万元 · 使用率 \d+\.\d{2}%$/m);
    await expect(coresLine).toHaveAttribute('title', /^华北[^\n]*：授信 200\.00 万元 · 使用率 0\.00%$/m);
    await expectFitsOneScreen(page, '1920x1080');

    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(async () => {
      const box = (await page.getByTestId('dashboard-panel-tasks').boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(768);
    }).toPass();
    await expectFitsOneScreen(page, '1366x768');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(async () => {
      const box = (await page.getByTestId('dashboard-panel-tasks').boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(900);
    }).toPass();
    await expectFitsOneScreen(page, '1440x900');

    // Beside the quota chart's legend: how many units hold quota (the chart shows the ten granted the most) and the way to all of them.
    await expect(page.getByTestId('dashboard-quota-units')).toHaveText(/^(共 [\d,]+ 个单位|前 10 \/ 共 [\d,]+ 个单位)$/);
    await expect(page.getByTestId('dashboard-quota-ledger')).toHaveText('查看全部 ›');

    const onDemand = page.waitForResponse((r) => r.url().includes(OVERVIEW));
    await page.getByTestId('dashboard-refresh').click();
    expect((await onDemand).status()).toBe(200);

    const everyMinute = page.waitForResponse((r) => r.url().includes(OVERVIEW));
    await page.clock.fastForward(61_000);
    expect((await everyMinute).status()).toBe(200);
    await expect(page.getByTestId('dashboard-panel-quota').locator('canvas').first()).toBeVisible();

    // The rest of the units are on the quota ledger's list, which pages.
    await page.getByTestId('dashboard-quota-ledger').click();
    await expect(page).toHaveURL(/\/op\/quota\/account$/);
  });

  test('in English at 1366×768, 1440, 1920 and on a phone: units and plurals read right, no headline cut, no Chinese words', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'op_director', PERSONAS.op_director);
    await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
    // The language is the browser's stored choice, read when the app starts.
    await page.evaluate(() => (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('lang', 'en-US'));
    await page.goto('/op/data-dashboard');
    const board = page.getByTestId('data-dashboard');
    await expect(board.getByRole('heading', { name: 'Data dashboard' })).toBeVisible(FIRST_LOAD);
    // Quota in millions ("88.00 m CNY", "¥88.00m"), never "× 10k CNY"; one note is "1 note".
    await expect(page.getByTestId('kpi-granted')).toContainText(/^Quota granted[\d,]+\.\d{2}m CNY/);
    const coresLine = page.getByTestId('dashboard-quota-cores');
    await expect(coresLine).toHaveText(/^\d+ core enterprises · ¥[\d,]+\.\d{2}m granted · \d+\.\d{2}% used$/);
    await expect(coresLine).toHaveAttribute('title', /^中建华东建设集团有限公司: ¥88\.00m granted · \d+\.\d{2}% used$/m);
    await expect(page.getByTestId('kpi-outstanding')).toContainText(/\d+ notes? · financed \d+\.\d{2}%/);
    await expect(page.getByTestId('dashboard-due-soon')).toContainText(/Due in 30 days\d+ notes? · ¥[\d,]+\.\d{2}(k|m)?/);
    await expect(page.getByTestId('dashboard-quota-units')).toHaveText(/^([\d,]+ units?|Top 10 of [\d,]+ units)$/);
    await expect(page.getByTestId('dashboard-quota-ledger')).toHaveText('View all ›');
    const text = await board.innerText();
    expect(text).not.toMatch(/10k|\b1 notes\b|\b1 tasks\b|\b1 accounts\b/);
    // Every word on the page is English but the parties' names, drawn on the charts: the quota line names none.
    const words = await page.evaluate<string>(`document.querySelector('[data-testid="data-dashboard"]').textContent || ''`);
    expect(words.match(/\p{Script=Han}+/gu), 'no Chinese words in English').toBeNull();
    for (const [width, height] of [
      [1366, 768],
      [1440, 900],
      [1920, 1080],
    ]) {
      await page.setViewportSize({ width, height });
      await expect(async () => {
        const box = (await page.getByTestId('dashboard-panel-tasks').boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(height);
      }).toPass();
      expect(await cutTexts(page), `${width}: cut texts`).toEqual([]);
      await expectQuotaHeadOneRow(page, `en ${width}`);
      const size = await scrollSizes(page);
      expect(size.scrollHeight, `${width}: no vertical scroll`).toBeLessThanOrEqual(size.innerHeight);
      await shot(page, `en-${width}x${height}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(async () => expect((await scrollSizes(page)).scrollWidth).toBeLessThanOrEqual(390)).toPass();
    await shot(page, 'en-phone', true);
  });

  test('on a phone the panels stack into one column, none wider than the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'op_auditor', PERSONAS.op_auditor);
    await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
    await page.goto('/op/data-dashboard');
    await expect(page.getByTestId('kpi-granted')).toContainText(AMOUNT, FIRST_LOAD);
    await expectNoteFigures(page);
    const boxes = await panelBoxes(page);
    for (let i = 1; i < boxes.length; i += 1) {
      expect(Math.abs(boxes[i].x - boxes[0].x), boxes[i].area).toBeLessThan(2);
      expect(boxes[i].y, `${boxes[i].area} below ${boxes[i - 1].area}`).toBeGreaterThanOrEqual(boxes[i - 1].y + boxes[i - 1].height);
    }
    for (const box of boxes) expect(box.x + box.width, box.area).toBeLessThanOrEqual(390);
    const size = await scrollSizes(page);
    expect(size.scrollWidth, 'no horizontal scroll').toBeLessThanOrEqual(size.innerWidth);
    await shot(page, 'phone', true);
    // The credit-note panels at the phone's own scale (the full-page shot is too tall to read).
    await page.getByTestId('dashboard-panel-maturity').scrollIntoViewIfNeeded();
    await shot(page, 'phone-notes');
  });

  test('op_handler, without index:home:data-dashboard, has no link and is sent to 403', async ({ page }) => {
    await signIn(page, 'op_handler', PERSONAS.op_handler);
    await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('link', { name: /进入数据驾驶舱/ })).toHaveCount(0);
    await page.goto('/op/data-dashboard');
    await expect(page).toHaveURL(/\/403$/, FIRST_LOAD);
    await expect(page.getByTestId('data-dashboard')).toHaveCount(0);
  });
});
