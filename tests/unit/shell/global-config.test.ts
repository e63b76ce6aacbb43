// @vitest-environment jsdom
import type { AxiosAdapter } from 'axios';
import '../../../src/providers/i18n';
import {
  DEFAULT_GLOBAL_CONFIG,
  GLOBAL_CONFIG_CALLS,
  globalConfigStore,
  loadGlobalConfig,
  loadShellGlobalConfig,
  mergeGlobalConfig,
  prefetchGlobalConfig,
  productName,
  publicFileUrl,
} from '../../../src/providers/global-config';
import { httpClient } from '../../../src/providers/http';

const answers: Record<string, { status: number; body: unknown }> = {};
const asked: string[] = [];
const adapter: AxiosAdapter = async (config) => {
  const path = new URL(config.url ?? '', 'http://x').pathname.replace('/api/web', '');
  asked.push(path);
  const answer = answers[path] ?? { status: 404, body: '' };
  return { status: answer.status, statusText: '', headers: {}, config, data: answer.body };
};

beforeEach(() => {
  httpClient.defaults.adapter = adapter;
  for (const key of Object.keys(answers)) delete answers[key];
  asked.length = 0;
  globalConfigStore.set(DEFAULT_GLOBAL_CONFIG);
});

const ok = (data: unknown) => ({ status: 200, body: { code: '0', message: 'ok', data } });

describe('global config (spec §3, §7, §8)', () => {
  it('merges the three calls; nulls leave defaults in place', () => {
    expect(mergeGlobalConfig([{ themeColor: '#123456', opshort: null as unknown as string }, { sysPrdModelVOList: [{ prdCode: 'P1' }] }, null])).toEqual({
      themeColor: '#123456',
      sysPrdModelVOList: [{ prdCode: 'P1' }],
    });
  });

  it('loads and merges platform, product and nav-view config', async () => {
    answers[GLOBAL_CONFIG_CALLS[0]] = ok({ themeColor: '#2a6bfd', opshort: '运营管理' });
    answers[GLOBAL_CONFIG_CALLS[1]] = ok({ sysPrdModelVOList: [{ prdCode: 'RF', extAttrMap: { prdName: '反向保理', prdShortName: '反保' } }] });
    answers[GLOBAL_CONFIG_CALLS[2]] = ok({ logoFileId: 'f-logo', faviconFileId: null });
    const config = await loadGlobalConfig();
    expect(config).toMatchObject({ themeColor: '#2a6bfd', opshort: '运营管理', logoFileId: 'f-logo' });
    expect(config.faviconFileId).toBeUndefined();
    expect(productName(config, 'RF')).toBe('反向保理');
    expect(productName(config, 'RF', true)).toBe('反保');
    expect(productName(config, 'NONE')).toBeUndefined();
  });

  it('rejects with the first failing message', async () => {
    answers[GLOBAL_CONFIG_CALLS[0]] = ok({ themeColor: '#2a6bfd' });
    answers[GLOBAL_CONFIG_CALLS[1]] = { status: 200, body: { code: '500', message: '产品配置加载失败', data: null } };
    answers[GLOBAL_CONFIG_CALLS[2]] = ok({});
    await expect(loadGlobalConfig()).rejects.toThrow('产品配置加载失败');
  });

  it("the shell's load joins the one asked for at the page's start; a later shell asks afresh", async () => {
    answers[GLOBAL_CONFIG_CALLS[0]] = ok({ themeColor: '#123456' });
    answers[GLOBAL_CONFIG_CALLS[1]] = ok({});
    answers[GLOBAL_CONFIG_CALLS[2]] = ok({});
    prefetchGlobalConfig();
    await loadShellGlobalConfig();
    expect(asked).toEqual([...GLOBAL_CONFIG_CALLS]);
    expect(globalConfigStore.get().themeColor).toBe('#123456');
    answers[GLOBAL_CONFIG_CALLS[0]] = ok({ themeColor: '#654321' });
    await loadShellGlobalConfig();
    expect(asked).toHaveLength(6);
    expect(globalConfigStore.get().themeColor).toBe('#654321');
  });

  it('a failing config leaves the defaults in the store', async () => {
    answers[GLOBAL_CONFIG_CALLS[0]] = { status: 200, body: { code: '500', message: '平台配置加载失败', data: null } };
    await loadShellGlobalConfig();
    expect(globalConfigStore.get()).toBe(DEFAULT_GLOBAL_CONFIG);
  });

  it('serves logo and favicon through the public preview call', () => {
    expect(publicFileUrl('a b')).toBe('/api/web/op/v1/sys/pub/files/a%20b/preview');
  });
});
