import { defineConfig } from '@playwright/test';
import { testChromium } from './scripts/test-chromium.mjs';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// CHROME_PATH, else the system's /usr/bin/chromium, else the Chromium npm installed: chosen in
// scripts/test-chromium.mjs. The config is read by the runner and again by each worker; the runner says which.
const browser = await testChromium();
if (!process.env.TEST_WORKER_INDEX) console.log(`e2e browser: ${browser.description}`);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  // Two workers for the two cores: each has its own server over its own data folder (support/fixtures.ts)
  // and its own browser, and a journey that starts a server of its own names it after its worker. Files,
  // not tests, are shared out (fullyParallel false): the tests of a file run in order on one server, and
  // every journey makes the records it needs, so which files ran before it on that server does not matter.
  workers: 2,
  fullyParallel: false,
  // Sized for two workers on two cores that other work shares (load 8): a journey's own timeout, where it
  // walks several screens, is set in its file.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // No retry: a journey that passes only on its second try hides a race or a wait on time (issue 40).
  // PLAYWRIGHT_RETRIES lets one local run retry while such a journey is being looked at.
  retries: Number(process.env.PLAYWRIGHT_RETRIES ?? 0),
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: browser.executablePath, args: [...CHROMIUM_ARGS, ...browser.args], env: { ...process.env, ...browser.env } },
  },
});
