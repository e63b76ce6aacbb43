/**
 * A bill as both its detail page and its task page show it: the figures, the basis and the
 * computation line by line (the rate copied from the policy, the rounding rule), and its invoice.
 */
import { Alert, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import { DictTag } from '../../components/DictTag';
import type { BillDetail, BillLine } from './bills-api';
import './locale';

export const BILL_COLOR: Record<string, string> = { DRAFT: 'default', REVIEWING: 'processing', CONFIRMED: 'blue', PAID: 'success', INVOICED: 'purple' };

export function BillStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('bills');
  return <Tag color={BILL_COLOR[status]}>{t(`status.${status}`)}</Tag>;
}

export function BillSummary({ detail }: { detail: BillDetail }) {
  const { t } = useTranslation('bills');
  const { bill, lines, invoice } = detail;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="bill-summary">
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t('fields.billNo')}>{bill.billNo}</Descriptions.Item>
        <Descriptions.Item label={t('fields.corpName')}>{bill.corpName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.period')}>{bill.period}</Descriptions.Item>
        <Descriptions.Item label={t('fields.issuedAmount')}>{formatMoney(bill.issuedAmount)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.financedAmount')}>{formatMoney(bill.financedAmount)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.unpricedAmount')}>{formatMoney(bill.unpricedAmount)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.feeAmount')}>
          <Typography.Text strong data-testid="bill-fee">
            {formatMoney(bill.feeAmount)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.feeCapital')} span={2}>
          {detail.feeCapital}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.status')}>
          <BillStatusTag status={bill.status} />
        </Descriptions.Item>
        {bill.paidDate && <Descriptions.Item label={t('fields.paidDate')}>{bill.paidDate}</Descriptions.Item>}
        {bill.paidRemark && <Descriptions.Item label={t('fields.paidRemark')}>{bill.paidRemark}</Descriptions.Item>}
      </Descriptions>
      {bill.rejectRemark && bill.status !== 'CONFIRMED' && <Alert type="warning" showIcon message={`${t('fields.rejectRemark')}：${bill.rejectRemark}`} />}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('detail.computation')}
      </Typography.Title>
      <Table<BillLine>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={lines}
        data-testid="bill-lines"
        columns={[
          { title: t('fields.basis'), dataIndex: 'basis', width: 80, render: (v: string) => t(`basis.${v}`) },
          { title: t('fields.policyName'), dataIndex: 'policyName' },
          { title: t('fields.prdCode'), dataIndex: 'prdCode' },
          { title: t('fields.tenorBand'), key: 'band', render: (_, l) => `${l.tenorFromDays}–${l.tenorToDays}` },
          { title: t('fields.itemCount'), dataIndex: 'itemCount', align: 'right' },
          { title: t('fields.basisAmount'), dataIndex: 'basisAmount', align: 'right', render: (v: string) => formatMoney(v) },
          { title: t('fields.rate'), dataIndex: 'rate', align: 'right' },
          { title: t('fields.lineFee'), dataIndex: 'feeAmount', align: 'right', render: (v: string) => formatMoney(v) },
        ]}
      />
      <Typography.Text type="secondary">{t('detail.rule')}</Typography.Text>
      {invoice && (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('detail.invoice')}
          </Typography.Title>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="bill-invoice-view">
            <Descriptions.Item label={t('fields.invoiceNo')}>{invoice.invoiceNo}</Descriptions.Item>
            <Descriptions.Item label={t('fields.invoiceType')}>
              <DictTag dictType="invoice_type" value={invoice.invoiceType} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.title')}>{invoice.title}</Descriptions.Item>
            <Descriptions.Item label={t('fields.taxId')}>{invoice.taxId}</Descriptions.Item>
            <Descriptions.Item label={t('fields.address')}>{invoice.address}</Descriptions.Item>
            <Descriptions.Item label={t('fields.bankName')}>{invoice.bankName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.accountNo')}>{invoice.accountNo}</Descriptions.Item>
            <Descriptions.Item label={t('fields.amount')}>{formatMoney(invoice.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.invoiceDate')}>{invoice.invoiceDate}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Space>
  );
}
