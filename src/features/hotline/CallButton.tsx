/**
 * 呼叫, beside a corporation's contact: shown only when the server says every condition of spec §6
 * holds for the operator (call authorisation, a ready call-centre link, idle, on the whitelist).
 */
import { PhoneOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHotline } from './HotlineContext';

export function CallButton({ corpId }: { corpId: string }) {
  const { t } = useTranslation('hotline');
  const hotline = useHotline();
  if (!hotline?.state || hotline.state.blocks.length > 0) return null;
  return (
    <Button
      size="small"
      type="primary"
      ghost
      icon={<PhoneOutlined />}
      loading={hotline.busy}
      data-testid="call-button"
      onClick={() => void hotline.start(corpId)}
      style={{ marginInlineStart: 8 }}
    >
      {t('panel.call')}
    </Button>
  );
}
