/**
 * 操作日志: the kit's read-only list of the log (src/resources/operation-log.ts), each entry's
 * resource shown by its name, and the show drawer adding the change field by field.
 */
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../crud/ResourceList';
import { operationLogResource } from '../../resources/operation-log';
import { OperationChange, resourceLabelOf } from './OperationChange';

export default function OperationLogPage() {
  const { t } = useTranslation();
  return (
    <ResourceList
      resource={operationLogResource}
      renderers={{ resource: (value) => resourceLabelOf(value, t) }}
      showExtra={(record) => <OperationChange entry={record} />}
    />
  );
}
