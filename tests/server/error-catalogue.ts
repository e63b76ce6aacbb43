/**
 * The server's error codes and the messages each may carry, read from the server's own source: every
 * businessError / protocolError / notFoundError / new ApiError with its code and the locale keys on
 * the same statement. The catalogue test holds each to both locales; the fuzz suite holds every
 * answer to it (a known code, with a message made from one of its keys).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_STATUS } from '../../src/protocol/envelope';
import { SIGN_RESULT } from '../../src/lib/sms-sign';
import type { LocaleTree } from '../../src/lib/locale-merge';
import { localeNamespace, localeNamespaces } from '../../server/locale-catalogue';

const ROOT = join(import.meta.dirname, '../..');
/** The namespaces server/i18n.ts loads: every locale file's, the platform's and the areas' (server/locale-catalogue.ts), so that each business area keeps its own messages. */
export const SERVER_NAMESPACES: readonly string[] = localeNamespaces('zh-CN');

type Tree = LocaleTree;

/** A namespace as the server reads it, merged from its files; an unknown one throws. */
export function localeTree(locale: string, ns: string): Tree {
  if (!SERVER_NAMESPACES.includes(ns)) throw new Error(`No locale namespace ${ns}`);
  return localeNamespace(locale, ns);
}

export function lookup(locale: string, key: string): string | undefined {
  const [ns, path] = key.split(':', 2);
  let node: string | Tree | undefined;
  try {
    node = localeTree(locale, ns);
  } catch {
    return undefined;
  }
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Constants a code is written as instead of a literal. */
const CODE_CONSTANTS: Record<string, string> = { 'SIGN_RESULT.INCOMPLETE': SIGN_RESULT.INCOMPLETE };

const KEY = new RegExp(`'((?:${SERVER_NAMESPACES.join('|')}):[\\w.]+)'`, 'g');
const RAISERS = /\b(businessError|protocolError|notFoundError|validationError|new ApiError)\(\s*(?:'([A-Z][A-Z0-9_]*)'|([A-Z_]+\.[A-Z_]+))?/g;

export interface Catalogue {
  /** Code → the locale keys its messages come from (empty: any catalogue message, e.g. VALIDATION_FAILED). */
  codes: Map<string, Set<string>>;
  /** Every literal locale key the server names. */
  keys: Set<string>;
}

export function serverCatalogue(): Catalogue {
  const codes = new Map<string, Set<string>>();
  const keys = new Set<string>();
  const add = (code: string, found: string[]) => {
    const set = codes.get(code) ?? new Set<string>();
    found.forEach((k) => set.add(k));
    codes.set(code, set);
  };
  for (const code of Object.keys(ERROR_STATUS)) add(code, [`errors:${code}`]);
  add('MALFORMED_JSON', ['errors:MALFORMED_JSON']);
  add('DUPLICATE', ['errors:DUPLICATE', 'server:input.duplicate', 'server:crud.duplicate']);

  for (const file of sourceFiles(join(ROOT, 'server'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(KEY)) keys.add(match[1]);
    // A statement: from the raiser to the next semicolon (messages are named on the raising statement).
    for (const match of text.matchAll(RAISERS)) {
      const [, raiser, literal, constant] = match;
      const statement = text.slice(match.index, text.indexOf(';', match.index));
      const found = [...statement.matchAll(KEY)].map((m) => m[1]);
      if (raiser === 'notFoundError') add('NOT_FOUND', found);
      else if (raiser === 'validationError') add('VALIDATION_FAILED', []);
      else if (literal) add(literal, raiser === 'protocolError' && !found.length ? [`errors:${literal}`] : found);
      else if (constant && CODE_CONSTANTS[constant]) add(CODE_CONSTANTS[constant], found);
    }
  }
  return { codes, keys };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message template as a pattern: each {{param}} stands for any text. */
export const templatePattern = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{\{\w+\}\}/)
      .map(escape)
      .join('[\\s\\S]*')}$`,
  );

/** Every string of the server's namespaces in zh-CN, as patterns: what a VALIDATION_FAILED message is made of. */
export function serverMessagePatterns(): RegExp[] {
  const patterns: RegExp[] = [];
  const walk = (node: string | Tree) => {
    if (typeof node === 'string') patterns.push(templatePattern(node));
    else Object.values(node).forEach(walk);
  };
  for (const ns of SERVER_NAMESPACES) walk(localeTree('zh-CN', ns));
  return patterns;
}
