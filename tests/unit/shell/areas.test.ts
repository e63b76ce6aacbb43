/**
 * The client's areas (issue 39 items 1–2), derived from the folders and the areas' own declarations,
 * never from a list: each area has its face, declares its pages and task views in its pages.ts, and
 * the shell finds exactly those; the server's way of finding them (tsx, no Vite) finds the same paths.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaPageModules, mergeDeclared } from '../../../src/routes/area-pages';
import { OWN_PAGE_PATHS, SHELL_PAGE_PATHS } from '../../../src/routes/page-paths';
import { pageStatus } from '../../../src/routes/page-registry';
import { TASK_COMPONENTS } from '../../../src/workflows/task-components';

const ROOT = join(import.meta.dirname, '../../..');
const FEATURES = join(ROOT, 'src/features');
const AREAS = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const DECLARED = import.meta.glob<{ pages?: Record<string, unknown>; taskViews?: Record<string, unknown> }>('../../../src/features/*/pages.ts', {
  eager: true,
});
const areaOf = (path: string) => /features\/([^/]+)\/pages\.ts$/.exec(path)![1];

describe('the client areas', () => {
  it('each has its face, src/features/<area>/index.ts', () => {
    expect(AREAS.length).toBeGreaterThan(10);
    expect(AREAS.filter((area) => !existsSync(join(FEATURES, area, 'index.ts')))).toEqual([]);
  });

  it('declares its screens in its own folder: every lazy import of a pages.ts stays inside the area', () => {
    for (const area of AREAS) {
      const file = join(FEATURES, area, 'pages.ts');
      if (!existsSync(file)) continue;
      const imports = [...readFileSync(file, 'utf8').matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]);
      expect(imports.length, area).toBeGreaterThan(0);
      expect(
        imports.filter((module) => !module.startsWith('./')),
        area,
      ).toEqual([]);
    }
  });

  it('the page registry resolves every page an area declares, and page-paths lists them with the shell’s own', () => {
    const declared = Object.values(DECLARED).flatMap((module) => Object.keys(module.pages ?? {}));
    expect(declared.length).toBeGreaterThan(40);
    expect(declared.filter((component) => pageStatus(component) !== 'ready')).toEqual([]);
    expect([...OWN_PAGE_PATHS].sort()).toEqual([...SHELL_PAGE_PATHS, ...declared].sort());
    expect(SHELL_PAGE_PATHS.filter((component) => pageStatus(component) !== 'ready')).toEqual([]);
  });

  it('the task-component registry holds exactly the task views the areas declare', () => {
    const declared = Object.entries(DECLARED).flatMap(([path, module]) => Object.keys(module.taskViews ?? {}).map((name) => [name, areaOf(path)]));
    expect(declared.length).toBeGreaterThan(5);
    expect(Object.keys(TASK_COMPONENTS).sort()).toEqual(declared.map(([name]) => name).sort());
  });

  it('refuses a key two areas declare, rather than letting one silently win', () => {
    const loader = () => Promise.resolve({ default: () => null });
    expect(() => mergeDeclared('page', [{ '/op/a/index': loader }, { '/op/a/index': loader }])).toThrow('page /op/a/index is declared twice');
    expect(mergeDeclared('page', [{ '/op/a/index': loader }, undefined, { '/op/b/index': loader }])).toEqual({ '/op/a/index': loader, '/op/b/index': loader });
    // The areas as they are declare no key twice (the registries would not have loaded otherwise).
    expect(areaPageModules()).toHaveLength(Object.keys(DECLARED).length);
  });

  it('the server (tsx, no Vite) finds the same page paths as the browser', () => {
    const script = `import('./src/routes/page-paths.ts').then((p) => console.log(JSON.stringify(p.OWN_PAGE_PATHS)))`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([...OWN_PAGE_PATHS]);
  }, 60_000);
});
