/**
 * 线下兑付登记: a note paid outside the platform, with the payment evidence uploaded through the file
 * service; submitting starts its approval (Process_CREDIT_REDEEM_REGISTER_BIZ). The note changes only
 * when the director approves it.
 */
import { Alert, App, Button, Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import { redemptionApi, type MatchableNote } from './redemption-api';
import { paymentBody, RegistrationPaymentFields, type PaymentValues } from './RegistrationPaymentFields';
import './locale';

interface Values extends PaymentValues {
  noteId?: string;
}

export function RegistrationForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('redemption');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [notes, setNotes] = useState<MatchableNote[]>([]);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    redemptionApi.matchable().then(setNotes, (e: Error) => setError(e.message));
  }, []);
  const submit = async (values: Values) => {
    setSaving(true);
    setError(undefined);
    try {
      await redemptionApi.register({ noteId: values.noteId ?? '', ...paymentBody(values) });
      message.success(t('page.registered'));
      form.resetFields();
      onDone();
    } catch (e) {
      const refusal = e as { message?: string; field?: string };
      if (refusal.field) form.setFields([{ name: refusal.field as keyof Values, errors: [refusal.message ?? ''] }]);
      else setError(refusal.message);
    } finally {
      setSaving(false);
    }
  };
  const required = [{ required: true }];
  return (
    <Form form={form} layout="vertical" onFinish={submit} aria-label={t('page.register')}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="noteId" label={t('fields.noteId')} rules={required}>
        <Select
          showSearch
          optionFilterProp="label"
          options={notes.map((n) => ({ value: n.id, label: `${n.noteNo} · ${n.issuerName} · ${formatMoney(n.amount)}` }))}
        />
      </Form.Item>
      <RegistrationPaymentFields />
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('page.register')}
      </Button>
    </Form>
  );
}
