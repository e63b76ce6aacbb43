// `npm test`: every check and test runner, in order; each runs even if an earlier one failed, so
// one report shows everything. Counts go to test-results/summary.json for .ci/run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${[command.split('/').pop(), ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${result.status === 0 ? 'ok' : `failed (exit ${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const summary = [];

/** The npm-Chromium check's tests: the shell in light and dark, and a task-centre list with its filters and /403 (about a minute). */
const NPM_CHROMIUM_CHECK = ['tests/e2e/shell.spec.ts', 'tests/e2e/task-audit.spec.ts', '-g', 'the dark theme survives a reload|全部流程'];

for (const [label, command, args] of [
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['typecheck (app)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['typecheck (server)', bin('tsc'), ['-p', 'tsconfig.server.json', '--noEmit']],
  ['schema matches migrations', process.execPath, [join(root, 'scripts/check-migrations.mjs')]],
]) {
  const ok = run(label, command, args);
  summary.push({ runner: label, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

const vitestJson = join(results, 'vitest.json');
const vitestOk = run('vitest (unit, component, server)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson);
summary.push({
  runner: 'vitest',
  passed: vitest?.numPassedTests ?? 0,
  failed: vitest ? vitest.numFailedTests + (vitest.numFailedTestSuites && !vitest.numFailedTests ? vitest.numFailedTestSuites : 0) : vitestOk ? 0 : 1,
});

const buildOk = run('build', process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
summary.push({ runner: 'build', passed: buildOk ? 1 : 0, failed: buildOk ? 0 : 1 });

// First-load JavaScript of /login/op and /op against their budgets (issue 4, performance).
const budgetOk = buildOk && run('bundle budget', process.execPath, [join(root, 'scripts/bundle-budget.mjs')]);
summary.push({ runner: 'bundle budget', passed: budgetOk ? 1 : 0, failed: budgetOk ? 0 : 1 });

const playwrightJson = join(results, 'playwright.json');
if (buildOk) {
  const ok = run('playwright (end to end, Chromium)', bin('playwright'), ['test']);
  const report = readJson(playwrightJson);
  const stats = report?.stats;
  summary.push({
    runner: 'playwright',
    passed: stats ? stats.expected + stats.flaky : 0,
    failed: stats ? stats.unexpected + (report.errors?.length ?? 0) : ok ? 0 : 1,
  });
} else {
  summary.push({ runner: 'playwright', passed: 0, failed: 1 });
}

// CI (E2E_NPM_CHROMIUM_CHECK=1): a few end-to-end tests again with the system Chromium set aside,
// so the Chromium npm installs (scripts/test-chromium.mjs), the one a machine with only Node uses, stays tested.
if (process.env.E2E_NPM_CHROMIUM_CHECK === '1') {
  const label = 'playwright (npm Chromium)';
  if (buildOk) {
    const json = join(results, 'playwright-npm-chromium.json');
    const ok = run(label, bin('playwright'), ['test', ...NPM_CHROMIUM_CHECK, '--reporter=list,json', '--output', join(results, 'playwright-npm-chromium')], {
      // An empty CHROME_PATH counts as unset (scripts/test-chromium.mjs).
      CHROME_PATH: '',
      SKIP_SYSTEM_CHROMIUM: '1',
      PLAYWRIGHT_JSON_OUTPUT_FILE: json,
      E2E_ARTIFACTS: join(results, 'e2e-artifacts-npm-chromium'),
    });
    const stats = readJson(json)?.stats;
    summary.push({ runner: label, passed: stats ? stats.expected + stats.flaky : 0, failed: stats ? stats.unexpected : ok ? 0 : 1 });
  } else {
    summary.push({ runner: label, passed: 0, failed: 1 });
  }
}

writeFileSync(join(results, 'summary.json'), JSON.stringify(summary, null, 2));
console.log('\nSummary');
for (const row of summary) console.log(`  ${row.runner.padEnd(22)} ${String(row.passed).padStart(5)} passed ${String(row.failed).padStart(4)} failed`);
const failed = summary.reduce((n, row) => n + row.failed, 0);
const passed = summary.reduce((n, row) => n + row.passed, 0);
console.log(`test: ${passed} passed, ${failed} failed`);
if (existsSync(join(results, 'e2e-artifacts'))) console.log('Screenshots: test-results/e2e-artifacts');
process.exit(failed === 0 ? 0 : 1);
