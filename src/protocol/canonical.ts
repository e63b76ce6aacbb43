/**
 * Canonical forms of the /api/web protocol (PROTOCOL.md §4). This file is the single definition
 * used by the browser client and the reference server; adapting to a production backend's variant
 * is a change here and nowhere else.
 */
import MD5 from 'crypto-js/md5.js';

export const API_BASE = '/api/web';

/** Query keys the protocol adds to every URL; they never take part in the canonical query. */
export const UNSIGNED_QUERY_KEYS: ReadonlySet<string> = new Set(['_csrf', 'x-vrandom']);

export type QueryPairs = ReadonlyArray<readonly [string, string]>;

export interface SignInput {
  /** URL path with the /api/web prefix removed, no query string. */
  path: string;
  /** Decoded query pairs in the order they appear; `_csrf` and `x-vrandom` are ignored. */
  query: QueryPairs;
  /** The exact body text as sent; empty string without a body. */
  body: string;
  nonce: string;
  timestamp: string;
  /** The auth token, or empty string before login. */
  authToken: string;
}

export interface Signature {
  canonicalQuery: string;
  sign: string;
  xVrandom: string;
}

export function md5Hex(text: string): string {
  // crypto-js parses a JS string as UTF-8, which is what the protocol hashes.
  return MD5(text).toString();
}

function compareUtf16(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function canonicalQuery(query: QueryPairs): string {
  // Array.prototype.sort is stable, so repeated keys keep their original order.
  return query
    .filter(([key]) => !UNSIGNED_QUERY_KEYS.has(key))
    .slice()
    .sort(([a], [b]) => compareUtf16(a, b))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

export function stripApiBase(pathname: string): string {
  if (pathname === API_BASE) return '/';
  return pathname.startsWith(`${API_BASE}/`) ? pathname.slice(API_BASE.length) : pathname;
}

export function signRequest(input: SignInput): Signature {
  const query = canonicalQuery(input.query);
  const sign = md5Hex(
    [input.path, query, input.body, input.nonce, input.timestamp, input.authToken].join('\n'),
  );
  const xVrandom = md5Hex([query, input.body, input.path].join('\n'));
  return { canonicalQuery: query, sign, xVrandom };
}

/** Splits a URL (absolute or path-only) into the signed path and its decoded query pairs. */
export function parseRequestUrl(url: string): { path: string; query: Array<[string, string]> } {
  const parsed = new URL(url, 'http://protocol.invalid');
  return {
    path: stripApiBase(decodeURIComponent(parsed.pathname)),
    query: [...parsed.searchParams.entries()],
  };
}

/** Encodes query pairs the way the client sends them: percent-encoding, arrays as repeated keys. */
export function encodeQuery(query: QueryPairs): string {
  return query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}
