import { ArrowRightOutlined, DashboardOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PERMISSIONS } from '../../features/dashboard/permissions';
import { TypedIn } from '../../components/Typed';
import { MenuIcon } from '../../layout/menu-icons';
import { useGrants } from '../../routes/grants-store';
import { DATA_DASHBOARD_PATH, HOME_PAGE_KEY } from '../../routes/static-routes';
import { useTitle } from '../../routes/titles';
import type { NavItem } from '../../routes/types';
import { useElementPermission } from '../../providers/elements';
import { useUserInfo } from '../../providers/user';
import './home.css';

const positionNames = (positions: string | null | undefined, t: TFunction) =>
  (positions ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
    .map((code) => t(`staff:staff.positionNames.${code}`, { defaultValue: code }))
    .join('、');

const SHORTCUTS = 8;

/** The first pages of the operator's own menu, as shortcuts. */
function shortcuts(nav: readonly NavItem[]): NavItem[] {
  return nav
    .flatMap((item) => (item.children ? item.children.filter((c) => !c.children).map((c) => ({ ...c, icon: c.icon ?? item.icon })) : [item]))
    .slice(0, SHORTCUTS);
}

/**
 * The home route op-home (title 首页): who is signed in, where, and the way into their work. Plain
 * panels rather than antd's Card and Descriptions keep the first screen after sign-in light.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const user = useUserInfo();
  const grants = useGrants();
  const canOpenDashboard = useElementPermission(HOME_PAGE_KEY, PERMISSIONS.home.dataDashboard) === true;
  if (!user) return null;
  const entries = grants.status === 'ready' ? shortcuts(grants.table.nav) : [];

  return (
    <div className="home-page">
      <section className="home-panel home-welcome">
        <div>
          <h1 className="home-welcome-title" data-testid="welcome">
            <TypedIn text={t('home.welcome', { name: user.personName })} values={[user.personName]} />
          </h1>
          <p className="home-muted">
            <TypedIn text={t('home.corp', { corp: user.corpName })} values={[user.corpName]} />
          </p>
        </div>
        {canOpenDashboard && (
          <Button type="primary" size="large" icon={<DashboardOutlined />} role="link" onClick={() => navigate(DATA_DASHBOARD_PATH)}>
            {t('home.dataDashboard')}
          </Button>
        )}
      </section>
      {entries.length > 0 && (
        <section className="home-panel" aria-labelledby="home-shortcuts">
          <h2 id="home-shortcuts" className="home-panel-title">
            {t('home.shortcuts')}
          </h2>
          <div className="home-shortcuts">
            {entries.map((entry) => (
              <button key={entry.key} type="button" className="home-shortcut" onClick={() => navigate(entry.to)}>
                <span className="home-shortcut-icon">
                  <MenuIcon name={entry.icon} />
                </span>
                <span className="home-shortcut-title">{title(entry)}</span>
                <ArrowRightOutlined className="home-shortcut-arrow" />
              </button>
            ))}
          </div>
        </section>
      )}
      <section className="home-panel" aria-labelledby="home-account">
        <h2 id="home-account" className="home-panel-title">
          {t('home.account')}
        </h2>
        <dl className="home-facts">
          <div>
            <dt>{t('home.roles')}</dt>
            <dd>
              {user.authorities.map((role) => (
                <Tag key={role.pkRole} color="blue" data-record="">
                  {role.roleName}
                </Tag>
              ))}
            </dd>
          </div>
          <div>
            <dt>{t('home.positions')}</dt>
            {/* Positions by name (系统授权主管), as 用户管理 shows them; a code no release names shows as it is. */}
            <dd data-testid="home-positions">{positionNames(user.personPosition, t) || '-'}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
