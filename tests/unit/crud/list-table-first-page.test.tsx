// @vitest-environment jsdom
/**
 * The first page a list starts with (ready-list.ts: its early answer as React Query's initial data) stands
 * for that page only. A search made while those rows were still fresh was answered with them, unfiltered,
 * and never asked of the server (CI of 6bd0a5e: the operation log's "10,835 in total" after a search for
 * one operator). Here a search, a page and a sort made at once each ask the server and show its answer.
 */
import '../shell/dom';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { Refine, type BaseRecord, type CrudFilter, type DataProvider, type GetListParams } from '@refinedev/core';
import { useListTable } from '../../../src/crud/use-list-table';

const SEED = { data: [{ id: 'seed-1', username: 'anyone' }], total: 10_835 };

function harness() {
  const calls: GetListParams[] = [];
  const dataProvider = {
    getList: async (params: GetListParams) => {
      calls.push(params);
      const filtered = (params.filters ?? []).length > 0;
      return filtered ? { data: [{ id: 'found-1', username: 'bound_operator' }], total: 10_001 } : SEED;
    },
    getOne: async () => ({ data: {} }),
    create: async () => ({ data: {} }),
    update: async () => ({ data: {} }),
    deleteOne: async () => ({ data: {} }),
    getApiUrl: () => '',
  } as unknown as DataProvider;
  const seen: { table?: ReturnType<typeof useListTable<BaseRecord, { username?: string }>> } = {};
  function List() {
    const at = Date.now();
    seen.table = useListTable<BaseRecord, { username?: string }>({
      resource: 'operation-logs',
      pagination: { pageSize: 10 },
      firstPageOptions: { initialData: SEED, initialDataUpdatedAt: at, staleTime: 60_000 },
      onSearch: (values): CrudFilter[] => (values.username ? [{ field: 'username', operator: 'contains', value: values.username }] : []),
    });
    return null;
  }
  render(
    <Refine dataProvider={dataProvider} resources={[{ name: 'operation-logs' }]} options={{ disableTelemetry: true }}>
      <List />
    </Refine>,
  );
  return { calls, seen };
}

afterEach(cleanup);

describe('a list started from its early first page', () => {
  it('shows the early rows without asking again', async () => {
    const { calls, seen } = harness();
    await waitFor(() => expect(seen.table?.tableProps.dataSource).toEqual(SEED.data));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
  });

  it('asks the server for a search made while those rows are fresh, and shows its answer', async () => {
    const { calls, seen } = harness();
    await waitFor(() => expect(seen.table?.tableProps.dataSource).toEqual(SEED.data));
    act(() => seen.table!.searchFormProps.onFinish!({ username: 'bound_operator' }));
    await waitFor(() => expect(seen.table?.tableProps.dataSource).toEqual([{ id: 'found-1', username: 'bound_operator' }]));
    expect(seen.table?.tableProps.pagination).toMatchObject({ total: 10_001 });
    expect(calls.at(-1)?.filters).toEqual([{ field: 'username', operator: 'contains', value: 'bound_operator' }]);
  });

  it('asks the server for another page made at once', async () => {
    const { calls, seen } = harness();
    await waitFor(() => expect(seen.table?.tableProps.dataSource).toEqual(SEED.data));
    act(() => seen.table!.tableProps.onChange!({ current: 2, pageSize: 10 }, {}, {}, { action: 'paginate', currentDataSource: [] }));
    await waitFor(() => expect(calls.at(-1)?.pagination).toMatchObject({ currentPage: 2 }));
  });
});
