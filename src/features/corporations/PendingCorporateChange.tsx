/**
 * A corporation's change still in approval, where the corporation is read (企业管理, 企业详情): DOMAIN.md
 * says a record shows its pending change beside the current value until the instance ends. The
 * corporation answers it under PENDING_CHANGE_FIELD whichever corporate change proposed it (they share
 * the corporation's approval scope); each is shown through its own declaration, so only the fields it
 * changes appear, labelled as in its form.
 */
import { Alert, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeTable } from '../../crud/approval/ChangeTable';
import { DATETIME_FORMAT } from '../../crud/fields';
import { PENDING_CHANGE_FIELD, type PendingChange } from '../../crud/resource';
import { formatDate } from '../../lib/dates';
import { CORP_CHANGE_RESOURCES } from './changes';

export const pendingChangeOf = (record: Record<string, unknown> | undefined | null): PendingChange | null =>
  (record?.[PENDING_CHANGE_FIELD] as PendingChange | null | undefined) ?? null;

const changeResourceOf = (change: PendingChange) => CORP_CHANGE_RESOURCES.find((resource) => resource.name === change.resource);

/** 企业自主更名 审批中, beside the name in 企业管理: which change waits, not only that one does. */
export function PendingChangeTag({ change }: { change: PendingChange | null }) {
  const { t } = useTranslation(['corporations', 'kit']);
  const resource = change && changeResourceOf(change);
  if (!change || !resource) return null;
  return (
    <Tag color="processing" bordered={false} data-testid="corporation-pending-tag">
      {t('corporations:detail.pendingTag', { change: t(resource.title) })}
    </Tag>
  );
}

/** The change in approval on 企业详情: its process, who proposed it and when, and current beside proposed. */
export function PendingChangePanel({ record }: { record: Record<string, unknown> }) {
  const { t } = useTranslation(['corporations', 'kit']);
  const change = pendingChangeOf(record);
  const resource = change && changeResourceOf(change);
  if (!change || !resource) return null;
  return (
    <Alert
      type="info"
      data-testid="corporation-pending-change"
      message={
        <Space wrap>
          <Typography.Text strong>{t('corporations:detail.pendingTitle', { change: t(resource.title) })}</Typography.Text>
          <Typography.Text type="secondary">
            {t('corporations:detail.pendingBy', { person: change.createByName ?? '', time: formatDate(change.createTime, DATETIME_FORMAT) })}
          </Typography.Text>
        </Space>
      }
      description={<ChangeTable resource={resource} record={record} change={change} />}
    />
  );
}
