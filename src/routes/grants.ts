/**
 * The signed-in operator's grants: the menu tree of /op/v1/userInfo/granted-menu-tree built into the
 * route table. It is reloaded whenever user info is (the 10-minute refresh, an entity switch, a
 * password change), so the sidebar, routes and tags follow new grants without a page reload. Every
 * access check afterwards is a synchronous lookup in this table.
 */
import { useEffect, useRef } from 'react';
import type { MenuRouteItem } from '../protocol';
import { api } from '../providers/http';
import { takeEarly } from '../providers/early-requests';
import { MENU_TREE_CALL, userStore, useUserInfo } from '../providers/user';
import type { UserInfo } from '../protocol';
import { buildRoutesFromMenu } from './menu-routes';
import { STATIC_ROUTES, type StaticRoute } from './static-routes';
import { staticTitle } from './titles';
import { grantsStore, useGrants, type GrantsState } from './grants-store';
import type { RouteTable } from './types';

export { grantsStore, useGrants, type GrantsState };

let lastTree: readonly MenuRouteItem[] = [];
let taskSteps: readonly StaticRoute[] | undefined;
let taskStepsLoading: Promise<void> | undefined;

export function tableFromTree(tree: readonly MenuRouteItem[]): RouteTable {
  lastTree = tree;
  return buildRoutesFromMenu(tree, staticTitle, taskSteps ? [...STATIC_ROUTES, ...taskSteps] : STATIC_ROUTES, userStore.get()?.menuPerms ?? []);
}

/** Where the hidden routes of page-type processes' steps live (/op/process/{processKey}/task{key}, spec 2.5). */
export const TASK_STEP_PREFIX = '/op/process/';

export const isTaskStepPath = (pathname: string) => pathname.startsWith(TASK_STEP_PREFIX);
export const taskStepRoutesLoaded = () => taskSteps !== undefined;

/**
 * Those routes come from the process registry, which is not part of the first load: they are added
 * to the table the first time such a path is opened. If the registry cannot be loaded, none are
 * added and the path answers 403 as an unknown one does.
 */
export function loadTaskStepRoutes(): Promise<void> {
  taskStepsLoading ??= import('../workflows/task-routes')
    .then(
      (m) => m.taskStepRoutes(),
      () => [],
    )
    .then((routes) => {
      taskSteps = routes;
      if (grantsStore.get().status === 'ready') grantsStore.set({ status: 'ready', table: tableFromTree(lastTree) });
    });
  return taskStepsLoading;
}

let inFlight: Promise<void> | undefined;

/** Loads the grants; a call while a load is running joins it. */
export function loadGrants(): Promise<void> {
  inFlight ??= fetchGrants().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

/** User info, once known: the table needs its permissions (pages guarded like their first write). */
function userInfoKnown(): Promise<UserInfo> {
  return new Promise((resolve) => {
    const known = userStore.get();
    if (known) return resolve(known);
    const stop = userStore.subscribe(() => {
      const info = userStore.get();
      if (!info) return;
      stop();
      resolve(info);
    });
  });
}

async function fetchGrants(): Promise<void> {
  try {
    const tree = await (takeEarly<MenuRouteItem[]>(MENU_TREE_CALL) ?? api.post<MenuRouteItem[]>(MENU_TREE_CALL, undefined, { keepOnNavigate: true }));
    await userInfoKnown();
    grantsStore.set({ status: 'ready', table: tableFromTree(tree ?? []) });
  } catch (error) {
    // A refresh that fails keeps the grants already shown; only a first load reports the failure.
    if (grantsStore.get().status !== 'ready') grantsStore.set({ status: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Mounted once by the signed-in shell: loads the grants of the current user info, and again each
 * time user info is reloaded. The first user info is served by a load already made (entries/app.tsx).
 */
export function useGrantsLoader(): GrantsState {
  const user = useUserInfo();
  const seen = useRef<UserInfo | undefined>(undefined);
  useEffect(() => {
    if (!user) return;
    const first = seen.current === undefined;
    seen.current = user;
    if (first && (inFlight || grantsStore.get().status === 'ready')) return;
    void loadGrants();
  }, [user]);
  return useGrants();
}
