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
  // Plain loops rather than filter/sort/map/join: the server runs this on every request, and a
  // request usually carries nothing but the two unsigned keys.
  let signed: Array<readonly [string, string]> | undefined;
  for (const pair of query) {
    if (!UNSIGNED_QUERY_KEYS.has(pair[0])) (signed ??= []).push(pair);
  }
  if (!signed) return '';
  // Array.prototype.sort is stable, so repeated keys keep their original order.
  if (signed.length > 1) signed.sort(([a], [b]) => compareUtf16(a, b));
  let out = `${signed[0][0]}=${signed[0][1]}`;
  for (let i = 1; i < signed.length; i++) out += `&${signed[i][0]}=${signed[i][1]}`;
  return out;
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
  // `?? ''` keeps what Array.prototype.join did with a missing field from an untyped caller.
  const path = input.path ?? '';
  const body = input.body ?? '';
  const sign = hash(`${path}\n${query}\n${body}\n${input.nonce ?? ''}\n${input.timestamp ?? ''}\n${input.authToken ?? ''}`);
  const xVrandom = hash(`${query}\n${body}\n${path}`);
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
    // decodeURIComponent returns a string without '%' unchanged.
    path: stripApiBase(pathname.includes('%') ? decodeURIComponent(pathname) : pathname),
    query: search ? parseSearch(search) : [],
  };
}

/**
 * The pairs of a query string (without '?') exactly as URLSearchParams decodes them. A query with no
 * '%', no '+', no lone surrogate and no leading '?' decodes to itself, so it is split by hand (every
 * request the client sends without parameters looks like that: _csrf is base64url, x-vrandom hex);
 * any other goes through URLSearchParams.
 */
const NEEDS_DECODING = /[%+\uD800-\uDFFF]|^\?/;

export function parseSearch(search: string): Array<[string, string]> {
  if (NEEDS_DECODING.test(search)) return [...new URLSearchParams(search).entries()];
  const pairs: Array<[string, string]> = [];
  let start = 0;
  while (start <= search.length) {
    let end = search.indexOf('&', start);
    if (end < 0) end = search.length;
    if (end > start) {
      const eq = search.indexOf('=', start);
      pairs.push(eq < 0 || eq > end ? [search.slice(start, end), ''] : [search.slice(start, eq), search.slice(eq + 1, end)]);
    }
    start = end + 1;
  }
  return pairs;
}

/** Encodes query pairs the way the client sends them: percent-encoding, arrays as repeated keys. */
export function encodeQuery(query: QueryPairs): string {
  return query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}
