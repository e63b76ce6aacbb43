import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROCESS_DEFINITIONS, PROCESS_KEYS as ALL_KEYS } from '../../src/workflows/registry';
import { TEST_CREATE_PROCESS, TEST_UPDATE_PROCESS } from './test-processes';

/**
 * The areas' processes: a test file that imports tests/server/test-processes.ts adds two of the tests' own to the
 * registry of its worker, which a later file in the same worker sees (imported here too, so that it always does).
 */
const PROCESS_KEYS = ALL_KEYS.filter((key) => key !== TEST_CREATE_PROCESS && key !== TEST_UPDATE_PROCESS);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The registry finds each area's processes two ways: Vite's import.meta.glob in the browser and under
 * vitest, and reading src/features/* in the server, which runs under tsx (issue 39 item 2). Both must
 * find the same processes with the same steps, or a task the browser shows would be one the engine
 * does not know.
 */
describe('process discovery', () => {
  it('the server (tsx, no Vite) finds the same processes, in the same order, with the same steps as the browser', () => {
    // A summary rule is a function: both sides say whether the process declares one.
    const script = `import('./src/workflows/registry.ts').then((r) => console.log(JSON.stringify(r.PROCESS_KEYS.map((k) => ({ ...r.PROCESS_DEFINITIONS[k], summary: Boolean(r.PROCESS_DEFINITIONS[k].summary) })))))`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(PROCESS_KEYS.map((k) => ({ ...PROCESS_DEFINITIONS[k], summary: Boolean(PROCESS_DEFINITIONS[k].summary) })));
  });

  it('every area folder with a processes.ts contributes its processes, and each key is declared once', () => {
    const byArea = import.meta.glob<{ processes: readonly { processKey: string }[] }>('../../src/features/*/processes.ts', { eager: true });
    const declared = Object.values(byArea).flatMap((m) => m.processes.map((p) => p.processKey));
    expect(Object.keys(byArea).length).toBeGreaterThan(0);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...PROCESS_KEYS].sort()).toEqual([...declared].sort());
  });
});
