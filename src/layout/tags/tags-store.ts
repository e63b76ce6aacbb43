/**
 * The open tags, kept in session storage so they survive a reload of the tab (and go at logout,
 * which clears session storage).
 */
import { useSyncExternalStore } from 'react';
import type { Tag } from './tag-rules';

const STORAGE_KEY = 'tags-view';

function read(): Tag[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((t): t is Tag => typeof t?.path === 'string' && typeof t?.search === 'string').map((t) => ({ ...t, version: 0 }))
      : [];
  } catch {
    return [];
  }
}

let tags: Tag[] = read();
const listeners = new Set<() => void>();

export const tagsStore = {
  get: (): Tag[] => tags,
  set(next: Tag[]): void {
    if (next.length === tags.length && next.every((tag, i) => tag === tags[i])) return;
    tags = next;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tags));
    listeners.forEach((notify) => notify());
  },
  update(change: (current: Tag[]) => Tag[]): void {
    tagsStore.set(change(tags));
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useTags(): Tag[] {
  return useSyncExternalStore(tagsStore.subscribe, tagsStore.get, tagsStore.get);
}
