import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { getLoginUrl } from '../../providers/session';

type Kind = 'bind' | 'register';

/** /bind and /register pass the guard without login (spec 2.1); operator accounts are opened by administrators. */
export default function PublicNotice({ kind }: { kind: Kind }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t(`publicPages.${kind}Title`));
  return (
    <main style={{ minHeight: '100%', display: 'grid', placeItems: 'center' }}>
      <Result
        status="info"
        title={t(`publicPages.${kind}Title`)}
        subTitle={t(`publicPages.${kind}Hint`)}
        extra={
          <Button type="primary" href={getLoginUrl()}>
            {t('publicPages.toLogin')}
          </Button>
        }
      />
    </main>
  );
}
