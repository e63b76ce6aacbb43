/** The sidebar's open or closed state, remembered in the cookie sidebarStatus (spec 2.6) as RuoYi does: '1' open, '0' closed. */
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from '../providers/cookies';

const COOKIE = 'sidebarStatus';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;
const listeners = new Set<() => void>();
// Read once: document.cookie is slow, and the layout asks on every render.
let open: boolean | undefined;

export function isSidebarOpen(): boolean {
  open ??= readCookie(COOKIE) !== '0';
  return open;
}

export function setSidebarOpen(next: boolean): void {
  open = next;
  writeCookie(COOKIE, next ? '1' : '0', ONE_YEAR_SECONDS);
  listeners.forEach((notify) => notify());
}

export function useSidebarOpen(): boolean {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, isSidebarOpen);
}
