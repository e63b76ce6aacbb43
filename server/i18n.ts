/**
 * The server's messages, read from the same locale files as the client. Keys follow the client's
 * i18next form 'namespace:dotted.path' (e.g. 'auth:password.weak'); `{{name}}` placeholders are filled in.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SERVER_LOCALE = 'zh-CN';
const NAMESPACES = ['errors', 'auth', 'server', 'resources', 'workflow', 'corporations', 'corporateChanges'] as const;

type Tree = { [key: string]: string | Tree };

function load(locale: string): Map<string, Tree> {
  return new Map(
    NAMESPACES.map((ns) => {
      const file = fileURLToPath(new URL(`../locales/${locale}/${ns}.json`, import.meta.url));
      return [ns, JSON.parse(readFileSync(file, 'utf8')) as Tree];
    }),
  );
}

const catalogue = load(SERVER_LOCALE);

/** Resolves a key; an unknown key throws, so a typo fails the first test that reaches it. */
export function translate(key: string, params: Record<string, string> = {}): string {
  const colon = key.indexOf(':');
  let node: string | Tree | undefined = catalogue.get(key.slice(0, colon));
  for (const part of key.slice(colon + 1).split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`Unknown message key ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}
