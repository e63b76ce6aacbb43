/**
 * The task component of the three certificate processes (TASK_COMPONENT.CERTIFICATE): the certificate
 * and the application behind the instance (its businessKey is the application id). At the handler's
 * first step (Edit / ReopenEdit), its worker may change the requested validity and invoice type;
 * they are saved before a pass, over the version read, so a stale edit is refused. Read-only otherwise.
 */
import { Card, Descriptions, Form, Space, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../components/DictTag';
import { CERT_PROCESS_KEY, INVOICE_TYPE_DICT, type CertKind } from '../../lib/certificates';
import { certificateApi, type Certificate, type CertificateApplication } from './certificate-api';
import { CertificateDescriptions } from './CertificateDescriptions';
import { pickerDate, requestedBody, RequestedFields, type RequestedValues } from './RequestedFields';
import { findProcessDefinition } from '../../workflows/registry';
import { TASK_OUTCOME } from '../../workflows/states';
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
  const { loaded, error, setLoaded } = useTaskRecord<Loaded>(reportRecord, () => certificateApi.findApplication(instance.businessKey), [instance.businessKey, instance.status, activityKey]);

  const editing = !!loaded && working && isEditStep(loaded.application.kind, activityKey);

  useEffect(() => {
    if (!editing || !loaded) return undefined;
    const { application } = loaded;
    return registerBeforeComplete(async (outcome) => {
      // A reject at the first step withdraws the application: nothing to save.
      if (outcome !== TASK_OUTCOME.PASS) return;
      let values: RequestedValues;
      try {
        values = await form.validateFields();
      } catch {
        throw new Error(t('kit:form.required'));
      }
      const saved = await certificateApi.updateApplication({ id: application.id, dataVersion: application.dataVersion, ...requestedBody(values, application.kind) });
      setLoaded((current) => current && { ...current, application: saved });
    });
  }, [editing, loaded, setLoaded, registerBeforeComplete, form, t]);

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
          <Form<RequestedValues>
            form={form}
            layout="vertical"
            name="certificate-task"
            style={{ maxWidth: 420 }}
            initialValues={{ validFrom: pickerDate(application.validFrom), validTo: pickerDate(application.validTo), invoiceType: application.invoiceType ?? undefined }}
          >
            <Typography.Paragraph type="secondary">{t('task.editHint')}</Typography.Paragraph>
            <RequestedFields kind={application.kind} currentValidTo={certificate.validTo} />
          </Form>
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
