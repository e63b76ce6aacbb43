/**
 * `npm run bench:timeline`: one signed-in load of a page, traced, as a waterfall in ms from navigation
 * start: when each file and call left and came back, the main thread's tasks over 8 ms (what fills
 * each: script evaluation, React's work, style and layout), the first table row, the stylesheets and
 * any antd style generated at run time. Where bench:profile says which functions cost, this says
 * when, and what waited for what. The trace is kept in /tmp/probe-trace.json (DevTools opens it).
 *
 *   PROBE_PAGE=/op/system/dict  PROBE_PERSONA=op_admin  PROBE_RATE=1 (CPU slowdown)
 *   PROBE_PAGE=/op/task/view?taskId={task}: the persona's first to-do task; the mark is then its
 *   approve button, visible and enabled (as bench:journeys measures it)
 *   PROBE_WARM=2 (loads before, so the page's calls are learned as a returning tab's are)
 *   PROBE_SHOT=<file.png> (a screenshot once the row is there)  BENCH_DIST=<dir> (another build)
 *   PROBE_RUNS=n: n traced loads; each prints its time to the row and the main thread's CPU time up to
 *   it, then their medians. The CPU time (the trace's thread time, tdur) counts only what the page's
 *   own thread ran, not the time it waited for a core: on a busy two-core machine it tells two builds'
 *   rendering cost apart where wall-clock times, whose spread is several times the difference, cannot.
 *   The waterfall is printed for the last load.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { firstTodoTask, median, signIn } from './browser';
import { ROOT, startServer } from '../tests/e2e/support/server';
import { testChromium } from '../scripts/test-chromium.mjs';

const BROWSER = await testChromium();
const PERSONA = (process.env.PROBE_PERSONA ?? 'op_admin') as 'op_admin';
const RATE = Number(process.env.PROBE_RATE ?? 1);
const DIST = process.env.BENCH_DIST ?? join(ROOT, 'dist');

const WATCH = `(() => {
  const times = (window.__journey = {});
  const visible = (el) => !!el && el.getClientRects().length > 0;
  new MutationObserver(() => {
    if (!times.rowSeen && visible(document.querySelector('.ant-table-row'))) {
      times.rowSeen = performance.now();
      requestAnimationFrame(() => (times.row = performance.now()));
    }
    if (!times.shell && document.querySelector('.ant-layout')) times.shell = performance.now();
    if (!times.table && document.querySelector('.ant-table')) times.table = performance.now();
    const pass = document.querySelector('[data-testid="task-pass"]');
    if (!times.approveSeen && visible(pass) && !pass.disabled) {
      times.approveSeen = performance.now();
      requestAnimationFrame(() => (times.row = performance.now()));
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

const server = await startServer('bench-timeline', { env: { STATIC_DIR: DIST } });
const PAGE_TEMPLATE = process.env.PROBE_PAGE ?? '/op/system/dict';
const PAGE = PAGE_TEMPLATE.includes('{task}') ? PAGE_TEMPLATE.replace('{task}', await firstTodoTask(server.url, PERSONA)) : PAGE_TEMPLATE;
const chrome = await chromeLauncher.launch({
  chromePath: BROWSER.executablePath,
  chromeFlags: [...CHROMIUM_ARGS, ...BROWSER.args],
  envVars: { ...process.env, ...BROWSER.env },
});
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const page = await browser.newPage();
  await page.setViewport({ width: 1350, height: 940 });
  await page.evaluateOnNewDocument(WATCH);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await signIn(page, server.url, PERSONA);
  for (let i = 0; i < Number(process.env.PROBE_WARM ?? 2); i++) {
    await cdp.send('Network.clearBrowserCache');
    await page.goto('about:blank');
    await page.goto(`${server.url}${PAGE}`, { waitUntil: 'networkidle0' });
  }
  const RUNS = Math.max(1, Number(process.env.PROBE_RUNS ?? 1));
  const rows: number[] = [];
  const cpus: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const last = run === RUNS;
    await cdp.send('Network.clearBrowserCache');
    await page.goto('about:blank');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    await page.tracing.start({
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'loading', 'blink'],
    });
    await page.goto(`${server.url}${PAGE}`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => (globalThis as unknown as { __journey?: { row?: number } }).__journey?.row, { timeout: 60_000, polling: 50 });
    await new Promise((r) => setTimeout(r, 300));
    const buffer = await page.tracing.stop();
    if (process.env.PROBE_SHOT && last) await page.screenshot({ path: process.env.PROBE_SHOT as `${string}.png` });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const marks = await page.evaluate(() => (globalThis as unknown as { __journey: Record<string, number> }).__journey);
    writeFileSync('/tmp/probe-trace.json', buffer!);
    const events = (JSON.parse(Buffer.from(buffer!).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const nav = events.find(
      (e) =>
        e.name === 'navigationStart' &&
        (e.args?.data as { isLoadingMainFrame?: boolean } | undefined)?.isLoadingMainFrame &&
        String((e.args?.data as { documentLoaderURL?: string }).documentLoaderURL ?? '').includes(PAGE.split('?')[0]),
    );
    const main = events.find(
      (e) =>
        e.name === 'thread_name' &&
        (e.args as { name?: string })?.name === 'CrRendererMain' &&
        events.some((x) => x.pid === e.pid && x.name === 'navigationStart'),
    );
    const t0 = nav?.ts ?? 0;
    const rel = (ts: number) => Math.round((ts - t0) / 1000);
    const onMain = events.filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X' && e.ts >= t0);
    // Top-level tasks only (nested events' thread time is inside their task's), up to the painted row.
    const rowTs = t0 + marks.row * 1000;
    const cpu = onMain.filter((e) => e.name === 'RunTask' && e.ts < rowTs).reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0);
    rows.push(marks.row);
    cpus.push(cpu);
    console.log(`run ${run}/${RUNS}: row at ${Math.round(marks.row)} ms, main-thread CPU up to it ${Math.round(cpu)} ms`);
    if (!last) continue;
    const resources = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as unknown as Array<{ name: string; startTime: number; responseEnd: number }>).map((e) => ({
        name: new URL(e.name).pathname,
        start: Math.round(e.startTime),
        end: Math.round(e.responseEnd),
      })),
    );
    // Strings: the bench's type check has no DOM types.
    const generated = (await page.evaluate(
      `[...document.querySelectorAll('style')].flatMap((style) => style.textContent?.match(/\\.ant-[a-z-]+/)?.[0] ?? [])`,
    )) as string[];
    const sheets = (await page.evaluate(`[...document.querySelectorAll('link[rel=stylesheet]')].map((link) => link.getAttribute('href'))`)) as string[];
    console.log('\nstylesheets:', sheets.join(' '), '\nantd styles generated at run time:', generated.join(' ') || 'none');
    console.log('marks (ms):', JSON.stringify(marks));
    console.log('\nresources:');
    for (const r of resources) console.log(`  ${String(r.start).padStart(5)} → ${String(r.end).padStart(5)}  ${r.name.slice(0, 90)}`);
    const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 8000);
    console.log('\nmain-thread tasks > 8 ms:');
    for (const task of tasks) {
      const inside = onMain.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur! && e !== task && (e.dur ?? 0) > 2000);
      const byName = new Map<string, number>();
      for (const e of inside)
        if (
          [
            'FunctionCall',
            'EvaluateScript',
            'v8.compile',
            'Layout',
            'UpdateLayoutTree',
            'Paint',
            'ParseHTML',
            'v8.compileModule',
            'v8.evaluateModule',
            'TimerFire',
            'FireAnimationFrame',
            'EventDispatch',
            'MajorGC',
            'MinorGC',
            'RunMicrotasks',
            'ParseAuthorStyleSheet',
            'PrePaint',
            'Commit',
          ].includes(e.name)
        )
          byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
      const detail = [...byName]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([n, d]) => `${n} ${Math.round(d)}`)
        .join(', ');
      console.log(`  ${String(rel(task.ts)).padStart(5)} +${String(Math.round(task.dur! / 1000)).padStart(4)}  ${detail}`);
    }
    const busy = tasks.reduce((s, t) => s + t.dur! / 1000, 0);
    console.log(`\nbusy in tasks > 8 ms: ${Math.round(busy)} ms up to the row at ${Math.round(marks.row)} ms`);
  }
  if (RUNS > 1)
    console.log(
      `\n${RUNS} loads at ${RATE}× CPU, medians: row at ${Math.round(median(rows))} ms, main-thread CPU up to it ${Math.round(median(cpus))} ms (min ${Math.round(Math.min(...cpus))}, max ${Math.round(Math.max(...cpus))})`,
    );
  await browser.disconnect();
} finally {
  await chrome.kill();
  await server.stop();
}
