/**
 * A fake server behind the real signed client: tests answer calls by path through axios's adapter,
 * as tests/unit/http-client.test.ts does, and read back what was sent (path, query, JSON body).
 */
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { httpClient } from '../../../src/providers/http';

export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  responseType?: string;
}

export interface Answer {
  status?: number;
  /** The envelope's data (code '0'), unless `envelope` or `raw` is given. */
  data?: unknown;
  envelope?: { code: string; message?: string; data?: unknown };
  /** A body sent as it is (e.g. a Blob). */
  raw?: unknown;
  headers?: Record<string, string>;
  /** Never answers until the request is aborted. */
  hang?: boolean;
}

type Responder = Answer | ((sent: Sent) => Answer | Promise<Answer>);

const responders = new Map<string, Responder>();
export const sent: Sent[] = [];

function parse(config: InternalAxiosRequestConfig): Sent {
  const url = new URL(config.url ?? '', 'http://x');
  const body = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as unknown) : config.data;
  return {
    method: String(config.method).toUpperCase(),
    path: url.pathname.replace(/^\/api\/web/, ''),
    query: url.searchParams,
    body,
    responseType: config.responseType,
  };
}

const adapter: AxiosAdapter = async (config) => {
  const request = parse(config);
  sent.push(request);
  const responder = responders.get(request.path);
  const answer: Answer = typeof responder === 'function' ? await responder(request) : (responder ?? { status: 404, raw: '' });
  if (answer.hang) {
    await new Promise((_resolve, reject) => {
      config.signal?.addEventListener?.('abort', () =>
        reject(Object.assign(new Error('canceled'), { code: 'ERR_CANCELED', name: 'CanceledError', __CANCEL__: true })),
      );
    });
  }
  const data = 'raw' in answer ? answer.raw : (answer.envelope ?? { code: '0', message: 'ok', data: answer.data });
  const response: AxiosResponse = {
    status: answer.status ?? 200,
    statusText: '',
    headers: answer.headers ?? { 'content-type': 'application/json' },
    config,
    data,
  };
  return response;
};

/** Installs the fake server and forgets earlier answers and requests. */
export function resetServer(): void {
  httpClient.defaults.adapter = adapter;
  responders.clear();
  sent.length = 0;
}

export function answer(path: string, responder: Responder): void {
  responders.set(path, responder);
}

export const ok = (data: unknown): Answer => ({ data });

/** Requests sent to one path. */
export const sentTo = (path: string) => sent.filter((request) => request.path === path);
