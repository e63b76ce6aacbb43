/**
 * The one HTTP client of the app (spec §7): base /api/web, every request signed through
 * src/protocol, no credentials cookie, every status a response that errors.ts classifies.
 */
import axios, { type AxiosResponse } from 'axios';
import i18n from 'i18next';
import { API_BASE, BACKGROUND_CALL_HEADER, REQUEST_TIMEOUT_MS, paramsToPairs, prepareRequest, type ApiEnvelope } from '../../protocol';
import { getCsrf, getSessionKeys, readSessionCookies, renewAuthToken } from '../session';
import { ApiError, CATALOGUE_MESSAGE_KEYS, classifyResponse, type ErrorKind } from './errors';
import { isReadCall, keepEarly, learnCall, takeEarlyAnswer, takeReadyAnswer } from './first-screen';
import { notifier } from './notify';

export interface RequestOptions {
  /** Query parameters; arrays become repeated keys. */
  params?: Record<string, unknown>;
  /** Session calls (login, logout, user info) must outlive the page that started them. */
  keepOnNavigate?: boolean;
  /** Leave transport-level messages (403, 504, network) to the caller. */
  silent?: boolean;
  signal?: AbortSignal;
  /** 'blob' for a file answer; an envelope (an error) still comes back as JSON and is classified. */
  responseType?: 'json' | 'blob';
  /** A screen's own timer asks, not the operator: not activity for the idle timeout (BACKGROUND_CALL_HEADER). */
  background?: boolean;
}

const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';

export const httpClient = axios.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  withCredentials: false,
  validateStatus: () => true,
  // The CSRF header is the protocol's (prepareRequest sets it); axios must not add its own from the
  // XSRF-TOKEN cookie, which would also read document.cookie on every request.
  withXSRFToken: false,
  xsrfCookieName: '',
  // The body is signed as sent, so it is serialised once, by us, before signing.
  transformRequest: [(data: unknown) => data],
});

interface Pending {
  controller: AbortController;
  pathname: string;
}
const pending = new Set<Pending>();

/**
 * Cancels what earlier pages started (spec 2.1). Requests started on the page being entered keep
 * running: their effects may have fired before the router reported the change.
 */
export function cancelRequestsNotFrom(pathname: string): void {
  for (const entry of pending) {
    if (entry.pathname !== pathname) {
      entry.controller.abort();
      pending.delete(entry);
    }
  }
}

let unauthorizedHandler: (reason?: string) => void = () => undefined;
/**
 * Installed by the auth provider: a 401 clears the session and goes to the stored login URL. The
 * message socket calls it too (sessionEnded) the moment the server ends the session, with why.
 */
export function onUnauthorized(handler: (reason?: string) => void): void {
  unauthorizedHandler = handler;
}

/** The session was ended on the server (forced out, disabled, …): leave for the login page now, saying why. */
export function sessionEnded(reason: string): void {
  unauthorizedHandler(reason);
}

function t(key: string): string {
  return String(i18n.t(key));
}

function fail(kind: ErrorKind, messageKey: string, status = 0, code = '', silent = false): ApiError {
  const message = t(messageKey);
  if (!silent && (kind === 'forbidden' || kind === 'network' || kind === 'timeout')) notifier().error(message);
  if (kind === 'timeout' && status === 0) {
    notifier().timeoutDialog(t('errors:network.timeoutTitle'), message, () => window.location.reload());
  }
  return new ApiError(kind, message, status, code);
}

/**
 * A multipart body is not text the canonical form can hold: it is signed as no body at all (the
 * protocol's empty string), and axios hands it to the browser, which writes its own Content-Type.
 */
const isMultipart = (data: unknown): data is FormData => typeof FormData !== 'undefined' && data instanceof FormData;

/**
 * Signing and sending a request is a few milliseconds of script (20 to 40 on a slow phone), and
 * screens start several at once (the shell's first screen eight): each gets its own task, so the
 * browser can paint and answer input between them instead of in one long block. Where the browser
 * has no scheduler.yield, requests go at once as before.
 */
function yieldToBrowser(): Promise<void> | undefined {
  return (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.();
}

async function send<T>(method: 'GET' | 'POST', url: string, data: unknown, options: RequestOptions): Promise<T> {
  // The page that asked, before the pause: a navigation meanwhile still cancels this request.
  const pathname = window.location.pathname;
  const pause = yieldToBrowser();
  if (pause) await pause;
  if (!options.keepOnNavigate && window.location.pathname !== pathname) throw new ApiError('cancelled', t(CATALOGUE_MESSAGE_KEYS.cancelled));
  const multipart = isMultipart(data);
  const body = method === 'POST' && !multipart ? (typeof data === 'string' ? data : JSON.stringify(data ?? {})) : undefined;
  const keys = getSessionKeys();
  const cookies = readSessionCookies();
  const prepared = prepareRequest({
    url,
    params: paramsToPairs(options.params),
    body,
    authToken: cookies.authToken,
    encryptedSessionKey: keys?.encryptedSessionKey,
    csrf: getCsrf(),
    csrfCookie: cookies.csrfCookie,
    // The server answers in the language the user reads (server/i18n.ts).
    language: i18n.language,
  });

  const controller = new AbortController();
  const entry: Pending = { controller, pathname };
  if (!options.keepOnNavigate) pending.add(entry);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);

  let response: AxiosResponse<unknown>;
  try {
    response = await httpClient.request({
      method,
      url: prepared.url,
      data: multipart ? data : body,
      headers: {
        ...prepared.headers,
        ...(body === undefined ? {} : { 'Content-Type': JSON_CONTENT_TYPE }),
        ...(options.background ? { [BACKGROUND_CALL_HEADER]: '1' } : {}),
      },
      signal: controller.signal,
      responseType: options.responseType ?? 'json',
    });
    if (options.responseType === 'blob' && response.data instanceof Blob) {
      const type = String(response.headers['content-type'] ?? '');
      if (response.status === 200 && !type.includes('json')) return response.data as T;
      const text = await response.data.text();
      response = { ...response, data: text ? (JSON.parse(text) as unknown) : undefined };
    }
  } catch (error) {
    if (axios.isCancel(error) || controller.signal.aborted) {
      throw new ApiError('cancelled', t(CATALOGUE_MESSAGE_KEYS.cancelled));
    }
    const code = axios.isAxiosError(error) ? error.code : undefined;
    if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') throw fail('timeout', CATALOGUE_MESSAGE_KEYS.timeout, 0, '', options.silent);
    throw fail('network', CATALOGUE_MESSAGE_KEYS.network, 0, '', options.silent);
  } finally {
    pending.delete(entry);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const verdict = classifyResponse(response.status, response.data);
  if (verdict.kind === 'ok') {
    if (!options.background) renewAuthToken();
    return (response.data as ApiEnvelope<T>).data as T;
  }
  if (verdict.kind === 'unauthorized') {
    unauthorizedHandler();
    throw new ApiError('unauthorized', t(verdict.message), 401, verdict.code);
  }
  if (verdict.kind === 'business') {
    renewAuthToken();
    throw new ApiError('business', verdict.message, response.status, verdict.code, (response.data as ApiEnvelope).data);
  }
  throw fail(verdict.kind, verdict.message, response.status, verdict.code, options.silent);
}

/** A read call's body as send() will sign it, for the first screen's lesson and early answers. */
const readBody = (url: string, data: unknown, options: RequestOptions) =>
  isReadCall(url) && !options.params && !options.responseType ? (typeof data === 'string' ? data : JSON.stringify(data ?? {})) : undefined;

function post<T>(url: string, data: unknown, options: RequestOptions): Promise<T> {
  const body = readBody(url, data, options);
  learnCall(url, body);
  return takeEarlyAnswer<T>(url, body) ?? send<T>('POST', url, data, options);
}

/** Sends a call the first screen of this address made last time (first-screen.ts), before the page asks. */
export function postEarly(url: string, body: string): void {
  keepEarly(url, body, send('POST', url, body, { silent: true, keepOnNavigate: true }));
}

export const api = {
  post: <T>(url: string, data?: unknown, options: RequestOptions = {}) => post<T>(url, data, options),
  /**
   * The answer to this read call if it was asked for early (first-screen.ts) and has already come
   * back, taken once; undefined otherwise, and the page then posts it as usual. The call counts as
   * made for the next load's lesson.
   */
  ready: <T>(url: string, data?: unknown): T | undefined => {
    const body = readBody(url, data, {});
    const answer = takeReadyAnswer<T>(url, body);
    if (answer !== undefined) learnCall(url, body);
    return answer;
  },
  get: <T>(url: string, options: RequestOptions = {}) => send<T>('GET', url, undefined, options),
  /** A signed POST whose answer is a file. */
  blob: (url: string, data?: unknown, options: RequestOptions = {}) => send<Blob>('POST', url, data, { ...options, responseType: 'blob' }),
  /** A multipart POST (the file upload), signed over path and query with an empty body. */
  upload: <T>(url: string, form: FormData, options: RequestOptions = {}) => send<T>('POST', url, form, options),
};
