/**
 * The server names a deep link's page chunks from the build's route-preloads.json, which reads the page
 * registry's source: every page of its own must be found there, or its first load loses the head start.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registeredPageModules } from '../../../scripts/build/page-modules';
import { pageStatus } from '../../../src/routes/page-registry';
import { OWN_PAGE_PATHS } from '../../../src/routes/page-paths';

const ROOT = join(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(name) ? [relative(ROOT, full)] : [];
  });
}

describe('the page modules the build reads from the registry', () => {
  const modules = registeredPageModules(ROOT, new Set(sourceFiles(join(ROOT, 'src'))));

  it('finds the module of every built page of its own', () => {
    const built = OWN_PAGE_PATHS.filter((path) => pageStatus(path) !== 'unbuilt');
    expect(built.length).toBeGreaterThan(40);
    expect(built.filter((path) => !modules.has(path))).toEqual([]);
  });

  it('names existing source files', () => {
    expect(modules.get('/op/system/dict/index')).toBe('src/resources/pages/DictTypePage.tsx');
    expect(modules.get('/op/task/todo/index')).toBe('src/workflows/task-center/TaskListPage.tsx');
    // An area's page, declared in its own pages.ts with a path relative to it.
    expect(modules.get('/op/credit/final-approve/approve/index')).toBe('src/features/credit-notes/CreditFinalApprovePage.tsx');
  });
});
