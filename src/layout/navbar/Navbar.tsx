import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageBell } from '../../features/messages';
import { PERMISSIONS } from '../../lib/permissions';
import { usePermission } from '../../providers/user';
import type { AppRoute, NavItem } from '../../routes/types';
import { UserMenu } from '../UserMenu';
import { useSettings } from '../settings/settings-store';
import { Breadcrumbs } from './Breadcrumbs';
import { ExportBadge } from './ExportBadge';
import { LanguageSwitch } from './LanguageSwitch';
import { PendingTasksBadge } from './PendingTasksBadge';
import { ThemeSwitch } from './ThemeSwitch';
import { TopNav } from './TopNav';

interface Props {
  route: AppRoute | undefined;
  home: AppRoute | undefined;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  onOpenSettings: () => void;
  compact: boolean;
  /** With firstMenuOnNav: the top-level entries and the one holding the current page. */
  topNav?: { nav: readonly NavItem[]; selected?: string };
}

/** Hamburger, optional breadcrumb, then the pending-approval indicator, the export entry, language, theme, settings and the avatar menu. */
export const Navbar = memo(function Navbar({ route, home, sidebarOpen, onToggleSidebar, onOpenSettings, compact, topNav }: Props) {
  const { t } = useTranslation('shell');
  const { showBreadcrumb } = useSettings();
  // The entry and its count are the export records' list: shown only to who may open it.
  const mayExport = usePermission(PERMISSIONS.exportRecord.list);
  const toggleLabel = sidebarOpen ? t('navbar.collapse') : t('navbar.expand');
  return (
    <header className="navbar">
      <Button
        type="text"
        className="hamburger"
        icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleSidebar}
        aria-label={toggleLabel}
        aria-expanded={sidebarOpen}
        data-testid="hamburger"
      />
      {topNav ? <TopNav nav={topNav.nav} selected={topNav.selected} /> : showBreadcrumb && !compact && route && <Breadcrumbs route={route} home={home} />}
      <div className="navbar-actions">
        <MessageBell />
        <PendingTasksBadge />
        {mayExport && <ExportBadge />}
        <LanguageSwitch showLabel={!compact} />
        <ThemeSwitch />
        <Tooltip title={t('settings.title')}>
          <Button type="text" icon={<SettingOutlined />} aria-label={t('settings.title')} onClick={onOpenSettings} data-testid="settings-button" />
        </Tooltip>
        <UserMenu compact={compact} />
      </div>
    </header>
  );
});
