/**
 * 额度下发 / 重新下发 (/op/quota/dispatch?accountId=…[&afresh=1]): the dispatch form (DispatchEditor)
 * of the account, and its submission. Opened without quota:account:dispatch (the route's action), it
 * shows the figures only.
 */
import { Alert, App, Button, Card } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { pageMessageOf } from '../../providers/http';
import { usePageReadOnly } from '../../routes/page-access';
import { DispatchEditor, type DispatchCollect } from './DispatchEditor';
import { QUOTA_PATHS, quotaApi } from './quota-api';
import './locale';

export default function QuotaDispatchPage() {
  const { t } = useTranslation('quotas');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const accountId = params.get('accountId') ?? '';
  const afresh = params.get('afresh') === '1';
  const readOnly = usePageReadOnly();
  const collect = useRef<DispatchCollect>(null);
  const [saving, setSaving] = useState(false);
  // A new round after a submission: the figures are read again and the form starts empty.
  const [round, setRound] = useState(0);

  if (!accountId) {
    return (
      <Alert
        type="info"
        showIcon
        message={t('dispatch.noAccount')}
        action={
          <Button size="small" disabled={false} onClick={() => navigate(QUOTA_PATHS.accounts)}>
            {t('accounts.title')}
          </Button>
        }
      />
    );
  }

  const submit = async () => {
    let body;
    try {
      body = collect.current!();
    } catch (e) {
      return void message.error((e as Error).message);
    }
    setSaving(true);
    try {
      await quotaApi.dispatch(body, afresh);
      message.success(t('accounts.submitted'));
      setRound((r) => r + 1);
    } catch (e) {
      // One toast: the client has already shown a permission or network failure.
      const text = pageMessageOf(e);
      if (text) void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      data-testid="quota-dispatch"
      title={t(afresh ? 'dispatch.titleAfresh' : 'dispatch.title')}
      extra={
        <Button disabled={false} onClick={() => navigate(QUOTA_PATHS.accounts)}>
          {t('dispatch.back')}
        </Button>
      }
    >
      <DispatchEditor
        key={`${accountId}-${afresh}-${round}`}
        accountId={accountId}
        afresh={afresh}
        readOnly={readOnly}
        collectRef={collect}
        action={({ refused }) => (
          <Button type="primary" loading={saving} disabled={refused} onClick={submit}>
            {t('dispatch.submit')}
          </Button>
        )}
      />
    </Card>
  );
}
