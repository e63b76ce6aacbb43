/**
 * `npm run bench:web`: Lighthouse (performance and accessibility) on /login/op and the signed-in
 * /op, desktop preset and the default mobile one, against the production build served by the real
 * server on loopback. /op is measured in the tab that signed in (the session keys live in that tab's
 * session storage), with the HTTP cache emptied first so nothing is served warm.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { PERSONAS } from '../tests/e2e/support/fixtures';
import { ROOT, startServer } from '../tests/e2e/support/server';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

type FormFactor = 'desktop' | 'mobile';
const configs: Record<FormFactor, Config | undefined> = { desktop: desktopConfig, mobile: undefined };

interface Row {
  page: string;
  formFactor: FormFactor;
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
}

function summarise(page: string, formFactor: FormFactor, result: RunnerResult | undefined): Row {
  if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${page}: ${runtimeError.code} ${runtimeError.message}`);
  return {
    page,
    formFactor,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    metrics: Object.fromEntries(METRICS.map((id) => [id, audits[id]?.displayValue ?? '-'])),
  };
}

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login/op`, { waitUntil: 'networkidle0' });
  await page.type('#username', 'op_admin');
  await page.type('#password', PERSONAS.op_admin);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('button[type="submit"]')]);
  await page.waitForSelector('[data-testid="welcome"]');
}

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist/.vite/manifest.json')) || process.env.BENCH_BUILD === '1') {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  }
  const server = await startServer('bench-web');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROMIUM_ARGS });
  const rows: Row[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    for (const formFactor of ['desktop', 'mobile'] as const) {
      const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
      rows.push(summarise('/login/op', formFactor, await lighthouse(`${server.url}/login/op`, flags, configs[formFactor])));

      const page = await browser.newPage();
      await signIn(page, server.url);
      const session = await page.createCDPSession();
      await session.send('Network.clearBrowserCache');
      await session.detach();
      rows.push(summarise('/op', formFactor, await lighthouse(`${server.url}/op`, { ...flags, disableStorageReset: true }, configs[formFactor], page)));
      await page.close();
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    await server.stop();
  }

  console.log('\npage        form factor  performance  accessibility  ' + METRICS.map((m) => m.replace(/-/g, ' ')).join(' | '));
  for (const row of rows) {
    console.log(`${row.page.padEnd(11)} ${row.formFactor.padEnd(12)} ${String(row.performance).padStart(11)}  ${String(row.accessibility).padStart(13)}  ${METRICS.map((m) => row.metrics[m]).join(' | ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
