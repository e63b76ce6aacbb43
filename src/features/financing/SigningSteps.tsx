/**
 * The signing flow of spec §4.4 as antd Steps: select supplier → start a signing application →
 * complete signing information → internal review passed → signing succeeded. Where an application
 * stands is src/lib/financing.ts signingProgress, decided by its status alone.
 */
import { Steps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FINANCING_STATUS, SIGNING_STEPS, signingProgress, type FinancingStatus } from '../../lib/financing';

const STATUS_COLOR: Record<FinancingStatus, string> = {
  DRAFT: 'blue',
  REVIEWING: 'processing',
  RETURNED: 'orange',
  APPROVED: 'cyan',
  SIGNED: 'green',
  WITHDRAWN: 'default',
};

export function FinancingStatusTag({ status }: { status: FinancingStatus }) {
  const { t } = useTranslation('financing');
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="financing-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

export function SigningSteps({ status, size = 'default' }: { status: FinancingStatus | null; size?: 'default' | 'small' }) {
  const { t } = useTranslation('financing');
  const progress = signingProgress(status);
  const errorText = status === FINANCING_STATUS.returned || status === FINANCING_STATUS.withdrawn ? t(`status.${status}`) : undefined;
  return (
    <Steps
      size={size}
      // Titles under the icons, each wrapping in its fifth of the width: beside them, the English titles
      // (Complete signing information) were cut at 1366 px.
      labelPlacement="vertical"
      current={progress.current}
      status={progress.status}
      data-testid="signing-steps"
      data-current={progress.current}
      items={SIGNING_STEPS.map((step, i) => ({ title: t(`steps.${step}`), description: i === progress.current && errorText ? errorText : undefined }))}
    />
  );
}
