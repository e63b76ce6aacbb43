/**
 * 我的消息 (issue 21): every message of the operator, all, unread or read, newest first; open one (it
 * is marked read), mark the chosen ones or all read. A message arriving live reloads the list.
 */
import './locale';
import { Button, Card, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TypedIn } from '../../crud/fields';
import { MESSAGE_API, type UserMessage } from '../../lib/messages';
import { api } from '../../providers/http';
import { liveMessages, useLiveMessages } from './live';
import { formatTime, KIND_COLOR } from './message-format';

type State = 'all' | 'unread' | 'read';
const PAGE_SIZE = 20;

export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const { recent } = useLiveMessages();
  const [state, setState] = useState<State>('all');
  const [pageNum, setPageNum] = useState(1);
  const [rows, setRows] = useState<UserMessage[]>([]);
  const [total, setTotal] = useState(0);
  const [unread, setUnread] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const page = await api.post<{ records: UserMessage[]; total: number; unread: number }>(`${MESSAGE_API}/page`, {
        pageNum,
        pageSize: PAGE_SIZE,
        ...(state === 'all' ? {} : { state }),
      });
      setRows(page.records);
      setTotal(page.total);
      setUnread(page.unread);
      liveMessages.setUnread(page.unread);
    } finally {
      setLoading(false);
    }
  }, [pageNum, state]);

  // The newest live message's id: a new one reloads the list.
  const newest = recent[0]?.id;
  useEffect(() => {
    void load();
  }, [load, newest]);

  const markRead = async (ids: string[]) => {
    const answer = await api.post<{ unread: number }>(`${MESSAGE_API}/mark-read`, { ids });
    liveMessages.setUnread(answer.unread, ids);
    setSelected([]);
    await load();
  };
  const markAll = async () => {
    await api.post(`${MESSAGE_API}/mark-all-read`, {});
    liveMessages.setUnread(0);
    await load();
  };
  const open = async (message: UserMessage) => {
    if (!message.readAt) await markRead([message.id]);
    if (message.link) navigate(message.link);
  };

  const columns: TableColumnsType<UserMessage> = [
    {
      title: t('page.state'),
      dataIndex: 'readAt',
      width: 90,
      render: (readAt: string | null) => (readAt ? <Tag>{t('page.stateRead')}</Tag> : <Tag color="red">{t('page.stateUnread')}</Tag>),
    },
    {
      title: t('page.kindColumn'),
      dataIndex: 'kind',
      width: 110,
      render: (kind: UserMessage['kind']) => <Tag color={KIND_COLOR[kind]}>{t(`kind.${kind}`)}</Tag>,
    },
    {
      title: t('page.content'),
      dataIndex: 'title',
      render: (_: string, message) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong={!message.readAt}>
            <TypedIn text={message.title} values={message.values ?? []} />
          </Typography.Text>
          <Typography.Text type="secondary">
            <TypedIn text={message.body} values={message.values ?? []} />
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('page.time'), dataIndex: 'createTime', width: 180, render: formatTime },
    {
      title: t('kit:table.actions'),
      key: 'actions',
      width: 150,
      render: (_: unknown, message) => (
        <Space>
          {message.link && (
            <Button type="link" size="small" onClick={() => void open(message)}>
              {t('page.open')}
            </Button>
          )}
          {!message.readAt && (
            <Button type="link" size="small" onClick={() => void markRead([message.id])} data-testid="mark-read">
              {t('page.markRead')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('page.title')}
      extra={
        <Space>
          <Typography.Text type="secondary" data-testid="messages-unread">
            {t('page.unreadTotal', { count: unread })}
          </Typography.Text>
          <Button disabled={selected.length === 0} onClick={() => void markRead(selected)}>
            {t('page.markRead')}
          </Button>
          <Button type="primary" disabled={unread === 0} onClick={() => void markAll()} data-testid="mark-all-read">
            {t('page.markAllRead')}
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={state}
        onChange={(key) => {
          setState(key as State);
          setPageNum(1);
        }}
        items={(['all', 'unread', 'read'] as const).map((key) => ({ key, label: t(`page.${key}`) }))}
      />
      <Table<UserMessage>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]), getCheckboxProps: (m) => ({ disabled: !!m.readAt }) }}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total, onChange: setPageNum, showSizeChanger: false }}
        locale={{ emptyText: t('page.empty') }}
        data-testid="messages-table"
      />
    </Card>
  );
}
