/**
 * The signed-in operator's user info, one store that components subscribe to, so a refresh
 * (the 10-minute refresh, an entity switch, a password change) reaches every screen at once.
 */
import { useSyncExternalStore } from 'react';
import { hasPermission } from '../lib/access';
import { ROLE } from '../lib/codes';
import type { UserInfo } from '../protocol';
import { api } from './http';

let current: UserInfo | undefined;
const listeners = new Set<() => void>();

export const userStore = {
  get: (): UserInfo | undefined => current,
  set(info: UserInfo | undefined): void {
    current = info;
    listeners.forEach((notify) => notify());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The signed-in operator's granted menu tree (spec 2.2), built into routes by routes/grants.ts. */
export const MENU_TREE_CALL = '/op/v1/userInfo/granted-menu-tree';

let loading: Promise<UserInfo> | undefined;

/**
 * Loads user info into the store. Callers at the same moment (two auth checks racing at start)
 * share one request, so the store, and every screen that follows it, changes once. `silent` leaves
 * reporting a failure to the caller.
 */
/** `background`: the periodic refresh's timer asks, not the operator (not activity for the idle timeout). */
export function loadUserInfo({ silent = false, background = false }: { silent?: boolean; background?: boolean } = {}): Promise<UserInfo> {
  loading ??= api
    .post<UserInfo>('/op/v1/userInfo', undefined, { keepOnNavigate: true, silent, background })
    .then((info) => {
      userStore.set(info);
      return info;
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

export function useUserInfo(): UserInfo | undefined {
  return useSyncExternalStore(userStore.subscribe, userStore.get, userStore.get);
}

export function needsPeriodicRefresh(info: UserInfo | undefined): boolean {
  return !!info?.authorities.some((a) => a.code === ROLE.PLATFORM_AG_OPERATOR);
}

/** Whether the signed-in user holds a permission; follows every user-info refresh (spec §6). */
export function usePermission(permission: string): boolean {
  const user = useUserInfo();
  return !!user && hasPermission(user.menuPerms, permission);
}
