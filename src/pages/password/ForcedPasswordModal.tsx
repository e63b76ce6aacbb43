import { Alert, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_STATUS } from '../../lib/codes';
import { endSession } from '../../providers/auth-provider';
import { api } from '../../providers/http';
import { useUserInfo } from '../../providers/user';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * First login (spec 4.1.5): userStatus 2 forces a password change before anything else. The server
 * has the last word through the first-login check; cancelling logs out.
 */
export default function ForcedPasswordModal() {
  const { t } = useTranslation('auth');
  const user = useUserInfo();
  const [required, setRequired] = useState(false);
  const firstLogin = user?.userStatus === USER_STATUS.INITIAL_PASSWORD;

  useEffect(() => {
    if (!firstLogin) return;
    let live = true;
    api
      .post<{ required: boolean }>('/op/v1/init-passwords/modify/verify', undefined, { keepOnNavigate: true })
      .then((result) => live && setRequired(result.required))
      .catch(() => live && setRequired(true));
    return () => {
      live = false;
    };
  }, [firstLogin]);

  const cancel = async () => window.location.assign(await endSession());

  return (
    <Modal
      open={firstLogin && required}
      title={t('changePassword.forcedTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={null}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('changePassword.forcedHint')} style={{ marginBottom: 20 }} />
      <ChangePasswordForm onCancel={cancel} />
    </Modal>
  );
}
