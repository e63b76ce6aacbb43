import { HomeOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGlobalConfig } from '../../providers/global-config';
import { HOME_PATH } from '../../routes/static-routes';
import { LogoMark } from '../Logo';
import { LanguageSwitch } from '../navbar/LanguageSwitch';
import { ThemeSwitch } from '../navbar/ThemeSwitch';
import { UserMenu } from '../UserMenu';
import { useViewport } from '../device';
import { CorpSwitcher } from './CorpSwitcher';

/** The header-only layout variant (spec 2.6) for the operator's own pages, with the entity switcher. */
export default function HeaderLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { opshort } = useGlobalConfig();
  const { device } = useViewport();
  const mobile = device === 'mobile';
  return (
    <div className="header-layout">
      <header className="header-layout-bar">
        <Link to={HOME_PATH} className="header-layout-brand">
          <LogoMark />
          <span>{opshort || t('productName')}</span>
        </Link>
        <div className="header-layout-actions">
          <Link to={HOME_PATH} className="navbar-icon-link" aria-label={t('shell:header.backHome')}>
            <HomeOutlined />
            {mobile ? null : <span>{t('shell:header.backHome')}</span>}
          </Link>
          <LanguageSwitch showLabel={!mobile} />
          <ThemeSwitch />
          <UserMenu compact={mobile} />
        </div>
      </header>
      <div className="header-layout-corp">
        <CorpSwitcher />
      </div>
      <main className="header-layout-content">{children}</main>
    </div>
  );
}
