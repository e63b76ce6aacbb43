/**
 * Everything a request needs to pass the server's checks (PROTOCOL.md §3 and §4), as one pure
 * function: the browser's axios client, the server tests and the benchmark all prepare requests here.
 */
import { encodeQuery, parseRequestUrl, signRequest } from './canonical';
import { CSRF_QUERY_KEY, HEADER, SYS_TYPE_OP_WEB, VRANDOM_QUERY_KEY } from './headers';
import { createNonce } from './random';

export interface CsrfInfo {
  headerName: string;
  token: string;
}

export interface PrepareRequestInput {
  /** Path under /api/web (with or without the prefix), optionally with a query string. */
  url: string;
  /** Extra query pairs (arrays as repeated keys); appended after those already in url. */
  params?: ReadonlyArray<readonly [string, string]>;
  /** The exact body text that will be sent, or undefined for none. */
  body?: string;
  authToken?: string;
  encryptedSessionKey?: string;
  /** The CSRF header and token, once known. */
  csrf?: CsrfInfo;
  /** The XSRF-TOKEN cookie's value, sent as `_csrf`. */
  csrfCookie?: string;
  now?: number;
  nonce?: string;
  /**
   * The language the user chose (zh-CN, en-US), sent as Accept-Language: the server answers its
   * refusals and renders messages in it (issue 38 item 8). A plain header outside the signature (§4),
   * so the signature stays what PROTOCOL.md fixes.
   */
  language?: string;
}

export interface PreparedRequest {
  /** The URL to send, path as given plus the query with `_csrf` and `x-vrandom` appended. */
  url: string;
  headers: Record<string, string>;
}

/** Flattens a params object into pairs: arrays become repeated keys, null and undefined are dropped. */
export function paramsToPairs(params: Record<string, unknown> | undefined): Array<[string, string]> {
  if (!params) return [];
  const pairs: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) pairs.push([key, String(v)]);
  }
  return pairs;
}

export function prepareRequest(input: PrepareRequestInput): PreparedRequest {
  const [pathPart] = input.url.split('?');
  const { path, query: urlQuery } = parseRequestUrl(input.url);
  const query: Array<[string, string]> = [...urlQuery, ...(input.params ?? []).map(([k, v]) => [k, v] as [string, string])].filter(
    ([k]) => k !== CSRF_QUERY_KEY && k !== VRANDOM_QUERY_KEY,
  );
  const nonce = input.nonce ?? createNonce();
  const timestamp = String(input.now ?? Date.now());
  const authToken = input.authToken ?? '';
  const body = input.body ?? '';
  const { sign, xVrandom } = signRequest({ path, query, body, nonce, timestamp, authToken });

  const sent: Array<[string, string]> = [...query];
  if (input.csrfCookie) sent.push([CSRF_QUERY_KEY, input.csrfCookie]);
  sent.push([VRANDOM_QUERY_KEY, xVrandom]);

  const headers: Record<string, string> = {
    [HEADER.nonce]: nonce,
    [HEADER.timestamp]: timestamp,
    [HEADER.sign]: sign,
    [HEADER.sysType]: SYS_TYPE_OP_WEB,
  };
  if (input.encryptedSessionKey) headers[HEADER.sessionKey] = input.encryptedSessionKey;
  if (authToken) headers[HEADER.authToken] = authToken;
  if (input.csrf) headers[input.csrf.headerName] = input.csrf.token;
  if (input.language) headers[HEADER.acceptLanguage] = input.language;
  return { url: `${pathPart}?${encodeQuery(sent)}`, headers };
}
