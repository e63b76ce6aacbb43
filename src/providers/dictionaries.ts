/**
 * The dictionary cache: coded values (status, yes/no, export status…) are labelled from dictionaries
 * loaded once through `/op/v1/sys/dict-datas/list-by-dict-types`. Screens asking at the same moment
 * share one call; a dictionary edit invalidates the cache, so every open screen relabels at once.
 * Disabled entries are loaded too: never offered (dictItems), but a record still holding one is shown
 * by its label, marked disabled (dictItem), not by its raw code.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { DictItem } from '../protocol';
import { api } from './http';
import i18n from './i18n';
import { DEFAULT_LANGUAGE } from './languages';

export type { DictItem };

export const DICT_CALL = '/op/v1/sys/dict-datas/list-by-dict-types';

const cache = new Map<string, readonly DictItem[]>();
const requested = new Set<string>();
let queued = new Set<string>();
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  localizedCache.clear();
  enabledCache.clear();
  listeners.forEach((notify) => notify());
}

/**
 * The seeded dictionaries' labels in the operator's language (locales/<lang>/dict.json, by type and
 * value); the database label, the operator's own wording, in the default language and for any item
 * the locale does not know.
 */
export function localDictLabel(type: string, value: string, label: string): string {
  const language = i18n.language;
  if (!language || language === DEFAULT_LANGUAGE) return label;
  const labels = i18n.getResource(language, 'dict', type) as Record<string, string> | undefined;
  return labels && Object.hasOwn(labels, value) ? labels[value] : label;
}

/** Per dictionary, its items as shown in the current language: the same array until something changes. */
const localizedCache = new Map<string, readonly DictItem[]>();
/** Per dictionary, its enabled items as shown: the same array until something changes. */
const enabledCache = new Map<string, readonly DictItem[]>();

function localized(type: string): readonly DictItem[] | undefined {
  const items = cache.get(type);
  if (!items) return undefined;
  let shown = localizedCache.get(type);
  if (!shown) localizedCache.set(type, (shown = items.map((item) => ({ ...item, dictLabel: localDictLabel(type, item.dictValue, item.dictLabel) }))));
  return shown;
}

// Every screen showing a coded value relabels when the language changes.
i18n.on('languageChanged', changed);

function flush(): void {
  const types = [...queued];
  queued = new Set();
  if (!types.length) return;
  api
    .post<Record<string, DictItem[]>>(DICT_CALL, { dictTypes: types, includeDisabled: true }, { silent: true, keepOnNavigate: true })
    .then((answer) => {
      for (const type of types) cache.set(type, answer[type] ?? []);
      changed();
    })
    // A failed load leaves the codes shown as they are; the next screen asking tries again.
    .catch(() => types.forEach((type) => requested.delete(type)));
}

/** Asks for dictionaries not loaded or loading yet; requests of one tick go out as one call. */
export function requestDicts(types: readonly string[]): void {
  const missing = types.filter((type) => !requested.has(type));
  if (!missing.length) return;
  missing.forEach((type) => {
    requested.add(type);
    queued.add(type);
  });
  if (queued.size === missing.length) queueMicrotask(flush);
}

/** Forgets dictionaries (all by default) and reloads those screens still show. */
export function invalidateDicts(types?: readonly string[]): void {
  const gone = types ?? [...cache.keys()];
  gone.forEach((type) => requested.delete(type));
  const shown = gone.filter((type) => cache.has(type));
  requestDicts(shown);
}

/** The enabled items of a dictionary: what a screen offers to choose from. */
export function dictItems(type: string): readonly DictItem[] | undefined {
  let enabled = enabledCache.get(type);
  if (!enabled) {
    const items = localized(type);
    if (!items) return undefined;
    enabledCache.set(type, (enabled = items.filter((item) => !item.disabled)));
  }
  return enabled;
}

/** Forgets everything (sign-out, tests). */
export function clearDicts(): void {
  cache.clear();
  requested.clear();
  queued.clear();
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Re-renders when any dictionary arrives; loads the given ones. */
export function useDicts(types: readonly string[]): (type: string) => readonly DictItem[] | undefined {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  const key = types.join(',');
  useEffect(() => {
    if (key) requestDicts(key.split(','));
  }, [key]);
  return dictItems;
}

/** The item of a value, for its label and tag style; a disabled one too (its `disabled` says so). */
export function dictItem(type: string, value: unknown): DictItem | undefined {
  return localized(type)?.find((item) => item.dictValue === String(value));
}
