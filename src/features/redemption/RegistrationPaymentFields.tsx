/**
 * What a registration of a note paid outside the platform says about the payment: the day it was
 * paid (not after today), the evidence file and a remark. The same fields serve the registration
 * (RegistrationForm) and the change of a returned one before it is resubmitted
 * (RegistrationResubmitForm); the server checks them again either way.
 */
import type { Dayjs } from 'dayjs';
import { DatePicker, Form, Input, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import './locale';
import { businessToday } from '../../lib/dates';

const FileUpload = lazy(() => import('../../components/files/FileUpload'));

/** One evidence file (the form item hands its value to the upload through this wrapper). */
function EvidenceUpload(props: { value?: string[]; onChange?: (ids: string[]) => void }) {
  return (
    <Suspense fallback={<Skeleton.Button active />}>
      <FileUpload {...props} accept={['application/pdf', 'image/png', 'image/jpeg']} maxCount={1} />
    </Suspense>
  );
}

export interface PaymentValues {
  paidDate?: Dayjs;
  evidenceFileId?: string[];
  remark?: string;
}

/** The body the server reads from the fields' values. */
export const paymentBody = (values: PaymentValues) => ({
  paidDate: values.paidDate?.format('YYYY-MM-DD') ?? '',
  evidenceFileId: values.evidenceFileId?.[0] ?? '',
  remark: values.remark?.trim() || undefined,
});

export function RegistrationPaymentFields() {
  const { t } = useTranslation('redemption');
  const required = [{ required: true }];
  return (
    <>
      <Form.Item name="paidDate" label={t('fields.paidDate')} rules={required}>
        <DatePicker disabledDate={(d) => d.isAfter(businessToday(), 'day')} />
      </Form.Item>
      <Form.Item name="evidenceFileId" label={t('fields.evidenceFileId')} rules={required}>
        <EvidenceUpload />
      </Form.Item>
      <Form.Item name="remark" label={t('fields.remark')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </>
  );
}
