/**
 * The permission strings by area (issue 39 item 1): every src/features/<area>/permissions.ts on disk is
 * found, by Vite's glob (the browser, vitest) and by the folders' reading the server does under tsx alike,
 * and the two give one set; the platform's strings are among them; a group or a string two catalogues
 * declare stops the start. That every string has its label in both languages is
 * tests/unit/lib/permission-labels.test.ts's, over the same set.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, areaPermissionModules, mergeCatalogues, PERMISSION_GROUPS } from '../../src/lib/all-permissions';
import { PERMISSIONS } from '../../src/lib/permissions';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FEATURES = new URL('../../src/features/', import.meta.url);
const onDisk = readdirSync(FEATURES)
  .filter((area) => existsSync(new URL(`${area}/permissions.ts`, FEATURES)))
  .sort();

describe('the areas’ permission catalogues', () => {
  it('are every src/features/<area>/permissions.ts on disk, found by the glob', () => {
    expect(Object.keys(areaPermissionModules()).sort()).toEqual(onDisk.map((area) => `../features/${area}/permissions.ts`));
    expect(onDisk.length).toBeGreaterThan(10);
  });

  it('are found alike where the server runs, under tsx, and give the same strings', () => {
    const script = `import('./src/lib/all-permissions.ts').then((m) => console.log(JSON.stringify({ areas: Object.keys(m.areaPermissionModules()).sort(), all: [...m.ALL_PERMISSIONS].sort() })))`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    const underTsx = JSON.parse(output) as { areas: string[]; all: string[] };
    expect(underTsx.areas).toEqual(onDisk.map((area) => `../features/${area}/permissions.ts`));
    expect(underTsx.all).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('import nothing at run time, types only (read by both the app’s imports and discovery’s require())', () => {
    const features = fileURLToPath(new URL('../../src/features/', import.meta.url));
    for (const area of readdirSync(features)) {
      const file = `${features}${area}/permissions.ts`;
      if (!existsSync(file)) continue;
      const imports = readFileSync(file, 'utf8').match(/^import .*$/gm) ?? [];
      expect(
        imports.filter((line) => !line.startsWith('import type ')),
        area,
      ).toEqual([]);
    }
  });

  it('hold the platform’s strings and each string once', () => {
    for (const [name, group] of Object.entries(PERMISSIONS)) expect(PERMISSION_GROUPS[name]).toBe(group);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    for (const permission of ALL_PERMISSIONS) expect(permission).toMatch(/^[^:]+:[^:]+:[^:]+$/);
  });

  it('stop the start on a group or a string declared twice rather than let one silently win', () => {
    expect(() => mergeCatalogues([PERMISSIONS, { task: { list: 'later:task:list' } }])).toThrow('permission group task is declared twice');
    expect(() => mergeCatalogues([PERMISSIONS, { laterTask: { list: PERMISSIONS.task.list } }])).toThrow(
      `permission ${PERMISSIONS.task.list} is declared twice`,
    );
    expect(Object.keys(mergeCatalogues([PERMISSIONS, { laterTask: { list: 'later:task:list' } }]))).toContain('laterTask');
  });
});
