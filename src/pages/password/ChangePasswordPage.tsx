import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ChangePasswordForm } from './ChangePasswordForm';

/** /op/login/change-password, reached from the user menu (spec 2.1). */
export default function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  useDocumentTitle(t('changePassword.title'));
  return (
    <Card title={t('changePassword.title')} style={{ maxWidth: 520 }}>
      <ChangePasswordForm onCancel={() => navigate(-1)} cancelText={t('changePassword.back')} />
    </Card>
  );
}
