import { useTranslation } from 'react-i18next';

/**
 * The full-screen loading spinner (spec 2.6), drawn and animated by CSS alone (global.css), while
 * the app loads and checks the session. index.html carries the same markup in #root
 * (scripts/build/loading-screen.ts), so the spinner paints before any JavaScript has run; this
 * component takes over on React's first render without a visible change.
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
