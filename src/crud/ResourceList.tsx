/**
 * The list page of a resource, built from its declaration: a search form (搜索, 重置), a toolbar
 * (新增, batch 删除 with confirmation, 导出, 刷新, 表头设置), a sortable, paged table whose
 * dictionary-backed cells are tags, and per-row 查看 / 修改 / 删除. Create and edit open as a modal,
 * show as a drawer. Every button is there only when the server would accept its call.
 */
import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { SearchButtons } from './SearchButtons';
import { getDefaultSortOrder } from '@refinedev/antd';
import { useCustomMutation, useDeleteMany, type BaseRecord, type CrudFilter } from '@refinedev/core';
import { App, Button, Form, Space, Table, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorNotification, filtersToBody, sortersToOrderBy } from '../providers/data-provider';
import { exportBadge } from '../providers/export-records';
import { MY_EXPORT_PATH } from '../routes/static-routes';
import { DAY_FORMAT } from '../lib/dates';
import { pagerTotal } from './pager-total';
import { useColumnSettings } from './column-settings';
import { FieldValue, fieldsOf, referenceLabelOf, SearchInput, useDayjsLocale } from './fields';
import { ResourceFormDialog, type FormDialogHandle } from './ResourceFormDialog';
import { useReadyList } from './ready-list';
import { useListTable } from './use-list-table';
import { PendingCreations } from './approval/PendingCreations';
import { PendingTag } from './approval/PendingTag';
import {
  actionApplies,
  defaultSortOf,
  PENDING_CHANGE_FIELD,
  type FieldSchema,
  type AnyResource,
  type PendingChange,
  type RowActionDeclaration,
} from './resource';
import { ResourceShowDrawer, type ResourceShowRenderers } from './ResourceShow';
import { useHasPermission, useResourceAccess } from './use-resource-access';
import { useFirstPaintDone } from '../components/first-paint';
import './kit.css';

type Row = BaseRecord & { id: string };
type SearchValues = Record<string, unknown>;

export interface ResourceListProps {
  resource: AnyResource;
  /** Filters the page always applies, e.g. the dictionary type the data page was opened for. */
  fixedFilters?: Record<string, unknown>;
  /** Values a new record starts with. */
  createDefaults?: Record<string, unknown>;
  /** Cells a page draws itself (a link to related records). */
  renderers?: Partial<Record<string, (value: unknown, record: Row) => ReactNode>>;
  /** Called after a save or removal (e.g. to refresh a cache the records feed). */
  onChanged?: () => void;
  /** Actions beyond show, edit and remove, drawn before them in each row. */
  rowActions?: (record: Row) => ReactNode;
  /** 查看 calls this instead of opening the drawer: for a record with a detail page of its own. */
  onShow?: (record: Row) => void;
  /** What the show drawer adds below a record's fields. */
  showExtra?: (record: Row) => ReactNode;
  /** What appears above the table on the left, after the standard buttons. */
  toolbarExtra?: ReactNode;
  /** Reload the page every few seconds while this holds for its rows (records still being made). */
  pollWhile?: (rows: readonly Row[]) => boolean;
  /** Whether a record may still be edited or removed (e.g. not a frozen version); the server refuses the others anyway. */
  rowWritable?: (record: Row) => boolean;
}

const POLL_MS = 2000;

const PAGE_SIZES = [10, 20, 50, 100];

/** The search form's values as filters; fields the page fixes are left to its permanent filters. */
function toFilters(resource: AnyResource, values: SearchValues, fixed: Record<string, unknown>): CrudFilter[] {
  const filters: CrudFilter[] = [];
  for (const [name, schema] of fieldsOf(resource)) {
    if (!schema.search || name in fixed) continue;
    const value = values[name];
    if (schema.search === 'range') {
      const [from, to] = (value as [Dayjs | null, Dayjs | null] | undefined) ?? [];
      // A calendar day is sent as the day (both ends included); a time range spans the chosen days in the operator's zone.
      const bounds =
        schema.type === 'date' ? [from?.format(DAY_FORMAT), to?.format(DAY_FORMAT)] : [from?.startOf('day').toISOString(), to?.endOf('day').toISOString()];
      filters.push({ field: name, operator: 'between', value: bounds });
    } else {
      filters.push({ field: name, operator: schema.search === 'contains' ? 'contains' : 'eq', value: typeof value === 'string' ? value.trim() : value });
    }
  }
  return filters;
}

const columnShown = (schema: FieldSchema) => schema.column ?? (schema.type !== 'text' && schema.type !== 'richText');

export function ResourceList({
  resource,
  fixedFilters = {},
  createDefaults,
  renderers = {},
  onChanged,
  rowActions,
  onShow,
  showExtra,
  toolbarExtra,
  pollWhile,
  rowWritable,
}: ResourceListProps) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  useDayjsLocale();
  const can = useResourceAccess(resource);
  const title = t(resource.item ?? resource.title);
  const [selected, setSelected] = useState<string[]>([]);
  const [showing, setShowing] = useState<string>();
  const fixedKey = JSON.stringify(fixedFilters);
  const permanent = useMemo<CrudFilter[]>(
    () => Object.entries(JSON.parse(fixedKey) as Record<string, unknown>).map(([field, value]) => ({ field, operator: 'eq', value })),
    [fixedKey],
  );

  const initialSorters = useMemo(() => defaultSortOf(resource), [resource]);
  const ready = useReadyList<Row>({ resource: resource.name, currentPage: 1, pageSize: PAGE_SIZES[0], filters: permanent, sorters: initialSorters });
  const { tableProps, searchFormProps, sorters, filters, tableQuery, currentPage, pageSize } = useListTable<Row, SearchValues>({
    resource: resource.name,
    pagination: { pageSize: PAGE_SIZES[0] },
    sorters: { initial: initialSorters },
    filters: { permanent, defaultBehavior: 'replace' },
    errorNotification,
    firstPageOptions: ready.queryOptions,
    queryOptions: pollWhile && { refetchInterval: (query) => (pollWhile(query.state.data?.data ?? []) ? POLL_MS : false) },
    onSearch: (values) => toFilters(resource, values, fixedFilters),
  });
  const seedMismatch = ready.mismatch({ resource: resource.name, currentPage, pageSize, filters, sorters });
  useEffect(() => {
    if (seedMismatch) void tableQuery.refetch();
    // Only the first page shown can be the seed's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const changed = () => {
    setSelected([]);
    onChanged?.();
  };
  // An approvable resource's save is a proposal: say so (the dialog), and show the proposals still in approval.
  const approval = resource.approval;
  const [proposals, setProposals] = useState(0);
  const proposed = () => {
    changed();
    setProposals((n) => n + 1);
    void tableQuery.refetch();
  };
  // The dialogs mount when first opened (ResourceFormDialog.tsx); the list holds only their handles.
  const create = useRef<FormDialogHandle>(null);
  const edit = useRef<FormDialogHandle>(null);
  const pendingOf = (record: Row) => record[PENDING_CHANGE_FIELD] as PendingChange | null | undefined;
  const { mutate: removeMany } = useDeleteMany();
  const { mutate: startExport, mutation: exportMutation } = useCustomMutation();
  const { mutate: callAction } = useCustomMutation();
  const holds = useHasPermission();
  const declaredActions = Object.entries(resource.actions ?? {}).filter(([, action]) => holds(action.permission));

  // The record's version goes with the call: an action on a record someone changed meanwhile is refused.
  const runAction = (name: string, action: RowActionDeclaration, record: Row) => {
    const label = t(action.label);
    const call = () =>
      new Promise<void>((resolve) =>
        callAction(
          {
            url: `${resource.apiBase}/${name}`,
            method: 'post',
            values: { id: record.id, dataVersion: record.dataVersion },
            errorNotification,
            successNotification: () => ({ type: 'success', message: t('kit:notify.actionDone', { action: label }), key: `${resource.name}-${name}` }),
          },
          {
            onSuccess: () => {
              changed();
              void tableQuery.refetch();
              resolve();
            },
            onError: () => resolve(),
          },
        ),
      );
    if (!action.confirm) {
      void call();
      return;
    }
    modal.confirm({
      title: t('kit:remove.title'),
      content: t(action.confirm),
      okType: action.danger ? 'danger' : 'primary',
      okText: label,
      cancelText: t('kit:form.cancel'),
      onOk: call,
    });
  };

  const confirmRemove = (ids: string[]) => {
    // A record read earlier by the edit form stays watched; once removed, refetching it would fail.
    const forget = () => edit.current?.forget(ids);
    modal.confirm({
      title: t('kit:remove.title'),
      content: t('kit:remove.confirm', { count: ids.length }),
      okType: 'danger',
      okText: t('kit:remove.ok'),
      cancelText: t('kit:form.cancel'),
      onOk: () =>
        new Promise<void>((resolve) =>
          removeMany(
            {
              resource: resource.name,
              ids,
              errorNotification,
              successNotification: () => ({ type: 'success', message: t('kit:notify.removed', { count: ids.length }), key: `${resource.name}-removed` }),
            },
            {
              onSuccess: () => {
                forget();
                changed();
                resolve();
              },
              // The notification tells why; the confirmation has done its part either way.
              onError: () => resolve(),
            },
          ),
        ),
    });
  };

  const runExport = () => {
    const body = { ...filtersToBody(filters), orderBy: sortersToOrderBy(sorters) };
    startExport(
      { url: `${resource.apiBase}/export`, method: 'post', values: body, errorNotification, successNotification: false },
      {
        onSuccess: () => {
          void exportBadge.refresh();
          void message.success({
            content: (
              <span>
                {t('kit:export.started')} <Link to={MY_EXPORT_PATH}>{t('kit:export.open')}</Link>
              </span>
            ),
            duration: 5,
          });
        },
      },
    );
  };

  const resetSearch = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  const searchFields = fieldsOf(resource).filter(([name, schema]) => schema.search && !(name in fixedFilters));

  const dataColumns: ColumnType<Row>[] = fieldsOf(resource)
    .filter(([, schema]) => columnShown(schema))
    .map(([name, schema]) => ({
      key: name,
      dataIndex: name,
      title: t(schema.label),
      width: schema.width,
      ellipsis: schema.type === 'text',
      // One column at a time: a header click sorts by that column first (the server breaks ties with
      // the default order), and the arrow shows on the column the rows are ordered by.
      sorter: schema.sortable ? true : undefined,
      defaultSortOrder: schema.sortable && sorters[0]?.field === name ? getDefaultSortOrder(name, sorters) : undefined,
      render: (value: unknown, record: Row) =>
        renderers[name]?.(value, record) ?? <FieldValue schema={schema} value={value} t={t} label={referenceLabelOf(schema, name, record)} />,
    }));

  if (approval) {
    dataColumns.push({
      key: PENDING_CHANGE_FIELD,
      dataIndex: PENDING_CHANGE_FIELD,
      title: t('kit:approval.approvalStatus'),
      render: (_v, record: Row) => <PendingTag change={pendingOf(record)} />,
    });
  }

  const canShow = can('show');
  const canEdit = can('edit');
  const canRemove = can('delete');
  const hasRowActions = canShow || canEdit || canRemove || !!rowActions || declaredActions.length > 0;
  const indexColumn: ColumnType<Row> = {
    key: '__index',
    title: t('kit:table.index'),
    width: 64,
    align: 'center',
    render: (_value, _record, index) => (currentPage - 1) * pageSize + index + 1,
  };
  const actionColumn: ColumnType<Row> = {
    key: '__actions',
    title: t('kit:table.actions'),
    fixed: 'right',
    width: declaredActions.length > 0 ? 300 : 200,
    render: (_value, record) => (
      <Space size={0} wrap>
        {rowActions?.(record)}
        {declaredActions
          .filter(([, action]) => actionApplies(action, record))
          .map(([name, action]) => (
            <Button key={name} type="link" size="small" danger={action.danger} onClick={() => runAction(name, action, record)}>
              {t(action.label)}
            </Button>
          ))}
        {canShow && (
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => (onShow ? onShow(record) : setShowing(record.id))}>
            {t('kit:row.show')}
          </Button>
        )}
        {canEdit &&
          (rowWritable?.(record) ?? true) &&
          // Only a record in approval says why it is locked: a tooltip mounts a trigger that renders again once
          // mounted, and one on every row's 修改 did so for each row before the first row could paint.
          (pendingOf(record) ? (
            <Tooltip title={t('kit:approval.editPending')}>
              <Button type="link" size="small" icon={<EditOutlined />} disabled>
                {t('kit:row.edit')}
              </Button>
            </Tooltip>
          ) : (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => edit.current?.show(record.id)}>
              {t('kit:row.edit')}
            </Button>
          ))}
        {canRemove && (rowWritable?.(record) ?? true) && (
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => confirmRemove([record.id])}>
            {t('kit:row.remove')}
          </Button>
        )}
      </Space>
    ),
  };

  const settings = useColumnSettings(resource.name, dataColumns);
  const dialogs = useFirstPaintDone();
  const columns = [indexColumn, ...settings.columns, ...(hasRowActions ? [actionColumn] : [])];

  return (
    <div className="kit-page" data-testid={`${resource.name}-list`}>
      {searchFields.length > 0 && (
        <Form {...searchFormProps} name={`${resource.name}-search`} layout="inline" className="kit-search" aria-label={t('kit:search.label', { title })}>
          {searchFields.map(([name, schema]) => {
            const label = t(schema.label);
            return (
              <Form.Item key={name} name={name} label={label} className={schema.search === 'range' ? 'kit-search-range' : undefined}>
                <SearchInput
                  schema={schema}
                  placeholder={t(schema.type === 'dict' || schema.type === 'boolean' ? 'kit:form.selectPlaceholder' : 'kit:form.placeholder', { label })}
                  t={t}
                />
              </Form.Item>
            );
          })}
          <SearchButtons onReset={resetSearch} />
        </Form>
      )}

      {/* Each host shows its draft offer here (after a session's expiry); its dialog is a modal, drawn over the page. */}
      {can('create') && (
        <ResourceFormDialog
          ref={create}
          resource={resource}
          mode="create"
          createDefaults={createDefaults}
          fixed={Object.keys(fixedFilters)}
          onSaved={approval?.create ? proposed : changed}
        />
      )}
      {canEdit && <ResourceFormDialog ref={edit} resource={resource} mode="edit" onSaved={approval?.update ? proposed : changed} />}
      <div className="kit-toolbar">
        <Space wrap>
          {can('create') && (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => create.current?.show()}>
              {t('kit:toolbar.create')}
            </Button>
          )}
          {canRemove && (
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => confirmRemove(selected)}>
              {t('kit:toolbar.remove')}
            </Button>
          )}
          {can('export') && (
            <Button icon={<DownloadOutlined />} loading={exportMutation.isPending} onClick={runExport}>
              {t('kit:toolbar.export')}
            </Button>
          )}
          {toolbarExtra}
        </Space>
        <Space>
          <Tooltip title={t('kit:toolbar.refresh')}>
            <Button shape="circle" icon={<ReloadOutlined />} aria-label={t('kit:toolbar.refresh')} onClick={() => void tableQuery.refetch()} />
          </Tooltip>
          {settings.settingsButton}
        </Space>
      </div>

      {approval?.create && can('list') && <PendingCreations resource={resource} reload={proposals} />}

      <Table<Row>
        {...tableProps}
        // Refine's own (until the first fetch) would spin over rows the list started with (ready-list.ts) until a refetch.
        loading={tableQuery.isLoading}
        rowKey="id"
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={
          canRemove
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
                getCheckboxProps: (record: Row) => ({ disabled: rowWritable ? !rowWritable(record) : false }),
              }
            : undefined
        }
        pagination={{
          ...tableProps.pagination,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => pagerTotal(t, i18n.language, total, tableQuery.data?.totalBounded),
        }}
      />

      {/* Closed, it waits for the first screen's paint (components/first-paint.ts). */}
      {dialogs && canShow && (
        <ResourceShowDrawer
          resource={resource}
          id={showing}
          onClose={() => setShowing(undefined)}
          extra={showExtra as ((record: Record<string, unknown>) => ReactNode) | undefined}
          renderers={renderers as ResourceShowRenderers}
        />
      )}
    </div>
  );
}
