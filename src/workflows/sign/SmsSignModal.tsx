/**
 * The sign-confirmation modal (spec 4.3, 5.2, §8). Opened by useSmsSign (./useSmsSign.tsx), which
 * also checks the parameters and the corporation's switch first. On open it asks for a code
 * (sms/apply) and counts down 60 s (SMS_RESEND_WAIT_MS) before 重新发送; a send failure shows the
 * server's message or 发送短信验证码失败，请重试. 确定 needs the code (请输入短信验证码) and verifies
 * it: a refused code shows the server's message under the field; any other non-zero sign result
 * opens an error modal with the server's message. `onDone` gets code '0' when signed, '2' when closed.
 */
import '../task-view/locale';
import { App, Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_RESULT, SMS_CODE_LENGTH, SMS_RESEND_WAIT_MS } from '../../lib/sms-sign';
import { ApiError } from '../../providers/http';
import { signatureApi, type SmsSignParams } from './sign-api';

export type SignCode = (typeof SIGN_RESULT)[keyof typeof SIGN_RESULT];
export interface SignResult {
  code: SignCode;
  message?: string;
}

interface Props {
  params: SmsSignParams;
  onDone: (result: SignResult) => void;
}

const RESEND_SECONDS = SMS_RESEND_WAIT_MS / 1000;
/** Refusals of the entered code itself (server/workflow/sms-sign.ts), shown under the field. */
const isCodeRefusal = (error: unknown) => error instanceof ApiError && error.kind === 'business' && error.code.startsWith('SMS_CODE_');
const serverMessage = (error: unknown) => (error instanceof ApiError && error.kind === 'business' ? error.message : undefined);

export function SmsSignModal({ params, onDone }: Props) {
  const { t } = useTranslation('workflow');
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ verifyCode: string }>();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [verifying, setVerifying] = useState(false);

  const send = useCallback(async () => {
    setSending(true);
    setSendError(undefined);
    try {
      await signatureApi.apply(params);
      setSent(true);
      setSecondsLeft(RESEND_SECONDS);
    } catch (error) {
      setSendError(serverMessage(error) || t('sign.sendFailed'));
    } finally {
      setSending(false);
    }
  }, [params, t]);

  useEffect(() => {
    void send();
  }, [send]);

  const counting = secondsLeft > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setSecondsLeft((s) => Math.max(s - 1, 0)), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  const submit = async ({ verifyCode }: { verifyCode: string }) => {
    setVerifying(true);
    try {
      const answer = await signatureApi.verify(params, verifyCode.trim());
      if (!answer?.signed) {
        modal.error({ title: t('sign.failedTitle'), content: t('sign.notSigned') });
        return;
      }
      onDone({ code: SIGN_RESULT.SUCCESS });
    } catch (error) {
      if (isCodeRefusal(error)) form.setFields([{ name: 'verifyCode', errors: [(error as ApiError).message] }]);
      else modal.error({ title: t('sign.failedTitle'), content: error instanceof Error ? error.message : String(error) });
    } finally {
      setVerifying(false);
    }
  };

  return (
    <Modal
      open
      title={t('sign.title')}
      onCancel={() => onDone({ code: SIGN_RESULT.CANCELLED })}
      onOk={() => form.submit()}
      okText={t('sign.confirm')}
      cancelText={t('sign.cancel')}
      confirmLoading={verifying}
      maskClosable={false}
      destroyOnHidden
      data-testid="sms-sign-modal"
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        {params.summary && <p className="sms-sign-summary">{t('sign.summary', { summary: params.summary })}</p>}
        {sendError ? (
          <Alert type="error" showIcon message={sendError} data-testid="sms-send-error" />
        ) : (
          sent && <Alert type="info" showIcon message={t('sign.sent')} />
        )}
        <Form.Item label={t('sign.codeLabel')} required style={{ marginTop: 12 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="verifyCode" noStyle rules={[{ required: true, whitespace: true, message: t('sign.codeRequired') }]}>
              <Input
                placeholder={t('sign.codePlaceholder')}
                maxLength={SMS_CODE_LENGTH}
                inputMode="numeric"
                autoComplete="one-time-code"
                data-testid="sms-code-input"
              />
            </Form.Item>
            <Button onClick={() => void send()} disabled={counting || sending} loading={sending} data-testid="sms-resend">
              {counting ? t('sign.resendIn', { seconds: secondsLeft }) : t('sign.resend')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
