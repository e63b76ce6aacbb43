/**
 * Installs the question asked before unsaved form changes are dropped (guarded-forms.ts): by a route
 * change, which the router's history holds until it is answered (guarded-history.ts), the tags-view's
 * close and modal cancels. After a sign-in that follows an expired session, returns to the page whose
 * drafts were kept.
 */
import './locale';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setLeaveQuestion, takeDraftReturnPath } from './guarded-forms';

export function LeaveGuard() {
  const { t } = useTranslation('formGuard');
  const { modal } = App.useApp();
  const navigate = useNavigate();

  // Signed in again after the session expired with unsaved forms: back to the page they were typed on.
  useEffect(() => {
    const back = takeDraftReturnPath();
    if (back && back !== `${window.location.pathname}${window.location.search}`) navigate(back, { replace: true });
  }, [navigate]);

  useEffect(() => {
    setLeaveQuestion(
      () =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: t('leave.title'),
            content: t('leave.content'),
            okText: t('leave.ok'),
            cancelText: t('leave.cancel'),
            okButtonProps: { danger: true },
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    );
  }, [modal, t]);

  return null;
}
