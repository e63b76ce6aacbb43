/**
 * 登记付款: a payment into the settlement account by an issuing unit, matched to its outstanding
 * notes. The form shows the selected notes' total against the amount (the server's rule, src/lib/
 * redemption.ts, decides; a refusal is shown on its field).
 */
import type { Dayjs } from 'dayjs';
import { Alert, App, Button, DatePicker, Form, Input, Select, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, yuan } from '../../lib/money';
import { parseAmount } from '../../lib/quotas';
import { matchedFen } from '../../lib/redemption';
import { NoteStatusTag } from '../credit-notes';
import { redemptionApi, type MatchableNote } from './redemption-api';
import './locale';
import { businessToday } from '../../lib/dates';

interface Values {
  payerUnitId?: string;
  amount?: string;
  valueDate?: Dayjs;
  bankSerialNo?: string;
  remark?: string;
}

interface Refusal {
  message?: string;
  field?: string;
}

export function PaymentForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('redemption');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [payers, setPayers] = useState<Array<{ id: string; unitName: string }>>([]);
  const [notes, setNotes] = useState<MatchableNote[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const payerUnitId = Form.useWatch('payerUnitId', form);
  const amount = Form.useWatch('amount', form);
  useEffect(() => {
    redemptionApi.payers().then(setPayers, (e: Error) => setError(e.message));
  }, []);
  useEffect(() => {
    setSelected([]);
    if (!payerUnitId) return setNotes([]);
    redemptionApi.matchable(payerUnitId).then(setNotes, (e: Error) => setError(e.message));
  }, [payerUnitId]);

  const chosen = notes.filter((n) => selected.includes(n.id));
  const total = matchedFen(chosen);
  const paid = typeof amount === 'string' ? parseAmount(amount.trim()) : null;
  const submit = async (values: Values) => {
    setSaving(true);
    setError(undefined);
    try {
      await redemptionApi.addPayment({
        payerUnitId: values.payerUnitId ?? '',
        amount: values.amount?.trim() ?? '',
        valueDate: values.valueDate?.format('YYYY-MM-DD') ?? '',
        bankSerialNo: values.bankSerialNo?.trim() ?? '',
        noteIds: selected,
        remark: values.remark?.trim() || undefined,
      });
      message.success(t('page.saved'));
      form.resetFields();
      setSelected([]);
      onDone();
    } catch (e) {
      const refusal = e as Refusal;
      if (refusal.field && refusal.field !== 'noteIds') form.setFields([{ name: refusal.field as keyof Values, errors: [refusal.message ?? ''] }]);
      else setError(refusal.message);
    } finally {
      setSaving(false);
    }
  };
  const required = [{ required: true }];
  return (
    <Form form={form} layout="vertical" onFinish={submit} aria-label={t('page.addPayment')}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="payerUnitId" label={t('fields.payerUnitId')} rules={required}>
        <Select showSearch optionFilterProp="label" options={payers.map((p) => ({ value: p.id, label: p.unitName }))} />
      </Form.Item>
      <Form.Item label={t('fields.noteIds')} required extra={t('page.matchHint')}>
        {payerUnitId ? (
          <Table<MatchableNote>
            rowKey="id"
            size="small"
            dataSource={notes}
            pagination={false}
            scroll={{ y: 240 }}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
            columns={[
              { title: t('fields.noteNo'), dataIndex: 'noteNo', width: 200 },
              { title: t('fields.holderName'), dataIndex: 'holderName' },
              { title: t('fields.noteAmount'), dataIndex: 'amount', align: 'right', width: 140, render: (v: string) => formatMoney(v) },
              { title: t('fields.dueDate'), dataIndex: 'dueDate', width: 110 },
              {
                title: t('fields.noteStatus'),
                dataIndex: 'status',
                width: 90,
                render: (v: string, row) => <NoteStatusTag status={row.overdue ? 'OVERDUE' : v} />,
              },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">{t('page.noPayer')}</Typography.Text>
        )}
      </Form.Item>
      <Form.Item name="amount" label={t('fields.amount')} rules={required}>
        <Input inputMode="decimal" />
      </Form.Item>
      <div style={{ marginTop: -12, marginBottom: 16 }} data-testid="match-total">
        <Typography.Text>{t('page.matchedTotal', { amount: formatMoney(yuan(total)) })}</Typography.Text>{' '}
        {paid !== null &&
          selected.length > 0 &&
          (paid === total ? (
            <Tag color="success">{t('page.matchOk')}</Tag>
          ) : (
            <Tag color="error">{t('page.matchDiff', { amount: formatMoney(yuan(paid > total ? paid - total : total - paid)) })}</Tag>
          ))}
      </div>
      <Form.Item name="valueDate" label={t('fields.valueDate')} rules={required}>
        <DatePicker disabledDate={(d) => d.isAfter(businessToday(), 'day')} />
      </Form.Item>
      <Form.Item name="bankSerialNo" label={t('fields.bankSerialNo')} rules={required}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="remark" label={t('fields.remark')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('page.addPayment')}
      </Button>
    </Form>
  );
}
