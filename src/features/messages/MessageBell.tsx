/**
 * The navbar's bell (issue 21): the unread count, live; a click opens the drawer of recent messages,
 * whose code loads on the first click. The socket starts once the first screen is up, for every
 * signed-in user (it carries the session's end too); the bell shows with the message centre's grant.
 */
import { BellOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../lib/access';
import { PERMISSIONS } from './permissions';
import { whenIdle } from '../../layout/idle';
import { useUserInfo } from '../../providers/user';
import { liveMessages, useLiveMessages } from './live';

const MessageDrawer = lazy(() => import('./MessageDrawer'));
const MAX_SHOWN = 99;

export function MessageBell() {
  const user = useUserInfo();
  const withMessages = !!user && hasPermission(user.menuPerms, PERMISSIONS.message.list);
  // Every signed-in tab holds the socket: it also says when the session was ended on the server
  // (forced out, disabled), which concerns users without the message centre as much.
  const signedIn = user?.personId;
  useEffect(() => {
    if (!signedIn) return undefined;
    const cancel = whenIdle(() => liveMessages.start({ withMessages }));
    return () => {
      cancel();
      liveMessages.stop();
    };
  }, [signedIn, withMessages]);
  return withMessages ? <Bell /> : null;
}

function Bell() {
  const { t } = useTranslation('shell');
  const { unread, online } = useLiveMessages();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const label = unread > 0 ? t('navbar.messagesUnread', { count: unread }) : t('navbar.messages');
  return (
    <>
      <Tooltip title={label}>
        <button
          type="button"
          className="navbar-icon-link navbar-bell"
          style={{ border: 0, background: 'transparent', cursor: 'pointer' }}
          aria-label={label}
          data-testid="message-bell"
          data-unread={unread}
          data-online={online}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        >
          <BellOutlined />
          {unread > 0 && (
            <span className="navbar-count" aria-hidden="true">
              {unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread}
            </span>
          )}
        </button>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <MessageDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
