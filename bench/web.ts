/**
 * `npm run bench:web`: Lighthouse (performance and accessibility) on /login/op and the signed-in
 * /op, desktop preset and the default mobile one, against the production build served by the real
 * server on loopback (or the one at BENCH_URL). /op is measured in the tab that signed in (the session keys live in that tab's
 * session storage), with the HTTP cache emptied first so nothing is served warm.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type RunnerResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { median, signIn } from './browser';
import { ROOT, startServer } from '../tests/e2e/support/server';
import { testChromium } from '../scripts/test-chromium.mjs';

// The same Chromium as the end-to-end tests (scripts/test-chromium.mjs).
const BROWSER = await testChromium();
const CHROME = BROWSER.executablePath;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

type FormFactor = 'desktop' | 'mobile';
const configs: Record<FormFactor, Config | undefined> = { desktop: desktopConfig, mobile: undefined };

interface Row {
  page: string;
  formFactor: FormFactor;
  performance: number;
  accessibility: number;
  /** Milliseconds, except cumulative-layout-shift (unitless). */
  metrics: Record<string, number>;
}

/** BENCH_RUNS=<n> measures each page n times and adds the medians: one run on a busy machine says little. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));

/** BENCH_ONLY=desktop|mobile measures one form factor; BENCH_PAGES=/op (comma-separated) some of the pages. */
const FORM_FACTORS = (['desktop', 'mobile'] as const).filter((f) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY === f);
const PAGES = (process.env.BENCH_PAGES ?? '/login/op,/op').split(',');

/** BENCH_OUT=<dir> keeps every Lighthouse report, to see where the time goes (long tasks, scripts, LCP element). */
const OUT_DIR = process.env.BENCH_OUT;

function summarise(page: string, formFactor: FormFactor, result: RunnerResult | undefined, run: number): Row {
  if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
  if (OUT_DIR) {
    mkdirSync(OUT_DIR, { recursive: true });
    const name = `${page.replace(/\//g, '_')}-${formFactor}-${run}`;
    writeFileSync(join(OUT_DIR, `${name}.json`), JSON.stringify(result.lhr));
    writeFileSync(join(OUT_DIR, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${page}: ${runtimeError.code} ${runtimeError.message}`);
  return {
    page,
    formFactor,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    metrics: Object.fromEntries(METRICS.map((id) => [id, audits[id]?.numericValue ?? Number.NaN])),
  };
}

async function main(): Promise<void> {
  // BENCH_DIST=<dir> serves another build (to compare two builds in one session).
  const dist = process.env.BENCH_DIST ?? join(ROOT, 'dist');
  if (!process.env.BENCH_DIST && (!existsSync(join(dist, '.vite/chunk-graph.json')) || process.env.BENCH_BUILD === '1')) {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  }
  // BENCH_URL measures a server already running (e.g. a deployment); otherwise one is started here.
  const server = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => undefined }
    : await startServer('bench-web', { env: { STATIC_DIR: dist } });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [...CHROMIUM_ARGS, ...BROWSER.args],
    envVars: { ...process.env, ...BROWSER.env },
  });
  const rows: Row[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    for (let run = 1; run <= RUNS; run++)
      for (const formFactor of FORM_FACTORS) {
        const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
        if (PAGES.includes('/login/op'))
          rows.push(summarise('/login/op', formFactor, await lighthouse(`${server.url}/login/op`, flags, configs[formFactor]), run));
        if (!PAGES.includes('/op')) continue;

        const page = await browser.newPage();
        await signIn(page, server.url);
        const session = await page.createCDPSession();
        await session.send('Network.clearBrowserCache');
        await session.detach();
        rows.push(summarise('/op', formFactor, await lighthouse(`${server.url}/op`, { ...flags, disableStorageReset: true }, configs[formFactor], page), run));
        await page.close();
      }
    await browser.disconnect();
  } finally {
    chrome.kill();
    await server.stop();
  }

  printTable('each run', rows);
  if (RUNS > 1) printTable(`medians of ${RUNS} runs`, medians(rows));
}

function medians(rows: Row[]): Row[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(`${row.page} ${row.formFactor}`, [...(groups.get(`${row.page} ${row.formFactor}`) ?? []), row]);
  return [...groups.values()].map((group) => ({
    page: group[0].page,
    formFactor: group[0].formFactor,
    performance: median(group.map((r) => r.performance)),
    accessibility: median(group.map((r) => r.accessibility)),
    metrics: Object.fromEntries(METRICS.map((m) => [m, median(group.map((r) => r.metrics[m]))])),
  }));
}

const formatMetric = (id: string, value: number) => (id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`);

function printTable(title: string, rows: Row[]): void {
  console.log(`\n${title}\npage        form factor  performance  accessibility  ` + METRICS.map((m) => m.replace(/-/g, ' ')).join(' | '));
  for (const row of rows) {
    console.log(
      `${row.page.padEnd(11)} ${row.formFactor.padEnd(12)} ${String(row.performance).padStart(11)}  ${String(row.accessibility).padStart(13)}  ${METRICS.map((m) => formatMetric(m, row.metrics[m])).join(' | ')}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
