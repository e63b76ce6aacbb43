import { useOne } from '@refinedev/core';
import { Descriptions, Drawer, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorNotification } from '../providers/data-provider';
import { DATETIME_FORMAT, FieldValue, fieldsOf } from './fields';
import type { AnyResource } from './resource';
import { formatDate } from '../lib/dates';

interface Props {
  resource: AnyResource;
  id: string | undefined;
  onClose: () => void;
}

/** The show page of a record: every declared field, read fresh from find-by-id. */
export function ResourceShowDrawer({ resource, id, onClose }: Props) {
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
              <FieldValue schema={schema} value={result[name]} t={t} />
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('resources:common.updateTime')}>{formatDate(result.updateTime as string, DATETIME_FORMAT)}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
