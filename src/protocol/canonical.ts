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

/** MD5 over the UTF-8 bytes of a string, as lowercase hex. */
export type Md5Hex = (text: string) => string;

export const md5Hex: Md5Hex = (text) =>
  // crypto-js parses a JS string as UTF-8, which is what the protocol hashes.
  MD5(text).toString();

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

/**
 * The signature and x-vrandom of a request. The hash is a parameter only so that the server can use
 * its native MD5 (the same function, several times faster than crypto-js); the forms stay here.
 */
export function signRequest(input: SignInput, hash: Md5Hex = md5Hex): Signature {
  const query = canonicalQuery(input.query);
  const sign = hash([input.path, query, input.body, input.nonce, input.timestamp, input.authToken].join('\n'));
  const xVrandom = hash([query, input.body, input.path].join('\n'));
  return { canonicalQuery: query, sign, xVrandom };
}

/**
 * Splits a URL into the signed path and its decoded query pairs. Path-only URLs (what the client
 * sends and the server receives) are split by hand, which is much cheaper than a full URL parse.
 */
export function parseRequestUrl(url: string): { path: string; query: Array<[string, string]> } {
  if (!url.startsWith('/') || url.startsWith('//')) {
    const parsed = new URL(url, 'http://protocol.invalid');
    return parseRequestUrl(`${parsed.pathname}${parsed.search}`);
  }
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const pathname = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  const search = queryAt < 0 ? '' : withoutHash.slice(queryAt + 1);
  return {
    path: stripApiBase(decodeURIComponent(pathname)),
    query: search ? [...new URLSearchParams(search).entries()] : [],
  };
}

/** Encodes query pairs the way the client sends them: percent-encoding, arrays as repeated keys. */
export function encodeQuery(query: QueryPairs): string {
  return query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}
