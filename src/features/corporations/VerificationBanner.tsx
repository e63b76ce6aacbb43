/**
 * The verification-status banner (spec 4.4): one line per kind of verification, in its variant
 * (authenticating, failure, success); a kind never verified says so.
 */
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_KIND_DICT, VERIFICATION_KINDS, VERIFICATION_STATUS, type VerificationStatus } from '../../lib/corporations';
import { dictItem, useDicts } from '../../providers/dictionaries';
import { latestOf, type Verification } from './verification-api';

const VARIANT: Record<VerificationStatus, 'info' | 'error' | 'success'> = {
  [VERIFICATION_STATUS.authenticating]: 'info',
  [VERIFICATION_STATUS.failure]: 'error',
  [VERIFICATION_STATUS.success]: 'success',
};

export function VerificationBanner({ verifications }: { verifications: readonly Verification[] }) {
  const { t } = useTranslation('corporations');
  useDicts([VERIFICATION_KIND_DICT]);
  const latest = latestOf(verifications);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="verification-banner">
      {VERIFICATION_KINDS.map((kind) => {
        const label = dictItem(VERIFICATION_KIND_DICT, kind)?.dictLabel ?? kind;
        const shown = latest.filter((v) => v.kind === kind);
        if (!shown.length) return <Alert key={kind} banner type="warning" showIcon message={t('verification.banner.none', { kind: label })} />;
        return shown.map((v) => (
          <Alert
            key={v.id}
            banner
            type={VARIANT[v.status]}
            showIcon
            data-status={v.status}
            message={t(`verification.banner.${v.status}`, { kind: label, reason: v.failReason ?? '' })}
          />
        ));
      })}
    </Space>
  );
}
