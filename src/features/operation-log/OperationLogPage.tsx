/**
 * 操作日志: the kit's read-only list of the log (src/resources/operation-log.ts), each entry's
 * resource shown by its name, its record by the record's name (or number) above the id the search
 * takes, and the show drawer adding the change field by field.
 */
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typed } from '../../components/Typed';
import { ResourceList } from '../../crud/ResourceList';
import { operationLogResource } from '../../resources/operation-log';
import { fieldLabelOf, OperationChange, resourceLabelOf, type EntryNames } from './OperationChange';
import { findResource } from '../../resources';

export default function OperationLogPage() {
  const { t } = useTranslation();
  return (
    <ResourceList
      resource={operationLogResource}
      renderers={{
        resource: (value) => resourceLabelOf(value, t),
        // The record by what names it (the server's names.recordId, read now); the id stays, small, for the search by id.
        recordId: (value, record) => {
          const name = typeof value === 'string' ? (record.names as EntryNames | undefined)?.recordId?.[value] : undefined;
          if (!name) return typeof value === 'string' ? value : null;
          return (
            <Space direction="vertical" size={0} data-testid="operation-record">
              <Typed>{name}</Typed>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {String(value)}
              </Typography.Text>
            </Space>
          );
        },
        // The fields concerned by their labels (a reveal's sensitive fields, a change's fields).
        fields: (value, record) =>
          typeof value === 'string' && value
            ? value
                .split(',')
                .map((name) => fieldLabelOf(findResource(String(record.resource ?? '')), name, t))
                .join('、')
            : null,
      }}
      showExtra={(record) => <OperationChange entry={record} />}
    />
  );
}
