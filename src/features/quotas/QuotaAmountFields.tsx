/**
 * What a quota application or adjustment asks: the amount (an adjustment's new total, which may be
 * zero), the term's last day and the reason, under src/lib/quotas' rules (amounts in fen, never floats).
 * The same fields serve the first submission (QuotaRequestModal) and the change of a returned request
 * before it is resubmitted (QuotaResubmitForm); the server checks them again either way.
 */
import type { Dayjs } from 'dayjs';
import { DatePicker, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseAmount } from '../../lib/quotas';
import './locale';
import { businessToday } from '../../lib/dates';

export interface AmountValues {
  amount?: string;
  termEnd?: Dayjs;
  reason?: string;
}

/** The body the server reads from the fields' values. */
export const amountBody = (values: AmountValues) => ({
  amount: values.amount?.trim(),
  termEnd: values.termEnd?.format('YYYY-MM-DD'),
  reason: values.reason?.trim(),
});

export function QuotaAmountFields({ modifying }: { modifying: boolean }) {
  const { t } = useTranslation('quotas');
  const required = { required: true, message: t('validation.required') };
  const amountRule = {
    validator: (_: unknown, value: string | undefined) =>
      !value || parseAmount(value.trim(), modifying) !== null
        ? Promise.resolve()
        : Promise.reject(new Error(t(modifying ? 'validation.amountOrZero' : 'validation.amount'))),
  };
  return (
    <>
      <Form.Item name="amount" label={t(modifying ? 'fields.newAmount' : 'fields.amount')} rules={[required, amountRule]}>
        <Input inputMode="decimal" maxLength={18} addonAfter={t('yuan')} data-testid="quota-amount-input" />
      </Form.Item>
      <Form.Item name="termEnd" label={t('fields.termEnd')} rules={[required]}>
        <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} disabledDate={(d) => !d.isAfter(businessToday(), 'day')} />
      </Form.Item>
      <Form.Item name="reason" label={t('fields.reason')} rules={[required, { max: 500 }]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </>
  );
}
