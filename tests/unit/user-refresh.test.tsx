// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import '../../src/providers/i18n';
import { httpClient } from '../../src/providers/http';
import { useUserRefresh } from '../../src/providers/use-user-refresh';
import { userStore } from '../../src/providers/user';
import { USER_REFRESH_INTERVAL_MS, type UserInfo } from '../../src/protocol';

const base: UserInfo = {
  personId: 'p',
  username: 'op_agent',
  personName: '代理运营孙七',
  avatar: '',
  authorities: [],
  menuPerms: [],
  userStatus: 1,
  personPosition: '',
  corps: [],
  corpId: 'c',
  corpName: 'c',
  sensitiveWhitelist: false,
};
const agent: UserInfo = { ...base, authorities: [{ code: 'ROLE_PLATFORM_AG_OPERATOR', roleName: 'ROLE_PLATFORM_AG_OPERATOR', pkRole: 'r-agent' }] };

let calls = 0;
let next: UserInfo = agent;
const adapter: AxiosAdapter = async (config) => {
  calls += 1;
  return { status: 200, statusText: '', headers: {}, config, data: { code: '0', data: next } };
};

beforeEach(() => {
  vi.useFakeTimers();
  httpClient.defaults.adapter = adapter;
  calls = 0;
});
afterEach(() => {
  vi.useRealTimers();
  userStore.set(undefined);
});

describe('user-info refresh every 10 minutes for ROLE_PLATFORM_AG_OPERATOR (spec 4.1.6)', () => {
  it('refreshes an agent every 600,000 ms and publishes the new grants', async () => {
    userStore.set(agent);
    renderHook(() => useUserRefresh());
    await act(async () => vi.advanceTimersByTime(USER_REFRESH_INTERVAL_MS - 1));
    expect(calls).toBe(0);
    next = { ...agent, menuPerms: ['workflow:task:list'] };
    await act(async () => vi.advanceTimersByTime(1));
    expect(calls).toBe(1);
    expect(userStore.get()?.menuPerms).toEqual(['workflow:task:list']);
    await act(async () => vi.advanceTimersByTime(USER_REFRESH_INTERVAL_MS));
    expect(calls).toBe(2);
  });

  it('leaves other operators alone', async () => {
    userStore.set(base);
    renderHook(() => useUserRefresh());
    await act(async () => vi.advanceTimersByTime(USER_REFRESH_INTERVAL_MS * 3));
    expect(calls).toBe(0);
  });

  it('stops when the agent signs out', async () => {
    userStore.set(agent);
    const { unmount } = renderHook(() => useUserRefresh());
    unmount();
    await act(async () => vi.advanceTimersByTime(USER_REFRESH_INTERVAL_MS * 2));
    expect(calls).toBe(0);
  });
});
