/**
 * A certificate's detail: holder, serial, issuer, validity, status, and every application with its
 * approval history (the shared HistoryTimeline of the task views), newest first.
 */
import { Alert, Card, Descriptions, Drawer, Empty, Space, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../components/DictTag';
import { DATETIME_FORMAT } from '../../crud/fields';
import { INVOICE_TYPE_DICT } from '../../lib/certificates';
import { formatDate } from '../../lib/dates';
import { HistoryTimeline } from '../../workflows/task-view/HistoryTimeline';
import { certificateApi, type CertificateApplication, type CertificateDetail } from './certificate-api';
import { CertificateDescriptions } from './CertificateDescriptions';

const STATUS_COLOR: Record<string, string> = { RUNNING: 'processing', APPROVED: 'success', REJECTED: 'default' };

interface Props {
  id: string;
  /** Changes when an application was started from the list: load again. */
  reloadKey: unknown;
  onClose: () => void;
}

function ApplicationCard({ application }: { application: CertificateApplication }) {
  const { t } = useTranslation(['certificates', 'workflow']);
  const validity = application.validFrom ? `${application.validFrom} ~ ${application.validTo}` : application.validTo;
  return (
    <Card
      size="small"
      data-testid="certificate-application"
      title={
        <Space>
          {t(`kind.${application.kind}`)}
          <Tag color={STATUS_COLOR[application.status]}>{t(`workflow:instanceStatus.${application.status}`)}</Tag>
        </Space>
      }
      extra={formatDate(application.createTime, DATETIME_FORMAT)}
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('task.requestedValidity')}>{validity}</Descriptions.Item>
        <Descriptions.Item label={t('fields.invoiceType')}>
          <DictTag dictType={INVOICE_TYPE_DICT} value={application.invoiceType} />
        </Descriptions.Item>
        {application.remark && <Descriptions.Item label={t('fields.remark')}>{application.remark}</Descriptions.Item>}
      </Descriptions>
      {application.instanceId && <HistoryTimeline instanceId={application.instanceId} reloadKey={application.dataVersion} />}
    </Card>
  );
}

export function CertificateDrawer({ id, reloadKey, onClose }: Props) {
  const { t } = useTranslation('certificates');
  const [detail, setDetail] = useState<CertificateDetail>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    setError(undefined);
    certificateApi.find(id).then(
      (found) => live && setDetail(found),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [id, reloadKey]);

  return (
    <Drawer open width={640} title={t('detail.title')} onClose={onClose} data-testid="certificate-detail">
      {error && <Alert type="error" showIcon message={error} />}
      {!error && !detail && <Spin />}
      {detail && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <CertificateDescriptions certificate={detail} />
          <Card size="small" title={t('detail.applications')} variant="borderless" styles={{ body: { padding: 0 } }}>
            {detail.applications.length === 0 ? (
              <Empty description={t('detail.none')} />
            ) : (
              <Space direction="vertical" style={{ width: '100%' }}>
                {detail.applications.map((application) => (
                  <ApplicationCard key={application.id} application={application} />
                ))}
              </Space>
            )}
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
