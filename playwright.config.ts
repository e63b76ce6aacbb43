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
  // One server and one browser at a time: the machine has two cores.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One retry: on two busy cores a journey now and then outruns its timeout (81 journeys, one server).
  // A retried test is reported as flaky by name in the run's output and in playwright.json, so it stays
  // visible; a test that fails twice fails the run.
  retries: 1,
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
