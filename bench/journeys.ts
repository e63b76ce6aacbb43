/**
 * `npm run bench:journeys`: the operator's real work (lists and task pages) against the stock Refine
 * starter of ../shared/anchors/refine-starter (a copy is built once in the OS temp folder; its code is
 * never part of this repository), measured in one Chromium, interleaved, with the HTTP cache emptied
 * before every load:
 *   - time to the first table row: the starter's /posts against the project's dictionary list, the
 *     credit-note list (白条查询) and the to-do list (in a tab signed in as a persona allowed to see each);
 *   - time until a task page's approve button can be clicked (visible and enabled);
 *   - JS bytes transferred and the JS heap in use at that moment;
 * at full CPU and with the CPU slowed 4× (as Lighthouse's mobile preset does). Prints medians, min
 * and max, and each project journey's ratio to the starter's list. Goal: first row at most 0.5× the
 * starter's time at either speed.
 *
 * A time is taken in the page, from navigation start (performance.now()), in the animation frame after
 * the element is in the DOM: the frame that paints it, the same way for both apps.
 *
 *   JOURNEY_RUNS=n (default 9)  JOURNEY_RATES=1,4  JOURNEY_ONLY=<name,...>  BENCH_DIST=<dir> (another build)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { freePort, ROOT, startServer } from '../tests/e2e/support/server';
import { firstTodoTask, median, signIn } from './browser';
import { testChromium } from '../scripts/test-chromium.mjs';

// The same Chromium as the end-to-end tests (scripts/test-chromium.mjs).
const BROWSER = await testChromium();
const CHROME = BROWSER.executablePath;
const RUNS = Math.max(1, Number(process.env.JOURNEY_RUNS ?? 9));
const RATES = (process.env.JOURNEY_RATES ?? '1,4').split(',').map(Number);
const ONLY = process.env.JOURNEY_ONLY?.split(',');
/** REFINE_STARTER, or ../shared/anchors/refine-starter beside the checkout (or beside its worktrees' folder). */
const ANCHOR =
  process.env.REFINE_STARTER ??
  [resolve(ROOT, '../shared/anchors/refine-starter'), resolve(ROOT, '../../shared/anchors/refine-starter')].find((dir) =>
    existsSync(join(dir, 'package.json')),
  ) ??
  resolve(ROOT, '../shared/anchors/refine-starter');
const STARTER_DIR = join(tmpdir(), 'scf-refine-starter');
const MOCK_API_PORT = 4010; // the starter's App.tsx names it

/** What a journey waits for in the page; the observer below records when it is first true. */
type Goal = 'row' | 'approve';

interface Journey {
  name: string;
  app: 'project' | 'starter';
  goal: Goal;
  /** The tab it runs in (its session), and the URL, known once the setup has run. */
  tab: () => Page;
  url: () => string;
}

interface Sample {
  ms: number;
  jsKb: number;
  heapMb: number;
}

const WATCH = `(() => {
  const times = (window.__journey = {});
  const visible = (el) => !!el && el.getClientRects().length > 0;
  const check = () => {
    if (!times.rowSeen && visible(document.querySelector('.ant-table-row'))) {
      times.rowSeen = true;
      requestAnimationFrame(() => (times.row = performance.now()));
    }
    const pass = document.querySelector('[data-testid="task-pass"]');
    if (!times.approveSeen && visible(pass) && !pass.disabled) {
      times.approveSeen = true;
      requestAnimationFrame(() => (times.approve = performance.now()));
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

function anchorHash(): string {
  const hash = createHash('sha256');
  for (const file of ['package-lock.json', 'package.json', 'vite.config.ts', 'index.html', 'src/App.tsx']) hash.update(readFileSync(join(ANCHOR, file)));
  return hash.digest('hex');
}

/** Copies, installs and builds the starter in the temp folder, unless the same anchor is built there. */
function buildStarter(): void {
  const stamp = join(STARTER_DIR, '.anchor-hash');
  const hash = anchorHash();
  if (existsSync(join(STARTER_DIR, 'dist/index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  console.log(`building the stock Refine starter in ${STARTER_DIR} (npm ci, vite build)...`);
  rmSync(STARTER_DIR, { recursive: true, force: true });
  mkdirSync(STARTER_DIR, { recursive: true });
  cpSync(ANCHOR, STARTER_DIR, { recursive: true, filter: (src) => !src.includes('node_modules') && !src.endsWith('/dist') });
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: STARTER_DIR, stdio: 'inherit' });
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { cwd: STARTER_DIR, stdio: 'inherit' });
  writeFileSync(stamp, hash);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function waitFor(url: string, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await answers(url))) {
    if (Date.now() > deadline) throw new Error(`${what} did not answer at ${url}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The starter's mock API (a fixed port: reused if one already answers there) and its preview server. */
async function serveStarter(): Promise<{ url: string; children: ChildProcess[] }> {
  const children: ChildProcess[] = [];
  if (!(await answers(`http://127.0.0.1:${MOCK_API_PORT}/posts?_start=0&_end=1`))) {
    children.push(spawn(process.execPath, ['mock-api.mjs'], { cwd: STARTER_DIR, stdio: 'ignore', env: { ...process.env, PORT: String(MOCK_API_PORT) } }));
    await waitFor(`http://127.0.0.1:${MOCK_API_PORT}/posts?_start=0&_end=1`, 'the starter mock API');
  }
  const port = await freePort();
  children.push(
    spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
      cwd: STARTER_DIR,
      stdio: 'ignore',
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, 'the starter preview server');
  return { url, children };
}

/** One load: empty HTTP cache, navigate, wait for the goal, read its time, the JS bytes and the heap. */
async function measure(page: Page, cdp: CDPSession, url: string, goal: Goal, rate: number): Promise<Sample> {
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    // From a blank page, so that the wait below cannot read the previous load's times.
    await page.goto('about:blank');
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const handle = await page.waitForFunction(
      (g: Goal) => (globalThis as unknown as { __journey?: Record<string, number> }).__journey?.[g],
      { timeout: 60_000, polling: 50 },
      goal,
    );
    const ms = (await handle.jsonValue()) as number;
    const jsBytes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /\.m?js(\?|$)/.test(e.name))
        .reduce((sum, e) => sum + (e as unknown as { transferSize: number }).transferSize, 0),
    );
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
    return { ms, jsKb: jsBytes / 1024, heapMb: heap / 1024 / 1024 };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

/** A tab in a context of its own: two personas signed in in one context would share its storage. */
async function newTab(browser: Browser): Promise<{ page: Page; cdp: CDPSession }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1350, height: 940 });
  await page.evaluateOnNewDocument(WATCH);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  return { page, cdp };
}

const fmt = (n: number) => Math.round(n);

async function main(): Promise<void> {
  buildStarter();
  const dist = process.env.BENCH_DIST ?? join(ROOT, 'dist');
  if (!process.env.BENCH_DIST && (!existsSync(join(dist, 'index.html')) || process.env.BENCH_BUILD === '1')) {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  }
  // JOURNEY_COMPARE_DIST=<dir>: a second build (e.g. before a change) served beside, its journeys
  // interleaved with the first's and marked [B].
  const compareDist = process.env.JOURNEY_COMPARE_DIST;
  const servers = [await startServer('bench-journeys', { env: { STATIC_DIR: dist } })];
  if (compareDist) servers.push(await startServer('bench-journeys-b', { env: { STATIC_DIR: resolve(compareDist) } }));
  const starter = await serveStarter();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [...CHROMIUM_ARGS, ...BROWSER.args],
    envVars: { ...process.env, ...BROWSER.env },
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const anchor = await newTab(browser);
    const tabs = new Map<Page, CDPSession>([[anchor.page, anchor.cdp]]);
    const journeys: Journey[] = [
      { name: 'starter /posts (first row)', app: 'starter', goal: 'row', tab: () => anchor.page, url: () => `${starter.url}/posts` },
    ];
    for (const [index, server] of servers.entries()) {
      const mark = index === 0 ? '' : ' [B]';
      const taskId = await firstTodoTask(server.url, 'op_handler');
      const admin = await newTab(browser);
      await signIn(admin.page, server.url, 'op_admin');
      const handler = await newTab(browser);
      await signIn(handler.page, server.url, 'op_handler');
      for (const tab of [admin, handler]) tabs.set(tab.page, tab.cdp);
      journeys.push(
        { name: `dictionary list (first row)${mark}`, app: 'project', goal: 'row', tab: () => admin.page, url: () => `${server.url}/op/system/dict` },
        { name: `notes list (first row)${mark}`, app: 'project', goal: 'row', tab: () => handler.page, url: () => `${server.url}/op/issue/notes` },
        { name: `to-do list (first row)${mark}`, app: 'project', goal: 'row', tab: () => handler.page, url: () => `${server.url}/op/task/todo` },
        {
          name: `task page (approve clickable)${mark}`,
          app: 'project',
          goal: 'approve',
          tab: () => handler.page,
          url: () => `${server.url}/op/task/view?taskId=${taskId}`,
        },
      );
    }
    if (ONLY) journeys.splice(0, journeys.length, ...journeys.filter((j) => j.app === 'starter' || ONLY.some((o) => j.name.includes(o))));

    // Warm-up (not counted): the servers' own caches, Chromium's code cache of its own pages.
    for (const journey of journeys) {
      try {
        await measure(journey.tab(), tabs.get(journey.tab())!, journey.url(), journey.goal, 1);
      } catch (error) {
        const shot = join(tmpdir(), `bench-journeys-${journey.app}.png`);
        await journey.tab().screenshot({ path: shot as `${string}.png` });
        throw new Error(`${journey.name} never reached its goal at ${journey.tab().url()} (screenshot: ${shot})`, { cause: error });
      }
    }

    const samples = new Map<string, Sample[]>();
    const loads: number[] = [];
    console.log(
      `${RUNS} runs, CPU rates ${RATES.join(', ')}, interleaved; load average at start ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (let run = 0; run < RUNS; run++) {
      for (const rate of RATES) {
        // Rotated each run, so that no journey always follows the same one.
        const order = journeys.map((_, i) => journeys[(i + run) % journeys.length]);
        for (const journey of order) {
          const sample = await measure(journey.tab(), tabs.get(journey.tab())!, journey.url(), journey.goal, rate);
          const key = `${journey.name}@${rate}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
        }
      }
      loads.push(loadavg()[0]);
      process.stdout.write(`run ${run + 1}/${RUNS} done (load ${loadavg()[0].toFixed(2)})\n`);
    }

    for (const rate of RATES) {
      const base = median((samples.get(`${journeys.find((j) => j.app === 'starter')?.name}@${rate}`) ?? []).map((s) => s.ms));
      console.log(`\nCPU ${rate === 1 ? 'full speed' : `slowed ${rate}×`}:`);
      console.table(
        journeys.map((journey) => {
          const runs = samples.get(`${journey.name}@${rate}`)!;
          const times = runs.map((s) => s.ms);
          return {
            journey: journey.name,
            'median ms': fmt(median(times)),
            'min ms': fmt(Math.min(...times)),
            'max ms': fmt(Math.max(...times)),
            'vs starter': Number.isFinite(base) ? +(median(times) / base).toFixed(2) : NaN,
            'JS KB': fmt(median(runs.map((s) => s.jsKb))),
            'heap MB': +median(runs.map((s) => s.heapMb)).toFixed(1),
          };
        }),
      );
    }
    console.log(`\nload average during the runs (1 min): median ${median(loads).toFixed(2)}, max ${Math.max(...loads).toFixed(2)}`);
    console.log('goal: first row at most 0.5× the starter at each CPU rate (the "vs starter" column of the list rows).');
    await browser.disconnect();
  } finally {
    await chrome.kill();
    for (const child of starter.children) child.kill('SIGTERM');
    for (const server of servers) await server.stop();
  }
}

await main();
