/**
 * The server's view of the resource folders (src/resources/registry.ts names them): the declared
 * resources, read from the same modules the browser's import.meta.glob reads, and the tables served
 * by the generic CRUD routes with no route module (an area's server/<area>/*.table.ts, see
 * server/crud/served.ts). Test runs (vitest, or SCF_TEST_RESOURCES=1) add tests/resources: the
 * test-only resources and their tables, which no migration holds (the test harness creates them).
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { collectResources, createRegistry, NOT_DECLARATIONS, RESOURCE_GLOBS, TEST_RESOURCE_GLOB } from '../../src/resources/registry';
import { isServedResource, type ServedResource } from '../crud/served';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DECLARATIONS_DIR = join(ROOT, 'src/resources');
const TABLE_GLOBS = ['server/*/*.table.ts'] as const;
const TEST_TABLE_GLOB = 'tests/resources/*.table.ts';

/** Whether this process is a test run, whose registry holds the test-only resources too. */
export const WITH_TEST_RESOURCES = Boolean(process.env.VITEST) || process.env.SCF_TEST_RESOURCES === '1';

/** The files a glob of plain segments and `*` wildcards names under the project root, sorted. */
function filesOf(glob: string): string[] {
  const segments = glob.split('/');
  const walk = (dir: string, rest: readonly string[]): string[] => {
    const [head, ...tail] = rest;
    const pattern = new RegExp(`^${head.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    return entries
      .filter((entry) => pattern.test(entry.name) && (tail.length ? entry.isDirectory() : entry.isFile()))
      .flatMap((entry) => (tail.length ? walk(join(dir, entry.name), tail) : [join(dir, entry.name)]));
  };
  return walk(ROOT, segments).sort();
}

/** A file as Vite's import.meta.glob keys it in src/resources/index.ts, so both sides sort alike. */
function keyOf(file: string): string {
  const key = relative(DECLARATIONS_DIR, file);
  return key.startsWith('.') ? key : `./${key}`;
}

async function importAll(files: readonly string[]): Promise<Record<string, unknown>> {
  const modules: Record<string, unknown> = {};
  for (const file of files) modules[keyOf(file)] = await import(file);
  return modules;
}

const declarationFiles = [...RESOURCE_GLOBS, ...(WITH_TEST_RESOURCES ? [TEST_RESOURCE_GLOB] : [])]
  .flatMap(filesOf)
  .filter((file) => !NOT_DECLARATIONS.test(file));
const tableModules = await importAll([...TABLE_GLOBS, ...(WITH_TEST_RESOURCES ? [TEST_TABLE_GLOB] : [])].flatMap(filesOf));
const testTableFiles = WITH_TEST_RESOURCES ? new Set(filesOf(TEST_TABLE_GLOB).map(keyOf)) : new Set<string>();

const declarationModules = await importAll(declarationFiles);
const registry = createRegistry(collectResources(declarationModules));

export const { RESOURCES, findResource, resourceByName } = registry;

/** The test-only resources among them (none outside test runs). */
export const TEST_ONLY_RESOURCES = collectResources(Object.fromEntries(Object.entries(declarationModules).filter(([path]) => path.startsWith('../../tests/'))));

/** The resources served from their table file alone, in path order. */
export const SERVED_RESOURCES: readonly ServedResource[] = Object.keys(tableModules)
  .sort()
  .flatMap((path) => Object.values(tableModules[path] as Record<string, unknown>).filter(isServedResource));

const tablesOf = (module: unknown) => Object.values(module as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));

/** Every table the table files define, beside server/db/schema.ts's (schema-facts reads both). */
export const RESOURCE_TABLES: readonly PgTable[] = Object.keys(tableModules)
  .sort()
  .flatMap((path) => tablesOf(tableModules[path]));

/** The tables of the test-only resources: no migration holds them; in test runs the server creates them (server/db/test-tables.ts). */
export const TEST_TABLES: readonly PgTable[] = Object.entries(tableModules)
  .filter(([path]) => testTableFiles.has(path))
  .flatMap(([, module]) => tablesOf(module));
