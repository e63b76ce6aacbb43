import { DownOutlined, KeyOutlined, LogoutOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endSession } from '../providers/auth-provider';
import { useUserInfo } from '../providers/user';
import { CHANGE_PASSWORD_PATH, HELP_CENTER_PATH } from '../routes/static-routes';

/** The avatar menu (spec 2.6): change password, the help centre, and logout after 确定注销并退出系统吗？ */
export function UserMenu({ compact = false }: { compact?: boolean }) {
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
          { key: 'password', icon: <KeyOutlined />, label: t('user.changePassword'), onClick: () => navigate(CHANGE_PASSWORD_PATH) },
          { key: 'help', icon: <QuestionCircleOutlined />, label: t('help:userMenu'), onClick: () => navigate(HELP_CENTER_PATH) },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout'), onClick: confirmLogout },
        ],
      }}
    >
      <button type="button" aria-label={t('user.menu')} data-testid="user-menu" className="user-menu-trigger">
        <Avatar size="small" icon={<UserOutlined />} src={user?.avatar ? `/api/web${user.avatar}` : undefined} alt="" />
        <span data-testid="person-name" data-record="" className={compact ? 'visually-hidden' : 'user-menu-name'}>
          {user?.personName}
        </span>
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
