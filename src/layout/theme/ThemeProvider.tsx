import { ConfigProvider, Empty, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGlobalConfig } from '../../providers/global-config';
import { DEFAULT_THEME_COLOR, useSettings, type SizeSetting } from '../settings/settings-store';

const COMPONENT_SIZE: Record<SizeSetting, 'small' | 'middle' | 'large'> = { small: 'small', medium: 'middle', large: 'large' };

/**
 * antd's theme, locale and size for every entry (login and shell): light or dark through antd's
 * algorithms, the operator's colour, else the platform's, else #2a6bfd; empty lists say 暂无数据~.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const { themeColor } = useGlobalConfig();
  const colorPrimary = settings.theme ?? themeColor ?? DEFAULT_THEME_COLOR;
  const dark = settings.mode === 'dark';

  const themeConfig = useMemo(
    () => ({ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token: { colorPrimary } }),
    [dark, colorPrimary],
  );

  useEffect(() => {
    document.documentElement.dataset.theme = settings.mode;
  }, [settings.mode]);

  return (
    <ConfigProvider
      locale={i18n.language === 'en-US' ? enUS : zhCN}
      theme={themeConfig}
      componentSize={COMPONENT_SIZE[settings.size]}
      renderEmpty={() => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:emptyList')} />}
    >
      {children}
    </ConfigProvider>
  );
}
