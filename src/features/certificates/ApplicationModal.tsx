/**
 * 新增证书申请 / 续期 / 重新开通: the form that starts the certificate's process. The server checks
 * everything again and answers a refusal in Chinese, shown above the form.
 */
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useFormGuard } from '../../components/form-guard/useFormGuard';
import { useTranslation } from 'react-i18next';
import { CERT_KIND, type CertKind } from '../../lib/certificates';
import { antdRule } from '../../lib/validators';
import { certificateApi, type Certificate } from './certificate-api';
import { requestedBody, RequestedFields, type RequestedValues } from './RequestedFields';

interface Props {
  kind: CertKind;
  /** The certificate renewed or reopened; none for a create. */
  certificate?: Certificate;
  onClose: () => void;
  onStarted: () => void;
  /** Values kept when the session expired (CERTIFICATE_DRAFT), offered back by the page. */
  restored?: Record<string, unknown>;
}

/** The application form's id under the form guard; the page offers its kept draft back. */
export const CERTIFICATE_DRAFT = 'certificate-application';

type Values = RequestedValues & { holderCorpName?: string; holderCorpId?: string; remark?: string };

const REMARK_MAX = 500;
const TEXT_MAX = 100;

export function ApplicationModal({ kind, certificate, onClose, onStarted, restored }: Props) {
  const { t } = useTranslation(['certificates', 'kit']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const required = { required: true, whitespace: true, message: t('kit:form.required') };
  const guard = useFormGuard({ id: CERTIFICATE_DRAFT, form, context: { kind, certificateId: certificate?.id } });
  const { onValuesChange } = guard;
  // Restored values are unsaved values: leaving asks again.
  useEffect(() => {
    if (restored) onValuesChange();
  }, [restored, onValuesChange]);

  const submit = async (values: Values) => {
    setSaving(true);
    setRefusal(undefined);
    try {
      await certificateApi.apply(kind, {
        ...(certificate ? { id: certificate.id } : { holderCorpName: values.holderCorpName?.trim(), holderCorpId: values.holderCorpId?.trim() }),
        ...requestedBody(values, kind),
        remark: values.remark?.trim() || undefined,
      });
      void message.success(t('form.started'));
      guard.saved();
      onStarted();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(`form.title.${kind}`)}
      okText={t('form.submit')}
      cancelText={t('kit:form.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => void guard.confirmDiscard().then((drop) => drop && onClose())}
      destroyOnHidden
    >
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} role="alert" />}
      <Form<Values>
        form={form}
        layout="vertical"
        name={`certificate-${kind.toLowerCase()}`}
        initialValues={restored ?? { invoiceType: certificate?.invoiceType ?? undefined }}
        onValuesChange={onValuesChange}
        onFinish={(values) => void submit(values)}
      >
        {certificate ? (
          <Form.Item label={t('fields.holderCorpName')}>
            <Input value={certificate.holderCorpName} disabled />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="holderCorpName" label={t('fields.holderCorpName')} rules={[required, antdRule('corpName', t)]}>
              <Input maxLength={TEXT_MAX} />
            </Form.Item>
            <Form.Item name="holderCorpId" label={t('fields.holderCorpId')} rules={[required, antdRule('taxId', t)]}>
              <Input maxLength={TEXT_MAX} />
            </Form.Item>
          </>
        )}
        {kind === CERT_KIND.RENEWAL && certificate && (
          <Form.Item label={t('fields.currentValidTo')}>
            <Input value={certificate.validTo ?? ''} disabled />
          </Form.Item>
        )}
        <RequestedFields kind={kind} currentValidTo={certificate?.validTo} />
        <Form.Item name="remark" label={t('fields.remark')} rules={[{ max: REMARK_MAX, message: t('kit:form.maxLength', { max: REMARK_MAX }) }]}>
          <Input.TextArea rows={2} maxLength={REMARK_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
