/** The sidebar's open or closed state, remembered in the cookie sidebarStatus (spec 2.6) as RuoYi does: '1' open, '0' closed. */
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from '../providers/cookies';

const COOKIE = 'sidebarStatus';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;
const listeners = new Set<() => void>();

export function isSidebarOpen(): boolean {
  return readCookie(COOKIE) !== '0';
}

export function setSidebarOpen(open: boolean): void {
  writeCookie(COOKIE, open ? '1' : '0', ONE_YEAR_SECONDS);
  listeners.forEach((notify) => notify());
}

export function useSidebarOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isSidebarOpen,
  );
}
