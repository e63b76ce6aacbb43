// @vitest-environment jsdom
import type { CrudFilter, CrudSort } from '@refinedev/core';
import '../../../src/providers/i18n';
import { dataProvider, errorNotification, filtersToBody, sortersToOrderBy } from '../../../src/providers/data-provider';
import { dataProvider as lazyDataProvider } from '../../../src/providers/lazy-providers';
import { ApiError, setNotifier } from '../../../src/providers/http';
import { answer, ok, resetServer, sent, sentTo } from './net';

const notified = { error: vi.fn(), timeoutDialog: vi.fn(), errorDialog: vi.fn(() => Promise.resolve()) };

beforeEach(() => {
  resetServer();
  Object.values(notified).forEach((m) => m.mockClear());
  setNotifier(notified);
});

const page = (records: unknown[], total = records.length) => ok({ records, total, pageNum: 1, pageSize: 10 });

describe('filtersToBody: Refine filters as the flat fields of PROTOCOL §7', () => {
  it.each<[string, CrudFilter[], Record<string, unknown>]>([
    ['eq is the field itself', [{ field: 'status', operator: 'eq', value: '0' }], { status: '0' }],
    ['contains is the field itself', [{ field: 'dictName', operator: 'contains', value: '状态' }], { dictName: '状态' }],
    [
      'a falsy but given value is kept (0, false)',
      [
        { field: 'dictSort', operator: 'eq', value: 0 },
        { field: 'isShow', operator: 'eq', value: false },
      ],
      { dictSort: 0, isShow: false },
    ],
    [
      'between is fieldStart and fieldEnd',
      [{ field: 'createTime', operator: 'between', value: ['2026-01-01', '2026-01-31'] }],
      { createTimeStart: '2026-01-01', createTimeEnd: '2026-01-31' },
    ],
    ['between with only a start', [{ field: 'createTime', operator: 'between', value: ['2026-01-01', undefined] }], { createTimeStart: '2026-01-01' }],
    ['between with only an end', [{ field: 'createTime', operator: 'between', value: [null, '2026-01-31'] }], { createTimeEnd: '2026-01-31' }],
    ['between with both ends empty', [{ field: 'createTime', operator: 'between', value: ['', null] }], {}],
    ['gte is fieldStart', [{ field: 'createTime', operator: 'gte', value: '2026-01-01' }], { createTimeStart: '2026-01-01' }],
    ['lte is fieldEnd', [{ field: 'createTime', operator: 'lte', value: '2026-01-31' }], { createTimeEnd: '2026-01-31' }],
    [
      'gte and lte together make a range',
      [
        { field: 'createTime', operator: 'gte', value: 'a' },
        { field: 'createTime', operator: 'lte', value: 'b' },
      ],
      { createTimeStart: 'a', createTimeEnd: 'b' },
    ],
    ['an empty string is dropped', [{ field: 'dictName', operator: 'contains', value: '' }], {}],
    ['undefined is dropped', [{ field: 'dictName', operator: 'contains', value: undefined }], {}],
    ['null is dropped', [{ field: 'status', operator: 'eq', value: null }], {}],
    ['an empty list is dropped', [{ field: 'status', operator: 'in', value: [] }], {}],
    ['an empty gte is dropped', [{ field: 'createTime', operator: 'gte', value: '' }], {}],
    ['a conditional (or) filter has no flat field', [{ operator: 'or', value: [{ field: 'a', operator: 'eq', value: 1 }] }], {}],
    [
      'several fields together',
      [
        { field: 'dictType', operator: 'eq', value: 'sys_yes_no' },
        { field: 'dictLabel', operator: 'contains', value: '是' },
        { field: 'status', operator: 'eq', value: '' },
      ],
      { dictType: 'sys_yes_no', dictLabel: '是' },
    ],
  ])('%s', (_, filters, body) => {
    expect(filtersToBody(filters)).toEqual(body);
  });

  it('no filters is an empty body', () => {
    expect(filtersToBody(undefined)).toEqual({});
  });
});

describe('sortersToOrderBy', () => {
  it.each<[string, CrudSort[] | undefined, unknown[]]>([
    ['none', undefined, []],
    ['one descending', [{ field: 'createTime', order: 'desc' }], [{ field: 'createTime', order: 'desc' }]],
    [
      'several, in their order',
      [
        { field: 'dictSort', order: 'asc' },
        { field: 'createTime', order: 'desc' },
      ],
      [
        { field: 'dictSort', order: 'asc' },
        { field: 'createTime', order: 'desc' },
      ],
    ],
    [
      'a column with its sort cleared is left out',
      [
        { field: 'dictName', order: null as unknown as 'asc' },
        { field: 'createTime', order: 'asc' },
      ],
      [{ field: 'createTime', order: 'asc' }],
    ],
  ])('%s', (_, sorters, orderBy) => {
    expect(sortersToOrderBy(sorters)).toEqual(orderBy);
  });
});

describe('the data provider over the CRUD calls of PROTOCOL §7', () => {
  it('getList posts {base}/page with the page, order and flat filters, and answers records and total', async () => {
    answer('/op/v1/sys/dict-types/page', page([{ id: '1', dictName: '状态' }], 31));
    const result = await dataProvider.getList({
      resource: 'dict-types',
      pagination: { currentPage: 3, pageSize: 20 },
      sorters: [{ field: 'createTime', order: 'desc' }],
      filters: [
        { field: 'dictName', operator: 'contains', value: '状态' },
        { field: 'createTime', operator: 'between', value: ['2026-01-01 00:00:00', '2026-01-31 23:59:59'] },
      ],
    });
    expect(result).toEqual({ data: [{ id: '1', dictName: '状态' }], total: 31 });
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].body).toEqual({
      dictName: '状态',
      createTimeStart: '2026-01-01 00:00:00',
      createTimeEnd: '2026-01-31 23:59:59',
      pageNum: 3,
      pageSize: 20,
      orderBy: [{ field: 'createTime', order: 'desc' }],
    });
  });

  it('getList without pagination or sorters asks for page 1 of 10 and sends no orderBy', async () => {
    answer('/op/v1/sys/dict-datas/page', page([]));
    await dataProvider.getList({ resource: 'dict-datas' });
    expect(sentTo('/op/v1/sys/dict-datas/page')[0].body).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('the page fields win over a filter of the same name', async () => {
    answer('/op/v1/sys/configs/page', page([]));
    await dataProvider.getList({
      resource: 'configs',
      pagination: { currentPage: 2, pageSize: 50 },
      filters: [{ field: 'pageNum', operator: 'eq', value: 99 }],
    });
    expect(sent[0].body).toMatchObject({ pageNum: 2, pageSize: 50 });
  });

  it('getOne posts find-by-id with the id as a string', async () => {
    answer('/op/v1/sys/configs/find-by-id', ({ body }) => ok({ id: (body as { id: string }).id, configKey: 'k' }));
    const result = await dataProvider.getOne({ resource: 'configs', id: 7 });
    expect(sent[0].body).toEqual({ id: '7' });
    expect(result.data).toEqual({ id: '7', configKey: 'k' });
  });

  it('getMany reads each id through find-by-id, in order', async () => {
    answer('/op/v1/sys/configs/find-by-id', ({ body }) => ok({ id: (body as { id: string }).id }));
    const result = await dataProvider.getMany!({ resource: 'configs', ids: ['a', 2] });
    expect(result.data).toEqual([{ id: 'a' }, { id: '2' }]);
    expect(sentTo('/op/v1/sys/configs/find-by-id').map((r) => r.body)).toEqual([{ id: 'a' }, { id: '2' }]);
  });

  it('create posts the record to save and answers the saved record', async () => {
    answer('/op/v1/sys/dict-types/save', ({ body }) => ok({ ...(body as object), id: 'n1', dataVersion: 0 }));
    const result = await dataProvider.create({ resource: 'dict-types', variables: { dictName: '是否', dictType: 'sys_yes_no', status: '0' } });
    expect(sent[0].body).toEqual({ dictName: '是否', dictType: 'sys_yes_no', status: '0' });
    expect(result.data).toEqual({ dictName: '是否', dictType: 'sys_yes_no', status: '0', id: 'n1', dataVersion: 0 });
  });

  it('update posts update-by-id with the id and the dataVersion the record was read at', async () => {
    answer('/op/v1/sys/dict-types/update-by-id', ({ body }) => ok({ ...(body as object), dataVersion: 4 }));
    const result = await dataProvider.update({ resource: 'dict-types', id: 12, variables: { dictName: '新名', dataVersion: 3 } });
    expect(sent[0].body).toEqual({ dictName: '新名', dataVersion: 3, id: '12' });
    expect(result.data).toMatchObject({ id: '12', dataVersion: 4 });
  });

  it("a lost update is refused with the server's words, as a business error nobody else shows", async () => {
    answer('/op/v1/sys/dict-types/update-by-id', { envelope: { code: 'DATA_VERSION_CONFLICT', message: '数据已被他人修改，请刷新后重试' } });
    const error = await dataProvider.update({ resource: 'dict-types', id: '1', variables: { dataVersion: 0 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', code: 'DATA_VERSION_CONFLICT', message: '数据已被他人修改，请刷新后重试' });
    expect(notified.error).not.toHaveBeenCalled();
  });

  it("a transport failure keeps the catalogue's message and a statusCode for Refine, and is not shown twice", async () => {
    answer('/op/v1/sys/configs/page', { status: 500, raw: 'oops' });
    const error = await dataProvider.getList({ resource: 'configs' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', message: '网络异常，请您稍后重试。', statusCode: 500 });
    expect(notified.error).not.toHaveBeenCalled();
  });

  it('deleteOne posts remove-by-ids with one string id', async () => {
    answer('/op/v1/sys/configs/remove-by-ids', ok(1));
    const result = await dataProvider.deleteOne({ resource: 'configs', id: 5 });
    expect(sent[0].body).toEqual({ ids: ['5'] });
    expect(result.data).toEqual({ id: 5 });
  });

  it('deleteMany posts every id in one remove-by-ids call', async () => {
    answer('/op/v1/sys/dict-datas/remove-by-ids', ok(3));
    const result = await dataProvider.deleteMany!({ resource: 'dict-datas', ids: ['a', 2, 'c'] });
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ ids: ['a', '2', 'c'] });
    expect(result.data).toEqual([{ id: 'a' }, { id: 2 }, { id: 'c' }]);
  });

  it('custom posts the payload with filters and sorters merged in, under the path without the api base', async () => {
    answer('/op/v1/export/file-export-records/count-new', ok(4));
    const result = await dataProvider.custom!({
      url: '/api/web/op/v1/export/file-export-records/count-new',
      method: 'post',
      payload: { scope: 'mine' },
      filters: [{ field: 'createTime', operator: 'between', value: ['a', 'b'] }],
      sorters: [{ field: 'createTime', order: 'asc' }],
    });
    expect(result.data).toBe(4);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].body).toEqual({ scope: 'mine', createTimeStart: 'a', createTimeEnd: 'b', orderBy: [{ field: 'createTime', order: 'asc' }] });
  });

  it('custom GET sends the query as query parameters', async () => {
    answer('/op/v1/sys/dict-types/options', ok(['x']));
    await dataProvider.custom!({ url: '/op/v1/sys/dict-types/options', method: 'get', query: { dictType: 'sys_yes_no' } });
    expect(sent[0].method).toBe('GET');
    expect(sent[0].query.get('dictType')).toBe('sys_yes_no');
  });

  it('an unknown resource is a programming error, not a request', async () => {
    await expect(dataProvider.getList({ resource: 'no-such-thing' })).rejects.toThrow(/Unknown resource "no-such-thing"/);
    expect(sent).toHaveLength(0);
  });

  it('a query Refine aborts through meta.signal ends as cancelled, and errorNotification keeps quiet about it', async () => {
    answer('/op/v1/sys/configs/page', { hang: true });
    const controller = new AbortController();
    const pending = dataProvider.getList({ resource: 'configs', meta: { signal: controller.signal } }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    const error = await pending;
    expect(error).toMatchObject({ kind: 'cancelled', message: '当前请求已被取消' });
    expect(errorNotification(error)).toBe(false);
    expect(notified.error).not.toHaveBeenCalled();
  });
});

describe('errorNotification', () => {
  it.each([
    ['cancelled', new ApiError('cancelled', '当前请求已被取消'), false],
    ['business', new ApiError('business', '字典类型已存在', 200, 'DUPLICATE'), { type: 'error', message: '字典类型已存在', key: 'api-error' }],
    ['network', new ApiError('network', '网络异常，请您稍后重试。', 500), { type: 'error', message: '网络异常，请您稍后重试。', key: 'api-error' }],
    ['a plain error', new Error('boom'), { type: 'error', message: 'boom', key: 'api-error' }],
    ['nothing at all', undefined, { type: 'error', message: '', key: 'api-error' }],
  ])('%s', (_, error, expected) => {
    expect(errorNotification(error)).toEqual(expected);
  });
});

describe('the lazy data provider', () => {
  it('forwards each call to the real provider on first use', async () => {
    answer('/op/v1/sys/dict-types/page', page([{ id: '1' }], 1));
    answer('/op/v1/sys/dict-types/remove-by-ids', ok(2));
    expect(lazyDataProvider.getApiUrl()).toBe('/api/web');
    await expect(lazyDataProvider.getList({ resource: 'dict-types', pagination: { currentPage: 2, pageSize: 5 } })).resolves.toEqual({
      data: [{ id: '1' }],
      total: 1,
    });
    await lazyDataProvider.deleteMany!({ resource: 'dict-types', ids: ['1', '2'] });
    expect(sent.map((r) => [r.path, r.body])).toEqual([
      ['/op/v1/sys/dict-types/page', { pageNum: 2, pageSize: 5 }],
      ['/op/v1/sys/dict-types/remove-by-ids', { ids: ['1', '2'] }],
    ]);
  });

  it('passes errors through unchanged', async () => {
    answer('/op/v1/sys/configs/save', { envelope: { code: 'DUPLICATE', message: '参数键名已存在' } });
    await expect(lazyDataProvider.create({ resource: 'configs', variables: {} })).rejects.toMatchObject({ kind: 'business', message: '参数键名已存在' });
  });
});
