/**
 * The changes proposed for a record, newest first: what, by whom (their display name), when, and how
 * each ended. Changes of a record are shared by the declarations of its scope (an administrator change
 * and a core admission both change a corporation), so each change's fields are labelled by the
 * declaration that proposed it, then by the one showing it; a field neither declares is left unnamed
 * rather than shown as its key.
 */
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { DATETIME_FORMAT } from '../fields';
import { findResource } from '../../resources';
import type { AnyResource, PendingChange } from '../resource';

const STATUS_COLOUR: Record<string, string> = { RUNNING: 'processing', APPROVED: 'success', REJECTED: 'default' };

export function ChangeHistory({ resource, changes }: { resource: AnyResource; changes: readonly PendingChange[] }) {
  const { t } = useTranslation();
  const label = (change: PendingChange, name: string) => {
    const schema = findResource(change.resource)?.fields[name] ?? resource.fields[name];
    return schema ? t(schema.label) : null;
  };
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
        {
          key: 'fields',
          title: t('kit:approval.fields'),
          render: (_v, c) =>
            Object.keys(c.proposed)
              .map((name) => label(c, name))
              .filter(Boolean)
              .join('、'),
        },
        {
          key: 'status',
          title: t('kit:approval.status'),
          // A change that did not pass says whether it was rejected or withdrawn, and why.
          render: (_v, c) => (
            <>
              <Tag color={STATUS_COLOUR[c.status]} bordered={false} data-testid="change-status">
                {t(
                  c.status === 'REJECTED' && c.withdrawn !== undefined
                    ? `kit:approval.statuses.${c.withdrawn ? 'WITHDRAWN' : 'REJECTED_BY_REVIEWER'}`
                    : `kit:approval.statuses.${c.status}`,
                )}
              </Tag>
              {c.endRemark ? <span data-testid="change-end-remark">{c.endRemark}</span> : null}
            </>
          ),
        },
        { key: 'createBy', title: t('kit:approval.by'), render: (_v, c) => c.createByName ?? c.createBy },
        { key: 'createTime', title: t('kit:approval.time'), render: (_v, c) => formatDate(c.createTime, DATETIME_FORMAT) },
      ]}
    />
  );
}
