/**
 * The server's messages, read from the same locale files as the client. Keys follow the client's
 * i18next form 'namespace:dotted.path' (e.g. 'auth:password.weak'); `{{name}}` placeholders are filled in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_LOCALE = 'zh-CN';

type Tree = { [key: string]: string | Tree };

/** Every namespace of the locale: a declaration's label or pattern message may live in any of them. */
function load(locale: string): Map<string, Tree> {
  const dir = fileURLToPath(new URL(`../locales/${locale}/`, import.meta.url));
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.slice(0, -'.json'.length), JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree]),
  );
}

const catalogue = load(SERVER_LOCALE);

function lookup(key: string): string | undefined {
  const colon = key.indexOf(':');
  let node: string | Tree | undefined = catalogue.get(key.slice(0, colon));
  for (const part of key.slice(colon + 1).split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Whether the server's locale has a message under this key. */
export const hasMessage = (key: string) => lookup(key) !== undefined;

/** Resolves a key; an unknown key throws, so a typo fails the first test that reaches it. */
export function translate(key: string, params: Record<string, string> = {}): string {
  const node = lookup(key);
  if (node === undefined) throw new Error(`Unknown message key ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}
