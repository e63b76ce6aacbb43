// The shared field schemas of server/input/fields.ts: one refusal shape (VALIDATION_FAILED, the field's label, its path).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../server/errors';
import { bool, calendarDay, dateTime, id, ids, integer, money, oneOf, optional, paging, parseWithSchema, text, version } from '../../server/input/fields';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../server/crud/query';

const schema = z.object({
  configKey: id('server:input.fields.configKey'),
  amount: money('server:bodySchema.fields.configValue'),
  note: text('server:input.fields.code', 5),
});

function refusal(body: unknown, against: z.ZodType = schema) {
  try {
    parseWithSchema(against, body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { code: error.code, message: error.message, field: error.field };
  }
  throw new Error('the body was accepted');
}

describe('route body schemas', () => {
  it("words a check composed from zod itself in Chinese, naming the field's path", () => {
    const composed = z.object({ lines: z.array(z.object({ n: z.literal('x') })) });
    expect(refusal({ lines: [{ n: 'y' }] }, composed)).toEqual({ code: 'VALIDATION_FAILED', message: 'lines.0.n格式不正确', field: 'lines.0.n' });
    expect(refusal({}, composed)).toMatchObject({ message: 'lines格式不正确', field: 'lines' });
  });

  it('leaves out an optional text of spaces only, as it leaves out an absent one', () => {
    const remarked = z.object({ remark: optional(text('server:input.fields.code', 3)) });
    expect(parseWithSchema(remarked, { remark: '   ' })).toEqual({});
  });

  it('hands back the parsed body, the amount as its decimal string, text trimmed', () => {
    expect(parseWithSchema(schema, { configKey: 'k', amount: '12.50', note: ' ok ' })).toEqual({ configKey: 'k', amount: '12.50', note: 'ok' });
  });

  it.each([undefined, null, '', '   '])('names the missing field by its label, whether absent or %j', (configKey) => {
    expect(refusal({ configKey, amount: '1', note: 'x' })).toEqual({ code: 'VALIDATION_FAILED', message: '参数键名不能为空', field: 'configKey' });
  });

  it('refuses a field of the wrong type by its label', () => {
    expect(refusal({ configKey: 7, amount: '1', note: 'x' })).toEqual({ code: 'VALIDATION_FAILED', message: '参数键名必须是文本', field: 'configKey' });
  });

  it.each(['1e2', '+1', '.5', ' 1', '1,000', '-0', '12.345', '１２'])('refuses the amount %j by the money rule', (amount) => {
    expect(refusal({ configKey: 'k', amount, note: 'x' })).toMatchObject({ code: 'VALIDATION_FAILED', field: 'amount' });
  });

  it('refuses a zero amount, a string too long and a body that is not an object; no body is an empty one', () => {
    expect(refusal({ configKey: 'k', amount: '0.00', note: 'x' })).toEqual({ code: 'VALIDATION_FAILED', message: '参数键值须大于 0', field: 'amount' });
    expect(refusal({ configKey: 'k', amount: '1', note: '123456' })).toEqual({
      code: 'VALIDATION_FAILED',
      message: '编码长度不能超过 5 个字符',
      field: 'note',
    });
    expect(refusal([])).toMatchObject({ code: 'VALIDATION_FAILED', message: '请求体必须是 JSON 对象' });
    expect(refusal('x')).toMatchObject({ code: 'VALIDATION_FAILED', message: '请求体必须是 JSON 对象' });
    expect(refusal(undefined)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'configKey' });
  });

  it('reads the other kinds: ids, integers, versions, days, instants, codes and booleans', () => {
    const all = z.object({
      list: ids('server:input.fields.id', 3),
      count: integer('server:input.fields.version', { min: 1, max: 10 }),
      dataVersion: version(),
      day: calendarDay('server:input.fields.period'),
      at: dateTime('server:input.fields.period'),
      kind: oneOf('server:input.fields.kind', ['A', 'B']),
      flag: bool('server:input.fields.key'),
      remark: optional(text('server:input.fields.code', 3)),
    });
    const good = { list: ['a', 'b', 'a'], count: 2, dataVersion: 0, day: '2026-02-28', at: '2026-11-29T03:00:00Z', kind: 'B', flag: false };
    expect(parseWithSchema(all, good)).toEqual({ ...good, list: ['a', 'b'], at: new Date('2026-11-29T03:00:00Z'), remark: undefined });
    expect(parseWithSchema(all, { ...good, remark: '' }).remark).toBeUndefined();
    expect(parseWithSchema(all, { ...good, remark: 'ab' }).remark).toBe('ab');
    const refused = (patch: Record<string, unknown>) => refusal({ ...good, ...patch }, all);
    expect(refused({ list: [] })).toMatchObject({ field: 'list', message: '编号必须是 1 到 3 个记录 id 的列表' });
    expect(refused({ list: ['a', 'b', 'c', 'd'] })).toMatchObject({ field: 'list' });
    expect(refused({ list: ['a', 1] })).toMatchObject({ field: 'list' });
    expect(refused({ count: '2' })).toEqual({ code: 'VALIDATION_FAILED', field: 'count', message: '版本号必须是整数' });
    expect(refused({ count: 2.5 })).toMatchObject({ field: 'count', message: '版本号必须是整数' });
    expect(refused({ count: 11 })).toMatchObject({ field: 'count', message: '版本号：必须是 1 到 10 之间的整数' });
    expect(refused({ dataVersion: -1 })).toMatchObject({ field: 'dataVersion' });
    expect(refused({ dataVersion: undefined })).toMatchObject({ field: 'dataVersion', message: '数据版本不能为空' });
    expect(refused({ day: '2026-02-30' })).toMatchObject({ field: 'day', message: '账期必须是 YYYY-MM-DD 格式的有效日期' });
    expect(refused({ at: 'yesterday' })).toMatchObject({ field: 'at', message: '账期必须是 ISO 8601 时间' });
    expect(refused({ kind: 'C' })).toEqual({ code: 'VALIDATION_FAILED', field: 'kind', message: '类别的值不在可选范围内：C' });
    expect(refused({ flag: 'yes' })).toMatchObject({ field: 'flag', message: '键必须是布尔值' });
    expect(refused({ remark: 'abcd' })).toEqual({ code: 'VALIDATION_FAILED', field: 'remark', message: '编码长度不能超过 3 个字符' });
  });

  it("reads a page call's paging: the first page of the default size when left out, pagingOf's refusals otherwise", () => {
    const page = z.object({ ...paging });
    expect(parseWithSchema(page, {})).toEqual({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(parseWithSchema(page, { pageNum: null, pageSize: '' })).toEqual({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(parseWithSchema(page, { pageNum: 3, pageSize: MAX_PAGE_SIZE })).toEqual({ pageNum: 3, pageSize: MAX_PAGE_SIZE });
    expect(refusal({ pageNum: 0 }, page)).toEqual({ code: 'VALIDATION_FAILED', field: 'pageNum', message: 'pageNum 必须是不小于 1 的整数' });
    expect(refusal({ pageNum: '2' }, page)).toMatchObject({ field: 'pageNum', message: 'pageNum 必须是不小于 1 的整数' });
    expect(refusal({ pageSize: 1.5 }, page)).toMatchObject({ field: 'pageSize', message: `pageSize 必须是 1 到 ${MAX_PAGE_SIZE} 之间的整数` });
    expect(refusal({ pageSize: MAX_PAGE_SIZE + 1 }, page)).toMatchObject({ field: 'pageSize' });
  });
});
