import { useOne } from '@refinedev/core';
import { Descriptions, Divider, Drawer, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorNotification } from '../providers/data-provider';
import { DATETIME_FORMAT, FieldValue, fieldsOf, referenceLabelOf } from './fields';
import { ChangeHistory } from './approval/ChangeHistory';
import { ChangeTable } from './approval/ChangeTable';
import { PENDING_CHANGE_FIELD, type AnyResource, type PendingChange } from './resource';
import { formatDate } from '../lib/dates';
import { findResource } from '../resources';

export type ResourceShowRenderers = Partial<Record<string, (value: unknown, record: Record<string, unknown>) => React.ReactNode>>;

interface Props {
  resource: AnyResource;
  id: string | undefined;
  onClose: () => void;
  /** What the page shows below the fields (the operation log: its change field by field). */
  extra?: (record: Record<string, unknown>) => React.ReactNode;
  /** Values the page draws itself, as in its list (ResourceList renderers). */
  renderers?: ResourceShowRenderers;
}

/** The show page of a record: every declared field, read fresh from find-by-id. */
export function ResourceShowDrawer({ resource, id, onClose, extra, renderers = {} }: Props) {
  const { t } = useTranslation();
  const { result, query } = useOne({ resource: resource.name, id, queryOptions: { enabled: id !== undefined }, errorNotification });
  return (
    <Drawer open={id !== undefined} onClose={onClose} title={t('kit:show.title', { title: t(resource.item ?? resource.title) })} width={560} destroyOnHidden>
      {query.isLoading || !result ? (
        <Skeleton active />
      ) : (
        <Descriptions column={1} bordered size="small" data-testid={`${resource.name}-show`}>
          {fieldsOf(resource).map(([name, schema]) => (
            <Descriptions.Item key={name} label={t(schema.label)}>
              {renderers[name] ? (
                renderers[name](result[name], result)
              ) : (
                <FieldValue schema={schema} value={result[name]} t={t} label={referenceLabelOf(schema, name, result)} />
              )}
            </Descriptions.Item>
          ))}
          {result.updateTime !== undefined && (
            <Descriptions.Item label={t('resources:common.updateTime')}>{formatDate(result.updateTime as string, DATETIME_FORMAT)}</Descriptions.Item>
          )}
        </Descriptions>
      )}
      {resource.approval && result && <ApprovalSections resource={resource} record={result} />}
      {extra && result && !query.isLoading && extra(result)}
    </Drawer>
  );
}

/** An approvable record's pending change beside its values, and its history of changes. */
function ApprovalSections({ resource, record }: { resource: AnyResource; record: Record<string, unknown> }) {
  const { t } = useTranslation();
  const pending = record[PENDING_CHANGE_FIELD] as PendingChange | null | undefined;
  const changes = (record.changes as PendingChange[] | undefined) ?? [];
  return (
    <>
      {pending && (
        <>
          <Divider orientation="left">{t('kit:approval.pendingTitle')}</Divider>
          {/* A change proposed through another declaration of the record's scope is shown by its own fields and labels. */}
          <ChangeTable resource={findResource(pending.resource) ?? resource} record={record} change={pending} />
        </>
      )}
      <Divider orientation="left">{t('kit:approval.history')}</Divider>
      <ChangeHistory resource={resource} changes={changes} />
    </>
  );
}
