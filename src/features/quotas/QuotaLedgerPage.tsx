/**
 * 额度流水 (/op/quota/ledger?accountId=…): an account's balances and its ledger, newest first,
 * filterable by movement and time, exported to .xlsx through the export job (导出记录 downloads it).
 */
import { Alert, App, Button, Card, DatePicker, Descriptions, Form, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HasPermi } from '../../components/access/HasAccess';
import { DictTag } from '../../components/DictTag';
import { formatCurrency, formatMoney } from '../../lib/money';
import { PERMISSIONS } from './permissions';
import { QUOTA_KIND_DICT, QUOTA_MOVEMENT, QUOTA_MOVEMENT_DICT } from '../../lib/quotas';
import { pageMessageOf } from '../../providers/http';
import { QUOTA_PATHS, quotaApi, type LedgerEntry, type Page, type QuotaAccount } from './quota-api';
import './locale';
import { typedCell } from '../../components/Typed';
import { DATETIME_FORMAT } from '../../crud/fields';
import { formatDate } from '../../lib/dates';

interface Filters {
  movement?: string;
  range?: [Dayjs, Dayjs];
}

export default function QuotaLedgerPage() {
  const { t } = useTranslation('quotas');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const accountId = params.get('accountId') ?? '';
  const [form] = Form.useForm<Filters>();
  const [account, setAccount] = useState<QuotaAccount>();
  const [error, setError] = useState<string>();
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const [page, setPage] = useState<Page<LedgerEntry>>();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    quotaApi.account(accountId).then(setAccount, (e: Error) => setError(e.message));
  }, [accountId]);
  const load = useCallback(() => {
    setLoading(true);
    quotaApi
      .ledger({ accountId, ...filters, ...paging })
      .then(setPage, (e: Error) => setError(e.message))
      .finally(() => setLoading(false));
  }, [accountId, filters, paging]);
  useEffect(load, [load]);

  const apply = (values: Filters) => {
    setFilters({
      ...(values.movement ? { movement: values.movement } : {}),
      ...(values.range ? { createTimeStart: values.range[0].startOf('day').toISOString(), createTimeEnd: values.range[1].endOf('day').toISOString() } : {}),
    });
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  const exportLedger = async () => {
    try {
      await quotaApi.exportLedger({ accountId, ...filters });
      message.success(t('ledger.exported'));
    } catch (e) {
      // One toast: the client has already shown a permission or network failure.
      const text = pageMessageOf(e);
      if (text) void message.error(text);
    }
  };

  if (error) return <Alert type="error" showIcon message={error} />;
  const money = (value: string) => formatMoney(value);
  const columns = [
    { title: t('ledger.fields.id'), dataIndex: 'id', width: 90 },
    { title: t('ledger.fields.createTime'), dataIndex: 'createTime', width: 180, render: (v: string) => formatDate(v, DATETIME_FORMAT) },
    { title: t('ledger.fields.movement'), dataIndex: 'movement', width: 100, render: (v: string) => <DictTag dictType={QUOTA_MOVEMENT_DICT} value={v} /> },
    { title: t('ledger.fields.amount'), dataIndex: 'amount', align: 'right' as const, width: 150, render: money },
    { title: t('ledger.fields.availableAfter'), dataIndex: 'availableAfter', align: 'right' as const, width: 160, render: money },
    { title: t('ledger.fields.counterpartUnit'), dataIndex: 'counterpartUnit', width: 200, render: (v: string | null) => typedCell(v) ?? '-' },
    { title: t('ledger.fields.remark'), dataIndex: 'remark', width: 200, render: (v: string | null, row: LedgerEntry) => typedCell(v ?? row.reference) ?? '-' },
    { title: t('ledger.fields.createBy'), dataIndex: 'createByName', width: 110, render: typedCell },
  ];

  return (
    <Card data-testid="quota-ledger" title={t('ledger.title')} extra={<Button onClick={() => navigate(QUOTA_PATHS.accounts)}>{t('dispatch.back')}</Button>}>
      {account && (
        <Descriptions size="small" column={4} style={{ marginBottom: 12 }} data-testid="ledger-account">
          <Descriptions.Item label={t('ledger.account')}>{typedCell(account.unitName)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.kind')}>
            <DictTag dictType={QUOTA_KIND_DICT} value={account.kind} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.grantorName')}>{typedCell(account.grantorName)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.termEnd')}>{account.termEnd ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.granted')}>{formatCurrency(account.granted)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.dispatched')}>{formatCurrency(account.dispatched)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.frozen')}>{formatCurrency(account.frozen)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.used')}>{formatCurrency(account.used)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.available')}>
            <span data-testid="ledger-available">{formatCurrency(account.available)}</span>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form<Filters> form={form} layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="movement" label={t('ledger.fields.movement')}>
          <Select allowClear style={{ width: 140 }} options={Object.values(QUOTA_MOVEMENT).map((value) => ({ value, label: t(`movement.${value}`) }))} />
        </Form.Item>
        <Form.Item name="range" label={t('ledger.range')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('accounts.search')}
          </Button>
          <Button onClick={() => (form.resetFields(), setFilters({}))}>{t('accounts.reset')}</Button>
          <HasPermi value={[PERMISSIONS.quota.export]}>
            <Button onClick={exportLedger}>{t('ledger.export')}</Button>
          </HasPermi>
        </Space>
      </Form>
      <Table<LedgerEntry>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={page?.records ?? []}
        scroll={{ x: 1200 }}
        locale={{ emptyText: t('accounts.empty') }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
        }}
      />
    </Card>
  );
}
