/**
 * `npm run bench:group-tree`: the group tree page of a group of 10,000 units (issue 42: its first nodes
 * in under 1 s at full CPU), in Chromium against the production build. The scale world's corporations
 * and tree (bench/scale/world.ts buildScaleTree) are written beside the demo world, as the journey
 * tests/e2e/group-tree-scale.spec.ts does. Each run signs op_handler in in a fresh browser context (an
 * empty HTTP cache), then times, from a menu-like navigation to the frame after the first branch is in
 * the DOM (performance.now() in the page):
 *   - the first visit: the page's code, its locale, its first view's calls and the drawing;
 *   - a revisit (its tab closed, then the tree opened again): the code is loaded, the first view's calls and
 *     the drawing remain.
 * No CPU slowing (full CPU). Prints medians, min and max, and the load average.
 *
 *   GROUP_TREE_RUNS=n (default 7)  BENCH_DIST=<dir> (another build)  GROUP_TREE_COMPARE_DIST=<dir> (a second
 *   build, e.g. before a change, served beside over a copy of the same data, its runs interleaved and marked [B])
 */
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { testChromium } from '../scripts/test-chromium.mjs';
import { createPGlite } from '../server/db/open';
import { PERSONAS } from '../tests/e2e/support/fixtures';
import { ROOT, startServer, type RunningServer } from '../tests/e2e/support/server';
import { median } from './browser';
import { buildScaleTree, sizesAt } from './scale/world';

const RUNS = Math.max(1, Number(process.env.GROUP_TREE_RUNS ?? 7));
const TREE_PATH = '/op/group/corp-member-customer';
/** The first branch of the scale group: on screen once the first view is drawn (bench/scale/world.ts names it). */
const FIRST_NODE = '[data-testid="unit-规模建设第1分公司"]';
const WELCOME = '[data-testid="welcome"]';

/**
 * In the page: navigates as a menu click does (history, then popstate) and answers the ms until the
 * frame after `selector` is in the DOM. A string, as this file is type-checked without the DOM's types.
 */
const timedNavigation = (to: string, selector: string) => `(async () => {
  // The buffer holds 250 entries by default, which the sign-in and the home page may have filled.
  performance.clearResourceTimings();
  const start = performance.now();
  const ms = await new Promise((done) => {
  const check = () => {
    if (!document.querySelector(${JSON.stringify(selector)})) return;
    observer.disconnect();
    requestAnimationFrame(() => done(performance.now() - start));
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true });
  history.pushState({}, '', ${JSON.stringify(to)});
  dispatchEvent(new PopStateEvent('popstate'));
  check();
  });
  // What the first view waited for: the code it fetched and the tree's calls, from the navigation on.
  const after = performance.getEntriesByType('resource').filter((e) => e.startTime >= start);
  const code = after.filter((e) => /\\.js$/.test(new URL(e.name).pathname));
  const tree = after.filter((e) => e.name.includes('/group/units/'));
  const span = (entries) => (entries.length ? { from: Math.min(...entries.map((e) => e.startTime)) - start, to: Math.max(...entries.map((e) => e.responseEnd)) - start } : null);
  return { ms, code: span(code), tree: span(tree), treeCalls: tree.length, jsFiles: code.length };
})()`;

interface Timed {
  ms: number;
  code: { from: number; to: number } | null;
  tree: { from: number; to: number } | null;
  treeCalls: number;
  jsFiles: number;
}

interface Sample {
  first: Timed;
  revisit: Timed;
}

async function oneRun(browser: Browser, server: RunningServer): Promise<Sample> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1480, height: 1000 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await page.goto('/login/op');
    await page.getByLabel('用户名').fill('op_handler');
    await page.getByLabel('密码', { exact: true }).fill(PERSONAS.op_handler);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForSelector(WELCOME, { timeout: 60_000 });
    // The home page's own calls settle first, so the tree is not timed against them.
    await page.waitForLoadState('networkidle');
    const first = (await page.evaluate(timedNavigation(TREE_PATH, FIRST_NODE))) as Timed;
    // The shell keeps an open tab's page mounted (src/layout/KeepAlive.tsx): the tab is closed, so the tree is drawn again.
    await page.click(`[data-testid="tag"][data-path="${TREE_PATH}"] .tags-view-close`);
    await page.waitForSelector(FIRST_NODE, { state: 'detached' });
    await page.waitForLoadState('networkidle');
    const revisit = (await page.evaluate(timedNavigation(TREE_PATH, FIRST_NODE))) as Timed;
    return { first, revisit };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const dist = resolve(process.env.BENCH_DIST ?? join(ROOT, 'dist'));
  const compareDist = process.env.GROUP_TREE_COMPARE_DIST;
  // Each server gets the demo world and the 10,000 units in a data folder of its own (one PGlite per process).
  const sizes = { ...sizesAt(0.01), units: 10_000, corporations: 2_000 };
  const withTree = async (name: string, staticDir: string): Promise<RunningServer> => {
    const seeded = await startServer(name);
    await seeded.stop();
    const pglite = createPGlite(join(seeded.dataDir, 'pglite'));
    await buildScaleTree((statement) => pglite.exec(statement), sizes);
    await pglite.close();
    return startServer(name, { dataDir: seeded.dataDir, fresh: false, env: { STATIC_DIR: staticDir } });
  };
  const servers: Array<{ mark: string; server: RunningServer }> = [{ mark: '', server: await withTree('bench-group-tree', dist) }];
  if (compareDist) servers.push({ mark: ' [B]', server: await withTree('bench-group-tree-b', resolve(compareDist)) });
  const chrome = await testChromium();
  const browser = await chromium.launch({
    executablePath: chrome.executablePath,
    args: [...CHROMIUM_ARGS, ...chrome.args],
    env: { ...process.env, ...chrome.env },
  });
  try {
    // Warm-up (not counted): the servers' caches and plans.
    for (const { server } of servers) await oneRun(browser, server);
    console.log(
      `${RUNS} runs, full CPU, interleaved; load average at start ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const samples = new Map<string, Sample[]>(servers.map(({ mark }) => [mark, []]));
    for (let run = 0; run < RUNS; run++) {
      // Rotated each run, so that neither build always goes first.
      const order = servers.map((_, i) => servers[(i + run) % servers.length]);
      for (const { mark, server } of order) samples.get(mark)!.push(await oneRun(browser, server));
      console.log(`run ${run + 1}/${RUNS} done (load ${loadavg()[0].toFixed(2)})`);
    }
    const fmt = (values: number[]) =>
      `median ${Math.round(median(values))} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))})`;
    /** Where a visit's time went, medians over the runs: the JS files fetched, then the tree's calls, then the drawing. */
    const parts = (visits: Timed[]) => {
      const at = (pick: (t: Timed) => number | undefined) => {
        const values = visits.map(pick).filter((v): v is number => v !== undefined);
        return values.length ? Math.round(median(values)) : '-';
      };
      return `JS files ${at((t) => t.jsFiles)} done at ${at((t) => t.code?.to)} ms; tree calls ${at((t) => t.treeCalls)} from ${at((t) => t.tree?.from)} to ${at((t) => t.tree?.to)} ms`;
    };
    for (const { mark } of servers) {
      const got = samples.get(mark)!;
      console.log(`\ngroup tree of ${sizes.units} units${mark} (${mark ? compareDist : dist}):`);
      console.log(`  first visit: ${fmt(got.map((s) => s.first.ms))}; ${parts(got.map((s) => s.first))}`);
      console.log(`  revisit:     ${fmt(got.map((s) => s.revisit.ms))}; ${parts(got.map((s) => s.revisit))}`);
    }
    console.log(
      `\nload average at end ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    for (const { server } of servers) await server.stop();
  }
}

await main();
