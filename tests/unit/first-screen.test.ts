// @vitest-environment jsdom
/** The first screen's learned calls (src/providers/http/first-screen.ts): learned, sent early, taken once. */
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import '../../src/providers/i18n';
import { api, httpClient, learnedCalls, postEarly } from '../../src/providers/http';
import { EARLY_ANSWER_TTL_MS } from '../../src/providers/http/first-screen';
import { setCsrf, setSessionKeys } from '../../src/providers/session';

let seen: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = (config) => {
  seen.push(config);
  return Promise.resolve({ data: { code: '0', data: { n: seen.length } }, status: 200, statusText: '', headers: {}, config });
};
const sentPaths = () => seen.map((c) => new URL(c.url!, 'http://x').pathname);

beforeEach(() => {
  httpClient.defaults.adapter = adapter;
  seen = [];
  document.cookie = 'Admin-Token=tok-1; Path=/';
  document.cookie = 'XSRF-TOKEN=csrf-cookie; Path=/';
  setSessionKeys({ sessionKey: 'k'.repeat(128), encryptedSessionKey: 'ENC', publicKey: 'PEM' });
  setCsrf({ headerName: 'X-XSRF-TOKEN', token: 'csrf-header' });
});
afterEach(() => vi.restoreAllMocks());

describe('the first screen', () => {
  it('learns the read calls a page makes at load, per address, and never a write', async () => {
    window.history.replaceState(null, '', '/op/system/dict');
    await api.post('/op/v1/sys/dict-types/page', { pageNum: 1, pageSize: 20 });
    await api.post('/op/v1/sys/dict-types/save', { dictType: 'x' });
    await api.post('/op/v1/sys/dict-datas/list-by-dict-types', { dictTypes: ['sys_normal_disable'] });
    expect(learnedCalls('/op/system/dict')).toEqual([
      { url: '/op/v1/sys/dict-types/page', body: '{"pageNum":1,"pageSize":20}' },
      { url: '/op/v1/sys/dict-datas/list-by-dict-types', body: '{"dictTypes":["sys_normal_disable"]}' },
    ]);
    expect(learnedCalls('/op/task/todo')).toEqual([]);
  });

  it('answers the page from the call sent early when URL and body are the same, once', async () => {
    postEarly('/op/v1/sys/configs/page', '{"pageNum":1,"pageSize":20}');
    await new Promise((r) => setTimeout(r, 0));
    expect(await api.post('/op/v1/sys/configs/page', { pageNum: 1, pageSize: 20 })).toEqual({ n: 1 });
    expect(sentPaths()).toEqual(['/op/v1/sys/configs/page']);
    // Taken once: the next ask is a request of its own.
    expect(await api.post('/op/v1/sys/configs/page', { pageNum: 1, pageSize: 20 })).toEqual({ n: 2 });
    expect(seen).toHaveLength(2);
  });

  it('sends the page its own request when it asks for something else, or after the early answer went stale', async () => {
    postEarly('/op/v1/sys/configs/page', '{"pageNum":1,"pageSize":20}');
    await api.post('/op/v1/sys/configs/page', { pageNum: 2, pageSize: 20 });
    expect(seen).toHaveLength(2);

    postEarly('/op/v1/sys/notices/page', '{"pageNum":1}');
    // The early call is kept (its start time taken, after its signing) once it is on its way; only then does
    // the clock jump, from a reading taken after that (one taken before the signing was once too early on a
    // loaded machine: the signing took over a millisecond and the answer was still fresh).
    await vi.waitFor(() => expect(sentPaths().filter((p) => p.endsWith('/notices/page'))).toHaveLength(1));
    const kept = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(kept + EARLY_ANSWER_TTL_MS + 1);
    await api.post('/op/v1/sys/notices/page', { pageNum: 1 });
    expect(sentPaths().filter((p) => p.endsWith('/notices/page'))).toHaveLength(2);
  });

  it('hands a first render the early answer that is back, once, and nothing while it is on its way or for another call', async () => {
    postEarly('/op/v1/sys/roles/page', '{"pageNum":1,"pageSize":10}');
    // On its way: nothing yet, and the early call stays for the page's own post.
    expect(api.ready('/op/v1/sys/roles/page', { pageNum: 1, pageSize: 10 })).toBeUndefined();
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(api.ready('/op/v1/sys/roles/page', { pageNum: 2, pageSize: 10 })).toBeUndefined();
    expect(api.ready('/op/v1/sys/roles/page', { pageNum: 1, pageSize: 10 })).toEqual({ n: 1 });
    // Taken: the page's own post is a request of its own.
    expect(api.ready('/op/v1/sys/roles/page', { pageNum: 1, pageSize: 10 })).toBeUndefined();
    expect(await api.post('/op/v1/sys/roles/page', { pageNum: 1, pageSize: 10 })).toEqual({ n: 2 });
  });

  it('hands no first render an early answer that failed or went stale', async () => {
    httpClient.defaults.adapter = (config) => Promise.reject(Object.assign(new Error('down'), { config }));
    postEarly('/op/v1/sys/posts/page', '{"pageNum":1}');
    await new Promise((r) => setTimeout(r, 20));
    expect(api.ready('/op/v1/sys/posts/page', { pageNum: 1 })).toBeUndefined();

    httpClient.defaults.adapter = adapter;
    postEarly('/op/v1/sys/menus/page', '{"pageNum":1}');
    await vi.waitFor(() => expect(sentPaths().filter((p) => p.endsWith('/menus/page'))).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    const kept = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(kept + EARLY_ANSWER_TTL_MS + 1);
    expect(api.ready('/op/v1/sys/menus/page', { pageNum: 1 })).toBeUndefined();
  });
});
