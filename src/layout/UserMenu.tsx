import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endSession } from '../providers/auth-provider';
import { useUserInfo } from '../providers/user';

/** The avatar menu (spec 2.6): change password, and logout after 确定注销并退出系统吗？ */
export function UserMenu() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useUserInfo();

  const confirmLogout = () =>
    modal.confirm({
      title: t('auth:logout.title'),
      content: t('auth:logout.confirm'),
      okText: t('auth:logout.ok'),
      cancelText: t('auth:logout.cancel'),
      onOk: async () => window.location.assign(await endSession()),
    });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'password', icon: <KeyOutlined />, label: t('user.changePassword'), onClick: () => navigate('/op/login/change-password') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout'), onClick: confirmLogout },
        ],
      }}
    >
      <button type="button" aria-label={t('user.menu')} data-testid="user-menu" style={{ all: 'unset', cursor: 'pointer' }}>
        <Space>
          <Avatar size="small" icon={<UserOutlined />} src={user?.avatar ? `/api/web${user.avatar}` : undefined} />
          <span data-testid="person-name">{user?.personName}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </button>
    </Dropdown>
  );
}
