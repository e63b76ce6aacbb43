/**
 * The signed-in operator's route table as the shell and the pages read it (grants.ts loads it).
 * Apart from the loader, so a page that reads the grants (the home page) does not import the route
 * building, and through it the page registry that loads that very page.
 */
import { useSyncExternalStore } from 'react';
import type { RouteTable } from './types';

export type GrantsState = { status: 'loading' } | { status: 'ready'; table: RouteTable } | { status: 'error'; message: string };

let state: GrantsState = { status: 'loading' };
const listeners = new Set<() => void>();

export const grantsStore = {
  get: (): GrantsState => state,
  set(next: GrantsState): void {
    state = next;
    listeners.forEach((notify) => notify());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useGrants(): GrantsState {
  return useSyncExternalStore(grantsStore.subscribe, grantsStore.get, grantsStore.get);
}
