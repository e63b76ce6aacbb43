/**
 * The generic CRUD calls over real HTTP, as the back office's list, form and show pages use them:
 * dictionary types, dictionary data and configuration parameters (spec §7, PROTOCOL.md §7).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import errors from '../../locales/zh-CN/errors.json';
import { sysConfigs } from '../../server/db/schema';
import { signInAs, type ApiClient, dataOf, refusalOf } from './client';
import { sharedServer, type TestServer } from './server';

interface Rec {
  id: string;
  dataVersion: number;
  createTime: string;
  updateTime: string;
  [field: string]: unknown;
}
interface Page {
  records: Rec[];
  total: number;
  pageNum: number;
  pageSize: number;
}

let srv: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  admin = await signInAs(srv.baseUrl, 'op_admin');
});

const TYPES = '/op/v1/sys/dict-types';
const DATAS = '/op/v1/sys/dict-datas';
const CONFIGS = '/op/v1/sys/configs';

/** Dictionary types and parameter keys are unique, and searched: this run's carry its mark. */
const RUN = randomUUID().slice(0, 8);
const t = (name: string) => `crud_${RUN}_${name}`;
const key = (name: string) => `crud.${RUN}.${name}`;

const refusal = refusalOf;
const ok = dataOf;
const saveType = (dictType: string, dictName: string, status = '0') => ok<Rec>(admin, `${TYPES}/save`, { dictType, dictName, status });

describe('dictionary types', () => {
  it('saves a record with a string id, version 0 and ISO times, and finds it by id', async () => {
    const saved = await saveType(t('a'), '增删改查甲');
    expect(typeof saved.id).toBe('string');
    expect(saved).toMatchObject({ dictType: t('a'), dictName: '增删改查甲', status: '0', dataVersion: 0, createBy: 'op_admin' });
    expect(new Date(saved.createTime).toISOString()).toBe(saved.createTime);
    expect(await ok<Rec>(admin, `${TYPES}/find-by-id`, { id: saved.id })).toEqual(saved);
    expect(refusal(await admin.call(`${TYPES}/find-by-id`, { json: { id: 'nope' } }))).toMatchObject({
      status: 200,
      code: 'NOT_FOUND',
      message: '记录不存在或已被删除',
    });
  });

  it('pages with contains, eq and range filters, sorts by a sortable field and refuses any other', async () => {
    const dictName = `分页筛选${RUN}`;
    await saveType(t('b1'), `${dictName}一`);
    await saveType(t('b2'), `${dictName}二`, '1');
    await saveType(t('b3'), `${dictName}三`);
    const contains = await ok<Page>(admin, `${TYPES}/page`, { dictName, orderBy: [{ field: 'dictType', order: 'desc' }] });
    expect(contains.records.map((r) => r.dictType)).toEqual([t('b3'), t('b2'), t('b1')]);
    expect(contains).toMatchObject({ total: 3, pageNum: 1, pageSize: 20 });

    const eqStatus = await ok<Page>(admin, `${TYPES}/page`, { dictName, status: '1' });
    expect(eqStatus.records.map((r) => r.dictType)).toEqual([t('b2')]);

    const paged = await ok<Page>(admin, `${TYPES}/page`, { dictName, orderBy: [{ field: 'dictType', order: 'asc' }], pageNum: 2, pageSize: 2 });
    expect(paged.records.map((r) => r.dictType)).toEqual([t('b3')]);
    expect(paged.total).toBe(3);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await ok<Page>(admin, `${TYPES}/page`, { dictName, createTimeStart: future })).total).toBe(0);
    expect((await ok<Page>(admin, `${TYPES}/page`, { dictName, createTimeEnd: future })).total).toBe(3);

    const unsortable = refusal(await admin.call(`${TYPES}/page`, { json: { orderBy: [{ field: 'status', order: 'asc' }] } }));
    expect(unsortable).toMatchObject({ status: 200, code: 'VALIDATION_FAILED' });
    expect(unsortable.message).toContain('status');
    expect(refusal(await admin.call(`${TYPES}/page`, { json: { pageSize: 501 } })).code).toBe('VALIDATION_FAILED');
  });

  it('takes % and _ in a contains filter literally', async () => {
    await saveType(t('pct'), '百分号 100%');
    await saveType(t('pcx'), '百分号 1000');
    // Narrowed to this run's two by their type; as wildcards, 0% would find both and p_t would find pct.
    const page = await ok<Page>(admin, `${TYPES}/page`, { dictName: '0%', dictType: t('pc') });
    expect(page.records.map((r) => r.dictType)).toEqual([t('pct')]);
    expect((await ok<Page>(admin, `${TYPES}/page`, { dictType: t('p_t') })).total).toBe(0);
  });

  it('names the field in validation messages and refuses a duplicate key', async () => {
    expect(refusal(await admin.call(`${TYPES}/save`, { json: { dictType: t('v'), status: '0' } }))).toEqual({
      status: 200,
      code: 'VALIDATION_FAILED',
      message: '字典名称不能为空',
    });
    expect(refusal(await admin.call(`${TYPES}/save`, { json: { dictType: t('v'), dictName: '编码', status: '9' } })).message).toBe('状态的值不在字典中：9');
    const long = refusal(await admin.call(`${TYPES}/save`, { json: { dictType: t('v'), dictName: 'x'.repeat(101), status: '0' } }));
    expect(long.message).toBe('字典名称长度不能超过 100 个字符');
    await saveType(t('dup'), '重复甲');
    expect(refusal(await admin.call(`${TYPES}/save`, { json: { dictType: t('dup'), dictName: '重复乙', status: '0' } }))).toEqual({
      status: 200,
      code: 'DUPLICATE',
      message: '字典类型已存在',
    });
    expect((await ok<Page>(admin, `${TYPES}/page`, { dictType: t('dup') })).total).toBe(1);
  });

  it('edits with the version read: +1, the key (create-only) and read-only fields untouched', async () => {
    const saved = await saveType(t('e'), '编辑前');
    const edited = await ok<Rec>(admin, `${TYPES}/update-by-id`, {
      ...saved,
      dictName: '编辑后',
      dictType: t('e_changed'),
      createTime: '2000-01-01T00:00:00.000Z',
    });
    expect(edited).toMatchObject({ id: saved.id, dictName: '编辑后', dictType: t('e'), dataVersion: 1, createTime: saved.createTime, updateBy: 'op_admin' });
    expect(Date.parse(edited.updateTime)).toBeGreaterThanOrEqual(Date.parse(saved.updateTime));
  });

  it('never loses an update: the second save of the same version is refused and the first survives', async () => {
    const saved = await saveType(t('lock'), '并发原值');
    const other = await signInAs(srv.baseUrl, 'op_admin');
    const mine = await ok<Rec>(admin, `${TYPES}/find-by-id`, { id: saved.id });
    const theirs = await ok<Rec>(other, `${TYPES}/find-by-id`, { id: saved.id });
    await ok(admin, `${TYPES}/update-by-id`, { ...mine, dictName: '第一个保存' });
    expect(refusal(await other.call(`${TYPES}/update-by-id`, { json: { ...theirs, dictName: '第二个保存' } }))).toEqual({
      status: 200,
      code: 'DATA_VERSION_CONFLICT',
      message: errors.DATA_VERSION_CONFLICT,
    });
    expect(errors.DATA_VERSION_CONFLICT).toBe('数据已被他人修改，请刷新后重试');
    expect(await ok<Rec>(admin, `${TYPES}/find-by-id`, { id: saved.id })).toMatchObject({ dictName: '第一个保存', dataVersion: 1 });
    expect(refusal(await admin.call(`${TYPES}/update-by-id`, { json: { id: 'gone', dataVersion: 0, dictName: 'x', status: '0' } })).code).toBe('NOT_FOUND');
  });

  it('removes by ids, and refuses to remove a type that still has data (removing nothing)', async () => {
    const a = await saveType(t('r1'), '删除一');
    const b = await saveType(t('r2'), '删除二');
    await ok(admin, `${DATAS}/save`, { dictType: t('r2'), dictLabel: '项', dictValue: 'v', dictSort: 1, status: '0' });
    expect(refusal(await admin.call(`${TYPES}/remove-by-ids`, { json: { ids: [a.id, b.id] } }))).toEqual({
      status: 200,
      code: 'DICT_TYPE_IN_USE',
      message: `字典类型下仍有字典数据，不能删除：${t('r2')}`,
    });
    expect((await ok<Page>(admin, `${TYPES}/page`, { dictType: t('r') })).total).toBe(2);
    expect(await ok<number>(admin, `${TYPES}/remove-by-ids`, { ids: [a.id] })).toBe(1);
    expect(refusal(await admin.call(`${TYPES}/remove-by-ids`, { json: { ids: [] } })).code).toBe('VALIDATION_FAILED');
  });
});

describe('dictionary data', () => {
  beforeAll(async () => {
    await saveType(t('items'), '条目');
    for (const [dictValue, dictLabel, dictSort, status] of [
      ['c', '丙', 3, '0'],
      ['a', '甲', 1, '0'],
      ['b', '乙', 2, '0'],
      ['x', '停用项', 0, '1'],
    ] as const) {
      await ok(admin, `${DATAS}/save`, { dictType: t('items'), dictValue, dictLabel, dictSort, status, listClass: 'success' });
    }
  });

  it('refuses an item of a type that does not exist, and a non-integer sort', async () => {
    expect(refusal(await admin.call(`${DATAS}/save`, { json: { dictType: 'no_such', dictLabel: 'l', dictValue: 'v', dictSort: 1, status: '0' } }))).toEqual({
      status: 200,
      code: 'DICT_TYPE_MISSING',
      message: '字典类型不存在：no_such',
    });
    expect(
      refusal(await admin.call(`${DATAS}/save`, { json: { dictType: t('items'), dictLabel: 'l', dictValue: 'v', dictSort: '1', status: '0' } })).message,
    ).toBe('显示排序必须是整数');
  });

  it('pages a type in dictSort order by default', async () => {
    const page = await ok<Page>(admin, `${DATAS}/page`, { dictType: t('items') });
    expect(page.records.map((r) => r.dictValue)).toEqual(['x', 'a', 'b', 'c']);
  });

  it('lists one type, enabled items only, in dictSort order', async () => {
    const items = await ok<Array<Record<string, unknown>>>(admin, `${DATAS}/list-by-dict-type`, { dictType: t('items') });
    expect(items).toEqual([
      { dictLabel: '甲', dictValue: 'a', listClass: 'success', isShow: true, dictSort: 1 },
      { dictLabel: '乙', dictValue: 'b', listClass: 'success', isShow: true, dictSort: 2 },
      { dictLabel: '丙', dictValue: 'c', listClass: 'success', isShow: true, dictSort: 3 },
    ]);
  });

  it('lists several types as a map; an unknown type maps to [] and an empty list answers {}', async () => {
    const map = await ok<Record<string, Array<{ dictValue: string }>>>(admin, `${DATAS}/list-by-dict-types`, {
      dictTypes: [t('items'), 'sys_yes_no', 'nothing'],
    });
    expect(Object.keys(map).sort()).toEqual([t('items'), 'nothing', 'sys_yes_no']);
    expect(map[t('items')].map((i) => i.dictValue)).toEqual(['a', 'b', 'c']);
    expect(map.sys_yes_no.map((i) => i.dictValue)).toEqual(['Y', 'N']);
    expect(map.nothing).toEqual([]);
    expect(await ok(admin, `${DATAS}/list-by-dict-types`, {})).toEqual({});
    expect(refusal(await admin.call(`${DATAS}/list-by-dict-types`, { json: { dictTypes: 'sys_yes_no' } }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '字典类型列表必须是不超过 100 个字典类型的列表',
    });
  });

  it('with includeDisabled, lists the disabled items too, marked, so a record holding one is labelled (issue 25)', async () => {
    const map = await ok<Record<string, Array<Record<string, unknown>>>>(admin, `${DATAS}/list-by-dict-types`, {
      dictTypes: [t('items')],
      includeDisabled: true,
    });
    expect(map[t('items')].map((i) => [i.dictValue, i.disabled ?? false])).toEqual([
      ['x', true],
      ['a', false],
      ['b', false],
      ['c', false],
    ]);
    const enabled = await ok<Record<string, Array<Record<string, unknown>>>>(admin, `${DATAS}/list-by-dict-types`, {
      dictTypes: [t('items')],
      includeDisabled: false,
    });
    expect(enabled[t('items')].map((i) => i.dictValue)).toEqual(['a', 'b', 'c']);
    expect(refusal(await admin.call(`${DATAS}/list-by-dict-types`, { json: { dictTypes: [t('items')], includeDisabled: 'yes' } }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '含停用项必须是布尔值',
    });
  });
});

describe('configuration parameters', () => {
  it('saves, finds by key, reads a JSON value and refuses a value that is not JSON', async () => {
    const saved = await ok<Rec>(admin, `${CONFIGS}/save`, { configName: '测试 JSON', configKey: key('json'), configValue: '{"a":[1,2]}', configType: 'N' });
    expect(await ok(admin, `${CONFIGS}/find-by-config-key`, { configKey: key('json') })).toEqual(saved);
    expect(await ok(admin, `${CONFIGS}/common/find-value-json-by-config-key`, { configKey: key('json') })).toEqual({ a: [1, 2] });
    await ok(admin, `${CONFIGS}/save`, { configName: '测试文本', configKey: key('text'), configValue: 'not json', configType: 'N' });
    expect(refusal(await admin.call(`${CONFIGS}/common/find-value-json-by-config-key`, { json: { configKey: key('text') } }))).toEqual({
      status: 200,
      code: 'CONFIG_NOT_JSON',
      message: `参数值不是合法的 JSON：${key('text')}`,
    });
    expect(
      refusal(await admin.call(`${CONFIGS}/save`, { json: { configName: '重复', configKey: key('json'), configValue: '1', configType: 'N' } })).message,
    ).toBe('参数键名已存在');
  });

  it('updates a value by key, bumping the version', async () => {
    // A parameter of its own, so the test stands without the one above.
    await ok(admin, `${CONFIGS}/save`, { configName: '测试更新', configKey: key('update'), configValue: '{"a":[1,2]}', configType: 'N' });
    const before = await ok<Rec>(admin, `${CONFIGS}/find-by-config-key`, { configKey: key('update') });
    const after = await ok<Rec>(admin, `${CONFIGS}/update-value-by-config-key`, { configKey: key('update'), configValue: '[]' });
    expect(after).toMatchObject({ configValue: '[]', dataVersion: before.dataVersion + 1 });
    expect(refusal(await admin.call(`${CONFIGS}/update-value-by-config-key`, { json: { configKey: 'no.such', configValue: '1' } })).code).toBe('NOT_FOUND');
  });

  it('refuses to remove a built-in parameter and then removes nothing', async () => {
    const mine = await ok<Rec>(admin, `${CONFIGS}/save`, { configName: '可删除', configKey: key('removable'), configValue: '1', configType: 'N' });
    const [builtIn] = await srv.database.db.select().from(sysConfigs).where(eq(sysConfigs.configType, 'Y')).limit(1);
    expect(refusal(await admin.call(`${CONFIGS}/remove-by-ids`, { json: { ids: [mine.id, builtIn.id] } }))).toEqual({
      status: 200,
      code: 'CONFIG_BUILT_IN',
      message: `内置参数不能删除：${builtIn.configKey}`,
    });
    expect(await ok<Rec>(admin, `${CONFIGS}/find-by-id`, { id: mine.id })).toMatchObject({ configKey: key('removable') });
    expect(await ok<Rec>(admin, `${CONFIGS}/find-by-id`, { id: builtIn.id })).toMatchObject({ configKey: builtIn.configKey });
    expect(await ok<number>(admin, `${CONFIGS}/remove-by-ids`, { ids: [mine.id] })).toBe(1);
  });
});

describe('who may do what', () => {
  it('lets the auditor list and query, and refuses every change with 403 FORBIDDEN', async () => {
    const auditor = await signInAs(srv.baseUrl, 'op_auditor');
    const type = await saveType(t('audit'), '审计');
    for (const base of [TYPES, DATAS, CONFIGS]) expect((await auditor.call(`${base}/page`, { json: {} })).body.code).toBe('0');
    expect(await ok<Rec>(auditor, `${TYPES}/find-by-id`, { id: type.id })).toMatchObject({ dictType: t('audit') });
    for (const base of [TYPES, DATAS, CONFIGS]) {
      for (const [action, json] of [
        ['save', {}],
        ['update-by-id', { id: type.id, dataVersion: 0 }],
        ['remove-by-ids', { ids: [type.id] }],
      ] as const) {
        expect(refusal(await auditor.call(`${base}/${action}`, { json })), `${base}/${action}`).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      }
    }
    expect(refusal(await auditor.call(`${CONFIGS}/update-value-by-config-key`, { json: { configKey: key('json'), configValue: '1' } })).status).toBe(403);
    expect(await ok<Rec>(admin, `${TYPES}/find-by-id`, { id: type.id })).toMatchObject({ dataVersion: 0 });
  });

  it('refuses the handler even the config list', async () => {
    const handler = await signInAs(srv.baseUrl, 'op_handler');
    expect(refusal(await handler.call(`${CONFIGS}/page`, { json: {} }))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(refusal(await handler.call(`${TYPES}/page`, { json: {} })).status).toBe(403);
  });

  it('answers each persona the element permissions of a page it holds', async () => {
    const elements = async (client: ApiClient, resourceKey: string) =>
      (await ok<{ elements: Array<{ pkResource: string }> }>(client, '/op/v1/security', { resourceKey })).elements.map((e) => e.pkResource).sort();
    expect(await elements(admin, 'dict.html')).toEqual(
      [
        'system:dict:list',
        'system:dict:query',
        'system:dict:add',
        'system:dict:edit',
        'system:dict:remove',
        'system:dict:export',
        'system:dictData:list',
        'system:dictData:query',
        'system:dictData:add',
        'system:dictData:edit',
        'system:dictData:remove',
        'system:dictData:export',
      ].sort(),
    );
    expect(await elements(admin, 'my-export')).toEqual(['system:export:download', 'system:export:list', 'system:export:remove']);
    const auditor = await signInAs(srv.baseUrl, 'op_auditor');
    expect(await elements(auditor, 'config.html')).toEqual(['system:config:list', 'system:config:query']);
    const handler = await signInAs(srv.baseUrl, 'op_handler');
    expect(await elements(handler, 'config.html')).toEqual([]);
    expect(await elements(admin, 'unknown.html')).toEqual([]);
  });
});
