import { useTranslation } from 'react-i18next';

/**
 * The full-screen loading spinner (spec 2.6), drawn and animated by CSS alone (global.css): it shows
 * while the app loads and checks the session, when the main thread is busiest, and it re-renders
 * often there (a commit hook counted about a hundred commits during one load); without antd's Spin
 * and its indicator components each of those is a few elements.
 */
export function FullScreenLoading() {
  const { t } = useTranslation();
  return (
    <div className="fullscreen-loading" role="status" aria-live="polite">
      <span className="fullscreen-loading-dots" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
      <span className="fullscreen-loading-tip">{t('common:loading')}</span>
    </div>
  );
}
