/**
 * A record's fields beside the change proposed for them: 当前值 and 变更后 per field, the changed
 * rows highlighted and tagged 已修改. For a proposed creation the current column is empty. Used by
 * the show drawer of an approvable resource and by the generic task view of its processes.
 */
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldValue, fieldsOf } from '../fields';
import type { AnyResource, PendingChange } from '../resource';

interface Props {
  resource: AnyResource;
  record: Record<string, unknown> | null;
  change: Pick<PendingChange, 'action' | 'proposed'>;
}

interface Line {
  name: string;
  label: string;
  changed: boolean;
}

export function ChangeTable({ resource, record, change }: Props) {
  const { t } = useTranslation();
  const fields = fieldsOf(resource).filter(([, schema]) => !schema.readOnly);
  const lines: Line[] = fields.map(([name, schema]) => ({ name, label: t(schema.label), changed: Object.hasOwn(change.proposed, name) }));
  const schemaOf = (name: string) => resource.fields[name];
  const after = (name: string) => (Object.hasOwn(change.proposed, name) ? change.proposed[name] : record?.[name]);
  return (
    <Table<Line>
      className="kit-change-table"
      data-testid={`${resource.name}-change`}
      size="small"
      pagination={false}
      rowKey="name"
      dataSource={lines}
      rowClassName={(line) => (line.changed ? 'kit-changed' : '')}
      columns={[
        {
          key: 'label',
          title: t('kit:approval.field'),
          width: 240,
          render: (_v, line) => (
            <>
              {line.label} {line.changed && <Tag color="orange" bordered={false}>{t('kit:approval.changed')}</Tag>}
            </>
          ),
        },
        {
          key: 'current',
          title: t('kit:approval.current'),
          render: (_v, line) => (record ? <FieldValue schema={schemaOf(line.name)} value={record[line.name]} t={t} /> : null),
        },
        { key: 'proposed', title: t('kit:approval.proposed'), render: (_v, line) => <FieldValue schema={schemaOf(line.name)} value={after(line.name)} t={t} /> },
      ]}
    />
  );
}
