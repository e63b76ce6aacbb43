/**
 * What an area's src/features/<area>/pages.ts declares (issue 39 item 2): its pages, by the component
 * path the menu tree names ('/op/issue/notes/index'), and the components the shared task view opens for
 * its processes, by component name (TASK_COMPONENT), and its static routes (path, menu, permission). The shell finds every area's declarations by
 * discovery (the page registry, src/workflows/task-components.ts); no central list names an area.
 *
 * Every entry is a lazy import: the declarations load with the shell, the screens when first opened.
 * The build reads the `'…/index': () => import('…')` entries from the source to name each page's
 * chunks (scripts/build/page-modules.ts), so a page is declared in that form.
 *
 * The server reads the same files for the component paths alone (src/routes/page-paths.ts), and
 * this module holds both sides' reading of them, so that the two find the same areas.
 */
/// <reference types="vite/client" />
import type { ComponentType } from 'react';
import type { TaskComponentProps } from '../workflows/task-types';
import type { StaticRoute } from './static-route';
import type { PageProps } from './types';

export type PageLoader = () => Promise<{ default: ComponentType<PageProps> }>;
export type TaskViewLoader = () => Promise<{ default: ComponentType<TaskComponentProps> }>;

/** An area's pages by component path. */
export type AreaPages = Readonly<Record<string, PageLoader>>;
/** An area's task views (or its submitter's forms of a returned instance), by component name. */
export type AreaTaskViews = Readonly<Record<string, TaskViewLoader>>;

/** What src/features/<area>/pages.ts exports; every part is optional. */
export interface AreaPagesModule {
  pages?: AreaPages;
  taskViews?: AreaTaskViews;
  resubmitForms?: AreaTaskViews;
  /** Its routes beyond the menu tree's: hidden pages, and the guard (permission, action) of a page. */
  routes?: readonly StaticRoute[];
}

/**
 * Every area's `<file>` (src/features/<area>/<file>), keyed as import.meta.glob keys them
 * ('../features/<area>/<file>'), for where Vite is not: the server runs under tsx, which knows neither
 * import.meta.glob nor import.meta.env, so it reads the folders and requires each file (synchronously, so
 * that what depends on it is whole when imported). The node modules come through
 * process.getBuiltinModule, so the browser bundle never names them. The process registry
 * (src/workflows/registry.ts) finds the areas' processes.ts this way too, and the server's seed data its
 * areas' catalogue.ts (server/db/seed-data/catalogue.ts, with `folder` server/ and its glob's key prefix).
 */
export function requireAreaFiles<T>(file: string, folder: URL = new URL('../features/', import.meta.url), keyPrefix = '../features/'): Record<string, T> {
  const node = (globalThis as unknown as { process: { getBuiltinModule: (name: string) => unknown } }).process;
  const fs = node.getBuiltinModule('node:fs') as typeof import('node:fs');
  const { createRequire } = node.getBuiltinModule('node:module') as typeof import('node:module');
  const require = createRequire(import.meta.url);
  const modules: Record<string, T> = {};
  for (const area of fs.readdirSync(folder)) {
    const path = new URL(`${area}/${file}`, folder);
    if (fs.existsSync(path)) modules[`${keyPrefix}${area}/${file}`] = require(path.pathname) as T;
  }
  return modules;
}

/**
 * Every area's pages.ts, in area order (the folder's name): Vite (the browser build and vitest) finds
 * them with import.meta.glob, the server reads the same folders. Requiring a pages.ts runs none of the
 * screens it names: their imports are lazy.
 */
export function areaPageModules(): AreaPagesModule[] {
  const modules = import.meta.env
    ? import.meta.glob<AreaPagesModule>('../features/*/pages.ts', { eager: true })
    : requireAreaFiles<AreaPagesModule>('pages.ts');
  return Object.keys(modules)
    .sort()
    .map((path) => modules[path]);
}

/**
 * The entries of one kind across the areas, one record; a key two areas declare is a programming
 * error, refused at start rather than one silently winning.
 */
export function mergeDeclared<T>(kind: string, records: readonly (Readonly<Record<string, T>> | undefined)[]): Readonly<Record<string, T>> {
  const merged: Record<string, T> = {};
  for (const record of records) {
    for (const [key, value] of Object.entries(record ?? {})) {
      if (Object.hasOwn(merged, key)) throw new Error(`${kind} ${key} is declared twice`);
      merged[key] = value;
    }
  }
  return merged;
}
