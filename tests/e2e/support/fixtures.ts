/**
 * Shared end-to-end fixtures: one real server per worker over a fresh data folder, a page that records
 * every request and fails the test when anything leaves for another host, and browser contexts whose
 * pages take no click on a popup that is still appearing.
 */
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './server';

export const PERSONAS = {
  op_admin: 'Admin@2026!',
  op_handler: 'Handler@2026!',
  op_director: 'Director@2026!',
  op_director2: 'Director2@2026!',
  op_auditor: 'Auditor@2026!',
  op_agent: 'Agent@2026!',
  op_newbie: 'Newbie@2026!',
} as const;

export type Persona = keyof typeof PERSONAS;

// The browser's own pages (its PDF viewer opens a served PDF with chrome-extension:// and chrome:// parts) leave for no host.
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:', 'chrome:', 'chrome-extension:']);

/**
 * antd opens a popup (a modal, a confirm, a popconfirm, a dropdown, a submenu) with a motion whose first
 * frames, on a busy machine, hold it still, transparent and at a fifth of its size: Playwright finds a
 * button in it visible and stable there, clicks it, and the click is lost (seen in two-worker runs: 确定
 * of a confirm after a drag, 留在此页, the password dialog's 确定, a submenu's item). A person clicks what has appeared.
 * Every page the tests open gets a style sheet (constructed, so no <style> element and no CSP question)
 * that lets no pointer reach an element while rc-motion marks it appearing; Playwright then waits, as for
 * any covered element, until it has appeared. Nothing else of the page changes.
 */
// rc-motion's status class (ant-zoom-enter, ant-slide-up-appear…) stays on for the whole appearance, also
// in the steps that carry no -prepare/-start/-active suffix (a prepare that waits, as a modal's does).
const APPEARING = ['enter', 'appear'].flatMap((phase) => [`[class*="-${phase} "]`, `[class$="-${phase}"]`]).join(', ');
const CLICK_WHAT_HAS_APPEARED = `(() => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('${APPEARING} { pointer-events: none !important; }');
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
})();`;

/** The worker's open browser contexts. */
const contexts = new Set<BrowserContext>();
/** The contexts made since the running test began, closed or not: the test's own page's closes before its report is made. */
const madeInTest: BrowserContext[] = [];

/**
 * What each context's pages asked the app's API, kept so that a failing journey says it: CI keeps no trace
 * or screenshot, and a journey whose click "did nothing" (stop 51: 撤回 confirmed, 已撤回 never shown) cannot be
 * told from one whose call went out and hung, or was refused, without it. The last calls, each with its status
 * and time, and those still waiting.
 */
const API_CALLS_KEPT = 30;
const apiCalls = new WeakMap<BrowserContext, { done: string[]; waiting: Map<object, { started: number; line: string }> }>();
const since = (started: number) => `${Date.now() - started} ms`;

function recordApiCalls(context: BrowserContext): void {
  const calls = { done: [] as string[], waiting: new Map<object, { started: number; line: string }>() };
  apiCalls.set(context, calls);
  const keep = (line: string) => {
    calls.done.push(line);
    if (calls.done.length > API_CALLS_KEPT) calls.done.shift();
  };
  const api = (url: string) => {
    const { pathname } = new URL(url);
    return pathname.startsWith('/api/') ? pathname : undefined;
  };
  context.on('request', (request) => {
    const path = api(request.url());
    if (path) calls.waiting.set(request, { started: Date.now(), line: `${new Date().toISOString().slice(11, 23)} ${request.method()} ${path}` });
  });
  context.on('requestfinished', (request) => {
    const call = calls.waiting.get(request);
    if (!call) return;
    calls.waiting.delete(request);
    void request
      .response()
      .then((response) => keep(`${call.line} → ${response?.status() ?? '?'} in ${since(call.started)}`))
      .catch(() => keep(`${call.line} → finished in ${since(call.started)}`));
  });
  context.on('requestfailed', (request) => {
    const call = calls.waiting.get(request);
    if (!call) return;
    calls.waiting.delete(request);
    keep(`${call.line} → failed (${request.failure()?.errorText ?? 'no reason'}) after ${since(call.started)}`);
  });
}

/** The API calls of the contexts, for a failing journey's report (empty when none went out). */
function apiCallsOf(of: BrowserContext[]): string {
  return of
    .map((context, index) => {
      const calls = apiCalls.get(context);
      if (!calls) return '';
      const waiting = [...calls.waiting.values()].map((call) => `${call.line} → still waiting after ${since(call.started)}`);
      const lines = [...calls.done, ...waiting];
      return lines.length ? `context ${index + 1}, its last API calls:\n  ${lines.join('\n  ')}` : '';
    })
    .filter(Boolean)
    .join('\n');
}

export const test = base.extend<{ requestLog: string[]; closeOwnContexts: void }, { server: RunningServer }>({
  // Every context, the test's own and those the journeys open for a second persona (browser.newContext,
  // browser.newPage), gets the style sheet above, and is known to closeOwnContexts.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        contexts.add(context);
        madeInTest.push(context);
        context.once('close', () => contexts.delete(context));
        recordApiCalls(context);
        await context.addInitScript(CLICK_WHAT_HAS_APPEARED);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  // The contexts a test opened for its personas close with it. Left open, each kept its app running
  // (polling, a socket) in the worker's browser for the rest of the run: twenty and more by the end of a
  // worker's files, all competing for the two cores. Those of a beforeAll (shared by a file's tests) are
  // older than the test and stay for its afterAll.
  // A failing test's report gains the API calls of every open context (recordApiCalls), as an error of this
  // fixture's teardown: Playwright prints it beside the test's own error.
  closeOwnContexts: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const before = new Set(contexts);
      madeInTest.length = 0;
      await use();
      const failed = testInfo.status !== testInfo.expectedStatus;
      const calls = failed ? apiCallsOf([...new Set([...before, ...contexts, ...madeInTest])]) : '';
      madeInTest.length = 0;
      await Promise.all([...contexts].filter((context) => !before.has(context)).map((context) => context.close().catch(() => undefined)));
      if (calls) throw new Error(`what the pages asked the server before the failure (not a second failure):\n${calls}`);
    },
    { auto: true },
  ],
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startServer(`shared-${workerInfo.workerIndex}`);
      await use(server);
      await server.stop();
    },
    // The first worker of a run may build the seeded data folder (support/server.ts) while the second waits
    // for it (tests/server/template-cache.ts waits up to 5 min): minutes on a busy machine.
    { scope: 'worker', timeout: 360_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  requestLog: async ({ context, server }, use) => {
    const log: string[] = [];
    context.on('request', (request) => log.push(request.url()));
    await use(log);
    const origin = new URL(server.url).origin;
    const foreign = log.filter((url) => {
      const parsed = new URL(url);
      return !LOCAL_SCHEMES.has(parsed.protocol) && parsed.origin !== origin;
    });
    expect(foreign, 'requests to hosts other than the app').toEqual([]);
  },
  page: async ({ page, requestLog }, use) => {
    void requestLog;
    await use(page);
  },
});

export { expect };

/**
 * Answers 离开 to the unsaved-form question (src/components/form-guard) and waits until no dialog is
 * left: the question and the form it asked about both close. A click can land while the question is
 * still settling and be lost on a busy machine (seen once in a two-worker CI run: the question and the
 * form both still open 15 s later); a person whose click did nothing clicks again, and so does this,
 * only while the question shows no motion (a closing one is left to close; antd's button acts once).
 * If dialogs stay, the failure names them with their motion classes.
 */
export async function leaveUnsavedForm(page: Page): Promise<void> {
  const question = page.getByRole('dialog', { name: '有未保存的修改' });
  await clickUntilClosed(question, question.getByRole('button', { name: /离\s*开/ }), page.getByRole('dialog'), '离开');
}

/**
 * Confirms the open popconfirm with its OK button (named `ok`) and waits until it has closed. The same lost
 * click as 离开's is possible here (stop 51's CI: 撤回 confirmed in 我发起的, nothing withdrawn 30 s later), and is
 * met the same way. A popconfirm whose action is under way keeps its OK button loading, which takes no click.
 */
export async function confirmPopconfirm(page: Page, ok: string | RegExp): Promise<void> {
  const popconfirm = page.locator('.ant-popconfirm:visible');
  await clickUntilClosed(popconfirm, popconfirm.getByRole('button', { name: ok }), popconfirm, String(ok));
}

/** Whether a popup is in one of rc-motion's motions (appearing or leaving); also when it has just gone (the read is bounded: a locator's read waits for its element). */
const moving = (popup: Locator) =>
  popup
    .evaluate((element) => /-(enter|appear|leave)(\s|$)/.test((element as unknown as { className: string }).className), undefined, { timeout: 500 })
    .catch(() => true);

/**
 * Clicks `button` of `popup` and waits until none of `gone` is left. A click can land while the popup is
 * still settling and be lost on a busy machine (seen in two-worker CI runs); a person whose click did
 * nothing clicks again, and so does this, only while the popup shows no motion (a closing one is left to
 * close; antd's button acts once). If some stay, the failure names them with their motion classes.
 */
async function clickUntilClosed(popup: Locator, button: Locator, gone: Locator, what: string): Promise<void> {
  await button.click();
  try {
    await expect(async () => {
      if ((await popup.isVisible()) && !(await moving(popup))) await button.click({ timeout: 1_000 }).catch(() => undefined);
      await expect(gone).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  } catch (error) {
    const left = await gone.evaluateAll((elements) =>
      elements.map((element) => {
        const { className, textContent } = element as unknown as { className: string; textContent: string | null };
        return `[${className}] ${(textContent ?? '').slice(0, 40)}`;
      }),
    );
    throw new Error(`still open after ${what}: ${left.join(' | ')}`, { cause: error });
  }
}

/**
 * Resolves once the page has drawn two frames after everything it had already queued: the effects of a
 * render just shown, the form updates they start, and the events of images that finished loading. For a
 * check that something does NOT appear (an error message, a script that must not run), after the condition
 * that would make it appear has been awaited: no fixed sleep, and no faster or slower on a busy machine
 * than the page itself.
 */
export async function settled(page: Page): Promise<void> {
  // Images still loading may yet fire their load or error handlers (a lazy one off screen never loads).
  // Scripts as text: the end-to-end tests are type-checked without the DOM's types.
  await expect
    .poll(() => page.evaluate<boolean>("Array.from(document.images).every((image) => image.complete || image.loading === 'lazy')"), { timeout: 30_000 })
    .toBe(true);
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), 0)))');
}

/**
 * Opens a directory of an inline menu (the sidebar, or the phone's drawer) and waits until it is open.
 * antd grows the list open (its collapse motion, some 0.3 s, longer on a busy machine) with its items
 * already laid out but clipped: a click on one then lands on nothing, and nothing opens (seen in a two-worker
 * run). The list carries the motion's classes until it has finished.
 */
export async function openMenuDirectory(menu: Locator, name: string | RegExp): Promise<void> {
  const title = menu.getByRole('menuitem', { name });
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  await expect(title).toHaveAttribute('aria-expanded', 'true');
  await expect(title.locator('xpath=following-sibling::ul[1]')).not.toHaveClass(/ant-motion-collapse/);
}

/**
 * The open select's dropdown, once it has appeared and the one open before has gone. rc-trigger first
 * places a popup far off screen, and antd's motion can hold it there for its first frames: an option
 * looked for then is "outside of the viewport", Playwright scrolls for it, the dropdown's virtual list
 * scrolls with it and renders other options, and the one wanted is never found again (seen in a
 * two-worker run: 3 min on one option).
 */
export async function openedDropdown(page: Page): Promise<Locator> {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const motions = () =>
    dropdown.evaluateAll((elements) => elements.map((element) => /-(enter|appear|leave)(\s|$)/.test((element as unknown as { className: string }).className)));
  await expect.poll(motions).toEqual([false]);
  return dropdown;
}

/**
 * Narrows 待办 (the task centre's to-do list, open on the page) to one process, and returns the list. A
 * task of the demo world is as old as the seed: the tasks the journeys that ran before on the same server
 * left are newer and come first, and enough of them push it off the first page. Which journeys those were
 * depends on how the files were shared out between the workers (seen in a two-worker run: a real-name
 * rejection pushed 华南运营分公司 2026-002 to page 2).
 */
export async function todoOfProcess(page: Page, process: string): Promise<Locator> {
  const list = page.getByTestId('task-todo-list');
  await list.getByTestId('task-filter-process').click();
  await page.keyboard.type(process);
  await (
    await openedDropdown(page)
  )
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${process}$`) })
    .click();
  await list.getByRole('button', { name: /搜\s*索/ }).click();
  return list;
}

/**
 * Ends the browser's session the way the journeys switch persona in one tab: first away from the app, to
 * an answer of the same origin that runs no script, then the cookies (and, when asked, the tab's storage)
 * cleared. With the app still running, its next call would answer 401 and send it to the login page on
 * its own, aborting the test's own navigation there (seen in a two-worker run: net::ERR_ABORTED).
 */
export async function signOutQuietly(page: Page, options: { storage?: boolean } = {}): Promise<void> {
  await page.goto('/api/web/health');
  await page.context().clearCookies();
  if (options.storage) await page.evaluate('sessionStorage.clear()');
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login/op');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}
