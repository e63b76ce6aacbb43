import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../crud/ResourceList';
import { useResourceAccess } from '../../crud/use-resource-access';
import { downloadExport, EXPORT_STATUS, exportBadge } from '../../providers/export-records';
import { useNamespaces } from '../../providers/lazy-namespaces';
import { EXPORT_SOURCE_NAMESPACES, exportSource } from './export-sources';
import { exportRecordResource } from '../system';

/**
 * The operator's own export records (/op/login/my-export and 导出记录): opening the list marks them
 * seen (the navbar badge clears); finished files download in the configured way; the list follows
 * running exports until they finish.
 */
export default function ExportRecordsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useResourceAccess(exportRecordResource);
  // A source's title may be in an area's namespace that no screen of this session has loaded yet.
  useNamespaces(EXPORT_SOURCE_NAMESPACES);

  useEffect(() => {
    void exportBadge.markSeen().catch(() => undefined);
  }, []);

  const download = (record: { id: string; fileName?: unknown }) => {
    downloadExport({ id: record.id, fileName: String(record.fileName ?? 'export.xlsx') }).catch((error: unknown) => {
      void message.error(error instanceof Error && error.message ? error.message : t('kit:export.downloadFailed'));
    });
  };

  return (
    <ResourceList
      resource={exportRecordResource}
      pollWhile={(rows) => rows.some((row) => row.status === EXPORT_STATUS.processing)}
      renderers={{ resourceName: (value) => t(exportSource(String(value))?.title ?? String(value)) }}
      rowActions={(record) =>
        can('download') && record.status === EXPORT_STATUS.success ? (
          <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => download(record)} data-testid="export-download">
            {t('kit:row.download')}
          </Button>
        ) : null
      }
    />
  );
}
