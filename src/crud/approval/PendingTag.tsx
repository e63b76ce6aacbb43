/** 审批中 on a record whose change waits for approval (approvable resources). */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PendingChange } from '../resource';

export function PendingTag({ change }: { change: PendingChange | null | undefined }) {
  const { t } = useTranslation();
  if (!change) return <Tag bordered={false}>{t('kit:approval.effective')}</Tag>;
  return (
    <Tag color="processing" bordered={false} data-testid="pending-tag">
      {t('kit:approval.pending')}
    </Tag>
  );
}
