// @vitest-environment jsdom
import '../../src/providers/i18n';
import type { AxiosAdapter } from 'axios';
import { authProvider } from '../../src/providers/auth-provider';
import { httpClient, setNotifier } from '../../src/providers/http';
import {
  clearSession,
  DEFAULT_LOGIN_URL,
  getAuthToken,
  getLoginUrl,
  isSafeLoginUrl,
  readSessionCookies,
  renewAuthToken,
  setAuthToken,
  setCsrf,
  setSessionKeys,
  takeArrivalParams,
} from '../../src/providers/session';
import { needsPeriodicRefresh, userStore } from '../../src/providers/user';
import type { UserInfo } from '../../src/protocol';

const user: UserInfo = {
  personId: 'p1',
  username: 'op_admin',
  personName: '系统管理员',
  avatar: '',
  authorities: [{ code: 'admin', roleName: 'admin', pkRole: 'r-admin' }],
  menuPerms: ['*:*:*'],
  userStatus: 1,
  personPosition: '',
  corps: [],
  corpId: 'c1',
  corpName: '运营中心',
  sensitiveWhitelist: true,
};

const calls: string[] = [];
let answers: Record<string, { status: number; data: unknown }> = {};
const adapter: AxiosAdapter = async (config) => {
  const path = new URL(config.url!, 'http://x').pathname;
  calls.push(path);
  const answer = answers[path] ?? { status: 404, data: { code: 'NOT_FOUND', message: 'x' } };
  return { ...answer, statusText: '', headers: {}, config };
};

const dialogs: Array<[string, string]> = [];
beforeEach(() => {
  httpClient.defaults.adapter = adapter;
  calls.length = 0;
  dialogs.length = 0;
  answers = {};
  clearSession();
  localStorage.clear();
  userStore.set(undefined);
  setNotifier({ error: () => undefined, timeoutDialog: () => undefined, errorDialog: async (t, c) => void dialogs.push([t, c]) });
});

describe('arrival from the login system (spec 4.1.2)', () => {
  it('stores authToken, wsToken and loginUrl, then removes them from the address', () => {
    const cleaned = takeArrivalParams('http://h/op?authToken=tok-9&wsToken=ws-9&loginUrl=%2Flogin%2Fop&tab=2#x');
    expect(cleaned).toBe('/op?tab=2#x');
    expect(getAuthToken()).toBe('tok-9');
    expect(sessionStorage.getItem('wsToken')).toBe('ws-9');
    expect(getLoginUrl()).toBe('/login/op');
  });

  it('does nothing without an authToken', () => {
    expect(takeArrivalParams('http://h/op?x=1')).toBeUndefined();
    expect(getAuthToken()).toBeUndefined();
  });

  it('drops an older CSRF token but keeps the tab session key', () => {
    setSessionKeys({ sessionKey: 'a', encryptedSessionKey: 'b', publicKey: 'c' });
    setCsrf({ headerName: 'X-XSRF-TOKEN', token: 'old' });
    takeArrivalParams('http://h/op?authToken=t');
    expect(sessionStorage.getItem('csrf')).toBeNull();
    expect(sessionStorage.getItem('sessionKey')).toBe('a');
  });

  it.each([
    ['/login/op', true],
    ['/login/other?x=1', true],
    ['//evil.example/login', false],
    ['https://evil.example/login', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
  ])('login URL %s accepted: %s', (url, ok) => {
    expect(isSafeLoginUrl(url)).toBe(ok);
    takeArrivalParams(`http://h/op?authToken=t&loginUrl=${encodeURIComponent(url)}`);
    expect(getLoginUrl()).toBe(ok ? url : DEFAULT_LOGIN_URL);
  });

  it('logout clears token and session storage but remembers the login URL', () => {
    takeArrivalParams('http://h/op?authToken=t&loginUrl=%2Flogin%2Fcorp');
    clearSession();
    expect(getAuthToken()).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
    expect(getLoginUrl()).toBe('/login/corp');
  });
});

describe('authProvider.check (spec 4.1)', () => {
  beforeEach(() => {
    setSessionKeys({ sessionKey: 'k', encryptedSessionKey: 'e', publicKey: 'p' });
  });

  it('without a token sends the user to the stored login URL', async () => {
    localStorage.setItem('loginUrl', '/login/corp');
    await expect(authProvider.check()).resolves.toMatchObject({ authenticated: false, redirectTo: '/login/corp' });
    expect(calls).toEqual([]);
  });

  it('fetches the CSRF info, then user info', async () => {
    takeArrivalParams('http://h/op?authToken=t');
    setSessionKeys({ sessionKey: 'k', encryptedSessionKey: 'e', publicKey: 'p' });
    answers['/uaa/v1/security/token'] = { status: 200, data: { code: '0', data: { authToken: 't', csrf: { token: 'c', headerName: 'X-XSRF-TOKEN' } } } };
    answers['/op/v1/userInfo'] = { status: 200, data: { code: '0', data: user } };
    await expect(authProvider.check()).resolves.toEqual({ authenticated: true });
    expect(calls).toEqual(['/uaa/v1/security/token', '/op/v1/userInfo']);
    expect(userStore.get()?.personName).toBe('系统管理员');
  });

  it('when user info fails: 错误提示 with the server message, then logout', async () => {
    takeArrivalParams('http://h/op?authToken=t');
    setSessionKeys({ sessionKey: 'k', encryptedSessionKey: 'e', publicKey: 'p' });
    answers['/uaa/v1/security/token'] = { status: 200, data: { code: '0', data: { authToken: 't', csrf: { token: 'c', headerName: 'X-XSRF-TOKEN' } } } };
    answers['/op/v1/userInfo'] = { status: 200, data: { code: 'USER_DISABLED', message: '账号已停用' } };
    answers['/uaa/logout'] = { status: 200, data: { code: '0' } };
    await expect(authProvider.check()).resolves.toMatchObject({ authenticated: false, redirectTo: '/login/op' });
    expect(dialogs).toEqual([['错误提示', '账号已停用']]);
    expect(calls).toContain('/uaa/logout');
    expect(getAuthToken()).toBeUndefined();
  });

  it('falls back to 获取用户信息失败 when the server gives no message', async () => {
    takeArrivalParams('http://h/op?authToken=t');
    setSessionKeys({ sessionKey: 'k', encryptedSessionKey: 'e', publicKey: 'p' });
    setCsrf({ headerName: 'X-XSRF-TOKEN', token: 'c' });
    answers['/op/v1/userInfo'] = { status: 500, data: '' };
    await authProvider.check();
    expect(dialogs).toEqual([['错误提示', '获取用户信息失败']]);
  });
});

describe('10-minute refresh (spec 4.1.6)', () => {
  it('applies to platform-agent operators only', () => {
    expect(needsPeriodicRefresh({ ...user, authorities: [{ code: 'ROLE_PLATFORM_AG_OPERATOR', roleName: 'ROLE_PLATFORM_AG_OPERATOR', pkRole: 'r' }] })).toBe(
      true,
    );
    expect(needsPeriodicRefresh(user)).toBe(false);
    expect(needsPeriodicRefresh(undefined)).toBe(false);
  });
});

describe('the login marker cookie (spec §9)', () => {
  const writes: string[] = [];
  let spy: ReturnType<typeof vi.spyOn> | undefined;
  beforeEach(() => {
    writes.length = 0;
    const setter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!.set!;
    spy = vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      writes.push(value);
      setter.call(this, value);
    });
  });
  afterEach(() => spy?.mockRestore());

  it('is rewritten by an answer at most once a minute, so a burst of answers is one write', () => {
    setAuthToken('t', 1_000);
    renewAuthToken(30_000);
    renewAuthToken(60_999);
    expect(writes.filter((w) => w.startsWith('Admin-Token=t;'))).toHaveLength(1);
    renewAuthToken(61_000);
    expect(writes.filter((w) => w.startsWith('Admin-Token=t;'))).toHaveLength(2);
    expect(writes.at(-1)).toContain('Max-Age=1800');
  });

  it('is not brought back by a late answer once logout removed it', () => {
    setAuthToken('t', 0);
    clearSession();
    renewAuthToken(120_000);
    expect(getAuthToken()).toBeUndefined();
  });

  it('is read together with the XSRF-TOKEN cookie, both decoded', () => {
    document.cookie = 'XSRF-TOKEN=a%3Db; Path=/';
    setAuthToken('tok', 0);
    expect(readSessionCookies()).toEqual({ authToken: 'tok', csrfCookie: 'a=b' });
  });
});
