import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The full-screen loading spinner (spec 2.6). */
export function FullScreenLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" style={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center' }}>
      <Spin size="large" tip={t('common:loading')}>
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}
