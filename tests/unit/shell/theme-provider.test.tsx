// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { memo, useContext } from 'react';
import '../../../src/providers/i18n';
import { ThemeProvider } from '../../../src/layout/theme/ThemeProvider';
import { DEFAULT_GLOBAL_CONFIG, globalConfigStore } from '../../../src/providers/global-config';

afterEach(() => globalConfigStore.set(DEFAULT_GLOBAL_CONFIG));

/** Counts the renders caused by antd's config context (memo: its parent re-rendering does not count). */
const seen: { colorPrimary: string }[] = [];
const ContextReader = memo(function ContextReader() {
  useContext(ConfigProvider.ConfigContext);
  seen.push({ colorPrimary: theme.useToken().token.colorPrimary });
  return null;
});

describe('ThemeProvider (spec §3 theme)', () => {
  beforeEach(() => (seen.length = 0));

  it('takes the platform colour from the global config, re-rendering antd when it changes', () => {
    render(
      <ThemeProvider>
        <ContextReader />
      </ThemeProvider>,
    );
    expect(seen.at(-1)?.colorPrimary).toBe('#2a6bfd');
    act(() => globalConfigStore.set({ ...DEFAULT_GLOBAL_CONFIG, themeColor: '#13c2c2' }));
    expect(seen.at(-1)?.colorPrimary).toBe('#13c2c2');
  });

  it('the rest of the config arriving leaves every antd component alone (the whole shell would re-render)', () => {
    render(
      <ThemeProvider>
        <ContextReader />
      </ThemeProvider>,
    );
    const renders = seen.length;
    act(() => globalConfigStore.set({ ...DEFAULT_GLOBAL_CONFIG, opshort: '运营平台', logoFileId: 'f-logo', sysPrdModelVOList: [{ prdCode: 'RF' }] }));
    act(() => globalConfigStore.set({ ...DEFAULT_GLOBAL_CONFIG, themeColor: '#2a6bfd', opshort: '运营平台' }));
    expect(seen.length).toBe(renders);
  });
});
