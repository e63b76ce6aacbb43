/**
 * The kit list's table: Refine's core useTable (page, page size, sorters, filters and the list query)
 * and the props ResourceList gives its search form and antd Table.
 *
 * @refinedev/antd's useTable does the same, but it reads antd's breakpoints (Grid.useBreakpoint), and
 * that hook forces its caller to render again once mounted, in a layout effect: the whole list was
 * rendered twice before its first row could paint, the first time with the "simple" pagination a
 * phone gets. Its pagination also drew each page number as a router link, for syncWithLocation,
 * which the kit does not use. Here the phone's pagination is read from the window at render.
 */
import { mapAntdSorterToCrudSorting } from '@refinedev/antd';
import { useTable as useTableCore, type BaseRecord, type CrudFilter, type HttpError, type useTableProps } from '@refinedev/core';
import { Form, type FormProps, type TableProps } from 'antd';
import { useState, useSyncExternalStore } from 'react';

/** antd's `sm` breakpoint: below it, Refine's table showed the simple pagination, centred. */
const WIDE_ENOUGH = '(min-width: 576px)';

const subscribeWidth = (onChange: () => void) => {
  const query = window.matchMedia(WIDE_ENOUGH);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const wideEnough = () => window.matchMedia(WIDE_ENOUGH).matches;

export interface ListTableProps<TQueryFnData extends BaseRecord, TSearchVariables> extends Omit<
  useTableProps<TQueryFnData, HttpError, TQueryFnData>,
  'syncWithLocation'
> {
  /** The search form's values as the list's filters (the page goes back to 1). */
  onSearch: (values: TSearchVariables) => CrudFilter[];
  /**
   * Query options for the first page shown only (ready-list.ts: its early answer as initial data). React
   * Query gives a query's options to whatever key it moves to: kept after a search, the first page's
   * unfiltered rows stood as the new search's answer, fresh for a second, and a search made in that
   * second was never asked (CI of 6bd0a5e). They go with the first move: a search, a page, a sort.
   */
  firstPageOptions?: useTableProps<TQueryFnData, HttpError, TQueryFnData>['queryOptions'];
}

export function useListTable<TQueryFnData extends BaseRecord, TSearchVariables extends object>({
  onSearch,
  firstPageOptions,
  ...props
}: ListTableProps<TQueryFnData, TSearchVariables>) {
  const [moved, setMoved] = useState(false);
  const queryOptions = moved || !firstPageOptions ? props.queryOptions : { ...firstPageOptions, ...props.queryOptions };
  const table = useTableCore<TQueryFnData, HttpError, TQueryFnData>({ ...props, queryOptions, syncWithLocation: false });
  const { tableQuery, currentPage, setCurrentPage, pageSize, setPageSize, setFilters, setSorters, sorters, filters } = table;
  const wide = useSyncExternalStore(subscribeWidth, wideEnough, () => true);
  const [form] = Form.useForm<TSearchVariables>();

  const onChange: TableProps<TQueryFnData>['onChange'] = (pagination, _columnFilters, sorter) => {
    // A header click: one column's order, or none once cleared (the server's default order then holds).
    setMoved(true);
    if (sorter && Object.keys(sorter).length > 0) setSorters(mapAntdSorterToCrudSorting(sorter));
    setCurrentPage(pagination.current || 1);
    setPageSize(pagination.pageSize || pageSize);
  };

  const searchFormProps: FormProps<TSearchVariables> = {
    form,
    onFinish: (values) => {
      setMoved(true);
      setFilters(onSearch(values));
      setCurrentPage(1);
    },
  };

  const data = tableQuery.data;
  const tableProps: TableProps<TQueryFnData> = {
    dataSource: data?.data,
    onChange,
    pagination: {
      current: currentPage,
      pageSize,
      total: data?.total,
      simple: !wide,
      position: wide ? ['bottomRight'] : ['bottomCenter'],
    },
  };
  return { tableProps, searchFormProps, tableQuery, currentPage, pageSize, sorters, filters };
}
