/**
 * 在线客服 for operators (issue 21): the queue (waiting conversations, oldest first), mine (taken by
 * me) and closed ones; a conversation with its messages. Take one from the queue (if another operator
 * was quicker, the server says who), reply, close it. Customer messages arrive live over the message
 * socket; the queue is re-read every 15 s, since a waiting conversation belongs to nobody yet.
 */
import '../messages/locale';
import { Button, Card, Col, Empty, Input, List, Row, Space, Tabs, Tag, Typography, App as AntApp } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasPermission } from '../../lib/access';
import { MAX_SUPPORT_TEXT, SUPPORT_API, type SupportBox, type SupportConversation, type SupportMessage } from '../../lib/messages';
import { PERMISSIONS } from './permissions';
import { api } from '../../providers/http';
import { useUserInfo } from '../../providers/user';
import { liveMessages, formatTime } from '../messages';

const QUEUE_REFRESH_MS = 15_000;
const STATUS_COLOR = { OPEN: 'orange', TAKEN: 'processing', CLOSED: 'default' } as const;

interface Thread {
  conversation: SupportConversation;
  messages: SupportMessage[];
}

export default function SupportPage() {
  const { t } = useTranslation('messages');
  const { message: toast } = AntApp.useApp();
  const user = useUserInfo();
  const mayReply = !!user && hasPermission(user.menuPerms, PERMISSIONS.support.reply);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('id');
  const [box, setBox] = useState<SupportBox>('queue');
  const [list, setList] = useState<SupportConversation[]>([]);
  const [thread, setThread] = useState<Thread | null>(null);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);

  const loadList = useCallback(async () => {
    const page = await api.post<{ records: SupportConversation[] }>(`${SUPPORT_API}/conversations/page`, { box, pageSize: 100 }, { silent: true });
    setList(page.records);
  }, [box]);
  const loadThread = useCallback(async () => {
    if (!selectedId) return setThread(null);
    setThread(await api.post<Thread>(`${SUPPORT_API}/conversations/find-by-id`, { id: selectedId }));
  }, [selectedId]);

  useEffect(() => {
    void loadList();
    const timer = setInterval(() => void loadList(), QUEUE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [loadList]);
  useEffect(() => {
    void loadThread();
  }, [loadThread]);
  useEffect(
    () =>
      liveMessages.onSupport((conversationId, message) => {
        if (conversationId === selectedId) {
          setThread((current) =>
            current && !current.messages.some((m) => m.id === message.id) ? { ...current, messages: [...current.messages, message] } : current,
          );
        }
        void loadList();
      }),
    [selectedId, loadList],
  );
  const count = thread?.messages.length ?? 0;
  useEffect(() => {
    const box = bottom.current?.parentElement;
    if (count && box) box.scrollTop = box.scrollHeight;
  }, [count]);

  const select = (id: string) => setParams({ id }, { replace: true });
  const act = async (path: 'take' | 'close', okKey: string) => {
    if (!thread) return;
    setBusy(true);
    try {
      await api.post(`${SUPPORT_API}/conversations/${path}`, { id: thread.conversation.id });
      toast.success(t(okKey));
      if (path === 'take') setBox('mine');
    } finally {
      setBusy(false);
      await Promise.all([loadThread(), loadList()]);
    }
  };
  const send = async () => {
    const body = draft.trim();
    if (!thread || !body) return;
    setBusy(true);
    try {
      const sent = await api.post<SupportMessage>(`${SUPPORT_API}/conversations/reply`, { id: thread.conversation.id, body });
      setDraft('');
      setThread((current) => (current && !current.messages.some((m) => m.id === sent.id) ? { ...current, messages: [...current.messages, sent] } : current));
    } finally {
      setBusy(false);
    }
  };

  const conversation = thread?.conversation;
  const mine = conversation?.status === 'TAKEN' && conversation.operatorId === user?.personId;

  return (
    <Row gutter={16} className="support-page">
      <Col xs={24} md={9} lg={8}>
        <Card size="small" title={t('support.title')}>
          <Tabs
            activeKey={box}
            onChange={(key) => setBox(key as SupportBox)}
            items={(['queue', 'mine', 'closed'] as const).map((key) => ({ key, label: t(`support.${key}`) }))}
          />
          <List
            dataSource={list}
            locale={{ emptyText: t('support.empty') }}
            data-testid="support-list"
            renderItem={(item) => (
              <List.Item
                key={item.id}
                onClick={() => select(item.id)}
                style={{ cursor: 'pointer', background: item.id === selectedId ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined, paddingInline: 8 }}
                data-testid="support-item"
              >
                <List.Item.Meta
                  title={
                    <Space size={6}>
                      <Typography.Text strong data-record="">
                        {item.subject}
                      </Typography.Text>
                    </Space>
                  }
                  description={
                    <Space direction="vertical" size={0}>
                      <span data-record="">
                        {item.corpName} · {item.contactName}
                      </span>
                      <Typography.Text type="secondary">{formatTime(item.lastMessageAt)}</Typography.Text>
                    </Space>
                  }
                />
                <Tag color={STATUS_COLOR[item.status]}>{t(`support.status.${item.status}`)}</Tag>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} md={15} lg={16}>
        <Card
          size="small"
          title={conversation ? `${conversation.subject}（${conversation.corpName} · ${conversation.contactName}）` : t('support.title')}
          extra={
            conversation && (
              <Space>
                <Tag color={STATUS_COLOR[conversation.status]}>{t(`support.status.${conversation.status}`)}</Tag>
                {conversation.status === 'OPEN' && mayReply && (
                  <Button type="primary" loading={busy} onClick={() => void act('take', 'support.taken')} data-testid="support-take">
                    {t('support.take')}
                  </Button>
                )}
                {mine && (
                  <Button danger loading={busy} onClick={() => void act('close', 'support.closedOk')} data-testid="support-close">
                    {t('support.close')}
                  </Button>
                )}
              </Space>
            )
          }
        >
          {!thread ? (
            <Empty description={t('support.pick')} />
          ) : (
            <>
              <div className="support-thread" style={{ maxHeight: '55vh', overflowY: 'auto', padding: '4px 8px' }} data-testid="support-thread">
                {thread.messages.map((m) => (
                  <div
                    key={m.id}
                    style={{ display: 'flex', justifyContent: m.author === 'OPERATOR' ? 'flex-end' : 'flex-start', margin: '8px 0' }}
                    data-testid="support-message"
                    data-author={m.author}
                  >
                    <div style={{ maxWidth: '75%' }}>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {m.authorName}（{t(m.author === 'OPERATOR' ? 'support.operator' : 'support.customer')}）{formatTime(m.createTime)}
                      </Typography.Text>
                      <div
                        style={{
                          whiteSpace: 'pre-wrap',
                          wordBreak: 'break-word',
                          padding: '8px 12px',
                          borderRadius: 8,
                          background: m.author === 'OPERATOR' ? 'var(--ant-color-primary, #1677ff)' : 'rgba(127,127,127,0.12)',
                          color: m.author === 'OPERATOR' ? '#fff' : undefined,
                        }}
                      >
                        {m.body}
                      </div>
                    </div>
                  </div>
                ))}
                <div ref={bottom} />
              </div>
              {conversation?.status === 'CLOSED' && (
                <Typography.Text type="secondary">
                  {t('support.closedAt', { time: conversation.closedAt ? formatTime(conversation.closedAt) : '' })}
                </Typography.Text>
              )}
              {conversation?.status === 'TAKEN' && !mine && (
                <Typography.Text type="secondary">{t('support.notYours', { name: conversation.operatorName ?? '' })}</Typography.Text>
              )}
              {mine && (
                <div style={{ display: 'flex', gap: 8, marginTop: 12, alignItems: 'stretch' }}>
                  <Input.TextArea
                    value={draft}
                    maxLength={MAX_SUPPORT_TEXT}
                    rows={3}
                    placeholder={t('support.replyPlaceholder')}
                    onChange={(e) => setDraft(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
                    }}
                    data-testid="support-reply-input"
                  />
                  <Button
                    type="primary"
                    loading={busy}
                    disabled={!draft.trim()}
                    onClick={() => void send()}
                    style={{ height: 'auto' }}
                    data-testid="support-send"
                  >
                    {t('support.reply')}
                  </Button>
                </div>
              )}
            </>
          )}
        </Card>
      </Col>
    </Row>
  );
}
