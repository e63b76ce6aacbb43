/**
 * The task component of the three certificate processes (TASK_COMPONENT.CERTIFICATE): the certificate
 * and the application behind the instance (its businessKey is the application id). At the handler's
 * first step (Edit / ReopenEdit, where a 驳回 returns it to its submitter), they may change the
 * requested validity and invoice type; 重新提交 sends them first (src/workflows/resubmit.tsx), over the
 * version read, so a stale edit is refused. Read-only otherwise.
 */
import { Card, Descriptions, Form, Space, Spin, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../components/DictTag';
import { CERT_PROCESS_KEY, INVOICE_TYPE_DICT, type CertKind } from '../../lib/certificates';
import { certificateApi, type Certificate, type CertificateApplication } from './certificate-api';
import { CertificateDescriptions } from './CertificateDescriptions';
import { pickerDate, requestedBody, RequestedFields, type RequestedValues } from './RequestedFields';
import { findProcessDefinition } from '../../workflows/registry';
import { ResubmitFrame, useResubmit } from '../../workflows/resubmit';
import type { TaskComponentProps } from '../../workflows/task-types';
import { useTaskRecord } from '../../workflows/task-view/use-task-record';
import './locale';

interface Loaded {
  application: CertificateApplication;
  certificate: Certificate;
}

/** Whether the step shown is the handler's first step of the application's process. */
export function isEditStep(kind: CertKind, activityKey: string): boolean {
  return findProcessDefinition(CERT_PROCESS_KEY[kind])?.startActivity === activityKey;
}

export default function CertificateTaskView({ instance, activityKey, working, registerBeforeComplete, reportRecord }: TaskComponentProps) {
  const { t } = useTranslation('certificates');
  const [form] = Form.useForm<RequestedValues>();
  const { loaded, error } = useTaskRecord<Loaded>(reportRecord, () => certificateApi.findApplication(instance.businessKey), [
    instance.businessKey,
    instance.status,
    activityKey,
  ]);

  const editing = !!loaded && working && isEditStep(loaded.application.kind, activityKey);

  // Back at the handler's first step after a 驳回: the requested validity and invoice type are changed
  // there and sent with 重新提交 (src/workflows/resubmit.tsx), over the version read.
  const collect = useCallback(async () => {
    let values: RequestedValues;
    try {
      values = await form.validateFields();
    } catch {
      throw new Error(t('kit:approval.resubmit.invalid'));
    }
    return { dataVersion: loaded!.application.dataVersion, ...requestedBody(values, loaded!.application.kind) };
  }, [form, loaded, t]);
  useResubmit({ instance, working, registerBeforeComplete }, editing ? collect : undefined);

  // The frame says the record is missing or failed (task-record-problem) and holds the actions back.
  if (error) return null;
  if (!loaded) return <Spin />;
  const { application, certificate } = loaded;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="certificate-task-view">
      <Card size="small" title={t('task.certificate')}>
        <CertificateDescriptions certificate={certificate} />
      </Card>
      <Card size="small" title={`${t('task.application')} · ${t(`kind.${application.kind}`)}`}>
        {editing ? (
          <ResubmitFrame>
            <Form<RequestedValues>
              form={form}
              layout="vertical"
              name="certificate-task"
              style={{ maxWidth: 420 }}
              initialValues={{
                validFrom: pickerDate(application.validFrom),
                validTo: pickerDate(application.validTo),
                invoiceType: application.invoiceType ?? undefined,
              }}
            >
              <Typography.Paragraph type="secondary">{t('task.editHint')}</Typography.Paragraph>
              <RequestedFields kind={application.kind} currentValidTo={certificate.validTo} />
            </Form>
          </ResubmitFrame>
        ) : (
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('task.requestedValidity')}>
              <span data-testid="requested-validity">{application.validFrom ? `${application.validFrom} ~ ${application.validTo}` : application.validTo}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.invoiceType')}>
              <DictTag dictType={INVOICE_TYPE_DICT} value={application.invoiceType} />
            </Descriptions.Item>
            {application.remark && <Descriptions.Item label={t('fields.remark')}>{application.remark}</Descriptions.Item>}
          </Descriptions>
        )}
      </Card>
    </Space>
  );
}
