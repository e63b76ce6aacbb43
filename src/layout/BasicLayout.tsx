import { Layout, theme } from 'antd';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ForcedPasswordModal } from '../pages/password/ForcedPasswordModal';
import { useUserRefresh } from '../providers/use-user-refresh';
import { UserMenu } from './UserMenu';

/** The signed-in frame: header with the product name and the avatar menu, the page below. */
export default function BasicLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  useUserRefresh();
  return (
    <Layout style={{ minHeight: '100%' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          paddingInline: 24,
        }}
      >
        <Link to="/op" style={{ fontWeight: 600, fontSize: 16, color: token.colorText }}>
          {t('productName')}
        </Link>
        <UserMenu />
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
      <ForcedPasswordModal />
    </Layout>
  );
}
