/**
 * The fields an application asks for, shared by the application form and the handler's edit step:
 * the validity (a create names its start too), the invoice type, with the server's date rules.
 */
import { DatePicker, Form } from 'antd';
import type { Rule, RuleObject } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CERT_DATE_FORMAT, CERT_KIND, certDateOf, type CertKind } from '../../lib/certificates';
import { InvoiceTypeSelect } from './InvoiceTypeSelect';
import { businessToday } from '../../lib/dates';

export interface RequestedValues {
  validFrom?: Dayjs;
  validTo?: Dayjs;
  invoiceType?: string;
}

/** The form's values as the calls take them. */
export function requestedBody(values: RequestedValues, kind: CertKind) {
  return {
    ...(kind === CERT_KIND.CREATE && values.validFrom ? { validFrom: certDateOf(values.validFrom) } : {}),
    validTo: values.validTo ? certDateOf(values.validTo) : '',
    invoiceType: values.invoiceType ?? '',
  };
}

/** A stored 'YYYY-MM-DD' as the date pickers hold it. */
export const pickerDate = (value: string | null | undefined) => (value ? dayjs(value, CERT_DATE_FORMAT) : undefined);

interface Props {
  kind: CertKind;
  /** The certificate's current end: a renewal must end later. */
  currentValidTo?: string | null;
}

export function RequestedFields({ kind, currentValidTo }: Props) {
  const { t } = useTranslation('certificates');
  const today = businessToday();
  const required = { required: true, message: t('kit:form.required') };
  const after = (limit: () => Dayjs | undefined, message: string): RuleObject => ({
    validator: (_rule, value?: Dayjs) => {
      const bound = limit();
      return !value || !bound || value.isAfter(bound, 'day') ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });
  const validToRules: Rule[] = [required, after(() => today, t('form.validToFuture'))];
  if (kind === CERT_KIND.RENEWAL && currentValidTo)
    validToRules.push(after(() => pickerDate(currentValidTo), t('form.validToAfterCurrent', { current: currentValidTo })));
  if (kind === CERT_KIND.CREATE)
    validToRules.push(({ getFieldValue }) => after(() => getFieldValue('validFrom') as Dayjs | undefined, t('form.validToAfterFrom')));

  return (
    <>
      {kind === CERT_KIND.CREATE && (
        <Form.Item name="validFrom" label={t('fields.validFrom')} rules={[required, after(() => today.subtract(1, 'day'), t('form.validFromNotPast'))]}>
          <DatePicker format={CERT_DATE_FORMAT} style={{ width: '100%' }} disabledDate={(d) => d.isBefore(today, 'day')} />
        </Form.Item>
      )}
      <Form.Item name="validTo" label={t('fields.validTo')} dependencies={kind === CERT_KIND.CREATE ? ['validFrom'] : []} rules={validToRules}>
        <DatePicker format={CERT_DATE_FORMAT} style={{ width: '100%' }} disabledDate={(d) => !d.isAfter(today, 'day')} />
      </Form.Item>
      <Form.Item name="invoiceType" label={t('fields.invoiceType')} rules={[required]}>
        <InvoiceTypeSelect placeholder={t('kit:form.selectPlaceholder', { label: t('fields.invoiceType') })} />
      </Form.Item>
    </>
  );
}
