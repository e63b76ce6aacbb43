import { DownloadOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MY_EXPORT_PATH } from '../../routes/static-routes';

/** The export entry of the navbar, leading to the operator's own export records. */
export function ExportBadge() {
  const { t } = useTranslation('shell');
  return (
    <Tooltip title={t('navbar.myExport')}>
      <Link to={MY_EXPORT_PATH} className="navbar-icon-link" aria-label={t('navbar.myExport')} data-testid="export-badge">
        <DownloadOutlined />
      </Link>
    </Tooltip>
  );
}
