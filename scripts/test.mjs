// `npm test`: every check and test runner, in order; each runs even if an earlier one failed, so
// one report shows everything. Counts and each stage's time go to test-results/summary.json for
// .ci/run and `npm run test:profile`, whose report (each stage's time, the slowest files and
// journeys) ends the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { printProfile } from './test-profile.mjs';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);
// TypeScript 7's native compiler, installed under another name: typescript-eslint still needs TypeScript 5's API as `typescript`.
const TSC = join(root, 'node_modules/typescript-native/bin/tsc');

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const summary = [];

/**
 * Runs one stage and records it: `count` turns the stage's exit status into passed/failed counts
 * (by default one check that passed or failed), and its wall time goes with them.
 */
function stage(runner, command, args, { env = {}, count } = {}) {
  console.log(`\n=== ${runner}: ${[command.split('/').pop(), ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ms = Date.now() - started;
  const ok = result.status === 0;
  console.log(`=== ${runner}: ${ok ? 'ok' : `failed (exit ${result.status})`} in ${(ms / 1000).toFixed(1)} s`);
  summary.push({ runner, ...(count ? count(ok) : { passed: ok ? 1 : 0, failed: ok ? 0 : 1 }), ms });
  return ok;
}

const skipped = (runner) => summary.push({ runner, passed: 0, failed: 1, ms: 0 });

/** Counts of a Playwright JSON report: a journey that passed on its retry counts as passed, and is named by test:profile. */
const playwrightCount = (json) => (ok) => {
  const report = readJson(json);
  const stats = report?.stats;
  return stats ? { passed: stats.expected + stats.flaky, failed: stats.unexpected + (report.errors?.length ?? 0) } : { passed: 0, failed: ok ? 0 : 1 };
};

stage('lint', bin('eslint'), ['.', '--max-warnings=0']);
stage('import circles', process.execPath, [join(root, 'scripts/import-cycles.mjs')]);
stage('dead code (knip)', bin('knip'), []);
stage('format (prettier)', bin('prettier'), ['--check', '.', '--log-level=warn']);
stage('typecheck (app)', TSC, ['-p', 'tsconfig.json', '--noEmit']);
stage('typecheck (server)', TSC, ['-p', 'tsconfig.server.json', '--noEmit']);
stage('schema matches migrations', process.execPath, [join(root, 'scripts/check-migrations.mjs')]);

const vitestJson = join(results, 'vitest.json');
stage(
  'vitest',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', '--reporter=./tests/support/file-times-reporter.ts', `--outputFile.json=${vitestJson}`],
  {
    count: (ok) => {
      const vitest = readJson(vitestJson);
      if (!vitest) return { passed: 0, failed: ok ? 0 : 1 };
      return {
        passed: vitest.numPassedTests,
        failed: vitest.numFailedTests + (vitest.numFailedTestSuites && !vitest.numFailedTests ? vitest.numFailedTestSuites : 0),
      };
    },
  },
);

const buildOk = stage('build', process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);

// First-load JavaScript of /login/op and /op against their budgets (issue 4, performance).
if (buildOk) stage('bundle budget', process.execPath, [join(root, 'scripts/bundle-budget.mjs')]);
else skipped('bundle budget');

// The whole end-to-end suite runs on the Chromium scripts/test-chromium.mjs chooses. CI
// (E2E_SYSTEM_CHROMIUM_CHECK=1) sets the system Chromium aside for it, so the whole suite runs on
// the Chromium npm installed, the one a machine with only Node gets, and then runs a few journeys
// again on the system one, so both stay tested.
const ciSplit = process.env.E2E_SYSTEM_CHROMIUM_CHECK === '1';
// An empty CHROME_PATH counts as unset (scripts/test-chromium.mjs).
const npmChromium = { CHROME_PATH: '', SKIP_SYSTEM_CHROMIUM: '1' };
if (buildOk) {
  const json = join(results, 'playwright.json');
  stage(ciSplit ? 'playwright (npm Chromium)' : 'playwright', bin('playwright'), ['test'], { env: ciSplit ? npmChromium : {}, count: playwrightCount(json) });
} else {
  skipped('playwright');
}

/** The system Chromium's check: the shell in light and dark, and a task-centre list with its filters and /403 (about a minute). */
const SYSTEM_CHROMIUM_CHECK = ['tests/e2e/shell.spec.ts', 'tests/e2e/task-audit.spec.ts', '-g', 'the dark theme survives a reload|全部流程'];
if (ciSplit) {
  const label = 'playwright (system Chromium)';
  if (buildOk) {
    const json = join(results, 'playwright-system-chromium.json');
    stage(label, bin('playwright'), ['test', ...SYSTEM_CHROMIUM_CHECK, '--reporter=list,json', '--output', join(results, 'playwright-system-chromium')], {
      env: { SKIP_SYSTEM_CHROMIUM: '', PLAYWRIGHT_JSON_OUTPUT_FILE: json, E2E_ARTIFACTS: join(results, 'e2e-artifacts-system-chromium') },
      count: playwrightCount(json),
    });
  } else {
    skipped(label);
  }
}

writeFileSync(join(results, 'summary.json'), JSON.stringify(summary, null, 2));
printProfile();
console.log('\nSummary');
for (const row of summary) console.log(`  ${row.runner.padEnd(30)} ${String(row.passed).padStart(5)} passed ${String(row.failed).padStart(4)} failed`);
const failed = summary.reduce((n, row) => n + row.failed, 0);
const passed = summary.reduce((n, row) => n + row.passed, 0);
console.log(`test: ${passed} passed, ${failed} failed`);
if (existsSync(join(results, 'e2e-artifacts'))) console.log('Screenshots: test-results/e2e-artifacts');
process.exit(failed === 0 ? 0 : 1);
