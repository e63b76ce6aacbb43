/**
 * 额度台账 (/op/quota/account): every quota account with its balances, searchable by kind, unit and
 * grantor; 申请额度 and, per row, 调整 (a directly granted quota), 下发 / 重新下发 (opens the dispatch
 * screen) and 流水 (the ledger), each shown only to whom the server would allow it.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../components/access/HasAccess';
import { DictTag } from '../../components/DictTag';
import { formatMoney } from '../../lib/money';
import { isDispatchable, QUOTA_KIND, QUOTA_KIND_DICT } from '../../lib/quotas';
import { PERMISSIONS } from './permissions';
import { UNIT_KIND, UNIT_KIND_DICT } from '../../lib/corporations';
import { dispatchLink, ledgerLink, quotaApi, type Page, type QuotaAccount } from './quota-api';
import { QuotaRequestModal } from './QuotaRequestModal';
import './locale';
import { Typed, typedCell } from '../../components/Typed';

const perm = PERMISSIONS.quota;
const money = (value: string) => <span className="quota-money">{formatMoney(value)}</span>;

export default function QuotaAccountsPage() {
  const { t } = useTranslation('quotas');
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const [page, setPage] = useState<Page<QuotaAccount>>();
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<{ account?: QuotaAccount } | undefined>();

  const load = useCallback(() => {
    setLoading(true);
    quotaApi
      .accounts({ ...search, ...paging })
      .then(setPage)
      .finally(() => setLoading(false));
  }, [search, paging]);
  useEffect(load, [load]);

  const columns = [
    {
      title: t('fields.unitName'),
      dataIndex: 'unitName',
      width: 250,
      render: (name: string, row: QuotaAccount) => (
        <Space size={4}>
          <Typed>{name}</Typed>
          <DictTag dictType={UNIT_KIND_DICT} value={row.unitKind} />
        </Space>
      ),
    },
    // Wide enough for the English tag (Finance institution quota), which overlapped the grantor at 120.
    { title: t('fields.kind'), dataIndex: 'kind', width: 190, render: (v: string) => <DictTag dictType={QUOTA_KIND_DICT} value={v} /> },
    { title: t('fields.grantorName'), dataIndex: 'grantorName', width: 200, render: typedCell },
    { title: t('fields.parentUnitName'), dataIndex: 'parentUnitName', width: 160, render: (v: string | null) => typedCell(v) ?? '-' },
    { title: t('fields.granted'), dataIndex: 'granted', align: 'right' as const, width: 150, render: money },
    { title: t('fields.dispatched'), dataIndex: 'dispatched', align: 'right' as const, width: 150, render: money },
    { title: t('fields.frozen'), dataIndex: 'frozen', align: 'right' as const, width: 120, render: money },
    { title: t('fields.used'), dataIndex: 'used', align: 'right' as const, width: 120, render: money },
    { title: t('fields.available'), dataIndex: 'available', align: 'right' as const, width: 150, render: money },
    { title: t('fields.termEnd'), dataIndex: 'termEnd', width: 110 },
    {
      title: t('kit:table.actions'),
      key: 'actions',
      fixed: 'right' as const,
      width: 230,
      render: (_: unknown, row: QuotaAccount) => (
        <Space size={0} wrap>
          {!row.parentId && (
            <HasPermi value={[perm.edit]}>
              <Button type="link" size="small" onClick={() => setEditing({ account: row })}>
                {t('accounts.modify')}
              </Button>
            </HasPermi>
          )}
          {/* A project department has no units below it to dispatch to. */}
          {isDispatchable(row.kind, row.channel) && row.unitKind !== UNIT_KIND.projectDept && (
            <HasPermi value={[perm.dispatch]}>
              <Button type="link" size="small" onClick={() => navigate(dispatchLink(row.id, false))}>
                {t('accounts.dispatch')}
              </Button>
              <Button type="link" size="small" onClick={() => navigate(dispatchLink(row.id, true))}>
                {t('accounts.redispatch')}
              </Button>
            </HasPermi>
          )}
          <Button type="link" size="small" onClick={() => navigate(ledgerLink(row.id))}>
            {t('accounts.ledger')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="quota-accounts">
      <Form
        form={form}
        layout="inline"
        onFinish={(values: Record<string, string | undefined>) => {
          setSearch(
            Object.fromEntries(
              Object.entries(values)
                .filter(([, v]) => v && String(v).trim())
                .map(([k, v]) => [k, String(v).trim()]),
            ),
          );
          setPaging((p) => ({ ...p, pageNum: 1 }));
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="kind" label={t('fields.kind')}>
          <Select allowClear style={{ width: 160 }} options={Object.values(QUOTA_KIND).map((value) => ({ value, label: t(`kind.${value}`) }))} />
        </Form.Item>
        <Form.Item name="unitName" label={t('fields.unitName')}>
          <Input allowClear maxLength={100} />
        </Form.Item>
        <Form.Item name="grantorName" label={t('fields.grantorName')}>
          <Input allowClear maxLength={100} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('accounts.search')}
          </Button>
          <Button onClick={() => (form.resetFields(), setSearch({}))}>{t('accounts.reset')}</Button>
          <HasPermi value={[perm.add]}>
            <Button icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('accounts.apply')}
            </Button>
          </HasPermi>
        </Space>
      </Form>
      <Table<QuotaAccount>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={page?.records ?? []}
        scroll={{ x: 1800 }}
        locale={{ emptyText: t('accounts.empty') }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
        }}
      />
      {editing && <QuotaRequestModal account={editing.account} onClose={(submitted) => (setEditing(undefined), submitted && load())} />}
    </Card>
  );
}
