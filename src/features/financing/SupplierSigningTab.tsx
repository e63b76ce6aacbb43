/**
 * The signing flow on a supplier's onboarding record (企业详情, tab 签约流程): each of its signing
 * applications with a core enterprise and a product on the five steps of spec §4.4, linking to the
 * application. A supplier without one stands at the first step.
 */
import { Typed } from '../../components/Typed';
import { Button, Card, Empty, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FINANCE_DATA_PATHS, type FinancingApplication } from '../../lib/financing';
import { financingApi } from './financing-api';
import { FinancingStatusTag, SigningSteps } from './SigningSteps';

export function SupplierSigningTab({ supplierCorpId }: { supplierCorpId: string }) {
  const { t } = useTranslation('financing');
  const navigate = useNavigate();
  const [rows, setRows] = useState<FinancingApplication[]>();
  useEffect(() => {
    financingApi.ofSupplier(supplierCorpId).then(
      (answer) => setRows(answer.records),
      () => setRows([]),
    );
  }, [supplierCorpId]);

  if (!rows) return <Spin />;
  if (rows.length === 0) {
    return (
      <Space direction="vertical" style={{ width: '100%' }} data-testid="supplier-signing">
        <SigningSteps status={null} />
        <Empty description={t('messages.noApplication')} />
      </Space>
    );
  }
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="supplier-signing">
      {rows.map((a) => (
        <Card
          key={a.id}
          size="small"
          data-testid="supplier-signing-application"
          title={
            <Space>
              <Typography.Text strong>
                <Typed>{a.coreName}</Typed>
              </Typography.Text>
              <Typography.Text>
                <Typed>{a.prdName}</Typed>
              </Typography.Text>
              <FinancingStatusTag status={a.status} />
            </Space>
          }
          extra={
            <Button type="link" size="small" onClick={() => navigate(`${FINANCE_DATA_PATHS.signUp}?id=${encodeURIComponent(a.id)}`)}>
              {a.applicationNo}
            </Button>
          }
        >
          <SigningSteps status={a.status} size="small" />
        </Card>
      ))}
    </Space>
  );
}
