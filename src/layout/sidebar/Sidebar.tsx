import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Menu, type MenuProps } from 'antd';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useTitle } from '../../routes/titles';
import type { NavItem } from '../../routes/types';
import { Logo } from '../Logo';
import { MenuIcon } from '../menu-icons';
import { useSettings } from '../settings/settings-store';
import { directoryKeys, filterNav, firstPage, selectedNavKey } from './nav-search';

interface Props {
  nav: readonly NavItem[];
  /** What the search looks through when it is wider than the menu shown (firstMenuOnNav: the whole menu). */
  searchIn?: readonly NavItem[];
  collapsed: boolean;
  /** Asks the layout to open the sidebar (the collapsed search button). */
  onExpand: () => void;
  /** Called after a navigation, so the mobile drawer can close. */
  onNavigate?: () => void;
}

function useMenuTheme(): 'dark' | 'light' {
  const { sideTheme, mode } = useSettings();
  return mode === 'dark' || sideTheme === 'theme-dark' ? 'dark' : 'light';
}

/** The sidebar before its menu renders (components/first-paint.ts): its colours and logo, no menu yet. */
export function SidebarFrame({ collapsed }: { collapsed: boolean }) {
  const { sidebarLogo } = useSettings();
  const menuTheme = useMenuTheme();
  return <div className={`sidebar sidebar-${menuTheme}`}>{sidebarLogo && <Logo collapsed={collapsed} dark={menuTheme === 'dark'} />}</div>;
}

type MenuItem = Required<MenuProps>['items'][number];

/**
 * The sidebar: logo, the menu search and the menu the granted tree draws. Typing narrows the menu
 * to the matching titles (in the active language); choosing one, or Enter for the first, opens it.
 */
export const Sidebar = memo(function Sidebar({ nav, searchIn = nav, collapsed, onExpand, onNavigate }: Props) {
  const { t } = useTranslation('shell');
  const title = useTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { sidebarLogo } = useSettings();
  const [query, setQuery] = useState('');
  const menuTheme = useMenuTheme();
  const { selected, open } = selectedNavKey(nav, pathname);
  const searching = !collapsed && query.trim() !== '';
  const shown = useMemo(() => (searching ? filterNav(searchIn, query, title) : nav), [searching, searchIn, nav, query, title]);

  // Entering a page opens its directory; the operator may still fold it afterwards.
  const [openState, setOpenState] = useState({ pathname, keys: open });
  if (openState.pathname !== pathname) setOpenState({ pathname, keys: [...new Set([...openState.keys, ...open])] });

  const go = (item: NavItem | undefined) => {
    if (!item) return;
    setQuery('');
    navigate(item.to);
    onNavigate?.();
  };
  const byKey = useMemo(() => {
    const map = new Map<string, NavItem>();
    const walk = (items: readonly NavItem[]) => items.forEach((item) => (item.children ? walk(item.children) : map.set(item.key, item)));
    walk(searchIn);
    return map;
  }, [searchIn]);

  const toItems = (items: readonly NavItem[]): MenuItem[] =>
    items.map((item) =>
      item.children
        ? { key: item.key, icon: <MenuIcon name={item.icon} />, label: title(item), children: toItems(item.children) }
        : { key: item.key, icon: <MenuIcon name={item.icon} />, label: title(item) },
    );

  return (
    <div className={`sidebar sidebar-${menuTheme}`} data-testid="sidebar">
      {sidebarLogo && <Logo collapsed={collapsed} dark={menuTheme === 'dark'} />}
      <div className="sidebar-search-box">
        {collapsed ? (
          <Button type="text" className="sidebar-search-toggle" icon={<SearchOutlined />} aria-label={t('sidebar.search')} onClick={onExpand} />
        ) : (
          <Input
            className="sidebar-search"
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('sidebar.search')}
            aria-label={t('sidebar.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onPressEnter={() => go(firstPage(shown))}
          />
        )}
      </div>
      <nav aria-label={t('sidebar.label')} className="sidebar-menu">
        {searching && shown.length === 0 ? (
          <p className="sidebar-no-match" role="status">
            {t('sidebar.noMatch')}
          </p>
        ) : (
          <Menu
            mode="inline"
            theme={menuTheme}
            inlineCollapsed={collapsed}
            selectedKeys={selected ? [selected] : []}
            openKeys={collapsed ? undefined : searching ? directoryKeys(shown) : openState.keys}
            onOpenChange={(keys) => !searching && setOpenState({ pathname, keys })}
            items={toItems(shown)}
            onClick={({ key }) => go(byKey.get(key))}
          />
        )}
      </nav>
    </div>
  );
});
