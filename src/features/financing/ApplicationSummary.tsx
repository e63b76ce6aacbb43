/** An application's parties, product, signing information and dates, as every financing screen shows them. */
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { TipBar } from '../../components/TipBar';
import type { FinancingApplication } from '../../lib/financing';
import { FinancingStatusTag } from './SigningSteps';

const when = (value: string | null) => (value ? new Date(value).toLocaleString('zh-CN', { hour12: false }) : '-');

export function ApplicationSummary({ application: a }: { application: FinancingApplication }) {
  const { t } = useTranslation('financing');
  return (
    <>
      {a.amount && <TipBar label={t('fields.amount')} value={a.amount} capital />}
      <Descriptions size="small" column={3} bordered data-testid="financing-summary">
        <Descriptions.Item label={t('fields.applicationNo')}>{a.applicationNo}</Descriptions.Item>
        <Descriptions.Item label={t('fields.status')}>
          <FinancingStatusTag status={a.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.createTime')}>{when(a.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.supplierName')}>{a.supplierName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.coreName')}>{a.coreName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.prdName')}>{a.prdName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.financeCorpName')}>{a.financeCorpName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.contactName')}>{a.contactName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.contactMobile')}>{a.contactMobile ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.settlementAccountId')} span={2}>{a.settlementAccount ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.qualifiedAt')}>{when(a.qualifiedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.signedAt')}>{when(a.signedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.signedBy')}>{a.signedBy ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.remark')}>{a.remark ?? '-'}</Descriptions.Item>
      </Descriptions>
    </>
  );
}
