/**
 * Asks before a page with unsaved form changes is left by a route change (menu, tag, link, back and
 * forward alike): the change has happened when the location moves, so "留在此页" goes straight back,
 * where the page, kept alive by the tags-view, still holds what was typed. Also installs the question
 * the tags-view's close and modal cancels ask (guarded-forms.ts), and after a sign-in that follows an
 * expired session returns to the page whose drafts were kept.
 */
import './locale';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { confirmLeaving, setLeaveQuestion, takeDraftReturnPath } from './guarded-forms';

export function LeaveGuard() {
  const { t } = useTranslation('formGuard');
  const { modal } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const previous = useRef({ pathname: location.pathname, search: location.search });
  const returning = useRef<string | undefined>(undefined);

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

  useEffect(() => {
    const left = previous.current;
    previous.current = { pathname: location.pathname, search: location.search };
    if (left.pathname === location.pathname) return;
    if (returning.current === location.pathname) {
      returning.current = undefined;
      return;
    }
    void confirmLeaving([left.pathname]).then((leave) => {
      if (leave) return;
      returning.current = left.pathname;
      navigate(`${left.pathname}${left.search}`, { replace: true });
    });
  }, [location.pathname, location.search, navigate]);

  return null;
}
