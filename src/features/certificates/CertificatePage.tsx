/**
 * 证书管理 (spec 2.3 certificate-management/certificate-detail): the certificates with a search form,
 * status tags, their validity (rows ending within CERT_EXPIRING_DAYS highlighted and tagged 即将到期,
 * lapsed ones marked 已过期), a detail drawer with the applications and their approval history, and
 * 新增证书申请 / 续期 / 重新开通, each shown only to whom the server would allow it.
 */
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { SearchButtons } from '../../crud/SearchButtons';
import { useCustom } from '@refinedev/core';
import { Button, Checkbox, Form, Input, Space, Table, Tag, theme, Tooltip } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../components/access/HasAccess';
import { DictTag } from '../../components/DictTag';
import { SearchInput } from '../../crud/fields';
import { pagerTotal } from '../../crud/pager-total';
import '../../crud/kit.css';
import {
  CERT_EXPIRING_DAYS,
  CERT_KIND,
  CERT_RENEWABLE,
  CERT_REOPENABLE,
  CERT_STATUS_DICT,
  INVOICE_TYPE_DICT,
  isPastValidity,
  type CertKind,
  type CertStatus,
} from '../../lib/certificates';
import { PERMISSIONS } from './permissions';
import { errorNotification, type PageAnswer } from '../../providers/data-provider';
import { CertificateDrawer } from './CertificateDrawer';
import { useDraftOffer } from '../../components/form-guard/useFormGuard';
import { ApplicationModal, CERTIFICATE_DRAFT } from './ApplicationModal';
import { certificateApi, type Certificate } from './certificate-api';
import './certificates.css';
import './locale';
import { dayOf } from '../../lib/dates';
import { typedCell } from '../../components/Typed';

const PAGE_SIZES = [10, 20, 50];
const STATUS_SCHEMA = { type: 'dict', dictType: CERT_STATUS_DICT, label: '' } as const;

interface SearchValues {
  holderCorpName?: string;
  serialNo?: string;
  status?: string;
  expiring?: boolean;
}

type Order = { field: string; order: 'asc' | 'desc' };

const perm = PERMISSIONS.certificate;

export default function CertificatePage() {
  const { t, i18n } = useTranslation(['certificates', 'kit']);
  const [form] = Form.useForm<SearchValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: PAGE_SIZES[0] });
  const [orderBy, setOrderBy] = useState<Order[]>([]);
  const [showing, setShowing] = useState<string>();
  const [applying, setApplying] = useState<{ kind: CertKind; certificate?: Certificate; restored?: Record<string, unknown> }>();
  // An application typed when the session expired: reopened on its certificate with the kept values.
  const draftOffer = useDraftOffer(CERTIFICATE_DRAFT, async ({ values, context }) => {
    const certificateId = context?.certificateId as string | undefined;
    const certificate = certificateId ? await certificateApi.find(certificateId) : undefined;
    setApplying({ kind: context?.kind as CertKind, certificate, restored: values });
  });
  const [reloads, setReloads] = useState(0);
  const { token } = theme.useToken();
  // The row colours follow the theme (light or dark).
  const rowColours = {
    '--cert-warning-bg': token.colorWarningBg,
    '--cert-warning-bg-hover': token.colorWarningBgHover,
    '--cert-text-muted': token.colorTextTertiary,
  } as CSSProperties;

  const { query, result } = useCustom<PageAnswer<Certificate>>({
    url: certificateApi.PAGE,
    method: 'post',
    config: { payload: { ...search, ...paging, ...(orderBy.length ? { orderBy } : {}) } },
    errorNotification,
  });
  const page = result.data as PageAnswer<Certificate> | undefined;
  const today = dayOf(Date.now());

  const runSearch = (values: SearchValues) => {
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() || undefined : v || undefined]));
    setSearch(trimmed);
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  const changed = () => {
    setApplying(undefined);
    setReloads((n) => n + 1);
    void query.refetch();
  };

  const text = (field: keyof Certificate, width?: number): ColumnType<Certificate> => ({ key: field, dataIndex: field, title: t(`fields.${field}`), width });
  const columns: ColumnType<Certificate>[] = [
    { key: '__index', title: t('kit:table.index'), width: 64, align: 'center', render: (_v, _r, i) => (paging.pageNum - 1) * paging.pageSize + i + 1 },
    // Credit code and issuer are in the detail: the validity, its tags and the status stay in view without scrolling.
    // The holder is a corporation's name, as its record has it.
    { ...text('holderCorpName'), sorter: true, render: typedCell },
    text('serialNo'),
    {
      key: 'validTo',
      title: t('fields.validity'),
      sorter: true,
      render: (_v, record) =>
        record.validTo && (
          <span className="cert-validity">
            {record.validFrom} ~ {record.validTo} {record.expiringSoon && <Tag color="warning">{t('expiringTag')}</Tag>}
            {isPastValidity(record.validTo, today) && <Tag color="error">{t('expiredTag')}</Tag>}
          </span>
        ),
    },
    { key: 'status', dataIndex: 'status', title: t('fields.status'), render: (value) => <DictTag dictType={CERT_STATUS_DICT} value={value} /> },
    { key: 'invoiceType', dataIndex: 'invoiceType', title: t('fields.invoiceType'), render: (value) => <DictTag dictType={INVOICE_TYPE_DICT} value={value} /> },
    {
      key: '__actions',
      title: t('kit:table.actions'),
      fixed: 'right',
      render: (_v, record) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setShowing(record.id)}>
            {t('actions.show')}
          </Button>
          {CERT_RENEWABLE.includes(record.status as CertStatus) && (
            <HasPermi value={[perm.renew]}>
              <Button type="link" size="small" onClick={() => setApplying({ kind: CERT_KIND.RENEWAL, certificate: record })}>
                {t('actions.renew')}
              </Button>
            </HasPermi>
          )}
          {CERT_REOPENABLE.includes(record.status as CertStatus) && (
            <HasPermi value={[perm.reopen]}>
              <Button type="link" size="small" onClick={() => setApplying({ kind: CERT_KIND.REOPEN, certificate: record })}>
                {t('actions.reopen')}
              </Button>
            </HasPermi>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="kit-page" data-testid="certificates-list" style={rowColours}>
      <Form<SearchValues> form={form} name="certificates-search" layout="inline" className="kit-search" onFinish={runSearch}>
        <Form.Item name="holderCorpName" label={t('fields.holderCorpName')}>
          <Input allowClear placeholder={t('kit:form.placeholder', { label: t('fields.holderCorpName') })} />
        </Form.Item>
        <Form.Item name="serialNo" label={t('fields.serialNo')}>
          <Input allowClear placeholder={t('kit:form.placeholder', { label: t('fields.serialNo') })} />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <SearchInput schema={STATUS_SCHEMA} placeholder={t('kit:form.selectPlaceholder', { label: t('fields.status') })} t={t} />
        </Form.Item>
        <Form.Item name="expiring" valuePropName="checked">
          <Checkbox>{t('expiringOnly', { days: CERT_EXPIRING_DAYS })}</Checkbox>
        </Form.Item>
        <SearchButtons
          onReset={() => {
            form.resetFields();
            runSearch({});
          }}
        />
      </Form>

      {draftOffer}
      <div className="kit-toolbar">
        <Space wrap>
          <HasPermi value={[perm.add]}>
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setApplying({ kind: CERT_KIND.CREATE })}>
              {t('actions.create')}
            </Button>
          </HasPermi>
        </Space>
        <Tooltip title={t('kit:toolbar.refresh')}>
          <Button shape="circle" icon={<ReloadOutlined />} aria-label={t('kit:toolbar.refresh')} onClick={() => void query.refetch()} />
        </Tooltip>
      </div>

      <Table<Certificate>
        rowKey="id"
        columns={columns}
        dataSource={page?.records ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        rowClassName={(record) => (record.expiringSoon ? 'cert-row-expiring' : isPastValidity(record.validTo, today) ? 'cert-row-expired' : '')}
        onChange={(pagination, _filters, sorter) => {
          const s = sorter as SorterResult<Certificate>;
          setOrderBy(s.order ? [{ field: String(s.columnKey), order: s.order === 'descend' ? 'desc' : 'asc' }] : []);
          setPaging({ pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? PAGE_SIZES[0] });
        }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => pagerTotal(t, i18n.language, total, undefined),
        }}
      />

      {showing && <CertificateDrawer id={showing} reloadKey={reloads} onClose={() => setShowing(undefined)} />}
      {applying && (
        <ApplicationModal
          kind={applying.kind}
          certificate={applying.certificate}
          restored={applying.restored}
          onClose={() => setApplying(undefined)}
          onStarted={changed}
        />
      )}
    </div>
  );
}
