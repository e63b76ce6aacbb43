/**
 * A record's fields beside the change proposed for them, each labelled from the declaration's locale
 * key. While the change runs the columns are 当前值 (the record now) and 变更后; once it has ended
 * the record already holds the outcome, so the columns are 变更前 (the values when it was proposed)
 * and 变更后, and 已修改 marks only a field whose value the change moved. The declaration's read-only
 * fields (an account's holder, bank and masked number) are shown for context and never marked: they
 * say which record the change is about. For a proposed creation the first column is empty.
 * Used by the show drawer of an approvable resource and by the generic task view of its processes.
 */
import { Table, Tag } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldValue, fieldsOf, referenceLabelOf } from '../fields';
import type { AnyResource, FieldSchema, PendingChange } from '../resource';

interface Props {
  resource: AnyResource;
  record: Record<string, unknown> | null;
  change: Pick<PendingChange, 'action' | 'proposed'> & Partial<Pick<PendingChange, 'previous' | 'status'>>;
}

interface Line {
  name: string;
  label: string;
  changed: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Whether the change moves this field. A sensitive value is compared by the server on the clear values
 * (it proposes only the fields that differ); here both sides are masked, and two different numbers may
 * mask alike, so the proposal's own word is taken for them.
 */
function moves(schema: FieldSchema, name: string, before: Record<string, unknown> | null, proposed: Record<string, unknown>): boolean {
  if (!Object.hasOwn(proposed, name)) return false;
  if (schema.sensitive) return true;
  return !same(before?.[name], proposed[name]);
}

/** The columns a change shows: context (read-only, never a time stamp) and what it may change. */
const shownField = ([, schema]: [string, FieldSchema]) => !schema.readOnly || schema.type !== 'datetime';

export function ChangeTable({ resource, record, change }: Props) {
  const { t } = useTranslation();
  const ended = change.status !== undefined && change.status !== 'RUNNING';
  // After the end the record holds the outcome: what the change moved is read against its previous values.
  const before = change.action === 'create' ? null : ended ? { ...record, ...change.previous } : record;
  const fields = fieldsOf(resource)
    .filter(shownField)
    .filter(([name, schema]) => !schema.readOnly || (record?.[name] ?? null) !== null);
  const lines: Line[] = fields.map(([name, schema]) => ({
    name,
    label: t(schema.label),
    changed: !schema.readOnly && moves(schema, name, before, change.proposed),
  }));
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
      onRow={(line) => ({ 'data-field': line.name, 'data-changed': line.changed ? 'true' : 'false' }) as HTMLAttributes<HTMLElement>}
      columns={[
        {
          key: 'label',
          title: t('kit:approval.field'),
          width: 240,
          render: (_v, line) => (
            <>
              {line.label}{' '}
              {line.changed && (
                <Tag color="orange" bordered={false}>
                  {t('kit:approval.changed')}
                </Tag>
              )}
            </>
          ),
        },
        {
          key: 'current',
          title: t(ended ? 'kit:approval.before' : 'kit:approval.current'),
          render: (_v, line) =>
            before ? (
              <FieldValue schema={schemaOf(line.name)} value={before[line.name]} t={t} label={referenceLabelOf(schemaOf(line.name), line.name, before)} />
            ) : null,
        },
        {
          key: 'proposed',
          title: t('kit:approval.proposed'),
          render: (_v, line) => (
            <FieldValue
              schema={schemaOf(line.name)}
              value={after(line.name)}
              t={t}
              label={referenceLabelOf(schemaOf(line.name), line.name, Object.hasOwn(change.proposed, line.name) ? change.proposed : record)}
            />
          ),
        },
      ]}
    />
  );
}
