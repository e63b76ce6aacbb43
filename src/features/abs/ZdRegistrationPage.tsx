/**
 * 中登登记 (/op/zd-registration/management/register): registrations of transfers and pledges of
 * receivables with the central registry — the list flags those expiring within 30 days; a new
 * registration covers notes or a locked package; the detail shows the registered property, the
 * history of every act with its receipt and certificate, and amend / extend / cancel. Every act is
 * answered by the registry; a refusal shows the registry's reason and changes nothing.
 */
import { Alert, App, Button, Card, Descriptions, Drawer, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Table, Tag, Timeline } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../components/access/HasAccess';
import { DictTag } from '../../components/DictTag';
import { resolveFilePreviews } from '../../components/files/file-previews';
import { dictItem, useDicts } from '../../providers/dictionaries';
import {
  MAX_PERIOD_YEARS,
  MIN_PERIOD_YEARS,
  REGISTRATION_ACTION_DICT,
  REGISTRATION_STATUS,
  REGISTRATION_STATUS_DICT,
  REGISTRATION_TYPE,
  REGISTRATION_TYPE_DICT,
} from '../../lib/abs';
import { formatCurrency, formatMoney } from '../../lib/money';
import { amountToChinese } from '../../lib/numerals';
import { PERMISSIONS } from './permissions';
import { absApi, type Page, type Registration, type RegistrationDetail, type RegistrationSubjects } from './abs-api';
import './locale';
import { toastPageFailure } from '../../components/page-failure';
import { Typed, typedCell, typedSelect } from '../../components/Typed';
import { DATETIME_FORMAT } from '../../crud/fields';
import { formatDate } from '../../lib/dates';

type Act = 'amend' | 'extend' | 'cancel';

async function openCertificate(fileId: string) {
  const [item] = await resolveFilePreviews([fileId]);
  if (item?.openUrl) window.open(item.openUrl, '_blank', 'noopener');
}

export default function ZdRegistrationPage() {
  const { t } = useTranslation('abs');
  const { message } = App.useApp();
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [page, setPage] = useState<Page<Registration>>();
  const [detailId, setDetailId] = useState<string>();
  const [registering, setRegistering] = useState(false);
  const [searchForm] = Form.useForm();

  const load = useCallback(() => {
    absApi.registrations({ ...filters, ...paging }).then(setPage, (e: unknown) => toastPageFailure(message, e));
  }, [filters, paging, message]);
  useEffect(load, [load]);

  return (
    <Card
      data-testid="zd-registrations"
      title={t('registrations.title')}
      extra={
        <HasPermi value={[PERMISSIONS.zdRegistration.add]}>
          <Button type="primary" data-testid="zd-register" onClick={() => setRegistering(true)}>
            {t('registrations.register')}
          </Button>
        </HasPermi>
      }
    >
      <Form
        form={searchForm}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(values) => {
          setFilters(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '' && v !== false)));
          setPaging((p) => ({ ...p, pageNum: 1 }));
        }}
      >
        <Form.Item name="registrationNo" label={t('fields.registrationNo')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="partyName" label={t('fields.partyName')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="registrationType" label={t('fields.registrationType')}>
          <Select
            allowClear
            style={{ width: 150 }}
            options={Object.values(REGISTRATION_TYPE).map((value) => ({ value, label: <DictTag dictType={REGISTRATION_TYPE_DICT} value={value} /> }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={Object.values(REGISTRATION_STATUS).map((value) => ({ value, label: <DictTag dictType={REGISTRATION_STATUS_DICT} value={value} /> }))}
          />
        </Form.Item>
        <Form.Item name="expiringOnly" label={t('registrations.expiringOnly')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" type="primary">
            {t('kit:search.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Table<Registration>
        rowKey="id"
        dataSource={page?.records}
        loading={!page}
        scroll={{ x: 1340 }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: page?.total,
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
        }}
        onRow={(row) => ({ onClick: () => setDetailId(row.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('fields.registrationNo'), dataIndex: 'registrationNo', width: 200, render: typedCell },
          {
            title: t('fields.registrationType'),
            dataIndex: 'registrationType',
            width: 170,
            render: (v: string) => <DictTag dictType={REGISTRATION_TYPE_DICT} value={v} />,
          },
          // The parties are records' names: marked as typed, whole on hover where the column cuts them.
          { title: t('fields.transferorName'), dataIndex: 'transferorName', width: 200, ellipsis: { showTitle: false }, render: typedCell },
          { title: t('fields.transfereeName'), dataIndex: 'transfereeName', width: 200, ellipsis: { showTitle: false }, render: typedCell },
          { title: t('fields.amount'), dataIndex: 'amount', width: 150, align: 'right', render: (v: string) => formatMoney(v) },
          { title: t('fields.periodYears'), dataIndex: 'periodYears', width: 90, align: 'right' },
          {
            title: t('fields.expireDate'),
            dataIndex: 'expireDate',
            width: 200,
            render: (v: string, r) => (
              <Space>
                {v}
                {r.expiringSoon && (
                  <Tag color="warning" data-testid="zd-expiring">
                    {t('registrations.expiring', { days: r.daysLeft })}
                  </Tag>
                )}
              </Space>
            ),
          },
          { title: t('fields.status'), dataIndex: 'status', width: 90, render: (v: string) => <DictTag dictType={REGISTRATION_STATUS_DICT} value={v} /> },
        ]}
      />
      {detailId && <RegistrationDrawer id={detailId} onClose={() => setDetailId(undefined)} onChanged={load} />}
      {registering && (
        <RegisterModal
          onClose={() => setRegistering(false)}
          onDone={(id) => {
            setRegistering(false);
            load();
            setDetailId(id);
          }}
        />
      )}
    </Card>
  );
}

function RegisterModal({ onClose, onDone }: { onClose: () => void; onDone: (id: string) => void }) {
  const { t } = useTranslation('abs');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [subjects, setSubjects] = useState<RegistrationSubjects>();
  const [error, setError] = useState<string>();
  const subjectKind = Form.useWatch('subjectKind', form);
  const amount = Form.useWatch('amount', form);
  useEffect(() => {
    absApi.subjects().then(setSubjects, (e: unknown) => toastPageFailure(message, e));
  }, [message]);

  const submit = async () => {
    const values = await form.validateFields();
    setError(undefined);
    try {
      const saved = await absApi.register({ ...values, amount: String(values.amount) });
      message.success(t('registrations.registered', { no: saved.registrationNo }));
      onDone(saved.id);
    } catch (e) {
      // The registry's refusal stays in the form, beside what was asked, until the clerk changes it.
      setError((e as Error).message);
    }
  };
  const parties = subjects?.parties.map((p) => ({ value: p.id, label: p.name })) ?? [];

  return (
    <Modal open title={t('registrations.register')} width={640} onOk={submit} onCancel={onClose} destroyOnHidden okButtonProps={{ id: 'zd-register-submit' }}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="zd-register-error" />}
      <Form form={form} layout="vertical" initialValues={{ registrationType: 'TRANSFER', subjectKind: 'NOTES', periodYears: 3 }}>
        <Form.Item name="registrationType" label={t('fields.registrationType')} rules={[{ required: true }]}>
          <Radio.Group
            options={Object.values(REGISTRATION_TYPE).map((value) => ({ value, label: <DictTag dictType={REGISTRATION_TYPE_DICT} value={value} /> }))}
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="transferorId" label={t('fields.transferorId')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Select showSearch optionFilterProp="label" options={parties} {...typedSelect} />
          </Form.Item>
          <Form.Item name="transfereeId" label={t('fields.transfereeId')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Select showSearch optionFilterProp="label" options={parties} {...typedSelect} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="subjectKind" label={t('fields.subjectKind')} rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: 'NOTES', label: t('registrations.subjectNotes') },
              { value: 'PACKAGE', label: t('registrations.subjectPackage') },
            ]}
          />
        </Form.Item>
        {subjectKind === 'PACKAGE' ? (
          <Form.Item name="packageId" label={t('registrations.package')} rules={[{ required: true }]}>
            <Select options={subjects?.packages.map((p) => ({ value: p.id, label: `${p.packageNo} ${p.packageName}` }))} {...typedSelect} />
          </Form.Item>
        ) : (
          <Form.Item name="noteIds" label={t('fields.noteIds')} rules={[{ required: true }]}>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              data-testid="zd-notes"
              options={subjects?.notes.map((n) => ({ value: n.id, label: `${n.noteNo} · ${n.holderName} · ${formatMoney(n.amount)}` }))}
              {...typedSelect}
            />
          </Form.Item>
        )}
        <Form.Item name="amount" label={t('fields.amount')} rules={[{ required: true }]} extra={amount ? amountToChinese(String(amount)) : undefined}>
          <InputNumber min="0.01" precision={2} stringMode style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="periodYears" label={t('fields.periodYears')} rules={[{ required: true }]} extra={t('registrations.periodHint')}>
          <InputNumber min={MIN_PERIOD_YEARS} max={MAX_PERIOD_YEARS} precision={0} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} rules={[{ required: true, max: 1000 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RegistrationDrawer({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('abs');
  const { message } = App.useApp();
  const [detail, setDetail] = useState<RegistrationDetail>();
  const [act, setAct] = useState<Act>();
  const [parties, setParties] = useState<RegistrationSubjects['parties']>([]);
  const [form] = Form.useForm();
  const load = useCallback(() => {
    absApi.registration(id).then(setDetail, (e: unknown) => toastPageFailure(message, e));
  }, [id, message]);
  useEffect(load, [load]);
  useEffect(() => {
    if (act === 'amend' && parties.length === 0)
      absApi.subjects().then(
        (s) => setParties(s.parties),
        () => undefined,
      );
  }, [act, parties.length]);

  const submit = async () => {
    if (!detail || !act) return;
    const values = await form.validateFields();
    try {
      await absApi.act(act, { id: detail.id, dataVersion: detail.dataVersion, ...values, ...(values.amount ? { amount: String(values.amount) } : {}) });
      message.success(t(`registrations.${act === 'amend' ? 'amended' : act === 'extend' ? 'extended' : 'cancelled'}`));
      setAct(undefined);
      load();
      onChanged();
    } catch (e) {
      toastPageFailure(message, e);
    }
  };
  const live = detail?.status === REGISTRATION_STATUS.registered;

  return (
    <Drawer
      open
      width={760}
      title={detail ? `${t('registrations.detail')} ${detail.registrationNo}` : t('registrations.detail')}
      onClose={onClose}
      loading={!detail}
      extra={
        detail && (
          <Space>
            {detail.certificateFileId && (
              <Button data-testid="zd-certificate" onClick={() => void openCertificate(detail.certificateFileId!)}>
                {t('registrations.certificate')}
              </Button>
            )}
            {live && (
              <HasPermi value={[PERMISSIONS.zdRegistration.edit]}>
                <Space>
                  {(['amend', 'extend', 'cancel'] as const).map((a) => (
                    <Button
                      key={a}
                      danger={a === 'cancel'}
                      data-testid={`zd-${a}`}
                      onClick={() => {
                        form.resetFields();
                        form.setFieldsValue(
                          a === 'amend'
                            ? { amount: detail.amount, description: detail.description, transfereeId: detail.transfereeId }
                            : a === 'extend'
                              ? { periodYears: Math.min(MAX_PERIOD_YEARS, detail.periodYears + 1) }
                              : {},
                        );
                        setAct(a);
                      }}
                    >
                      {t(`registrations.${a}`)}
                    </Button>
                  ))}
                </Space>
              </HasPermi>
            )}
          </Space>
        )
      }
    >
      {detail && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="zd-detail">
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('fields.registrationType')}>
              <DictTag dictType={REGISTRATION_TYPE_DICT} value={detail.registrationType} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.status')}>
              <DictTag dictType={REGISTRATION_STATUS_DICT} value={detail.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.transferorName')}>{typedCell(detail.transferorName)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.transfereeName')}>{typedCell(detail.transfereeName)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.amount')}>
              {formatMoney(detail.amount)}（{amountToChinese(detail.amount)}）
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.periodYears')}>{detail.periodYears}</Descriptions.Item>
            <Descriptions.Item label={t('fields.startDate')}>{detail.startDate}</Descriptions.Item>
            <Descriptions.Item label={t('fields.expireDate')}>
              <Space>
                {detail.expireDate}
                {detail.expiringSoon && <Tag color="warning">{t('registrations.expiring', { days: detail.daysLeft })}</Tag>}
              </Space>
            </Descriptions.Item>
            {detail.package && (
              <Descriptions.Item label={t('registrations.package')} span={2}>
                <Typed>
                  {detail.package.packageNo} {detail.package.packageName}
                </Typed>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('fields.description')} span={2}>
              {typedCell(detail.description)}
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title={t('registrations.notes')}>
            <Table
              size="small"
              rowKey="id"
              pagination={{ pageSize: 5 }}
              dataSource={detail.notes}
              columns={[
                { title: t('fields.noteNo'), dataIndex: 'noteNo' },
                { title: t('fields.holderName'), dataIndex: 'holderName', ellipsis: { showTitle: false }, render: typedCell },
                { title: t('fields.noteAmount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatMoney(v) },
                { title: t('fields.dueDate'), dataIndex: 'dueDate', width: 110 },
              ]}
            />
          </Card>
          <Card size="small" title={t('registrations.history')}>
            <Timeline
              data-testid="zd-history"
              items={detail.history.map((h) => ({
                children: (
                  <div>
                    <Space wrap>
                      <DictTag dictType={REGISTRATION_ACTION_DICT} value={h.action} />
                      <span>{formatDate(h.createTime, DATETIME_FORMAT)}</span>
                      <span>
                        {t('registrations.receiptNo')} {h.receiptNo}
                      </span>
                      <Typed>{h.createByName ?? h.createBy}</Typed>
                      {h.certificateFileId && (
                        <Button size="small" type="link" onClick={() => void openCertificate(h.certificateFileId!)}>
                          {t('registrations.certificate')}
                        </Button>
                      )}
                    </Space>
                    {h.before && <ChangeLine before={h.before} after={h.after} />}
                    {h.remark && (
                      <div style={{ color: '#888' }}>
                        <Typed>{h.remark}</Typed>
                      </div>
                    )}
                  </div>
                ),
              }))}
            />
          </Card>
        </Space>
      )}
      <Modal
        open={!!act}
        title={act ? t(`registrations.${act}`) : ''}
        onOk={submit}
        onCancel={() => setAct(undefined)}
        destroyOnHidden
        forceRender
        okButtonProps={{ id: 'zd-act-submit' }}
      >
        <Form form={form} layout="vertical">
          {act === 'amend' && (
            <>
              <Form.Item name="transfereeId" label={t('fields.transfereeId')}>
                <Select showSearch optionFilterProp="label" options={parties.map((p) => ({ value: p.id, label: p.name }))} />
              </Form.Item>
              <Form.Item name="amount" label={t('fields.amount')}>
                <InputNumber min="0.01" precision={2} stringMode style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="description" label={t('fields.description')} rules={[{ max: 1000 }]}>
                <Input.TextArea rows={3} />
              </Form.Item>
            </>
          )}
          {act === 'extend' && (
            <Form.Item name="periodYears" label={t('registrations.newPeriod')} rules={[{ required: true }]}>
              <InputNumber min={MIN_PERIOD_YEARS} max={MAX_PERIOD_YEARS} precision={0} />
            </Form.Item>
          )}
          {act === 'cancel' && (
            <Form.Item name="reason" label={t('fields.reason')} rules={[{ required: true, max: 500 }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </Drawer>
  );
}

/** Fields of a history entry read through a dictionary: shown by their labels, as everywhere else on screen. */
const DICT_FIELDS: Readonly<Record<string, string>> = { status: REGISTRATION_STATUS_DICT, registrationType: REGISTRATION_TYPE_DICT };
/** Fields of a history entry that are amounts: shown in the app's money format (¥ with separators). */
const MONEY_FIELDS: ReadonlySet<string> = new Set(['amount']);

/** A coded value as its dictionary label in running text (a tag would not read inside a before → after line). */
function DictText({ dictType, value }: { dictType: string; value: string }) {
  useDicts([dictType]);
  return <>{dictItem(dictType, value)?.dictLabel ?? value}</>;
}

/** One value of a history entry as people read it: a dictionary label, a formatted amount, or the text. */
function HistoryValue({ field, value }: { field: string; value: unknown }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  if (DICT_FIELDS[field]) return <DictText dictType={DICT_FIELDS[field]} value={String(value)} />;
  if (MONEY_FIELDS.has(field)) return <>{formatCurrency(String(value))}</>;
  return <>{String(value)}</>;
}

/** What an act changed, field by field, in the fields' own labels and values as the screens show them. */
function ChangeLine({ before, after }: { before: Record<string, unknown>; after: Record<string, unknown> }) {
  const { t } = useTranslation('abs');
  const changed = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (changed.length === 0) return null;
  return (
    <div style={{ fontSize: 12 }} data-testid="zd-change">
      {changed.map((k) => (
        <div key={k}>
          {t(`fields.${k}`, k)}：
          <span style={{ textDecoration: 'line-through', color: '#999' }}>
            <HistoryValue field={k} value={before[k]} />
          </span>{' '}
          →{' '}
          <b>
            <HistoryValue field={k} value={after[k]} />
          </b>
        </div>
      ))}
    </div>
  );
}
