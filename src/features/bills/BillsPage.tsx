/**
 * 账单核算 (/op/issue/bills): the service-fee bills, searched by corporation, period and status; a
 * handler generates a month's bills from here (GenerateDialog) and opens a bill to submit, pay and
 * invoice it (BillDetailPage).
 */
import { Alert, Button, Card, DatePicker, Form, Input, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Typed } from '../../components/Typed';
import { Link } from 'react-router';
import { BILL_STATUSES } from '../../lib/bills';
import { formatMoney } from '../../lib/money';
import { PERMISSIONS } from './permissions';
import { usePermission } from '../../providers/user';
import { BillStatusTag } from './BillSummary';
import { billLink, billsApi, messageOf, type Bill } from './bills-api';
import { GenerateDialog } from './GenerateDialog';
import './locale';

interface Filters {
  corpName?: string;
  period?: Dayjs;
  status?: string;
}

export default function BillsPage() {
  const { t } = useTranslation('bills');
  const mayGenerate = usePermission(PERMISSIONS.bill.generate);
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Bill[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const [generating, setGenerating] = useState(false);
  const load = useCallback(() => {
    setLoading(true);
    billsApi
      .page({ ...filters, pageNum: page, pageSize: 20 })
      .then(
        (found) => {
          setRows(found.records);
          setTotal(found.total);
          setError(undefined);
        },
        (e: unknown) => setError(messageOf(e)),
      )
      .finally(() => setLoading(false));
  }, [filters, page]);
  useEffect(load, [load]);
  const search = (values: Filters) => {
    setPage(1);
    setFilters({ corpName: values.corpName?.trim() || undefined, period: values.period?.format('YYYY-MM'), status: values.status });
  };
  return (
    <Card
      title={t('title')}
      extra={
        mayGenerate && (
          <Button type="primary" onClick={() => setGenerating(true)} data-testid="bill-generate">
            {t('list.generate')}
          </Button>
        )
      }
    >
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="corpName" label={t('fields.corpName')}>
          <Input allowClear style={{ width: 200 }} placeholder={t('list.corpPlaceholder')} />
        </Form.Item>
        <Form.Item name="period" label={t('fields.period')}>
          <DatePicker picker="month" placeholder={t('list.periodPlaceholder')} />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('list.statusPlaceholder')}
            options={BILL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('list.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search({});
            }}
          >
            {t('list.reset')}
          </Button>
        </Space>
      </Form>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Table<Bill>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: t('list.empty') }}
        pagination={{ current: page, total, pageSize: 20, onChange: setPage, showSizeChanger: false }}
        scroll={{ x: 1100 }}
        columns={[
          { title: t('fields.billNo'), dataIndex: 'billNo', width: 170, render: (v: string, row) => <Link to={billLink(row.id)}>{v}</Link> },
          { title: t('fields.corpName'), dataIndex: 'corpName', width: 220, render: (value: string) => <Typed>{value}</Typed> },
          { title: t('fields.period'), dataIndex: 'period', width: 90 },
          { title: t('fields.issuedAmount'), dataIndex: 'issuedAmount', align: 'right', width: 150, render: (v: string) => formatMoney(v) },
          { title: t('fields.financedAmount'), dataIndex: 'financedAmount', align: 'right', width: 150, render: (v: string) => formatMoney(v) },
          { title: t('fields.feeAmount'), dataIndex: 'feeAmount', align: 'right', width: 130, render: (v: string) => formatMoney(v) },
          { title: t('fields.status'), dataIndex: 'status', width: 100, render: (v: string) => <BillStatusTag status={v} /> },
          { title: t('fields.createTime'), dataIndex: 'createTime', width: 170, render: (v: string) => v?.slice(0, 19).replace('T', ' ') },
        ]}
      />
      <GenerateDialog
        open={generating}
        onClose={() => setGenerating(false)}
        onDone={(period) => {
          setGenerating(false);
          form.setFieldsValue({ period: undefined, status: undefined, corpName: undefined });
          setPage(1);
          setFilters({ period });
        }}
      />
    </Card>
  );
}
