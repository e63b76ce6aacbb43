import { CheckOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Flex, Segmented, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGlobalConfig } from '../../providers/global-config';
import { DEFAULT_THEME_COLOR, settingsStore, useSettings, type LayoutSettings, type SizeSetting, type ThemeMode } from './settings-store';

const SWATCHES = [DEFAULT_THEME_COLOR, '#1677ff', '#13a8a8', '#389e0d', '#d46b08', '#cf1322', '#531dab', '#c41d7f'];

type Flag = 'firstMenuOnNav' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'showBreadcrumb';
const FLAGS: Flag[] = ['firstMenuOnNav', 'tagsView', 'fixedHeader', 'sidebarLogo', 'showBreadcrumb'];

/** The layout settings of spec §3, applied at once and kept in this browser. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const settings = useSettings();
  const { themeColor } = useGlobalConfig();
  const current = settings.theme ?? themeColor ?? DEFAULT_THEME_COLOR;
  const set = (change: Partial<LayoutSettings>) => settingsStore.update(change);

  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} width={360} destroyOnHidden>
      <Typography.Title level={5}>{t('settings.themeColor')}</Typography.Title>
      <Flex wrap gap={8} role="radiogroup" aria-label={t('settings.themeColor')}>
        {SWATCHES.map((colour) => (
          <button
            key={colour}
            type="button"
            role="radio"
            aria-checked={colour === current}
            aria-label={colour}
            className="theme-swatch"
            style={{ background: colour }}
            onClick={() => set({ theme: colour })}
          >
            {colour === current && <CheckOutlined />}
          </button>
        ))}
      </Flex>
      <Button type="link" size="small" style={{ paddingInline: 0 }} disabled={!settings.theme} onClick={() => set({ theme: undefined })}>
        {t('settings.followPlatform')}
      </Button>

      <Divider />
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center">
          <span>{t('settings.mode')}</span>
          <Segmented<ThemeMode>
            value={settings.mode}
            options={[
              { value: 'light', label: t('settings.modeLight') },
              { value: 'dark', label: t('settings.modeDark') },
            ]}
            onChange={(mode) => set({ mode })}
          />
        </Flex>
        <Flex justify="space-between" align="center">
          <span>{t('settings.sideTheme')}</span>
          <Segmented<LayoutSettings['sideTheme']>
            value={settings.sideTheme}
            options={[
              { value: 'theme-dark', label: t('settings.sideDark') },
              { value: 'theme-light', label: t('settings.sideLight') },
            ]}
            onChange={(sideTheme) => set({ sideTheme })}
          />
        </Flex>
        <Flex justify="space-between" align="center">
          <span>{t('settings.size')}</span>
          <Segmented<SizeSetting>
            value={settings.size}
            options={(['small', 'medium', 'large'] as const).map((size) => ({ value: size, label: t(`settings.sizes.${size}`) }))}
            onChange={(size) => set({ size })}
          />
        </Flex>
        {FLAGS.map((flag) => (
          <Flex key={flag} justify="space-between" align="center">
            <label htmlFor={`setting-${flag}`}>{t(`settings.${flag}`)}</label>
            <Switch id={`setting-${flag}`} checked={settings[flag]} onChange={(checked) => set({ [flag]: checked })} />
          </Flex>
        ))}
      </Flex>
      <Divider />
      <Button block onClick={() => settingsStore.reset()}>
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
