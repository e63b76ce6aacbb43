import { Menu } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTitle } from '../../routes/titles';
import type { NavItem } from '../../routes/types';
import { MenuIcon } from '../menu-icons';

/** The top-level menu in the navbar (firstMenuOnNav); choosing an entry opens its first page. */
export const TopNav = memo(function TopNav({ nav, selected }: { nav: readonly NavItem[]; selected?: string }) {
  const { t } = useTranslation('shell');
  const title = useTitle();
  const navigate = useNavigate();
  return (
    <nav className="navbar-top-nav" aria-label={t('navbar.topMenu')}>
      <Menu
        mode="horizontal"
        selectedKeys={selected ? [selected] : []}
        items={nav.map((item) => ({ key: item.key, icon: <MenuIcon name={item.icon} />, label: title(item) }))}
        onClick={({ key }) => {
          const entry = nav.find((item) => item.key === key);
          if (entry) navigate(entry.to);
        }}
      />
    </nav>
  );
});
