import { DownloadOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../idle';
import { Link } from 'react-router';
import { exportBadge, useUnseenExports } from '../../providers/export-records';
import { useUserInfo } from '../../providers/user';
import { canPerform } from '../../lib/access';
import { exportRecordResource } from '../../resources/system';
import { MY_EXPORT_PATH } from '../../routes/static-routes';

/** How often the badge asks for finished exports while the operator works elsewhere. */
const REFRESH_MS = 60_000;
const MAX_SHOWN = 99;

/**
 * The export entry of the navbar: the operator's own export records, with the count not seen yet
 * (a plain bubble: antd's Badge would add its animation code to every signed-in first load).
 */
export function ExportBadge() {
  const user = useUserInfo();
  // Who may not list export records has none to count (the server would answer 403 every minute).
  return user && canPerform(user.menuPerms, exportRecordResource.permissions, 'list') ? <Badge /> : null;
}

function Badge() {
  const { t } = useTranslation('shell');
  const unseen = useUnseenExports();
  useEffect(() => {
    // The first count waits for the first screen to be up: nobody reads it before.
    const cancel = whenIdle(() => void exportBadge.refresh());
    const timer = setInterval(() => void exportBadge.refresh({ background: true }), REFRESH_MS);
    return () => {
      cancel();
      clearInterval(timer);
    };
  }, []);
  const label = unseen > 0 ? t('navbar.myExportUnseen', { count: unseen }) : t('navbar.myExport');
  return (
    <Tooltip title={label}>
      <Link to={MY_EXPORT_PATH} className="navbar-icon-link" aria-label={label} data-testid="export-badge">
        <DownloadOutlined />
        {unseen > 0 && (
          <span className="navbar-count" aria-hidden="true">
            {unseen > MAX_SHOWN ? `${MAX_SHOWN}+` : unseen}
          </span>
        )}
      </Link>
    </Tooltip>
  );
}
