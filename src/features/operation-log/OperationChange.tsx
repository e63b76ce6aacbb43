/**
 * An operation-log entry's change, field by field (字段 / 修改前 / 修改后): only the fields that
 * changed, bookkeeping left out (labels.ts), labels and value formats from the resource's declaration
 * when there is one (dictionary tags, dates, money, referenced records by name), else from the log's
 * own labels and the value's kind (money with ¥ and separators, date-times, yes/no, lists); an id
 * beside the field that names its record is not shown. Long texts show what was removed and added
 * (the `diff` library's word diff). Masked values arrive masked: the server never logs a secret
 * (server/operation-log/record.ts). The table's columns share the drawer's width and wrap, so a long
 * list never widens it past the drawer.
 *
 * Ids and codes are shown by what they name: the server answers each entry with `names` (field → id →
 * name, server/operation-log/names.ts), so a role's menus and buttons read by their titles and an
 * instanceId as its record's number. A list changed in place (a role's grants, a user's roles) shows
 * what was removed and what was added, not both whole lists.
 */
import { Empty, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { diffWords } from 'diff';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Typed } from '../../components/Typed';
import { DATETIME_FORMAT, FieldValue } from '../../crud/fields';
import type { AnyResource, FieldSchema } from '../../crud/resource';
import { formatDate } from '../../lib/dates';
import { formatCurrency } from '../../lib/money';
import { findResource } from '../../resources';
import { isLoggedField, loggedValueKey, loggedValueKind, logFieldKey, logResourceKey, namedBySibling } from './labels';

type Values = Record<string, unknown> | null | undefined;

/** field → id (or code) → name, as the server answers an entry (server/operation-log/names.ts EntryNames). */
export type EntryNames = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * A role's grants are named from the grant tree in the reader's language (interface words); every
 * other name is a record's own (a corporation, a bill number) and is marked as typed.
 */
const INTERFACE_NAMED = new Set(['menuIds', 'permissions']);

/** The names of a value's ids when the server named every one of them; else undefined (the value is shown by kind). */
export function namesOf(names: EntryNames | undefined, field: string, value: unknown): string[] | undefined {
  const known = names?.[field];
  if (!known) return undefined;
  const ids = Array.isArray(value) ? value : [value];
  if (!ids.length || !ids.every((id) => typeof id === 'string' && Object.hasOwn(known, id))) return undefined;
  return ids.map((id) => known[id as string]);
}

/** What a list changed in place lost and gained, in its order. */
export function listChange(before: unknown[], after: unknown[]): { removed: unknown[]; added: unknown[] } {
  const key = (item: unknown) => JSON.stringify(item);
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return { removed: before.filter((item) => !has.has(key(item))), added: after.filter((item) => !had.has(key(item))) };
}

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
  return t(logFieldKey(name, resource), { defaultValue: name });
}

/** The name an entry's resource is shown by: its declaration's title, or the log's own label. */
export function resourceLabelOf(name: unknown, t: TFunction): string {
  if (typeof name !== 'string') return '';
  return t(logResourceKey(name, findResource(name)), { defaultValue: name });
}

const wrap = { wordBreak: 'break-word', overflowWrap: 'anywhere' } as const;

function PlainValue({ resource, name, value, t }: { resource: string; name: string; value: unknown; t: TFunction }) {
  const coded = loggedValueKey(resource, name, value);
  if (coded) return <>{t(coded, { defaultValue: String(value) })}</>;
  switch (loggedValueKind(name, value)) {
    case 'boolean':
      return <>{t(value ? 'kit:value.yes' : 'kit:value.no')}</>;
    case 'money':
      return <>{formatCurrency(value as string)}</>;
    case 'datetime':
      return <>{formatDate(value as string, DATETIME_FORMAT)}</>;
    case 'list':
      return (
        <>
          {(value as unknown[])
            .map((item) =>
              item !== null && typeof item === 'object'
                ? Object.values(item as object)
                    .filter((v) => typeof v === 'string' || typeof v === 'number')
                    .join(' ')
                : String(item),
            )
            .join('、')}
        </>
      );
    default:
      if (value !== null && typeof value === 'object') return <code style={wrap}>{JSON.stringify(value)}</code>;
      return <>{String(value)}</>;
  }
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

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The lines an entry shows: changed fields only (an entry written before the server reduced it may hold more). */
export function changeLines(before: Values, after: Values): Line[] {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(isLoggedField);
  const present = new Set(names);
  return names
    .filter((name) => !namedBySibling(name, present))
    .map((name) => ({
      name,
      before: before?.[name],
      after: after?.[name],
      hadBefore: !!before && Object.hasOwn(before, name),
      hasAfter: !!after && Object.hasOwn(after, name),
    }))
    .filter((line) => !(line.hadBefore && line.hasAfter && same(line.before, line.after)));
}

export function OperationChange({ entry }: { entry: Record<string, unknown> }) {
  const { t } = useTranslation();
  const before = entry.before as Values;
  const after = entry.after as Values;
  const resource = findResource(String(entry.resource ?? ''));
  const names = entry.names as EntryNames | undefined;
  const lines = changeLines(before, after);
  const value = (name: string, v: unknown): ReactNode => {
    const schema = resource?.fields[name] as FieldSchema | undefined;
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return <Typography.Text type="secondary">—</Typography.Text>;
    const named = namesOf(names, name, v);
    if (named) return INTERFACE_NAMED.has(name) ? named.join('、') : <Typed>{named.join('、')}</Typed>;
    // A list whose items the server could not all name: each item by its name where it has one.
    if (Array.isArray(v) && names?.[name]) return v.map((item) => (typeof item === 'string' && names[name][item]) || String(item)).join('、');
    return schema ? <FieldValue schema={schema} value={v} t={t} /> : <PlainValue resource={String(entry.resource ?? '')} name={name} value={v} t={t} />;
  };
  /** A list changed in place: the before column shows what was removed, the after column what was added. */
  const inPlace = (line: Line) => line.hadBefore && line.hasAfter && Array.isArray(line.before) && Array.isArray(line.after);
  const part = (label: 'removed' | 'added', line: Line) => {
    const change = listChange(line.before as unknown[], line.after as unknown[]);
    const items = change[label];
    return (
      <span data-testid={`operation-change-${label}`}>
        {t(`resources:operationLog.change.${label}`)}
        {items.length ? value(line.name, items) : t('resources:operationLog.change.unchanged')}
      </span>
    );
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
        tableLayout="fixed"
        dataSource={lines}
        columns={[
          {
            key: 'field',
            title: t('resources:operationLog.change.field'),
            width: 120,
            onCell: () => ({ style: wrap }),
            render: (_v, line) => fieldLabelOf(resource, line.name, t),
          },
          ...(before
            ? [
                {
                  key: 'before',
                  title: t('resources:operationLog.change.before'),
                  onCell: () => ({ style: wrap }),
                  render: (_v: unknown, line: Line) => (inPlace(line) ? part('removed', line) : line.hadBefore ? value(line.name, line.before) : null),
                },
              ]
            : []),
          {
            key: 'after',
            title: t('resources:operationLog.change.after'),
            onCell: () => ({ style: wrap }),
            render: (_v, line) => {
              if (!line.hasAfter) return null;
              if (inPlace(line)) return part('added', line);
              const long = typeof line.before === 'string' && typeof line.after === 'string' && Math.max(line.before.length, line.after.length) > LONG_TEXT;
              return long ? <WordDiff before={line.before as string} after={line.after as string} /> : value(line.name, line.after);
            },
          },
        ]}
      />
    </>
  );
}
