/**
 * An operation-log entry's change, field by field (修改前 / 修改后): labels and value formats from the
 * resource's declaration when there is one (dictionary tags, dates, money), else from the log's own
 * labels; long texts show what was removed and added (the `diff` library's word diff). Masked
 * values arrive masked: the server never logs a secret (server/operation-log/record.ts).
 */
import { Empty, Table, Typography } from 'antd';
import { diffWords } from 'diff';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FieldValue } from '../../crud/fields';
import type { AnyResource, FieldSchema } from '../../crud/resource';
import { findResource } from '../../resources';

type Values = Record<string, unknown> | null | undefined;

interface Line {
  name: string;
  before: unknown;
  after: unknown;
  hadBefore: boolean;
  hasAfter: boolean;
}

/** A long text is shown as its word diff beside the plain value. */
const LONG_TEXT = 24;

export function fieldLabelOf(resource: AnyResource | undefined, name: string, t: TFunction): string {
  const schema = resource?.fields[name] as FieldSchema | undefined;
  if (schema) return t(schema.label);
  const key = `resources:operationLog.labels.${name}`;
  return t(key, { defaultValue: name });
}

/** The name an entry's resource is shown by: its declaration's title, or the log's own label. */
export function resourceLabelOf(name: unknown, t: TFunction): string {
  if (typeof name !== 'string') return '';
  const resource = findResource(name);
  if (resource) return t(resource.title);
  return t(`resources:operationLog.resources.${name}`, { defaultValue: name });
}

function PlainValue({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">—</Typography.Text>;
  if (typeof value === 'object') return <code>{JSON.stringify(value)}</code>;
  return <>{String(value)}</>;
}

function WordDiff({ before, after }: { before: string; after: string }) {
  return (
    <span className="operation-diff">
      {diffWords(before, after).map((part, i) =>
        part.added ? (
          <ins key={i} style={{ background: '#d9f7be', textDecoration: 'none' }}>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={i} style={{ background: '#ffccc7' }}>
            {part.value}
          </del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </span>
  );
}

export function OperationChange({ entry }: { entry: Record<string, unknown> }) {
  const { t } = useTranslation();
  const before = entry.before as Values;
  const after = entry.after as Values;
  const resource = findResource(String(entry.resource ?? ''));
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const lines: Line[] = names.map((name) => ({
    name,
    before: before?.[name],
    after: after?.[name],
    hadBefore: !!before && Object.hasOwn(before, name),
    hasAfter: !!after && Object.hasOwn(after, name),
  }));
  const value = (name: string, v: unknown) => {
    const schema = resource?.fields[name] as FieldSchema | undefined;
    if (v === null || v === undefined || v === '') return <Typography.Text type="secondary">—</Typography.Text>;
    return schema ? <FieldValue schema={schema} value={v} t={t} /> : <PlainValue value={v} />;
  };
  if (lines.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('resources:operationLog.change.none')} />;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('resources:operationLog.change.title')}
      </Typography.Title>
      <Table<Line>
        data-testid="operation-change"
        size="small"
        bordered
        pagination={false}
        rowKey="name"
        dataSource={lines}
        columns={[
          { key: 'field', title: t('resources:operationLog.change.field'), width: 140, render: (_v, line) => fieldLabelOf(resource, line.name, t) },
          ...(before ? [{ key: 'before', title: t('resources:operationLog.change.before'), render: (_v: unknown, line: Line) => (line.hadBefore ? value(line.name, line.before) : null) }] : []),
          {
            key: 'after',
            title: t('resources:operationLog.change.after'),
            render: (_v, line) => {
              if (!line.hasAfter) return null;
              const long = typeof line.before === 'string' && typeof line.after === 'string' && Math.max(line.before.length, line.after.length) > LONG_TEXT;
              return long ? <WordDiff before={line.before as string} after={line.after as string} /> : value(line.name, line.after);
            },
          },
        ]}
      />
    </>
  );
}
