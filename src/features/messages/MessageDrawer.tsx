/** The bell's drawer: the latest messages, mark all read, and the way to the full list. */
import './locale';
import { Button, Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGE_API, MESSAGE_CENTER_PATH, type UserMessage } from '../../lib/messages';
import { api } from '../../providers/http';
import { liveMessages, useLiveMessages } from './live';
import { formatTime, KIND_COLOR } from './message-format';

export default function MessageDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const { recent, unread, online } = useLiveMessages();

  const openMessage = async (message: UserMessage) => {
    if (!message.readAt) {
      const answer = await api.post<{ unread: number }>(`${MESSAGE_API}/mark-read`, { ids: [message.id] }, { silent: true });
      liveMessages.setUnread(answer.unread, [message.id]);
    }
    onClose();
    if (message.link) navigate(message.link);
  };
  const markAll = async () => {
    await api.post(`${MESSAGE_API}/mark-all-read`, {});
    liveMessages.setUnread(0);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('bell.recent')}
      width={400}
      data-testid="message-drawer"
      extra={
        <Space>
          <Button size="small" disabled={unread === 0} onClick={() => void markAll()} data-testid="drawer-mark-all">
            {t('bell.markAllRead')}
          </Button>
        </Space>
      }
      footer={
        <Button
          type="link"
          block
          onClick={() => {
            onClose();
            navigate(MESSAGE_CENTER_PATH);
          }}
        >
          {t('bell.viewAll')}
        </Button>
      }
    >
      {!online && <Typography.Text type="warning">{t('bell.offline')}</Typography.Text>}
      {recent.length === 0 ? (
        <Empty description={t('bell.empty')} />
      ) : (
        <List
          dataSource={recent as UserMessage[]}
          renderItem={(message) => (
            <List.Item
              key={message.id}
              className={message.readAt ? 'message-item' : 'message-item message-unread'}
              onClick={() => void openMessage(message)}
              style={{ cursor: 'pointer' }}
              data-testid="drawer-message"
            >
              <List.Item.Meta
                title={
                  <Space size={6}>
                    {!message.readAt && (
                      <span
                        style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: '#d4380d' }}
                        aria-label={t('page.stateUnread')}
                      />
                    )}
                    <Tag color={KIND_COLOR[message.kind]}>{t(`kind.${message.kind}`)}</Tag>
                    <Typography.Text strong={!message.readAt}>{message.title}</Typography.Text>
                  </Space>
                }
                description={
                  <>
                    <div>{message.body}</div>
                    <Typography.Text type="secondary">{formatTime(message.createTime)}</Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
