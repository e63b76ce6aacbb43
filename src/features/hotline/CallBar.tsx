/**
 * The open call, live: dialling (with cancel), talking (with its time and hang-up), wrap-up (a note,
 * then finish, back to idle). Shown while the operator has an open call, on whichever corporation.
 */
import { PhoneOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALL_STATE, WRAP_UP_NOTE_MAX } from '../../lib/hotline';
import { useHotline } from './HotlineContext';

const STATE_COLOUR = { DIALLING: 'processing', TALKING: 'success', WRAP_UP: 'warning', IDLE: 'default' } as const;

function duration(fromIso: string | null, now: number): string {
  if (!fromIso) return '00:00';
  const seconds = Math.max(0, Math.floor((now - new Date(fromIso).getTime()) / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export function CallBar() {
  const { t } = useTranslation('hotline');
  const hotline = useHotline();
  const [note, setNote] = useState('');
  const [now, setNow] = useState(Date.now());
  const state = hotline?.state;
  const talking = state?.state === CALL_STATE.talking;
  useEffect(() => {
    if (!talking) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [talking]);
  useEffect(() => {
    if (state?.state === CALL_STATE.idle) setNote('');
  }, [state?.state]);
  if (!hotline || !state?.call || state.state === CALL_STATE.idle) return null;
  const { call } = state;

  const stateTag = (
    <Tag color={STATE_COLOUR[state.state]} data-testid="call-state" data-state={state.state}>
      {t(`state.${state.state}`)}
    </Tag>
  );
  const party = { corpName: call.corpName ?? '', contact: call.contactName ?? '', phone: call.phoneMasked };
  const who = t(state.state === CALL_STATE.dialling ? 'panel.calling' : 'panel.party', party);
  let body;
  if (state.state === CALL_STATE.dialling) {
    body = (
      <Space wrap>
        {who}
        <Button size="small" danger loading={hotline.busy} onClick={() => void hotline.hangUp()} data-testid="call-cancel">
          {t('panel.cancel')}
        </Button>
      </Space>
    );
  } else if (state.state === CALL_STATE.talking) {
    body = (
      <Space wrap>
        {who}
        <span data-testid="call-timer">{t('panel.talking', { duration: duration(call.answerTime, Math.max(now, Date.now())) })}</span>
        <Button size="small" danger type="primary" loading={hotline.busy} onClick={() => void hotline.hangUp()} data-testid="call-hang-up">
          {t('panel.hangUp')}
        </Button>
      </Space>
    );
  } else {
    body = (
      <Space direction="vertical" style={{ width: '100%' }}>
        <span>
          {who}
          {call.reason ? ` · ${t('panel.unanswered', { reason: call.reason })}` : ''}
        </span>
        <span>{t('panel.wrapUp')}</span>
        <Input.TextArea
          data-testid="call-note"
          rows={2}
          maxLength={WRAP_UP_NOTE_MAX}
          showCount
          placeholder={t('panel.notePlaceholder')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button type="primary" size="small" loading={hotline.busy} onClick={() => void hotline.wrapUp(note)} data-testid="call-finish">
          {t('panel.finish')}
        </Button>
      </Space>
    );
  }
  return (
    <Alert
      data-testid="call-bar"
      type={state.state === CALL_STATE.wrapUp ? 'warning' : 'info'}
      icon={<PhoneOutlined />}
      showIcon
      message={
        <Space>
          {t('panel.stateLabel')}
          {stateTag}
        </Space>
      }
      description={body}
    />
  );
}
