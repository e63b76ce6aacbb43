import { DashboardOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../lib/access';
import { PERMISSIONS } from '../../lib/permissions';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useUserInfo } from '../../providers/user';

/** The home route op-home (title 首页). */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  useDocumentTitle(t('home.title'));
  if (!user) return null;
  const canOpenDashboard = hasPermission(user.menuPerms, PERMISSIONS.home.dataDashboard);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="welcome">
              {t('home.welcome', { name: user.personName })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('home.corp', { corp: user.corpName })}</Typography.Text>
          </div>
          {canOpenDashboard && (
            <Link to="/op/data-dashboard">
              <Button type="primary" icon={<DashboardOutlined />}>
                {t('home.dataDashboard')}
              </Button>
            </Link>
          )}
        </Space>
      </Card>
      <Card>
        <Descriptions column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('home.roles')}>
            <Space wrap>
              {user.authorities.map((role) => (
                <Tag key={role.pkRole} color="blue">
                  {role.roleName}
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('home.positions')}>{user.personPosition || '-'}</Descriptions.Item>
        </Descriptions>
      </Card>
    </Space>
  );
}
