/** Field rules in the declaration: one check (src/crud/field-rules.ts) for the form and the server, and defaults applied by the server. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ruleFailure } from '../../src/crud/field-rules';
import { defineResource, type FieldSchema } from '../../src/crud/resource';
import { readInput } from '../../server/crud/fields';
import { ApiError } from '../../server/errors';
import { dataOf, signInAs } from './client';
import { sharedServer, type TestServer } from './server';

const account = defineResource({
  name: 'rule-probe',
  apiBase: '/op/v1/test/rule-probe',
  menuUri: 'system:rule-probe',
  title: 'resources:config.title',
  permissions: { list: 'test:ruleProbe:list', query: 'test:ruleProbe:query', add: 'test:ruleProbe:add' },
  fields: {
    // Labels borrowed from the configs' (the server names fields by their zh-CN label).
    configName: { type: 'string', label: 'resources:config.fields.configName', required: true, minLength: 2, maxLength: 10 },
    configKey: { type: 'string', label: 'resources:config.fields.configKey', required: true, pattern: { source: '^[a-z.]+$', message: 'validation:noSymbol' } },
    configValue: { type: 'money', label: 'resources:config.fields.configValue', money: { integer: 4, decimal: 2 }, min: 1 },
    remark: { type: 'integer', label: 'resources:config.fields.remark', min: 0, max: 9 },
    configType: { type: 'dict', label: 'resources:config.fields.configType', dictType: 'sys_yes_no', required: true, defaultValue: 'N' },
  },
});

const refusal = (body: Record<string, unknown>) => {
  try {
    readInput(account, { configName: '名称', configKey: 'a.b', ...body }, 'create');
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.message;
  }
};

describe('the shared rule check', () => {
  const text: FieldSchema = { type: 'string', label: 'x', minLength: 2, maxLength: 4, pattern: { source: '^\\d+$', message: 'validation:noSymbol' } };
  it('passes empty values (required is its own rule) and names the broken rule', () => {
    expect(ruleFailure(text, '')).toBeUndefined();
    expect(ruleFailure(text, '1')).toEqual({ key: 'kit:rules.minLength', params: { min: '2' } });
    expect(ruleFailure(text, '12345')).toEqual({ key: 'kit:form.maxLength', params: { max: '4' } });
    expect(ruleFailure(text, '12a')).toEqual({ key: 'validation:noSymbol' });
    expect(ruleFailure(text, ' 123 ')).toBeUndefined();
  });
  it('checks money digits per spec 5.4 (default 14 integer digits, 2 decimals) and numeric ranges', () => {
    const money: FieldSchema = { type: 'money', label: 'x' };
    expect(ruleFailure(money, '12345678901234.99')).toBeUndefined();
    expect(ruleFailure(money, '0.5')).toBeUndefined();
    expect(ruleFailure(money, '123456789012345')).toMatchObject({ key: 'kit:rules.money' });
    expect(ruleFailure(money, '1.234')).toMatchObject({ key: 'kit:rules.money', params: { integer: '14', decimal: '2' } });
    expect(ruleFailure(money, '012')).toMatchObject({ key: 'kit:rules.money' });
    expect(ruleFailure(money, 'abc')).toEqual({ key: 'kit:rules.notNumber' });
    expect(ruleFailure({ type: 'integer', label: 'x', min: 0, max: 9 }, 10)).toEqual({ key: 'kit:rules.max', params: { max: '9' } });
    expect(ruleFailure({ type: 'money', label: 'x', min: 1 }, '0.99')).toEqual({ key: 'kit:rules.min', params: { min: '1' } });
  });
});

describe('the server applies the declared rules and defaults', () => {
  it('refuses each broken rule with the field named and the rule said', () => {
    expect(refusal({ configName: '名' })).toBe('参数名称：至少输入2个字符');
    expect(refusal({ configKey: 'A-B' })).toMatch(/^参数键名：/);
    expect(refusal({ configValue: '12345' })).toBe('参数键值格式不正确：只写数字，最多 4 位整数、2 位小数，不带正负号、空格、千分位或指数');
    expect(refusal({ configValue: '0.5' })).toBe('参数键值：不能小于 1');
    expect(refusal({ remark: 12 })).toBe('备注：不能大于 9');
    expect(refusal({ configValue: '12.5', remark: 3 })).toBeUndefined();
  });
  it('stores a money value as its decimal string and a left-out field as its default', () => {
    expect(readInput(account, { configName: '名称', configKey: 'a.b', configValue: 1234.5 }, 'create')).toMatchObject({
      configValue: '1234.5',
      configType: 'N',
    });
    expect(readInput(account, { configName: '名称', configKey: 'a.b' }, 'update')).not.toHaveProperty('configType');
  });
});

describe('defaults over HTTP', () => {
  let srv: TestServer;
  // Config keys are unique: this run's own, on a server other files and runs share.
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  beforeAll(async () => {
    srv = await sharedServer();
  });
  it('a create that leaves out a required field with a default is stored with the default', async () => {
    const admin = await signInAs(srv.baseUrl, 'op_admin');
    const saved = await dataOf<Record<string, unknown>>(admin, '/op/v1/sys/configs/save', {
      configName: '默认值',
      configKey: `rules.default.${run}`,
      configValue: 'x',
    });
    expect(saved).toMatchObject({ configType: 'N' });
  });
  it('names the field of a refusal in data.field, so the form shows it under that field', async () => {
    const admin = await signInAs(srv.baseUrl, 'op_admin');
    await dataOf(admin, '/op/v1/sys/configs/save', { configName: '已有', configKey: `rules.taken.${run}`, configValue: 'x' });
    const again = await admin.call('/op/v1/sys/configs/save', { json: { configName: '重复', configKey: `rules.taken.${run}`, configValue: 'x' } });
    expect(again.body).toMatchObject({ code: 'DUPLICATE', message: '参数键名已存在', data: { field: 'configKey' } });
    const empty = await admin.call('/op/v1/sys/configs/save', { json: { configName: '', configKey: 'rules.other', configValue: 'x' } });
    expect(empty.body).toMatchObject({ code: 'VALIDATION_FAILED', data: { field: 'configName' } });
    const notInDict = await admin.call('/op/v1/sys/configs/save', { json: { configName: '字典', configKey: 'rules.dict', configValue: 'x', configType: 'Q' } });
    expect(notInDict.body).toMatchObject({ code: 'VALIDATION_FAILED', data: { field: 'configType' } });
  });
});
