/**
 * 融资资格申请详情 (/op/financing/sign-up/detail): the applications (search by supplier, number,
 * status) and, with ?id=, one application on the five signing steps: its signing information
 * (editable while DRAFT or RETURNED), its materials (uploaded on the finance-data pages), submit
 * for internal review, and, once approved, the signing (SMS code where signing is on). A new
 * application starts from the form on top: core enterprise → one of its member suppliers → product.
 */
import { ArrowLeftOutlined, CloudUploadOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Form, Input, InputNumber, Select, Skeleton, Space, Table } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import '../../crud/kit.css';
import {
  APPLICATION_QUERY,
  EDITABLE_STATUSES,
  FINANCE_DATA_PATHS,
  FINANCING_SIGN_SCOPE,
  FINANCING_STATUS,
  FINANCING_STATUSES,
  MATERIAL_KIND,
  type FinancingApplication,
  type FinancingStatus,
} from '../../lib/financing';
import { typedCell, typedSelect } from '../../components/Typed';
import { DATETIME_FORMAT } from '../../crud/fields';
import { formatDate } from '../../lib/dates';
import { PERMISSIONS } from './permissions';
import { SIGN_RESULT } from '../../lib/sms-sign';
import { usePermission, useUserInfo } from '../../providers/user';
import { useSmsSign } from '../../workflows/sign/useSmsSign';
import { ApplicationSummary } from './ApplicationSummary';
import { financingApi, messageOf, type ApplicationDetail, type StartOptions } from './financing-api';
import { MaterialsPanel } from './MaterialsPanel';
import { FinancingStatusTag, SigningSteps } from './SigningSteps';

function StartForm({ onStarted }: { onStarted: (app: FinancingApplication) => void }) {
  const { t } = useTranslation('financing');
  const { message } = App.useApp();
  const [options, setOptions] = useState<StartOptions>();
  const [form] = Form.useForm<{ coreCorpId?: string; supplierCorpId?: string; prdCode?: string }>();
  const coreCorpId = Form.useWatch('coreCorpId', form);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    financingApi.options().then(setOptions, (e: unknown) => void message.error(messageOf(e)));
  }, [message]);
  const core = options?.cores.find((c) => c.corpId === coreCorpId);
  const productsOfCore = (options?.products ?? []).filter((p) => !p.coreCorpName || p.coreCorpName === core?.corpName);

  const start = async () => {
    const values = form.getFieldsValue();
    setBusy(true);
    try {
      const app = await financingApi.start(values.supplierCorpId ?? '', values.coreCorpId ?? '', values.prdCode ?? '');
      void message.success(t('messages.started'));
      form.resetFields();
      onStarted(app);
    } catch (error) {
      void message.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="inline" data-testid="financing-start-form" onFinish={() => void start()}>
      <Form.Item name="coreCorpId" label={t('fields.coreCorpId')}>
        <Select
          style={{ width: 230 }}
          showSearch
          optionFilterProp="label"
          options={options?.cores.map((c) => ({ value: c.corpId, label: c.corpName }))}
          {...typedSelect}
          onChange={() => form.setFieldsValue({ supplierCorpId: undefined, prdCode: undefined })}
          data-testid="start-core"
        />
      </Form.Item>
      <Form.Item name="supplierCorpId" label={t('fields.supplierCorpId')}>
        <Select
          style={{ width: 250 }}
          showSearch
          optionFilterProp="label"
          placeholder={core ? undefined : t('messages.chooseSupplierFirst')}
          disabled={!core}
          options={core?.suppliers.map((s) => ({ value: s.corpId, label: s.corpName }))}
          {...typedSelect}
          data-testid="start-supplier"
        />
      </Form.Item>
      <Form.Item name="prdCode" label={t('fields.prdCode')}>
        <Select
          style={{ width: 210 }}
          disabled={!core}
          options={productsOfCore.map((p) => ({ value: p.prdCode, label: p.prdName }))}
          {...typedSelect}
          data-testid="start-product"
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={busy}>
          {t('actions.start')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function ApplicationList({ onOpen, reloadKey }: { onOpen: (id: string) => void; reloadKey: number }) {
  const { t } = useTranslation('financing');
  const { message } = App.useApp();
  const [filters, setFilters] = useState<{ supplierName?: string; applicationNo?: string; status?: FinancingStatus }>({});
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [data, setData] = useState<{ records: FinancingApplication[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [form] = Form.useForm();

  useEffect(() => {
    setLoading(true);
    financingApi
      .page({ ...filters, ...page })
      .then(setData, (e: unknown) => void message.error(messageOf(e)))
      .finally(() => setLoading(false));
  }, [filters, page, reloadKey, message]);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form
        form={form}
        layout="inline"
        onFinish={(values: typeof filters) => {
          setFilters(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')));
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
      >
        <Form.Item name="supplierName" label={t('fields.supplierName')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="applicationNo" label={t('fields.applicationNo')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <Select allowClear style={{ width: 160 }} options={FINANCING_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('actions.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
              }}
            >
              {t('actions.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<FinancingApplication>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data.records}
        data-testid="financing-list"
        locale={{ emptyText: t('messages.empty') }}
        pagination={{ current: page.pageNum, pageSize: page.pageSize, total: data.total, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
        columns={[
          // Number, parties and product are the records' own text (typed by operators or the demo), shown as written.
          { title: t('fields.applicationNo'), dataIndex: 'applicationNo', render: typedCell },
          { title: t('fields.supplierName'), dataIndex: 'supplierName', render: typedCell },
          { title: t('fields.coreName'), dataIndex: 'coreName', render: typedCell },
          { title: t('fields.prdName'), dataIndex: 'prdName', render: typedCell },
          { title: t('fields.status'), dataIndex: 'status', render: (s: FinancingStatus) => <FinancingStatusTag status={s} /> },
          { title: t('fields.createTime'), dataIndex: 'createTime', render: (v: string) => formatDate(v, DATETIME_FORMAT) },
          {
            title: t('kit:table.actions'),
            key: 'open',
            render: (_, row) => (
              <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => onOpen(row.id)}>
                {t('actions.view')}
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}

interface InfoValues {
  amount?: string | number | null;
  contactName?: string;
  contactMobile?: string;
  settlementAccountId?: string;
  remark?: string;
}

function ApplicationView({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('financing');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useUserInfo();
  const mayEdit = usePermission(PERMISSIONS.financing.edit);
  const maySign = usePermission(PERMISSIONS.financing.sign);
  const [detail, setDetail] = useState<ApplicationDetail>();
  const [form] = Form.useForm<InfoValues>();
  const [busy, setBusy] = useState(false);
  const { sign, modal } = useSmsSign();

  const reload = useCallback(() => {
    financingApi.find(id).then(setDetail, (e: unknown) => void message.error(messageOf(e)));
  }, [id, message]);
  useEffect(reload, [reload]);
  const app = detail?.application;
  useEffect(() => {
    if (app)
      form.setFieldsValue({
        amount: app.amount ?? undefined,
        contactName: app.contactName ?? undefined,
        contactMobile: app.contactMobile ?? undefined,
        settlementAccountId: app.settlementAccountId ?? undefined,
        remark: app.remark ?? undefined,
      });
  }, [app, form]);

  const editable = !!app && mayEdit && EDITABLE_STATUSES.includes(app.status);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      void message.success(done);
    } catch (error) {
      void message.error(messageOf(error));
    } finally {
      setBusy(false);
      reload();
    }
  };
  const save = () => {
    const v = form.getFieldsValue();
    const amount = v.amount === undefined || v.amount === null || v.amount === '' ? null : String(v.amount);
    return financingApi.update(app!.id, app!.dataVersion, {
      amount,
      contactName: v.contactName ?? null,
      contactMobile: v.contactMobile ?? null,
      settlementAccountId: v.settlementAccountId ?? null,
      remark: v.remark ?? null,
    });
  };
  const submit = async () => {
    const saved = await save();
    await financingApi.submit(saved.id, saved.dataVersion);
  };
  const signNow = async () => {
    const result = await sign({
      businessKeys: [app!.id],
      ...FINANCING_SIGN_SCOPE,
      corpName: user?.corpName,
      corpId: user?.corpId,
      personId: user?.personId,
      summary: t('actions.sign'),
    });
    if (result.code !== SIGN_RESULT.SUCCESS) throw new Error(result.message ?? t('messages.signCancelled'));
    await financingApi.sign(app!.id);
  };

  const uploadUrl = `${FINANCE_DATA_PATHS.upload[MATERIAL_KIND.basic]}?${APPLICATION_QUERY}=${encodeURIComponent(id)}`;
  const detailUrl = `${FINANCE_DATA_PATHS.detail}?${APPLICATION_QUERY}=${encodeURIComponent(id)}`;
  const accountOptions = useMemo(
    () => detail?.accounts.map((a) => ({ value: a.id, label: [a.bankName, a.branchName, a.accountName].filter(Boolean).join(' · ') })) ?? [],
    [detail],
  );

  return (
    <Card
      size="small"
      title={t('title.signUp')}
      extra={
        <Button size="small" icon={<ArrowLeftOutlined />} onClick={onBack}>
          {t('actions.back')}
        </Button>
      }
      data-testid="financing-application"
    >
      {!app ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <SigningSteps status={app.status} />
          <ApplicationSummary application={app} />
          <Card size="small" title={t('steps.completeInformation')}>
            <Form form={form} layout="vertical" disabled={!editable} data-testid="signing-info-form">
              <Space wrap size="large" align="start">
                <Form.Item name="amount" label={t('fields.amount')}>
                  <InputNumber<string> stringMode min="0.01" precision={2} style={{ width: 220 }} />
                </Form.Item>
                <Form.Item name="contactName" label={t('fields.contactName')}>
                  <Input maxLength={50} style={{ width: 160 }} />
                </Form.Item>
                <Form.Item name="contactMobile" label={t('fields.contactMobile')}>
                  <Input maxLength={11} style={{ width: 160 }} />
                </Form.Item>
                <Form.Item name="settlementAccountId" label={t('fields.settlementAccountId')}>
                  <Select style={{ width: 360 }} options={accountOptions} {...typedSelect} data-testid="settlement-account" />
                </Form.Item>
              </Space>
              <Form.Item name="remark" label={t('fields.remark')}>
                <Input.TextArea maxLength={500} rows={2} />
              </Form.Item>
            </Form>
            <Space wrap>
              {editable && (
                <>
                  <Button loading={busy} onClick={() => void run(save, t('messages.saved'))}>
                    {t('actions.save')}
                  </Button>
                  <Button icon={<CloudUploadOutlined />} onClick={() => navigate(uploadUrl)}>
                    {t('actions.upload')}
                  </Button>
                  <Button type="primary" loading={busy} onClick={() => void run(submit, t('messages.submitted'))}>
                    {t('actions.submit')}
                  </Button>
                </>
              )}
              <Button icon={<EyeOutlined />} onClick={() => navigate(detailUrl)}>
                {t('actions.viewMaterials')}
              </Button>
              {maySign && app.status === FINANCING_STATUS.approved && (
                <Button type="primary" loading={busy} onClick={() => void run(signNow, t('messages.signed'))}>
                  {t('actions.sign')}
                </Button>
              )}
            </Space>
          </Card>
          <MaterialsPanel materials={detail.materials} />
        </Space>
      )}
      {modal}
    </Card>
  );
}

export default function SignUpPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const mayStart = usePermission(PERMISSIONS.financing.add);
  const [reloadKey, setReloadKey] = useState(0);
  const open = (next: string | null) => setParams(next ? { id: next } : {});

  if (id)
    return (
      <div className="kit-page">
        <ApplicationView id={id} onBack={() => open(null)} />
      </div>
    );
  return (
    <div className="kit-page" data-testid="financing-sign-up">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {mayStart && (
          <Card size="small">
            <SigningSteps status={null} size="small" />
            <div style={{ marginTop: 16 }}>
              <StartForm
                onStarted={(app) => {
                  setReloadKey((k) => k + 1);
                  open(app.id);
                }}
              />
            </div>
          </Card>
        )}
        <Card size="small">{reloadKey >= 0 ? <ApplicationList onOpen={open} reloadKey={reloadKey} /> : <Empty />}</Card>
      </Space>
    </div>
  );
}
