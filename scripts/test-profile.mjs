// `npm run test:profile`: where the last `npm test` spent its time. Reads what that run left in
// test-results/ (each stage's time in summary.json, vitest.json, playwright*.json) and prints each
// stage's time, then the slowest twenty test files and the slowest twenty journeys. `npm test` prints
// it at its end as well, so a CI log shows it.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, 'test-results');
const TOP = Number(process.env.PROFILE_TOP) || 20;

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

/**
 * Each vitest file's whole time (environment, import, hooks, tests) from tests/support/file-times-reporter.ts;
 * without it, the JSON reporter's, which covers the tests alone.
 */
export function vitestFiles() {
  const rows = readJson(join(results, 'vitest-files.json'));
  if (rows) return rows.map((row) => ({ name: `${row.file} (${row.project}, import ${(row.importMs / 1000).toFixed(1)} s)`, ms: row.ms, tests: row.tests }));
  return (readJson(join(results, 'vitest.json'))?.testResults ?? []).map((file) => ({
    name: relative(root, file.name),
    ms: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)),
    tests: file.assertionResults?.length ?? 0,
  }));
}

/** Every journey of a Playwright JSON report, with the time of each try summed (a retry counts). */
export function playwrightTests(report) {
  const rows = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const runs = test.results ?? [];
        rows.push({
          name: `${spec.file}:${spec.line} ${[...titles, spec.title].filter(Boolean).join(' › ')}`,
          ms: runs.reduce((n, r) => n + (r.duration ?? 0), 0),
          tries: runs.length,
          status: test.status,
          worker: runs.at(-1)?.parallelIndex,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return rows;
}

function printProfile() {
  const summary = readJson(join(results, 'summary.json'));
  if (!summary) {
    console.log('test:profile: no test-results/summary.json; run `npm test` first.');
    process.exit(1);
  }
  console.log('\nProfile of the last `npm test`');
  console.log('\nStages');
  let total = 0;
  for (const row of summary) {
    if (typeof row.ms !== 'number') continue;
    total += row.ms;
    console.log(`  ${row.runner.padEnd(28)} ${seconds(row.ms)}   ${row.passed} passed, ${row.failed} failed`);
  }
  console.log(`  ${'all stages'.padEnd(28)} ${seconds(total)}`);

  const vitest = vitestFiles().sort((a, b) => b.ms - a.ms);
  if (vitest.length) {
    const sum = vitest.reduce((n, f) => n + f.ms, 0);
    console.log(
      `\nSlowest ${Math.min(TOP, vitest.length)} of ${vitest.length} vitest files (their times summed: ${seconds(sum).trim()}; files run side by side on the workers)`,
    );
    for (const file of vitest.slice(0, TOP)) console.log(`  ${seconds(file.ms)}  ${String(file.tests).padStart(4)} tests  ${file.name}`);
  }

  for (const [label, file] of [
    ['journeys', 'playwright.json'],
    ['journeys on the npm Chromium', 'playwright-npm-chromium.json'],
    ['journeys on the system Chromium', 'playwright-system-chromium.json'],
  ]) {
    const path = join(results, file);
    if (!existsSync(path)) continue;
    const report = readJson(path);
    const tests = playwrightTests(report).sort((a, b) => b.ms - a.ms);
    if (!tests.length) continue;
    const retried = tests.filter((t) => t.tries > 1);
    console.log(
      `\nSlowest ${Math.min(TOP, tests.length)} of ${tests.length} ${label} (run took ${seconds(report.stats?.duration ?? 0).trim()}; ${retried.length} retried)`,
    );
    for (const test of tests.slice(0, TOP)) {
      const note = test.tries > 1 ? `  [${test.tries} tries, ${test.status}]` : '';
      console.log(`  ${seconds(test.ms)}  ${test.name}${note}`);
    }
    for (const test of retried.filter((t) => !tests.slice(0, TOP).includes(t)))
      console.log(`  ${seconds(test.ms)}  ${test.name}  [${test.tries} tries, ${test.status}]`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printProfile();
export { printProfile };
