/** An application's parties, product, signing information and dates, as every financing screen shows them. */
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { TipBar } from '../../components/TipBar';
import { Typed } from '../../components/Typed';
import { DATETIME_FORMAT } from '../../crud/fields';
import { formatDate } from '../../lib/dates';
import type { FinancingApplication } from '../../lib/financing';
import { FinancingStatusTag } from './SigningSteps';

const when = (value: string | null) => (value ? formatDate(value, DATETIME_FORMAT) : '-');
/** The application's own text (parties, product, contact, remark): typed by operators or the demo, shown as written. */
const typed = (value: string | null | undefined) => (value ? <Typed>{value}</Typed> : '-');

export function ApplicationSummary({ application: a }: { application: FinancingApplication }) {
  const { t } = useTranslation('financing');
  return (
    <>
      {a.amount && <TipBar label={t('fields.amount')} value={a.amount} capital />}
      <Descriptions size="small" column={3} bordered data-testid="financing-summary">
        <Descriptions.Item label={t('fields.applicationNo')}>{typed(a.applicationNo)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.status')}>
          <FinancingStatusTag status={a.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.createTime')}>{when(a.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.supplierName')}>{typed(a.supplierName)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.coreName')}>{typed(a.coreName)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.prdName')}>{typed(a.prdName)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.financeCorpName')}>{typed(a.financeCorpName)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.contactName')}>{typed(a.contactName)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.contactMobile')}>{a.contactMobile ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.settlementAccountId')} span={2}>
          {typed(a.settlementAccount)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.qualifiedAt')}>{when(a.qualifiedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.signedAt')}>{when(a.signedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.signedBy')}>{typed(a.signedBy)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.remark')}>{typed(a.remark)}</Descriptions.Item>
      </Descriptions>
    </>
  );
}
