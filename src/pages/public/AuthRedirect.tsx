import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FullScreenLoading } from '../../components/FullScreenLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/**
 * /auth-redirect: a login system may land here instead of on /op. Arrival (main.tsx) has already
 * taken the tokens out of the query; this page carries on to the home route.
 */
export default function AuthRedirect() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('publicPages.authRedirectTitle'));
  useEffect(() => {
    window.location.replace('/op');
  }, []);
  return <FullScreenLoading />;
}
