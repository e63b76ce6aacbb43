import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, type InputRef } from 'antd';
// The two inputs themselves, not antd's Input family (TextArea, Search, OTP), which the login page never shows.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ThemeProvider } from '../../layout/theme/ThemeProvider';
import { isSessionEndReason, SESSION_END_PARAM } from '../../lib/messages';
import { authProvider, loadRsa, type LoginParams } from '../../providers/auth-provider';

/**
 * The login form, the password RSA-encrypted before it leaves. It brings antd and the HTTP layer, so
 * it loads beside the page around it instead of holding up its first paint.
 */
export default function LoginForm() {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<string>();
  // Sent here because the server ended the session (forced out, disabled …): say so until the next try.
  const [ended, setEnded] = useState(() => {
    const reason = new URLSearchParams(window.location.search).get(SESSION_END_PARAM);
    return reason && isSessionEndReason(reason) ? t(`login.ended.${reason}`) : undefined;
  });
  const [isPending, setPending] = useState(false);
  const usernameRef = useRef<InputRef>(null);
  // Focus once the form has been painted: focusing during React's commit lays the page out there,
  // inside the longest task of the page's start.
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      // Only while nothing has the focus: an operator (or a test) already typing in the password field
      // would otherwise have the rest of what they type land in the username.
      timer = window.setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) usernameRef.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  // The login entry has no Refine (it stays light): the auth provider is called directly, and the
  // page reports the outcome itself, the server's message inline.
  const login = async (values: LoginParams) => {
    setPending(true);
    try {
      const result = await authProvider.login(values);
      if (result.success && typeof result.redirectTo === 'string') {
        window.location.assign(result.redirectTo);
        return;
      }
      setError(result.error?.message || t('login.failed'));
    } catch (err) {
      setError((err instanceof Error && err.message) || t('login.failed'));
    }
    setPending(false);
  };

  return (
    <ThemeProvider>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 20 }} role="alert" />}
      {ended && !error && <Alert type="warning" showIcon message={ended} style={{ marginBottom: 20 }} role="status" data-testid="login-ended" />}
      <Form<LoginParams>
        layout="vertical"
        size="large"
        requiredMark={false}
        // The password's RSA code is fetched at the first keystroke, long before it is needed.
        onValuesChange={() => void loadRsa().catch(() => undefined)}
        onFinish={(values) => {
          setError(undefined);
          setEnded(undefined);
          void login(values);
        }}
      >
        <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('login.usernameRequired')} ref={usernameRef} />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Password prefix={<LockOutlined />} autoComplete="current-password" placeholder={t('login.passwordRequired')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending}>
          {isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </Form>
    </ThemeProvider>
  );
}
