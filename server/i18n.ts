/**
 * The server's messages, read from the same locale files as the client (server/locale-catalogue.ts). Keys follow the client's
 * i18next form 'namespace:dotted.path' (e.g. 'auth:password.weak'); `{{name}}` placeholders are filled in.
 *
 * The catalogue is chosen per request (issue 38 item 8): the client names its language in
 * Accept-Language (src/protocol/request.ts; the header is outside the signature of PROTOCOL.md §4), and
 * route() and the guard run the request inside runInLocale, so every refusal and message rendered
 * below them, however deep, speaks the caller's language without each signature carrying it. Outside
 * a request (the seed, start-up, background work) and for a header naming neither language the
 * server speaks zh-CN, the language of the spec's quoted messages.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { LocaleTree } from '../src/lib/locale-merge';
import { localeCatalogue } from './locale-catalogue';

export const SERVER_LOCALES = ['zh-CN', 'en-US'] as const;
export type ServerLocale = (typeof SERVER_LOCALES)[number];
/** The source language: every key exists here, and it is the answer when nothing else is asked for. */
export const DEFAULT_SERVER_LOCALE: ServerLocale = 'zh-CN';

type Tree = LocaleTree;

/**
 * Every namespace of the locale, the platform's files and the areas' merged (server/locale-catalogue.ts):
 * a declaration's label or pattern message may live in any of them. A key defined twice stops the start.
 */
const catalogues = new Map<ServerLocale, Map<string, Tree>>(SERVER_LOCALES.map((locale) => [locale, new Map(Object.entries(localeCatalogue()[locale] ?? {}))]));

const localeStore = new AsyncLocalStorage<ServerLocale>();

/**
 * The language an Accept-Language header asks for: its entries in order of preference (q values
 * honoured), the first whose primary tag is one the server speaks. Anything else reads as zh-CN.
 */
export function localeOf(header: string | string[] | undefined): ServerLocale {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = text
    .split(',')
    .map((part, index) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
  }
  return DEFAULT_SERVER_LOCALE;
}

/** Runs `run` (and everything it awaits) speaking `locale`. */
export function runInLocale<T>(locale: ServerLocale, run: () => T): T {
  return localeStore.run(locale, run);
}

/** The language of the current request; zh-CN outside one. */
export const currentLocale = (): ServerLocale => localeStore.getStore() ?? DEFAULT_SERVER_LOCALE;

function lookupIn(locale: ServerLocale, key: string): string | undefined {
  const colon = key.indexOf(':');
  let node: string | Tree | undefined = catalogues.get(locale)!.get(key.slice(0, colon));
  for (const part of key.slice(colon + 1).split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** A key's text in the locale, else in the source language (a key the English files have not caught up with). */
const lookup = (key: string, locale: ServerLocale) => lookupIn(locale, key) ?? lookupIn(DEFAULT_SERVER_LOCALE, key);

/** Whether the server's source language has a message under this key. */
export const hasMessage = (key: string) => lookupIn(DEFAULT_SERVER_LOCALE, key) !== undefined;

/** Resolves a key in the request's language (or the one given); an unknown key throws, so a typo fails the first test that reaches it. */
export function translate(key: string, params: Record<string, string> = {}, locale: ServerLocale = currentLocale()): string {
  const node = lookup(key, locale);
  if (node === undefined) throw new Error(`Unknown message key ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

/**
 * A message kept as its key and parameters rather than as text (stored messages, to-do summaries), so
 * it is rendered in each reader's language when read. A parameter may itself be a reference (a process
 * or step name, a type's label, a whole summary), rendered first in the same language.
 */
export interface MessageRef {
  key: string;
  params?: Record<string, string | MessageRef>;
}

/** Renders a stored message reference in the request's language (or the one given). */
export function renderRef(ref: MessageRef, locale: ServerLocale = currentLocale()): string {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(ref.params ?? {}))
    params[name] = typeof value === 'string' ? value : hasMessage(value.key) ? renderRef(value, locale) : value.key;
  return translate(ref.key, params, locale);
}

/** A stored text: its reference rendered when it has one whose key still exists, else the text as written (earlier rows, given text). */
export function renderStored(text: string, ref: MessageRef | null | undefined, locale: ServerLocale = currentLocale()): string {
  return ref && hasMessage(ref.key) ? renderRef(ref, locale) : text;
}

/**
 * A menu's title for the reader: the database's title in zh-CN (an operator may rename or add menus
 * there, in zh-CN); in another language the `menu` namespace's name for the menu's uri (the seeded
 * menus' names, as the sidebar shows them: src/routes/titles.ts), else the database's title.
 */
export function menuTitle(menuUri: string, title: string, locale: ServerLocale = currentLocale()): string {
  if (locale === DEFAULT_SERVER_LOCALE) return title;
  const own = catalogues.get(locale)!.get('menu')?.[menuUri];
  return typeof own === 'string' && own ? own : title;
}

/**
 * The values a reference carries as given (names, numbers, amounts: record data, not the catalogue's
 * words), so a screen can mark them as what operators typed (src/crud/fields.tsx TypedIn).
 */
export function typedValuesOf(ref: MessageRef | null | undefined): string[] {
  if (!ref) return [];
  return Object.values(ref.params ?? {}).flatMap((value) => (typeof value === 'string' ? (value.trim() ? [value] : []) : typedValuesOf(value)));
}
