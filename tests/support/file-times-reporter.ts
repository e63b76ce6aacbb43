/**
 * A vitest reporter for `npm run test:profile`: each test file's whole time as vitest measured it
 * (environment, import, hooks and tests; the JSON reporter's times cover the tests alone), written to
 * test-results/vitest-files.json. scripts/test.mjs adds it to the run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const ROOT = join(import.meta.dirname, '../..');

export default class FileTimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules.map((module) => {
      const d = module.diagnostic();
      return {
        file: relative(ROOT, module.moduleId),
        project: module.project.name,
        ms: Math.round(d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration),
        importMs: Math.round(d.collectDuration),
        tests: [...module.children.allTests()].length,
        state: module.state(),
      };
    });
    const out = join(ROOT, 'test-results/vitest-files.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(rows, null, 2));
  }
}
