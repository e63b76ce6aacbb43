import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Page title as "<page> - 管理系统" (the default title of spec §9 when there is no page title). */
export function useDocumentTitle(pageTitle?: string): void {
  const { t } = useTranslation();
  const appTitle = t('common:appTitle');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${appTitle}` : appTitle;
  }, [pageTitle, appTitle]);
}
