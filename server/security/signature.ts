/**
 * The first four checks of PROTOCOL.md §5: headers, timestamp window, nonce, signature. The canonical
 * forms come from src/protocol, the module the client signs with.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { parseRequestUrl, signRequest } from '../../src/protocol/canonical';
import { HEADER, SYS_TYPE_OP_WEB, TIMESTAMP_WINDOW_MS, VRANDOM_QUERY_KEY } from '../../src/protocol/headers';
import { NONCE_PATTERN } from '../../src/protocol/random';
import { protocolError } from '../errors';

export interface ProtocolHeaders {
  nonce: string;
  timestamp: string;
  sign: string;
  /** The auth token, or '' before login. */
  authToken: string;
}

const SIGN_PATTERN = /^[0-9a-fA-F]{32}$/;
const TIMESTAMP_PATTERN = /^\d{1,15}$/;

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
};

/** Headers present and well formed, timestamp inside the window. */
export function readProtocolHeaders(headers: IncomingHttpHeaders, now = Date.now()): ProtocolHeaders {
  const sysType = header(headers, HEADER.sysType);
  const nonce = header(headers, HEADER.nonce);
  const timestamp = header(headers, HEADER.timestamp);
  const sign = header(headers, HEADER.sign);
  if (
    sysType !== SYS_TYPE_OP_WEB ||
    !nonce || !NONCE_PATTERN.test(nonce) ||
    !timestamp || !TIMESTAMP_PATTERN.test(timestamp) ||
    !sign || !SIGN_PATTERN.test(sign)
  ) {
    throw protocolError('BAD_REQUEST');
  }
  if (Math.abs(now - Number(timestamp)) > TIMESTAMP_WINDOW_MS) throw protocolError('TIMESTAMP_EXPIRED');
  return { nonce, timestamp, sign: sign.toLowerCase(), authToken: header(headers, HEADER.authToken) ?? '' };
}

/** Node's native MD5: the same function as the client's crypto-js one (a test holds them to the vectors). */
export const nativeMd5Hex = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

/** X-Sign and the x-vrandom query both match the request as received. */
export function verifySignature(url: string, rawBody: string, headers: ProtocolHeaders): { path: string; query: Array<[string, string]> } {
  let parsed: ReturnType<typeof parseRequestUrl>;
  try {
    parsed = parseRequestUrl(url);
  } catch {
    // A malformed percent-encoding cannot have been signed by a conforming client.
    throw protocolError('SIGN_INVALID');
  }
  const expected = signRequest(
    { ...parsed, body: rawBody, nonce: headers.nonce, timestamp: headers.timestamp, authToken: headers.authToken },
    nativeMd5Hex,
  );
  const vrandoms = parsed.query.filter(([key]) => key === VRANDOM_QUERY_KEY);
  if (headers.sign !== expected.sign || vrandoms.length !== 1 || vrandoms[0][1].toLowerCase() !== expected.xVrandom) {
    throw protocolError('SIGN_INVALID');
  }
  return parsed;
}
