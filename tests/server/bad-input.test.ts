/**
 * Bad input gets a clear envelope, never a stack trace: malformed JSON, missing fields, oversized
 * bodies, wrong content types, unknown routes, a failing handler. Also the built app's static files
 * and SPA fallback, served on the same port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import errors from '../../locales/zh-CN/errors.json';
import type { RouteModule } from '../../server/app';
import { route } from '../../server/routes/route';
import { ApiClient, signInAs, type ApiResponse } from './client';
import { startServer, type TestServer } from './server';

/** Every answer this file receives, checked at the end for leaked internals. */
const answers: Array<{ status: number; text: string }> = [];
const seen = <T extends { status: number; text: string }>(answer: T): T => (answers.push(answer), answer);

const failingRoute: RouteModule = (api) =>
  route(api, {
    method: 'POST',
    path: '/test/fail',
    auth: 'public',
    handler: () => {
      throw new Error('database password is hunter2');
    },
  });

let srv: TestServer;
let admin: ApiClient;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>app shell</title>');
  writeFileSync(join(distDir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  // Private: it registers a failing route and serves a dist folder of its own.
  srv = await startServer({ extraRoutes: [failingRoute], staticDir: distDir });
  admin = await signInAs(srv.baseUrl, 'op_admin');
});
afterAll(async () => {
  await srv.close();
  rmSync(distDir, { recursive: true, force: true });
  for (const answer of answers) {
    expect(answer.text).not.toMatch(/\n\s+at |Error:|hunter2|node_modules/);
  }
});

const call = async (client: ApiClient, path: string, options: Parameters<ApiClient['call']>[1] = {}): Promise<ApiResponse> =>
  seen(await client.call(path, options));

function envelope(answer: ApiResponse) {
  return { status: answer.status, body: answer.body };
}

describe('malformed JSON', () => {
  it('answers 400 MALFORMED_JSON once the protocol checks have passed', async () => {
    const answer = await call(admin, '/op/v1/auth/switch/corp', { rawBody: '{"corpId":' });
    expect(envelope(answer)).toEqual({ status: 400, body: { code: 'MALFORMED_JSON', message: errors.MALFORMED_JSON } });
  });

  it('still reports a bad signature first', async () => {
    const answer = await call(admin, '/op/v1/auth/switch/corp', { rawBody: '{"corpId":', tamper: (r) => (r.body = '{"corpId":"x"') });
    expect(answer.body.code).toBe('SIGN_INVALID');
  });

  it('is refused on a public route too', async () => {
    const answer = await call(new ApiClient(srv.baseUrl), '/uaa/login', { rawBody: 'username=op_admin' });
    expect(answer.body.code).toBe('MALFORMED_JSON');
  });
});

describe('bodies that are JSON but not what the route takes', () => {
  it.each(['[]', 'null', '"text"', '42'])('names the problem for %s', async (rawBody) => {
    const answer = await call(admin, '/op/v1/auth/switch/corp', { rawBody });
    expect(envelope(answer)).toEqual({ status: 200, body: { code: 'VALIDATION_FAILED', message: '请求体必须是 JSON 对象' } });
  });

  it('names a missing field', async () => {
    const answer = await call(admin, '/op/v1/sys/configs/find-value-by-config-key', { json: { key: 'x' } });
    expect(envelope(answer)).toEqual({
      status: 200,
      body: { code: 'VALIDATION_FAILED', message: '参数键名不能为空', data: { field: 'configKey', fields: ['configKey'] } },
    });
  });

  it('ignores a __proto__ key rather than letting it reach a prototype', async () => {
    const answer = await call(admin, '/op/v1/sys/configs/find-value-by-config-key', {
      rawBody: '{"configKey":"sys.platform.theme-color","__proto__":{"polluted":1}}',
    });
    expect(answer.body.code).toBe('0');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('body size limit (1 MB)', () => {
  it('accepts a body just under the limit', async () => {
    // The bulk rides in a field the login does not read: the transport must take it, and the body's schema drops it.
    const answer = await call(new ApiClient(srv.baseUrl), '/uaa/login', { json: { username: 'nobody', password: 'x', padding: 'u'.repeat(1_000_000) } });
    expect(answer.body.code).toBe('LOGIN_FAILED');
  });

  it('answers a 10 MB body with a 413 envelope', async () => {
    const prepared = new ApiClient(srv.baseUrl).prepare('/uaa/login', { json: { username: 'u'.repeat(10 * 1024 * 1024), password: 'x' } });
    // Raw http: the server answers before the upload ends, which fetch reports as a network error.
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(`${srv.baseUrl}${prepared.url}`, { method: 'POST', headers: prepared.headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.end(prepared.body);
    });
    seen(answer);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: errors.PAYLOAD_TOO_LARGE });
  });
});

describe('content type', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])('answers %s with a 415 envelope', async (contentType) => {
    const answer = await call(admin, '/op/v1/sys/configs/find-value-by-config-key', { json: { configKey: 'x' }, contentType });
    expect(envelope(answer)).toEqual({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: errors.UNSUPPORTED_MEDIA_TYPE } });
  });

  it('accepts application/json with or without a charset', async () => {
    const answer = await call(admin, '/op/v1/sys/configs/find-value-by-config-key', { json: { configKey: 'x' }, contentType: 'application/json' });
    expect(answer.body.code).toBe('0');
  });
});

describe('unknown routes', () => {
  it.each([
    ['POST', '/op/v1/no-such-thing'],
    ['GET', '/op/v1/no-such-thing'],
    ['DELETE', '/op/v1/userInfo'],
    ['POST', ''],
  ])('answer %s %s with a 404 envelope once signed', async (method, path) => {
    const answer = await call(admin, path, { method });
    expect(envelope(answer)).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: errors.NOT_FOUND } });
  });

  it('still runs the protocol checks first', async () => {
    const response = await fetch(`${srv.baseUrl}/api/web/op/v1/no-such-thing`, { method: 'POST' });
    const answer = seen({ status: response.status, text: await response.text() });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).code).toBe('BAD_REQUEST');
  });
});

describe('a handler that fails', () => {
  it('answers a 500 envelope without the error or its stack', async () => {
    const answer = await call(new ApiClient(srv.baseUrl), '/test/fail');
    expect(envelope(answer)).toEqual({ status: 500, body: { code: 'INTERNAL_ERROR', message: errors.INTERNAL_ERROR } });
  });
});

describe('the built app on the same port', () => {
  const get = async (path: string, method = 'GET') => {
    const response = await fetch(`${srv.baseUrl}${path}`, { method });
    return seen({
      status: response.status,
      text: await response.text(),
      type: response.headers.get('content-type'),
      cache: response.headers.get('cache-control'),
    });
  };

  it('serves files, fingerprinted assets cached for good', async () => {
    expect(await get('/assets/app-1a2b.js')).toMatchObject({ status: 200, text: 'console.log(1)', cache: 'public, max-age=31536000, immutable' });
    expect(await get('/')).toMatchObject({ status: 200, text: '<!doctype html><title>app shell</title>', cache: 'no-cache' });
  });

  it.each(['/login/op', '/op', '/op/system/dict', '/op/admit/realname/oapprove'])('answers the deep link %s with index.html', async (path) => {
    expect(await get(path)).toMatchObject({ status: 200, text: '<!doctype html><title>app shell</title>', cache: 'no-cache' });
  });

  it('answers a missing file, or a POST outside /api/web, with a 404 envelope', async () => {
    expect(await get('/assets/missing-9z.js')).toMatchObject({ status: 404, text: JSON.stringify({ code: 'NOT_FOUND', message: errors.NOT_FOUND }) });
    expect((await get('/op/system', 'POST')).status).toBe(404);
  });

  it('explains how to build the app when dist/index.html is missing', async () => {
    renameSync(join(distDir, 'index.html'), join(distDir, 'index.html.bak'));
    try {
      const page = await get('/op');
      expect(page.status).toBe(200);
      expect(page.type).toMatch(/^text\/html/);
      expect(page.text).toContain('npm run build');
    } finally {
      renameSync(join(distDir, 'index.html.bak'), join(distDir, 'index.html'));
    }
  });
});

describe('every answer above', () => {
  it('had a status the protocol names, never 500 except for the failing handler', () => {
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((a) => a.status === 500)).toHaveLength(1);
  });
});
