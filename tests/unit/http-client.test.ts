// @vitest-environment jsdom
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import '../../src/providers/i18n';
import { api, ApiError, cancelRequestsNotFrom, classifyResponse, httpClient, onUnauthorized, pageMessageOf, setNotifier } from '../../src/providers/http';
import { setCsrf, setSessionKeys } from '../../src/providers/session';
import { parseRequestUrl, signRequest } from '../../src/protocol';

type Reply = { status: number; data?: unknown } | Error | 'hang';
let reply: Reply;
let seen: InternalAxiosRequestConfig[] = [];

const adapter: AxiosAdapter = (config) => {
  seen.push(config);
  if (reply === 'hang') {
    return new Promise((_resolve, reject) => {
      config.signal?.addEventListener?.('abort', () =>
        reject(Object.assign(new Error('canceled'), { code: 'ERR_CANCELED', name: 'CanceledError', __CANCEL__: true })),
      );
    });
  }
  if (reply instanceof Error) return Promise.reject(reply);
  return Promise.resolve({ data: reply.data, status: reply.status, statusText: '', headers: {}, config });
};

const notified = { error: vi.fn(), timeoutDialog: vi.fn(), errorDialog: vi.fn(() => Promise.resolve()) };
const unauthorized = vi.fn();

beforeEach(() => {
  httpClient.defaults.adapter = adapter;
  seen = [];
  Object.values(notified).forEach((m) => m.mockClear());
  unauthorized.mockClear();
  setNotifier(notified);
  onUnauthorized(unauthorized);
  sessionStorage.clear();
  document.cookie = 'Admin-Token=tok-1; Path=/';
  document.cookie = 'XSRF-TOKEN=csrf-cookie; Path=/';
  setSessionKeys({ sessionKey: 'k'.repeat(128), encryptedSessionKey: 'ENC', publicKey: 'PEM' });
  setCsrf({ headerName: 'X-XSRF-TOKEN', token: 'csrf-header' });
});

describe('the one HTTP client', () => {
  it('signs every request with the headers of protocol §3 and the two query additions', async () => {
    reply = { status: 200, data: { code: '0', data: { ok: true } } };
    await expect(api.post('/op/v1/files/pks/mimetype', { pkFiles: ['a'] }, { params: { ids: ['2', '1'] } })).resolves.toEqual({ ok: true });
    const config = seen[0];
    expect(config.baseURL).toBe('/api/web');
    expect(config.withCredentials).toBe(false);
    const headers = config.headers as Record<string, string>;
    for (const name of ['X-Nonce', 'X-Timestamp', 'X-Session-Key', 'X-Sign', 'X-XSRF-TOKEN', 'X-Sys-Type', 'X-Auth-Token']) {
      expect(headers[name], name).toBeTruthy();
    }
    expect(headers['X-Sys-Type']).toBe('OP_WEB');
    expect(headers['X-Auth-Token']).toBe('tok-1');
    expect(headers['Content-Type']).toBe('application/json;charset=UTF-8');
    const url = new URL(config.url!, 'http://x');
    expect(url.searchParams.get('_csrf')).toBe('csrf-cookie');
    expect(url.searchParams.getAll('ids')).toEqual(['2', '1']);
    const { path, query } = parseRequestUrl(config.url!);
    const expected = signRequest({ path, query, body: config.data, nonce: headers['X-Nonce'], timestamp: headers['X-Timestamp'], authToken: 'tok-1' });
    expect(headers['X-Sign']).toBe(expected.sign);
    expect(url.searchParams.get('x-vrandom')).toBe(expected.xVrandom);
    expect(config.data).toBe('{"pkFiles":["a"]}');
  });

  it('signs a multipart upload over path and query with an empty body, and sends the form as it is', async () => {
    reply = { status: 200, data: { code: '0', data: { id: 'f1' } } };
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4']), 'a.pdf');
    await expect(api.upload('/op/v1/files/upload', form)).resolves.toEqual({ id: 'f1' });
    const config = seen[0];
    const headers = config.headers as Record<string, string>;
    expect(config.data).toBe(form);
    // no JSON Content-Type: axios's browser adapter leaves the multipart one with its boundary to the browser
    expect(headers['Content-Type']).not.toMatch(/json/);
    const { path, query } = parseRequestUrl(config.url!);
    const expected = signRequest({ path, query, body: '', nonce: headers['X-Nonce'], timestamp: headers['X-Timestamp'], authToken: 'tok-1' });
    expect(headers['X-Sign']).toBe(expected.sign);
    expect(new URL(config.url!, 'http://x').searchParams.get('x-vrandom')).toBe(expected.xVrandom);
    expect(headers['X-XSRF-TOKEN']).toBe('csrf-header');
  });

  it('a 401 hands over to the logout handler and raises unauthorized', async () => {
    reply = { status: 401, data: { code: 'UNAUTHORIZED', message: 'x' } };
    await expect(api.post('/op/v1/userInfo')).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(unauthorized).toHaveBeenCalledOnce();
  });

  it.each([
    [{ status: 403, data: { code: 'FORBIDDEN', message: 'x' } }, 'forbidden', '您暂无权限操作此页面！'],
    [{ status: 504 }, 'timeout', '抱歉，网络超时，错误代码504'],
    [{ status: 500, data: 'oops' }, 'network', '网络异常，请您稍后重试。'],
    [{ status: 200, data: { code: 'X', message: '' } }, 'network', '网络异常，请您稍后重试。'],
  ] as const)('%j is shown as the catalogue says', async (answer, kind, message) => {
    reply = answer;
    const error = await api.post('/x').catch((e: ApiError) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind, message });
    expect(notified.error).toHaveBeenCalledWith(message);
    expect(notified.timeoutDialog).not.toHaveBeenCalled();
  });

  it('a business error carries the server message and is left to the caller', async () => {
    reply = { status: 200, data: { code: 'LOGIN_FAILED', message: '用户名或密码错误' } };
    await expect(api.post('/uaa/login', {})).rejects.toMatchObject({ kind: 'business', code: 'LOGIN_FAILED', message: '用户名或密码错误' });
    expect(notified.error).not.toHaveBeenCalled();
  });

  it('a timeout shows the 提示 dialog whose confirm reloads', async () => {
    reply = Object.assign(new Error('timeout'), { code: 'ECONNABORTED', isAxiosError: true });
    await expect(api.post('/x')).rejects.toMatchObject({ kind: 'timeout', message: '抱歉，网络超时，错误代码504' });
    expect(notified.timeoutDialog).toHaveBeenCalledWith('提示', '抱歉，网络超时，错误代码504', expect.any(Function));
  });

  it('a route change cancels requests of the page left, quietly, and keeps those of the page entered', async () => {
    reply = 'hang';
    window.history.pushState({}, '', '/op/old');
    const old = api.post('/slow').catch((e: ApiError) => e);
    const session = api.post('/session', undefined, { keepOnNavigate: true }).catch((e: ApiError) => e);
    window.history.pushState({}, '', '/op/new');
    const fresh = api.post('/fresh').catch((e: ApiError) => e);
    cancelRequestsNotFrom('/op/new');
    expect(await old).toMatchObject({ kind: 'cancelled', message: '当前请求已被取消' });
    expect(notified.error).not.toHaveBeenCalled();
    reply = { status: 200, data: { code: '0', data: 1 } };
    let settled = false;
    void fresh.then(() => (settled = true));
    void session.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    cancelRequestsNotFrom('/elsewhere');
    expect(await fresh).toMatchObject({ kind: 'cancelled' });
  });

  describe('where the browser has scheduler.yield', () => {
    let resume: (() => void)[] = [];
    beforeEach(() => {
      resume = [];
      vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => resume.push(resolve)) });
    });
    afterEach(() => vi.unstubAllGlobals());
    const tick = () => new Promise((r) => setTimeout(r, 0));

    it('signs and sends each request in its own task, after the browser has had its turn', async () => {
      reply = { status: 200, data: { code: '0', data: 1 } };
      const first = api.post('/a');
      const second = api.post('/b');
      await tick();
      expect(seen).toHaveLength(0);
      expect(resume).toHaveLength(2);
      resume[0]();
      await tick();
      expect(seen.map((config) => new URL(config.url!, 'http://x').pathname)).toEqual(['/a']);
      resume[1]();
      await expect(Promise.all([first, second])).resolves.toEqual([1, 1]);
      expect(seen).toHaveLength(2);
    });

    it('a request whose page was left during the pause is cancelled without being sent; a session call still goes', async () => {
      reply = { status: 200, data: { code: '0', data: 1 } };
      window.history.pushState({}, '', '/op/old');
      const old = api.post('/slow').catch((e: ApiError) => e);
      const session = api.post('/session', undefined, { keepOnNavigate: true });
      window.history.pushState({}, '', '/op/new');
      resume.forEach((go) => go());
      expect(await old).toMatchObject({ kind: 'cancelled', message: '当前请求已被取消' });
      await expect(session).resolves.toBe(1);
      expect(seen.map((config) => new URL(config.url!, 'http://x').pathname)).toEqual(['/session']);
    });
  });
});

describe('classifyResponse (spec §8)', () => {
  it.each([
    [200, { code: '0', data: 1 }, 'ok'],
    [200, { code: '0' }, 'ok'],
    [200, { code: 'VALIDATION_FAILED', message: '缺少字段' }, 'business'],
    [200, { code: 'E', message: '   ' }, 'network'],
    [200, { code: 'E' }, 'network'],
    [200, 'not json', 'network'],
    [200, null, 'network'],
    [401, undefined, 'unauthorized'],
    [403, { code: 'CSRF_INVALID', message: '您暂无权限操作此页面！' }, 'forbidden'],
    [504, undefined, 'timeout'],
    [400, { code: 'SIGN_INVALID', message: '请求签名无效' }, 'network'],
    [404, { code: 'NOT_FOUND', message: 'x' }, 'network'],
    [500, undefined, 'network'],
    [502, undefined, 'network'],
  ])('%s %j → %s', (status, body, kind) => {
    expect(classifyResponse(status, body).kind).toBe(kind);
  });
});

describe('pageMessageOf: what a page still has to say, so that a failure is told once', () => {
  it.each([
    ["a business refusal is the page's", new ApiError('business', '额度不足', 200, 'QUOTA_INSUFFICIENT'), '额度不足'],
    ['a permission failure the client has shown', new ApiError('forbidden', '没有权限', 403), undefined],
    ['a network failure the client has shown', new ApiError('network', '网络异常', 500), undefined],
    ['a timeout the client has shown', new ApiError('timeout', '请求超时', 504), undefined],
    ['a cancelled call says nothing', new ApiError('cancelled', '已取消'), undefined],
    ['a 401 leaves for the login page', new ApiError('unauthorized', '登录已过期', 401), undefined],
    ["an error that is not the client's", new Error('boom'), 'boom'],
    ['nothing at all', undefined, undefined],
  ])('%s', (_name, error, expected) => {
    expect(pageMessageOf(error)).toBe(expected);
  });
});
