/**
 * A returned registration of a note paid outside the platform, at its submitter's step
 * (RESUBMIT_FORMS, src/workflows/resubmit.tsx): the note it registers, and the registration's own
 * fields (RegistrationPaymentFields) prefilled with what it said. 重新提交 sends them with the version
 * read; the server checks them as at registration. Whoever does not work the task sees it read-only.
 */
import { Descriptions, Form, Spin } from 'antd';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '../../lib/money';
import { ResubmitFrame, useResubmit } from '../../workflows/resubmit';
import type { TaskComponentProps } from '../../workflows/task-types';
import { useTaskRecord } from '../../workflows/task-view/use-task-record';
import { redemptionApi } from './redemption-api';
import { paymentBody, RegistrationPaymentFields, type PaymentValues } from './RegistrationPaymentFields';
import RegistrationTaskView from './RegistrationTaskView';
import './locale';

export default function RegistrationResubmitForm(props: TaskComponentProps) {
  if (!props.working) return <RegistrationTaskView {...props} />;
  return <Editing {...props} />;
}

function Editing(props: TaskComponentProps) {
  const { instance, activityKey, reportRecord } = props;
  const { t } = useTranslation('redemption');
  const [form] = Form.useForm<PaymentValues>();
  const { loaded, error } = useTaskRecord(reportRecord, () => redemptionApi.registration(instance.businessKey), [
    instance.businessKey,
    instance.status,
    activityKey,
  ]);
  const registration = loaded?.registration;

  const collect = useCallback(async () => {
    let values: PaymentValues;
    try {
      values = await form.validateFields();
    } catch {
      throw new Error(t('kit:approval.resubmit.invalid'));
    }
    return { dataVersion: registration!.dataVersion, ...paymentBody(values) };
  }, [form, registration, t]);
  useResubmit(props, registration ? collect : undefined);

  if (error) return null;
  if (!loaded || !registration) return <Spin />;
  const { note } = loaded;
  return (
    <ResubmitFrame>
      <Descriptions title={t('page.registrationTitle')} bordered size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('fields.noteNo')}>{note.noteNo}</Descriptions.Item>
        <Descriptions.Item label={t('fields.noteAmount')}>{formatCurrency(registration.amount)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.issuerName')}>{note.issuerName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.holderName')}>{note.holderName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.dueDate')}>{note.dueDate}</Descriptions.Item>
      </Descriptions>
      <Form<PaymentValues>
        form={form}
        layout="vertical"
        name="registration-resubmit"
        style={{ maxWidth: 480 }}
        initialValues={{ paidDate: dayjs(registration.paidDate), evidenceFileId: [registration.evidenceFileId], remark: registration.remark ?? undefined }}
      >
        <RegistrationPaymentFields />
      </Form>
    </ResubmitFrame>
  );
}
