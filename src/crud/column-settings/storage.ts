/**
 * Where each operator's column choice is kept: local storage, one entry per user and table, like the
 * layout settings (settings-store.ts) it is a preference for this browser. Without a signed-in user
 * the choice lives in memory only, so nobody's preference is written under nobody's name.
 */
import { parseState, type ColumnSettingsState } from './model';

const PREFIX = 'column-settings';

/** The storage key of one table's choice for one user; undefined when nobody is signed in. */
export function columnSettingsStorageKey(userId: string | undefined, tableKey: string): string | undefined {
  return userId ? `${PREFIX}:${userId}:${tableKey}` : undefined;
}

/** The key of the in-memory choice of a table when nobody is signed in. */
export const memoryKey = (tableKey: string): string => `${PREFIX}::${tableKey}`;

interface Entry {
  raw: string | null;
  state: ColumnSettingsState | undefined;
}

// The parsed choice of each key, reused while the stored text is unchanged: useSyncExternalStore needs
// the same object back for the same data.
const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

function storedRaw(key: string, persistent: boolean): string | null {
  return persistent ? (storage()?.getItem(key) ?? null) : (entries.get(key)?.raw ?? null);
}

const notify = () => listeners.forEach((listener) => listener());

export const columnSettingsStore = {
  read(key: string, persistent: boolean): ColumnSettingsState | undefined {
    const raw = storedRaw(key, persistent);
    const cached = entries.get(key);
    if (cached && cached.raw === raw) return cached.state;
    const state = parseState(raw);
    entries.set(key, { raw, state });
    return state;
  },
  /** Stores a choice; undefined forgets it (the table shows its columns as defined). */
  write(key: string, persistent: boolean, state: ColumnSettingsState | undefined): void {
    const raw = state ? JSON.stringify(state) : null;
    if (persistent) {
      try {
        if (raw === null) storage()?.removeItem(key);
        else storage()?.setItem(key, raw);
      } catch {
        // A full or blocked storage keeps the choice for this session: the table still follows it.
      }
    }
    // Cached against what storage now holds: after a failed write, the old text keeps the new choice.
    entries.set(key, { raw: persistent ? storedRaw(key, true) : raw, state });
    notify();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    // Another tab of the same operator changed a choice.
    const onStorage = (event: StorageEvent) => {
      if (event.key?.startsWith(`${PREFIX}:`)) listener();
    };
    if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
    };
  },
};
