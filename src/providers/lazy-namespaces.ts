/**
 * The namespaces the app's first load leaves out (i18n-app.ts: an area's copy comes with its first
 * screen), loadable by a screen that names another area's records before that area was opened: the
 * export list's sources, for one. Each file is its own small chunk, fetched only when asked for.
 * The list is i18n-app.ts's left-out list less `server` (the server's own messages); a namespace's
 * files are found in both places (locales/<lang>/ and the areas' src/features/<area>/locales/<lang>/).
 */
import { useEffect, useState } from 'react';
import { localeFileOf } from '../lib/locale-merge';
import i18n, { addLocaleFiles } from './i18n';

const LAZY = import.meta.glob<Record<string, unknown>>(
  [
    '../../locales/*/{workflow,docReview,realname,certificates,quotas,abs,bills,dashboard,messages,formGuard}.json',
    '../features/*/locales/*/{workflow,docReview,realname,certificates,quotas,abs,bills,dashboard,messages,formGuard}.json',
  ],
  { import: 'default' },
);

/** Adds those of `namespaces` that are lazy and not yet added, in every language. */
export async function ensureNamespaces(namespaces: readonly string[]): Promise<void> {
  const wanted = Object.entries(LAZY).filter(([path]) => {
    const file = localeFileOf(path);
    return file !== undefined && namespaces.includes(file.namespace) && !i18n.hasResourceBundle(file.language, file.namespace);
  });
  if (!wanted.length) return;
  const files = await Promise.all(wanted.map(async ([path, load]) => [path, await load()] as const));
  addLocaleFiles(Object.fromEntries(files));
}

/** True once `namespaces` are added: the caller renders their texts again then. */
export function useNamespaces(namespaces: readonly string[]): boolean {
  const key = [...namespaces].sort().join(',');
  const [ready, setReady] = useState<string | undefined>(() => (namespaces.every((ns) => i18n.hasResourceBundle(i18n.language, ns)) ? key : undefined));
  useEffect(() => {
    let live = true;
    void ensureNamespaces(key ? key.split(',') : []).then(() => live && setReady(key));
    return () => {
      live = false;
    };
  }, [key]);
  return ready === key;
}
