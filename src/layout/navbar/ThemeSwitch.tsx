import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { settingsStore, useSettings } from '../settings/settings-store';

/** The light and dark switch, stored locally with the other layout settings. */
export function ThemeSwitch() {
  const { t } = useTranslation('shell');
  const { mode } = useSettings();
  const dark = mode === 'dark';
  const label = dark ? t('theme.toLight') : t('theme.toDark');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={dark ? <SunOutlined /> : <MoonOutlined />}
        aria-label={label}
        aria-pressed={dark}
        data-testid="theme-switch"
        onClick={() => settingsStore.update({ mode: dark ? 'light' : 'dark' })}
      />
    </Tooltip>
  );
}
