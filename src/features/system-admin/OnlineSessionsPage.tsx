import { LogoutOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { App, Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../crud/ResourceList';
import { useHasPermission } from '../../crud/use-resource-access';
import { PERMISSIONS } from './permissions';
import { api } from '../../providers/http';
import { FORCE_LOGOUT_CALL, onlineSessionResource } from '../../resources/online-session';

/**
 * 在线用户: the kit's list of signed-in sessions, with 强制退出 on every session but the caller's
 * own (the server refuses that one too); the forced user's next call answers 401.
 */
export default function OnlineSessionsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const may = useHasPermission();

  const forceOut = (record: Record<string, unknown>) =>
    modal.confirm({
      title: t('resources:onlineSession.forceLogout'),
      content: t('resources:onlineSession.forceLogoutConfirm', { name: String(record.personName ?? record.username) }),
      okText: t('resources:onlineSession.forceLogout'),
      okType: 'danger',
      cancelText: t('kit:form.cancel'),
      // The client shows a refusal's message (the session already gone); the list is refreshed either way.
      onOk: () =>
        api.post(FORCE_LOGOUT_CALL, { id: record.id }).then(
          () => {
            void message.success(t('resources:onlineSession.forcedOut'));
            return invalidate({ resource: onlineSessionResource.name, invalidates: ['list'] });
          },
          () => invalidate({ resource: onlineSessionResource.name, invalidates: ['list'] }),
        ),
    });

  return (
    <ResourceList
      resource={onlineSessionResource}
      renderers={{
        username: (value, record) => (
          <>
            {String(value)}
            {record.current === true && (
              <Tag color="blue" style={{ marginLeft: 8 }}>
                {t('resources:onlineSession.current')}
              </Tag>
            )}
          </>
        ),
      }}
      rowActions={(record) =>
        may(PERMISSIONS.onlineSession.forceLogout) && record.current !== true ? (
          <Button type="link" size="small" danger icon={<LogoutOutlined />} onClick={() => forceOut(record)} data-testid="force-logout">
            {t('resources:onlineSession.forceLogout')}
          </Button>
        ) : null
      }
    />
  );
}
