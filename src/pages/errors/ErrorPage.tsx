import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { getLoginUrl } from '../../providers/session';

type Code = 401 | 403 | 404;

/** The /401, /403 and /404 pages (spec 2.1). */
export default function ErrorPage({ code }: { code: Code }) {
  const { t } = useTranslation();
  useDocumentTitle(String(code));
  const action =
    code === 401 ? (
      <Button type="primary" href={getLoginUrl()}>
        {t('errorPage.toLogin')}
      </Button>
    ) : (
      <Button type="primary" href="/op">
        {t('errorPage.backHome')}
      </Button>
    );
  return (
    <main style={{ minHeight: '100%', display: 'grid', placeItems: 'center' }}>
      <Result status={code === 401 ? 403 : code} title={t(`errorPage.${code}.title`)} subTitle={t(`errorPage.${code}.description`)} extra={action} />
    </main>
  );
}
