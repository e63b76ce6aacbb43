/**
 * 资料上传成功 (/op/abs/finance-data/upload/success) and 融资资料查看 (/op/abs/finance-data/detail):
 * the application named by ?applicationId= after its upload, and its materials with their review
 * verdicts; the worker of its Approve step decides each file here as in the task view.
 */
import { App, Button, Card, Empty, Result, Skeleton, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import '../../crud/kit.css';
import { APPLICATION_QUERY, FINANCE_DATA_PATHS, FINANCING_STATUS } from '../../lib/financing';
import { PERMISSIONS } from './permissions';
import { usePermission } from '../../providers/user';
import { ApplicationSummary } from './ApplicationSummary';
import { financingApi, messageOf, type ApplicationDetail } from './financing-api';
import { MaterialsPanel } from './MaterialsPanel';
import { SigningSteps } from './SigningSteps';

function useApplication() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const id = params.get(APPLICATION_QUERY);
  const [detail, setDetail] = useState<ApplicationDetail>();
  const reload = useCallback(() => {
    if (id) financingApi.find(id).then(setDetail, (e: unknown) => void message.error(messageOf(e)));
  }, [id, message]);
  useEffect(reload, [reload]);
  return { id, detail, reload };
}

const signUpLink = (id: string) => `${FINANCE_DATA_PATHS.signUp}?id=${encodeURIComponent(id)}`;

export function UploadSuccessPage() {
  const { t } = useTranslation('financing');
  const navigate = useNavigate();
  const { id, detail } = useApplication();
  if (!id) return <Empty />;
  return (
    <div className="kit-page" data-testid="finance-data-success">
      <Card size="small">
        <Result
          status="success"
          title={t('title.success')}
          subTitle={detail ? t('messages.successText', { applicationNo: detail.application.applicationNo }) : undefined}
          extra={[
            <Button key="detail" onClick={() => navigate(`${FINANCE_DATA_PATHS.detail}?${APPLICATION_QUERY}=${encodeURIComponent(id)}`)}>
              {t('actions.viewMaterials')}
            </Button>,
            <Button key="signup" type="primary" onClick={() => navigate(signUpLink(id))}>
              {t('actions.toSignUp')}
            </Button>,
          ]}
        />
      </Card>
    </div>
  );
}

export default function FinanceDataDetailPage() {
  const { t } = useTranslation('financing');
  const navigate = useNavigate();
  const mayReview = usePermission(PERMISSIONS.financing.review);
  const { id, detail, reload } = useApplication();
  if (!id) return <Empty />;
  return (
    <div className="kit-page" data-testid="finance-data-detail">
      <Card
        size="small"
        title={t('title.detail')}
        extra={
          <Button size="small" onClick={() => navigate(signUpLink(id))}>
            {t('actions.toSignUp')}
          </Button>
        }
      >
        {!detail ? (
          <Skeleton active />
        ) : (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <SigningSteps status={detail.application.status} size="small" />
            <ApplicationSummary application={detail.application} />
            <MaterialsPanel materials={detail.materials} reviewing={mayReview && detail.application.status === FINANCING_STATUS.reviewing} onChanged={reload} />
          </Space>
        )}
      </Card>
    </div>
  );
}
