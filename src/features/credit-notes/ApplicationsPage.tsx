/**
 * 签发申请 at one level (/op/issue/{project-dept,branch-comp,group}/detail): the level's applications
 * with their status and document review, and the form of a new one: the issuing unit and one of its
 * quotas, the payee among the group's member customers, the amount (the tip bar shows it with its
 * capital numerals), due date and approved credit product, the contract and invoices uploaded through
 * the file service. Every rule is the server's (server/credit-notes/issuance.ts); a refusal is shown
 * on its field.
 */
import { Alert, App, Button, Card, DatePicker, Form, Input, Select, Skeleton, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Typed } from '../../components/Typed';
import { Link } from 'react-router';
import { TipBar } from '../../components/TipBar';
import { useHasPermission } from '../../crud/use-resource-access';
import { APPLY_LEVEL, type ApplyLevel } from '../../lib/credit-notes';
import { PERMISSIONS } from './permissions';
import { formatMoney } from '../../lib/money';
import { parseAmount } from '../../lib/quotas';
import { viewTaskLink } from '../../workflows/task-center/task-links';
import { creditApi, type Application, type FormOptions } from './credit-api';
import './locale';

const FileUpload = lazy(() => import('../../components/files/FileUpload'));

function Upload(props: { value?: string[]; onChange?: (ids: string[]) => void }) {
  return (
    <Suspense fallback={<Skeleton.Button active />}>
      <FileUpload {...props} accept={['application/pdf', 'image/png', 'image/jpeg']} maxCount={10} />
    </Suspense>
  );
}

const STATUS_COLOR: Record<string, string> = { RUNNING: 'processing', APPROVED: 'success', BATCHED: 'warning', ISSUED: 'green', REJECTED: 'error' };

interface Values {
  unitId?: string;
  quotaAccountId?: string;
  payeeCorpId?: string;
  amount?: string;
  dueDate?: Dayjs;
  productId?: string;
  contractNo?: string;
  remark?: string;
  contractFileIds?: string[];
  invoiceFileIds?: string[];
}

interface Refusal {
  message?: string;
  field?: string;
}

function ApplicationForm({ level, onDone }: { level: ApplyLevel; onDone: () => void }) {
  const { t } = useTranslation('creditNotes');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [options, setOptions] = useState<FormOptions>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const unitId = Form.useWatch('unitId', form);
  const amount = Form.useWatch('amount', form);
  useEffect(() => {
    creditApi.options(level).then(setOptions, (e: Error) => setError(e.message));
  }, [level]);
  if (!options) return error ? <Alert type="error" showIcon message={error} /> : <Skeleton active />;
  const unit = options.units.find((u) => u.id === unitId);
  const members = options.members.filter((m) => m.groupId === unit?.groupId);
  const fen = typeof amount === 'string' ? parseAmount(amount.trim()) : null;

  const submit = async (values: Values) => {
    setSaving(true);
    setError(undefined);
    try {
      await creditApi.apply({ ...values, level, dueDate: values.dueDate?.format('YYYY-MM-DD') });
      message.success(t('apply.submitted'));
      form.resetFields();
      onDone();
    } catch (e) {
      const refusal = e as Refusal;
      if (refusal.field) form.setFields([{ name: refusal.field as keyof Values, errors: [refusal.message ?? ''] }]);
      else setError(refusal.message);
    } finally {
      setSaving(false);
    }
  };

  const required = [{ required: true }];
  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 720 }} aria-label={t('apply.new')}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="unitId" label={t('fields.unitId')} rules={required}>
        <Select
          showSearch
          optionFilterProp="label"
          options={options.units.map((u) => ({ value: u.id, label: u.unitName }))}
          onChange={() => form.setFieldsValue({ quotaAccountId: undefined, payeeCorpId: undefined })}
        />
      </Form.Item>
      <Form.Item name="quotaAccountId" label={t('fields.quotaAccountId')} rules={required}>
        <Select
          options={(unit?.accounts ?? []).map((a) => ({
            value: a.id,
            label: t('apply.accountOption', { grantor: a.grantorName, available: t('apply.available', { amount: formatMoney(a.available) }) }),
          }))}
        />
      </Form.Item>
      <Form.Item name="payeeCorpId" label={t('fields.payeeCorpId')} rules={required}>
        <Select showSearch optionFilterProp="label" options={members.map((m) => ({ value: m.corpId, label: m.corpName }))} />
      </Form.Item>
      <Form.Item name="amount" label={t('fields.amount')} rules={required}>
        <Input inputMode="decimal" addonAfter={t('yuan')} />
      </Form.Item>
      {fen !== null && <TipBar label={t('fields.amount')} value={amount} capital />}
      <Space size="large" wrap>
        <Form.Item name="dueDate" label={t('fields.dueDate')} rules={required}>
          <DatePicker disabledDate={(d) => d.isBefore(dayjs(options.today).add(1, 'day'), 'day')} />
        </Form.Item>
        <Form.Item name="productId" label={t('fields.productId')} rules={required} style={{ minWidth: 280 }}>
          <Select
            options={options.products.map((p) => ({
              value: p.id,
              label: t('apply.productOption', { name: p.prdName, min: p.tenorMinDays, max: p.tenorMaxDays }),
            }))}
          />
        </Form.Item>
        <Form.Item name="contractNo" label={t('fields.contractNo')} rules={required}>
          <Input maxLength={64} />
        </Form.Item>
      </Space>
      <Form.Item name="contractFileIds" label={t('fields.contractFileIds')} rules={required}>
        <Upload />
      </Form.Item>
      <Form.Item name="invoiceFileIds" label={t('fields.invoiceFileIds')} rules={required}>
        <Upload />
      </Form.Item>
      <Form.Item name="remark" label={t('fields.remark')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('apply.submit')}
      </Button>
    </Form>
  );
}

function ApplicationsPage({ level }: { level: ApplyLevel }) {
  const { t } = useTranslation('creditNotes');
  const [rows, setRows] = useState<Application[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const [adding, setAdding] = useState(false);
  // The same permission applications/add demands: without it (the auditor) no 新建签发申请 is offered.
  const mayApply = useHasPermission()(PERMISSIONS.creditNote.add);
  const load = useCallback(() => {
    setLoading(true);
    creditApi
      .applications({ level, pageNum: page, pageSize: 10 })
      .then(
        (found) => {
          setRows(found.records);
          setTotal(found.total);
          setError(undefined);
        },
        (e: Error) => setError(e.message),
      )
      .finally(() => setLoading(false));
  }, [level, page]);
  useEffect(load, [load]);
  const levelLabel = t(`level.${level}`);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('apply.title', { level: levelLabel })}
        extra={
          mayApply && (
            <Button type="primary" onClick={() => setAdding((v) => !v)}>
              {t('apply.new')}
            </Button>
          )
        }
      >
        {adding && mayApply && (
          <div style={{ marginBottom: 24 }}>
            <ApplicationForm
              level={level}
              onDone={() => {
                setAdding(false);
                load();
              }}
            />
          </div>
        )}
        {error && <Alert type="error" showIcon message={error} />}
        <Table<Application>
          rowKey="id"
          size="middle"
          loading={loading}
          dataSource={rows}
          locale={{ emptyText: t('apply.empty') }}
          pagination={{ current: page, total, pageSize: 10, onChange: setPage }}
          // At 1,366–1,440 px the middle scrolls: the unit stays at the left, and when it was asked for, its
          // status and its review at the right, in view (issue 37: 状态 and 申请时间 were past the edge).
          scroll={{ x: 1250 }}
          columns={[
            { title: t('fields.unitName'), dataIndex: 'unitName', width: 170, fixed: 'left', render: (value: string | null) => <Typed>{value}</Typed> },
            { title: t('fields.payeeName'), dataIndex: 'payeeName', width: 200, render: (value: string | null) => <Typed>{value}</Typed> },
            { title: t('fields.amount'), dataIndex: 'amount', align: 'right', width: 130, render: (v: string) => formatMoney(v) },
            { title: t('fields.dueDate'), dataIndex: 'dueDate', width: 110 },
            { title: t('fields.productName'), dataIndex: 'productName', width: 160, render: (value: string | null) => <Typed>{value}</Typed> },
            { title: t('fields.contractNo'), dataIndex: 'contractNo', width: 140 },
            { title: t('fields.createTime'), dataIndex: 'createTime', width: 150, fixed: 'right', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
            {
              title: t('fields.status'),
              dataIndex: 'status',
              width: 90,
              fixed: 'right',
              render: (v: string) => <Tag color={STATUS_COLOR[v]}>{t(`applicationStatus.${v}`)}</Tag>,
            },
            {
              title: t('apply.review'),
              key: 'review',
              width: 90,
              fixed: 'right',
              render: (_, row) => (row.instanceId ? <Link to={viewTaskLink({ instanceId: row.instanceId })}>{t('apply.review')}</Link> : null),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

export const ProjectDeptApplications = () => <ApplicationsPage level={APPLY_LEVEL.projectDept} />;
export const BranchApplications = () => <ApplicationsPage level={APPLY_LEVEL.branch} />;
export const GroupApplications = () => <ApplicationsPage level={APPLY_LEVEL.group} />;
