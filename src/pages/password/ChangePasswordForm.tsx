import { App, Button, Form, Input, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordFieldError, type PasswordChange, type PasswordField } from '../../lib/password';
import { encryptWithPublicKey, endingSessionHere, forgetSession } from '../../providers/auth-provider';
import { api, ApiError } from '../../providers/http';

interface Props {
  /** Cancel on the forced modal logs out; on the page it goes back. */
  onCancel: () => void;
  cancelText?: string;
}

/**
 * The change-password form of spec 5.1, used by the forced first-login modal and the
 * change-password page. Success ends the session: the user signs in again with the new password.
 */
export function ChangePasswordForm({ onCancel, cancelText }: Props) {
  const { t } = useTranslation('auth');
  const { modal, notification } = App.useApp();
  const [form] = Form.useForm<Required<PasswordChange>>();
  const [submitting, setSubmitting] = useState(false);

  const rule = (field: PasswordField): Rule => ({
    validator: async () => {
      const values: Partial<PasswordChange> = form.getFieldsValue();
      const error = passwordFieldError(field, {
        originalPassword: values.originalPassword ?? '',
        newPassword: values.newPassword ?? '',
        repeatPassword: values.repeatPassword ?? '',
      });
      if (error) throw new Error(t(error));
    },
  });

  const submit = async (values: Required<PasswordChange>) => {
    setSubmitting(true);
    try {
      const originalPassword = await encryptWithPublicKey(values.originalPassword.trim());
      const newPassword = await encryptWithPublicKey(values.newPassword.trim());
      await endingSessionHere(() => api.post('/op/v1/staffs/password', { originalPassword, newPassword }));
      // The server ended every session of this user with the change; asking it to log out would only earn a 401.
      const loginUrl = forgetSession();
      modal.success({
        title: t('changePassword.successTitle'),
        content: t('changePassword.success'),
        onOk: () => window.location.assign(loginUrl),
        afterClose: () => window.location.assign(loginUrl),
      });
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'business') {
        notification.error({ message: t('changePassword.failedTitle'), description: error.message });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: PasswordField, label: string, placeholder: string, autoComplete: string, dependencies: PasswordField[] = []) => (
    <Form.Item name={name} label={label} dependencies={dependencies} rules={[rule(name)]} validateFirst>
      {/* No maxLength: it would cut a 21st character silently, and the next sign-in with what was typed would fail. The rule says so instead. */}
      <Input.Password placeholder={placeholder} autoComplete={autoComplete} />
    </Form.Item>
  );

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark>
      {field('originalPassword', t('changePassword.original'), t('changePassword.originalPlaceholder'), 'current-password')}
      {field('newPassword', t('changePassword.new'), t('changePassword.newPlaceholder'), 'new-password', ['originalPassword'])}
      {field('repeatPassword', t('changePassword.repeat'), t('changePassword.repeatPlaceholder'), 'new-password', ['newPassword'])}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{cancelText ?? t('changePassword.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('changePassword.submit')}
        </Button>
      </Space>
    </Form>
  );
}
