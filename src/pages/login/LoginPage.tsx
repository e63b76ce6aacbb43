import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import './login.css';

// main.tsx starts fetching the form (antd, the HTTP layer) with this page, so it arrives while the page paints.
const LoginForm = lazy(() => import('./LoginForm'));

/**
 * The operator login page (spec 2.1): /login/op. Its frame is plain markup with no antd, so it paints
 * as soon as React and the copy are in; the form fills the place kept for it (no layout shift).
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.welcome'));

  return (
    <main className="login-page">
      <section className="login-brand" aria-label={t('login.subtitle')}>
        <div>
          <div className="login-subtitle">{t('login.subtitle')}</div>
          <h1>{t('login.title')}</h1>
        </div>
        <ul>
          <li>{t('login.brandLine1')}</li>
          <li>{t('login.brandLine2')}</li>
          <li>{t('login.brandLine3')}</li>
        </ul>
      </section>
      <section className="login-panel">
        <div className="login-card">
          <h2>{t('login.welcome')}</h2>
          <Suspense fallback={<div className="login-form-placeholder" />}>
            <LoginForm />
          </Suspense>
          <p className="login-footer">{t('login.footer')}</p>
        </div>
      </section>
    </main>
  );
}
