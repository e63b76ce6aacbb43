/**
 * The ONE registry of page modules, keyed by the component path the menu tree names
 * ('/op/system/dict/index'): each declared resource with a `menu` gets the kit's list page at
 * `${menu.path}/index`, unless an area (its pages.ts) or the shell names a page of its own there. Every entry is a lazy import, so adding a page adds nothing to the
 * first load. A screen that a later issue builds is registered as UNBUILT and shows the designed
 * under-construction page; an issue that builds it swaps UNBUILT for its import.
 */
import type { ComponentType } from 'react';
import { RESOURCES } from '../resources';
import { areaPageModules, mergeDeclared, type PageLoader } from './area-pages';
import { LAYOUT, PARENT_VIEW, type ShellPagePath } from './page-paths';
import type { PageProps, PageStatus } from './types';

export type { PageProps };

const UNBUILT = 'unbuilt' as const;
/** A declared resource's generic list page (src/resources/index.ts names it), loaded on first use. */
const resourcePage =
  (name: string): PageLoader =>
  () =>
    import('../crud/ResourcePage').then((m) => ({ default: m.pageOf(name) }));
const underConstruction: PageLoader = () => import('../pages/under-construction/UnderConstruction');

/** Page modules already loaded, by component path: the first render takes them as they are (RoutePage). */
const loadedPages = new Map<string, ComponentType<PageProps>>();

/**
 * Starts loading the page module of an address (its menu component path is the address + '/index')
 * while the shell still loads, so that the page's code is there when the router asks for it; settles
 * when it is there (or failed: the router's own load reports that).
 */
export function preloadPage(pathname: string): Promise<void> {
  const component = `${pathname.replace(/\/$/, '')}/index`;
  const loader = PAGES[component];
  if (typeof loader !== 'function') return Promise.resolve();
  return loader().then(
    (module) => void loadedPages.set(component, module.default),
    () => undefined,
  );
}

/** The page of a component path if its module has loaded, else undefined. */
export function loadedPage(component: string): ComponentType<PageProps> | undefined {
  return loadedPages.get(component);
}

export { LAYOUT, PARENT_VIEW };

/**
 * The shell's own pages (the home page, the operator's own pages, the kit's dictionary and export pages,
 * the task centre); an area's pages are its own to declare (src/features/<area>/pages.ts), found below.
 * Exactly the paths of SHELL_PAGE_PATHS (src/routes/page-paths.ts), which the server reads too.
 */
const SHELL_PAGES: Readonly<Record<ShellPagePath, PageLoader | typeof UNBUILT>> = {
  '/op/index': () => import('../pages/home/HomePage'),
  '/op/login/change-password/index': () => import('../pages/password/ChangePasswordPage'),
  '/op/login/my-export/index': () => import('../resources/pages/ExportRecordsPage'),
  '/op/system/dict/index': () => import('../resources/pages/DictTypePage'),
  '/op/system/dict/data/index': () => import('../resources/pages/DictDataPage'),
  '/op/system/export/index': () => import('../resources/pages/ExportRecordsPage'),
  '/op/task/todo/index': () => import('../workflows/task-center/TaskListPage').then((m) => ({ default: m.TodoTasksPage })),
  '/op/task/done/index': () => import('../workflows/task-center/TaskListPage').then((m) => ({ default: m.DoneTasksPage })),
  '/op/task/started/index': () => import('../workflows/task-center/TaskListPage').then((m) => ({ default: m.StartedTasksPage })),
  '/op/task/all/index': () => import('../workflows/task-center/TaskListPage').then((m) => ({ default: m.AllInstancesPage })),
  '/op/task/view/index': () => import('../workflows/task-view/TaskViewPage'),
};

const PAGES: Readonly<Record<string, PageLoader | typeof UNBUILT>> = {
  ...Object.fromEntries(RESOURCES.filter((r) => r.menu).map((r) => [`${r.menu!.path}/index`, resourcePage(r.name)])),
  ...mergeDeclared<PageLoader | typeof UNBUILT>('page', [SHELL_PAGES, ...areaPageModules().map((area) => area.pages)]),
};

export function isDirectoryComponent(component: string | undefined): boolean {
  return component === LAYOUT || component === PARENT_VIEW;
}

export function pageStatus(component: string): PageStatus {
  const entry = PAGES[component];
  if (entry === undefined) return 'missing';
  return entry === UNBUILT ? 'unbuilt' : 'ready';
}

/** The loader of a component path; unbuilt and unknown paths both get the under-construction screen. */
export function pageLoader(component: string): PageLoader {
  const entry = PAGES[component];
  return entry === undefined || entry === UNBUILT ? underConstruction : entry;
}

/** The component paths still shown as under construction (the README lists them). */
export function unbuiltComponents(): string[] {
  return Object.keys(PAGES).filter((key) => PAGES[key] === UNBUILT);
}
