/**
 * 操作日志: the kit's read-only list of the log (src/resources/operation-log.ts), each entry's
 * resource shown by its name, and the show drawer adding the change field by field.
 */
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../crud/ResourceList';
import { operationLogResource } from '../../resources/operation-log';
import { fieldLabelOf, OperationChange, resourceLabelOf } from './OperationChange';
import { findResource } from '../../resources';

export default function OperationLogPage() {
  const { t } = useTranslation();
  return (
    <ResourceList
      resource={operationLogResource}
      renderers={{
        resource: (value) => resourceLabelOf(value, t),
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
