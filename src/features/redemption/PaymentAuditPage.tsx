/**
 * 付款审核 (/op/abs/credit-recycling-manage/audit, not cached): payments into the settlement account
 * with their status (待审核 / 已通过 / 已驳回); a payment's detail shows the notes it is matched to and,
 * while it waits, the audit: pass (the notes become 已兑付, their quota is recycled) or reject with an
 * opinion. Handlers record payments; a director audits one he did not record (the server's four-eyes
 * rule). The second tab lists registrations of notes paid outside the platform and starts new ones.
 */
import { Alert, App, Button, Card, Descriptions, Drawer, Input, Modal, Popconfirm, Segmented, Space, Table, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Typed } from '../../components/Typed';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/money';
import { PERMISSIONS } from './permissions';
import { AUDIT_OUTCOME, PAYMENT_STATUS, PAYMENT_STATUSES, type AuditOutcome } from '../../lib/redemption';
import { pageMessageOf } from '../../providers/http';
import { usePermission, useUserInfo } from '../../providers/user';
import { viewTaskLink } from '../../workflows/task-center/task-links';
import { noteLink, NoteStatusTag } from '../credit-notes';
import { PaymentForm } from './PaymentForm';
import { RegistrationForm } from './RegistrationForm';
import { redemptionApi, type MatchedNote, type Payment, type Registration } from './redemption-api';
import './locale';

const PAYMENT_COLOR: Record<string, string> = { PENDING: 'processing', APPROVED: 'success', REJECTED: 'error' };
const REGISTRATION_COLOR: Record<string, string> = { RUNNING: 'processing', APPROVED: 'success', REJECTED: 'error' };
const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

function PaymentDetail({ id, onAudited }: { id: string; onAudited: () => void }) {
  const { t } = useTranslation('redemption');
  const { message } = App.useApp();
  const mayAudit = usePermission(PERMISSIONS.redemption.audit);
  const user = useUserInfo();
  const [detail, setDetail] = useState<{ payment: Payment; notes: MatchedNote[] }>();
  const [opinion, setOpinion] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<AuditOutcome>();
  const load = useCallback(() => {
    redemptionApi.payment(id).then(setDetail, (e: Error) => setError(e.message));
  }, [id]);
  useEffect(load, [load]);
  if (!detail) return error ? <Alert type="error" showIcon message={error} /> : null;
  const { payment, notes } = detail;
  const own = payment.createBy === user?.username;
  const decide = async (outcome: AuditOutcome) => {
    setBusy(outcome);
    setError(undefined);
    try {
      await redemptionApi.audit(payment.id, outcome, opinion.trim() || undefined);
      message.success(outcome === AUDIT_OUTCOME.pass ? t('page.passed') : t('page.rejectedDone'));
      load();
      onAudited();
    } catch (e) {
      // A refusal may mean the payment moved on (another director audited it first): show what the
      // server holds now, its status and its notes, not the 待审核 this drawer was opened with.
      setError(pageMessageOf(e));
      load();
      onAudited();
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {error && <Alert type="error" showIcon message={error} data-testid="payment-audit-refused" />}
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={t('fields.bankSerialNo')}>{payment.bankSerialNo}</Descriptions.Item>
        <Descriptions.Item label={t('fields.status')}>
          <Tag color={PAYMENT_COLOR[payment.status]}>{t(`paymentStatus.${payment.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.payerName')}>
          <Typed>{payment.payerName}</Typed>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.amount')}>{formatMoney(payment.amount)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.valueDate')}>{payment.valueDate}</Descriptions.Item>
        <Descriptions.Item label={t('fields.createBy')}>{payment.createByName ?? payment.createBy}</Descriptions.Item>
        <Descriptions.Item label={t('fields.remark')} span={2}>
          {payment.remark}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('page.matchedNotes')}
      </Typography.Title>
      <Table<MatchedNote>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={notes}
        columns={[
          { title: t('fields.noteNo'), dataIndex: 'noteNo', render: (v: string, row) => <Link to={noteLink(row.id)}>{v}</Link> },
          { title: t('fields.holderName'), dataIndex: 'holderName', render: (value: string | null) => <Typed>{value}</Typed> },
          { title: t('fields.noteAmount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatMoney(v) },
          { title: t('fields.dueDate'), dataIndex: 'dueDate' },
          { title: t('fields.noteStatus'), dataIndex: 'status', render: (v: string) => <NoteStatusTag status={v} /> },
        ]}
      />
      {payment.status !== PAYMENT_STATUS.pending ? (
        <Descriptions title={t('page.auditInfo')} bordered size="small" column={2}>
          <Descriptions.Item label={t('fields.auditorName')}>
            <Typed>{payment.auditorName}</Typed>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.auditTime')}>{time(payment.auditTime)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.opinion')} span={2}>
            {payment.auditOpinion}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        mayAudit && (
          <Card size="small" title={t('page.audit')}>
            {own && <Alert type="warning" showIcon message={t('page.fourEyesHint')} style={{ marginBottom: 12 }} />}
            <Input.TextArea
              aria-label={t('fields.opinion')}
              placeholder={t('fields.opinion')}
              maxLength={500}
              rows={3}
              value={opinion}
              onChange={(e) => setOpinion(e.target.value)}
            />
            <Space style={{ marginTop: 12 }}>
              <Popconfirm title={t('page.passConfirm')} onConfirm={() => decide(AUDIT_OUTCOME.pass)} disabled={own}>
                <Button type="primary" loading={busy === AUDIT_OUTCOME.pass} disabled={own}>
                  {t('page.pass')}
                </Button>
              </Popconfirm>
              <Button danger loading={busy === AUDIT_OUTCOME.reject} disabled={own} onClick={() => decide(AUDIT_OUTCOME.reject)}>
                {t('page.reject')}
              </Button>
            </Space>
          </Card>
        )
      )}
    </Space>
  );
}

function PaymentsTab() {
  const { t } = useTranslation('redemption');
  const mayAdd = usePermission(PERMISSIONS.redemption.add);
  const mayAudit = usePermission(PERMISSIONS.redemption.audit);
  const [status, setStatus] = useState<string>(PAYMENT_STATUS.pending);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Payment[]>([]);
  const [total, setTotal] = useState(0);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState<string>();
  const [adding, setAdding] = useState(false);
  const load = useCallback(() => {
    setLoading(true);
    redemptionApi
      .payments({ status, pageNum: page, pageSize: 10 })
      .then(
        (found) => {
          setRows(found.records);
          setTotal(found.total);
          setCounts(found.counts);
          setError(undefined);
        },
        (e: Error) => setError(e.message),
      )
      .finally(() => setLoading(false));
  }, [status, page]);
  useEffect(load, [load]);
  return (
    <>
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }} wrap>
        <Segmented
          value={status}
          onChange={(v) => {
            setStatus(String(v));
            setPage(1);
          }}
          options={PAYMENT_STATUSES.map((s) => ({ value: s, label: `${t(`paymentStatus.${s}`)} (${counts[s] ?? 0})` }))}
        />
        <Space>
          <Button onClick={load}>{t('page.refresh')}</Button>
          {mayAdd && (
            <Button type="primary" onClick={() => setAdding(true)}>
              {t('page.addPayment')}
            </Button>
          )}
        </Space>
      </Space>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Table<Payment>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={{ current: page, total, pageSize: 10, onChange: setPage, showSizeChanger: false }}
        scroll={{ x: 1150 }}
        columns={[
          { title: t('fields.bankSerialNo'), dataIndex: 'bankSerialNo', width: 190 },
          { title: t('fields.payerName'), dataIndex: 'payerName', width: 200, render: (value: string | null) => <Typed>{value}</Typed> },
          { title: t('fields.amount'), dataIndex: 'amount', align: 'right', width: 150, render: (v: string) => formatMoney(v) },
          { title: t('fields.valueDate'), dataIndex: 'valueDate', width: 110 },
          { title: t('fields.status'), dataIndex: 'status', width: 100, render: (v: string) => <Tag color={PAYMENT_COLOR[v]}>{t(`paymentStatus.${v}`)}</Tag> },
          { title: t('fields.createBy'), dataIndex: 'createByName', width: 110, render: (value: string | null) => <Typed>{value}</Typed> },
          { title: t('fields.createTime'), dataIndex: 'createTime', width: 150, render: time },
          {
            title: t('page.detail'),
            key: 'detail',
            width: 90,
            fixed: 'right',
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setOpen(row.id)}>
                {row.status === PAYMENT_STATUS.pending && mayAudit ? t('page.audit') : t('page.detail')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer open={open !== undefined} width={760} title={t('page.title')} onClose={() => setOpen(undefined)} destroyOnHidden>
        {open && <PaymentDetail id={open} onAudited={load} />}
      </Drawer>
      <Modal open={adding} width={820} title={t('page.addPayment')} footer={null} onCancel={() => setAdding(false)} destroyOnHidden>
        <PaymentForm
          onDone={() => {
            setAdding(false);
            load();
          }}
        />
      </Modal>
    </>
  );
}

function RegistrationsTab() {
  const { t } = useTranslation('redemption');
  const mayRegister = usePermission(PERMISSIONS.redemption.register);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Registration[]>([]);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const load = useCallback(() => {
    redemptionApi.registrations({ pageNum: page, pageSize: 10 }).then(
      (found) => {
        setRows(found.records);
        setTotal(found.total);
        setError(undefined);
      },
      (e: Error) => setError(e.message),
    );
  }, [page]);
  useEffect(load, [load]);
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button onClick={load}>{t('page.refresh')}</Button>
        {mayRegister && (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('page.register')}
          </Button>
        )}
      </Space>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Table<Registration>
        rowKey="id"
        size="middle"
        dataSource={rows}
        pagination={{ current: page, total, pageSize: 10, onChange: setPage, showSizeChanger: false }}
        scroll={{ x: 1100 }}
        columns={[
          { title: t('fields.noteNo'), dataIndex: 'noteNo', width: 200, render: (v: string, row) => <Link to={noteLink(row.noteId)}>{v}</Link> },
          { title: t('fields.noteAmount'), dataIndex: 'amount', align: 'right', width: 140, render: (v: string) => formatMoney(v) },
          { title: t('fields.paidDate'), dataIndex: 'paidDate', width: 110 },
          { title: t('fields.evidenceName'), dataIndex: 'evidenceName', width: 200, render: (value: string | null) => <Typed>{value}</Typed> },
          {
            title: t('fields.status'),
            dataIndex: 'status',
            width: 100,
            render: (v: string) => <Tag color={REGISTRATION_COLOR[v]}>{t(`registrationStatus.${v}`)}</Tag>,
          },
          { title: t('fields.createBy'), dataIndex: 'createByName', width: 110, render: (value: string | null) => <Typed>{value}</Typed> },
          { title: t('fields.createTime'), dataIndex: 'createTime', width: 150, render: time },
          {
            title: t('page.detail'),
            key: 'task',
            width: 90,
            fixed: 'right',
            render: (_, row) => (row.instanceId ? <Link to={viewTaskLink({ instanceId: row.instanceId })}>{t('page.detail')}</Link> : null),
          },
        ]}
      />
      <Modal open={adding} width={640} title={t('page.register')} footer={null} onCancel={() => setAdding(false)} destroyOnHidden>
        <RegistrationForm
          onDone={() => {
            setAdding(false);
            load();
          }}
        />
      </Modal>
    </>
  );
}

export default function PaymentAuditPage() {
  const { t } = useTranslation('redemption');
  return (
    <Card title={t('page.title')}>
      <Tabs
        items={[
          { key: 'payments', label: t('page.paymentsTab'), children: <PaymentsTab /> },
          { key: 'registrations', label: t('page.registrationsTab'), children: <RegistrationsTab /> },
        ]}
      />
    </Card>
  );
}
