import { AuditOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../idle';
import { Link } from 'react-router';
import { hasPermission } from '../../lib/access';
import { PERMISSIONS } from '../../lib/permissions';
import { useUserInfo } from '../../providers/user';
import { TASK_TODO_PATH } from '../../routes/static-routes';
import { pendingTasks, usePendingTaskCount } from '../../workflows/task-center/pending-tasks';

/** How often the indicator asks for the pending count; a completed task refreshes it at once (TaskActions). */
const REFRESH_MS = 60_000;

/**
 * The pending-approval indicator (spec §6: on when the pending count is above 0): a dot on the
 * task icon, linking to 待办任务. Only for operators who may list tasks.
 */
export function PendingTasksBadge() {
  const { t } = useTranslation('shell');
  const user = useUserInfo();
  const mayList = !!user && hasPermission(user.menuPerms, PERMISSIONS.task.list);
  const count = usePendingTaskCount();
  useEffect(() => {
    if (!mayList) return;
    // The first count waits for the first screen to be up: nobody reads it before.
    const cancel = whenIdle(() => void pendingTasks.refresh());
    const timer = setInterval(() => void pendingTasks.refresh({ background: true }), REFRESH_MS);
    return () => {
      cancel();
      clearInterval(timer);
    };
  }, [mayList]);
  if (!mayList) return null;
  const pending = count > 0;
  const label = pending ? t('navbar.pendingTasks', { count }) : t('navbar.noPendingTasks');
  return (
    <Tooltip title={label}>
      <Link to={TASK_TODO_PATH} className="navbar-icon-link" aria-label={label} data-testid="pending-tasks" data-pending={pending}>
        <AuditOutlined />
        {pending && <span className="navbar-dot" aria-hidden="true" />}
      </Link>
    </Tooltip>
  );
}
