/** The changes proposed for a record, newest first: what, by whom, when, and how each ended. */
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { DATETIME_FORMAT } from '../fields';
import type { AnyResource, PendingChange } from '../resource';

const STATUS_COLOUR: Record<string, string> = { RUNNING: 'processing', APPROVED: 'success', REJECTED: 'default' };

export function ChangeHistory({ resource, changes }: { resource: AnyResource; changes: readonly PendingChange[] }) {
  const { t } = useTranslation();
  const label = (name: string) => (resource.fields[name] ? t(resource.fields[name].label) : name);
  return (
    <Table<PendingChange>
      data-testid={`${resource.name}-history`}
      size="small"
      pagination={false}
      rowKey="id"
      dataSource={[...changes]}
      locale={{ emptyText: t('kit:approval.noHistory') }}
      columns={[
        { key: 'action', title: t('kit:approval.action'), render: (_v, c) => t(`kit:approval.actions.${c.action}`) },
        { key: 'fields', title: t('kit:approval.fields'), render: (_v, c) => Object.keys(c.proposed).map(label).join('、') },
        { key: 'status', title: t('kit:approval.status'), render: (_v, c) => <Tag color={STATUS_COLOUR[c.status]} bordered={false}>{t(`kit:approval.statuses.${c.status}`)}</Tag> },
        { key: 'createBy', title: t('kit:approval.by'), dataIndex: 'createBy' },
        { key: 'createTime', title: t('kit:approval.time'), render: (_v, c) => formatDate(c.createTime, DATETIME_FORMAT) },
      ]}
    />
  );
}
