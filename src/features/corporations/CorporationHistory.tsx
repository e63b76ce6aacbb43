/**
 * The history-of-changes tab: the approval instances whose business record is this corporation
 * (the corporate-change processes start theirs with the corporation as businessKey), newest first,
 * each with its steps.
 */
import { Collapse, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATETIME_FORMAT } from '../../crud/fields';
import { formatDate } from '../../lib/dates';
import { api } from '../../providers/http';
import { HistoryTimeline } from '../../workflows/task-view/HistoryTimeline';

interface Instance {
  id: string;
  processKey: string;
  processName: string;
  status: string;
  startPersonName: string;
  createTime: string;
}

const COLOUR: Record<string, string> = { RUNNING: 'processing', APPROVED: 'success', REJECTED: 'default' };

export function CorporationHistory({ corpId }: { corpId: string }) {
  const { t } = useTranslation(['workflow', 'corporations']);
  const [instances, setInstances] = useState<Instance[]>();
  useEffect(() => {
    void api.post<{ records: Instance[] }>('/op/v1/workflow/instances/of-business-key', { businessKey: corpId }).then(
      (page) => setInstances(page.records),
      () => setInstances([]),
    );
  }, [corpId]);
  if (!instances) return <Spin />;
  if (!instances.length) return <Empty description={t('corporations:detail.noHistory')} />;
  return (
    <Collapse
      data-testid="corporation-history"
      items={instances.map((instance) => ({
        key: instance.id,
        label: (
          <Space>
            <Typography.Text strong>{instance.processName}</Typography.Text>
            <Tag color={COLOUR[instance.status]} bordered={false}>
              {t(`workflow:instanceStatus.${instance.status}`)}
            </Tag>
            <Typography.Text type="secondary">
              {instance.startPersonName} · {formatDate(instance.createTime, DATETIME_FORMAT)}
            </Typography.Text>
          </Space>
        ),
        children: <HistoryTimeline instanceId={instance.id} />,
      }))}
    />
  );
}
