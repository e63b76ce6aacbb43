/**
 * A test client that talks to the server the way the browser does (PROTOCOL.md §2-§4): requests are
 * prepared by the same pure prepareRequest the browser's axios client uses, then sent with fetch.
 * The benchmark signs in with it too.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { API_BASE } from '../../src/protocol/canonical';
import { CSRF_COOKIE } from '../../src/protocol/headers';
import { createSessionKey } from '../../src/protocol/random';
import { prepareRequest, type CsrfInfo, type PreparedRequest } from '../../src/protocol/request';
import type { ApiEnvelope } from '../../src/protocol/envelope';
import { PERSONAS } from '../../server/db/seed-data/personas';

export interface ApiResponse<T = unknown> {
  status: number;
  /** The parsed envelope; undefined when the answer was not JSON. */
  body: ApiEnvelope<T>;
  text: string;
  headers: Headers;
}

/** The request as it is about to be sent, for tests that break one part of it. */
export interface OutgoingRequest extends PreparedRequest {
  method: string;
  body?: string;
}

export interface CallOptions {
  method?: string;
  /** Serialised with JSON.stringify; the default for POST is no body. */
  json?: unknown;
  /** The exact body text, when it must not be JSON. */
  rawBody?: string;
  params?: Array<[string, string]>;
  contentType?: string;
  now?: number;
  nonce?: string;
  /** Send as if the CSRF token were unknown (no header, no _csrf). */
  withoutCsrf?: boolean;
  /** Changes the prepared request after signing: refusal tests break one element. */
  tamper?: (request: OutgoingRequest) => void;
}

export class ApiClient {
  publicKey = '';
  sessionKey = '';
  encryptedSessionKey = '';
  authToken = '';
  wsToken = '';
  csrf: CsrfInfo | undefined;
  csrfCookie: string | undefined;
  /** The language the client reads, sent as the browser client sends it (Accept-Language); none: the server's default. */
  language: string | undefined;

  constructor(readonly baseUrl: string) {}

  /** Fetches the public key and makes the session key, as the login page does on load. */
  async init(): Promise<this> {
    const answer = await this.call<{ publicKey: string }>('/uaa/v1/security/public-keys');
    this.publicKey = answer.body.data!.publicKey;
    this.sessionKey = createSessionKey();
    this.encryptedSessionKey = this.encrypt(this.sessionKey);
    return this;
  }

  /** RSA PKCS#1 v1.5, base64: what jsencrypt produces in the browser. */
  encrypt(text: string): string {
    return publicEncrypt({ key: this.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text, 'utf8')).toString('base64');
  }

  /** Logs in, then fetches the CSRF token (PROTOCOL.md §2 steps 3-4). Returns the login answer. */
  async login(username: string, password: string): Promise<ApiResponse<{ authToken: string; wsToken: string }>> {
    const answer = await this.call<{ authToken: string; wsToken: string }>('/uaa/login', {
      json: { username, password: this.encrypt(password) },
    });
    if (answer.body.code !== '0') return answer;
    this.authToken = answer.body.data!.authToken;
    this.wsToken = answer.body.data!.wsToken;
    const token = await this.call<{ csrf: CsrfInfo }>('/uaa/v1/security/token', { method: 'POST' });
    if (token.body.code !== '0') throw new Error(`security/token failed: ${token.text}`);
    this.csrf = token.body.data!.csrf;
    this.csrfCookie = cookieValue(token.headers, CSRF_COOKIE);
    return answer;
  }

  /** Prepares a request exactly as the browser would, without sending it. */
  prepare(path: string, options: CallOptions = {}): OutgoingRequest {
    const method = options.method ?? 'POST';
    const body = options.rawBody ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
    const prepared = prepareRequest({
      url: `${API_BASE}${path}`,
      params: options.params,
      body,
      authToken: this.authToken || undefined,
      encryptedSessionKey: this.encryptedSessionKey || undefined,
      csrf: options.withoutCsrf ? undefined : this.csrf,
      csrfCookie: options.withoutCsrf ? undefined : this.csrfCookie,
      now: options.now,
      nonce: options.nonce,
      language: this.language,
    });
    const outgoing: OutgoingRequest = { ...prepared, method, body };
    if (body !== undefined) outgoing.headers['Content-Type'] = options.contentType ?? 'application/json;charset=UTF-8';
    options.tamper?.(outgoing);
    return outgoing;
  }

  async send<T = unknown>(request: OutgoingRequest): Promise<ApiResponse<T>> {
    return answerOf<T>(await fetch(`${this.baseUrl}${request.url}`, { method: request.method, headers: request.headers, body: request.body }));
  }

  /**
   * A multipart upload, signed as the browser signs it: over the path and query with an empty body
   * (README, "Files"); fetch writes the multipart body and its Content-Type.
   */
  async upload<T = unknown>(path: string, form: FormData, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const request = this.prepare(path, { ...options, method: 'POST', json: undefined, rawBody: undefined });
    return answerOf<T>(await fetch(`${this.baseUrl}${request.url}`, { method: 'POST', headers: request.headers, body: form }));
  }

  call<T = unknown>(path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    return this.send<T>(this.prepare(path, options));
  }

  static async signIn(baseUrl: string, username: string, password: string): Promise<ApiClient> {
    const client = await new ApiClient(baseUrl).init();
    const answer = await client.login(username, password);
    if (answer.body.code !== '0') throw new Error(`login as ${username} failed: ${answer.text}`);
    return client;
  }
}

async function answerOf<T>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  let body: ApiEnvelope<T>;
  try {
    body = JSON.parse(text) as ApiEnvelope<T>;
  } catch {
    body = undefined as unknown as ApiEnvelope<T>;
  }
  return { status: response.status, body, text, headers: response.headers };
}

function cookieValue(headers: Headers, name: string): string | undefined {
  for (const cookie of headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq).trim() === name) return pair.slice(eq + 1);
  }
  return undefined;
}

/** A seeded persona's password, read from the seed itself. */
export function passwordOf(username: string): string {
  const persona = PERSONAS.find((p) => p.username === username);
  if (!persona) throw new Error(`no seeded persona ${username}`);
  return persona.password;
}

export const signInAs = (baseUrl: string, username: string) => ApiClient.signIn(baseUrl, username, passwordOf(username));

/** The data of a successful answer; any other answer fails the test with its text. */
export async function dataOf<T>(client: ApiClient, path: string, json?: unknown): Promise<T> {
  const answer = await client.call<T>(path, { json });
  if (answer.body?.code !== '0') throw new Error(`${path} failed: ${answer.text}`);
  return answer.body.data as T;
}

/** What a refused call tells the operator: status, code and message. */
export const refusalOf = (answer: ApiResponse) => ({ status: answer.status, code: answer.body.code, message: answer.body.message });
