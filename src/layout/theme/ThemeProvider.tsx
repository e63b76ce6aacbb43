import { ConfigProvider, Empty, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { globalConfigStore } from '../../providers/global-config';
import { DEFAULT_THEME_COLOR, useSettings, type SizeSetting } from '../settings/settings-store';

const COMPONENT_SIZE: Record<SizeSetting, 'small' | 'middle' | 'large'> = { small: 'small', medium: 'middle', large: 'large' };

const platformThemeColor = () => globalConfigStore.get().themeColor;

/**
 * antd's theme, locale and size for every entry (login and shell): light or dark through antd's
 * algorithms, the operator's colour, else the platform's, else #2a6bfd; empty lists say 暂无数据~.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  // Only the platform's colour: the rest of the config arriving re-renders nothing here.
  const themeColor = useSyncExternalStore(globalConfigStore.subscribe, platformThemeColor, platformThemeColor);
  const colorPrimary = settings.theme ?? themeColor ?? DEFAULT_THEME_COLOR;
  const dark = settings.mode === 'dark';

  const themeConfig = useMemo(() => ({ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token: { colorPrimary } }), [dark, colorPrimary]);

  // Stable, so ConfigProvider's context (and every antd component under it) changes only with the theme,
  // locale or size, not each time this re-renders.
  const renderEmpty = useCallback(() => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:emptyList')} />, [t]);

  useEffect(() => {
    document.documentElement.dataset.theme = settings.mode;
  }, [settings.mode]);

  return (
    <ConfigProvider
      locale={i18n.language === 'en-US' ? enUS : zhCN}
      theme={themeConfig}
      componentSize={COMPONENT_SIZE[settings.size]}
      renderEmpty={renderEmpty}
    >
      {children}
    </ConfigProvider>
  );
}
