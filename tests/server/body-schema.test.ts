// The shared field schemas of server/input/fields.ts: one refusal shape (VALIDATION_FAILED, the field's label, its path).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../server/errors';
import { id, money, parseWithSchema, text } from '../../server/input/fields';

const schema = z.object({
  configKey: id('server:input.fields.configKey'),
  amount: money('server:bodySchema.fields.configValue'),
  note: text('server:input.fields.code', 5),
});

function refusal(body: unknown) {
  try {
    parseWithSchema(schema, body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { code: error.code, message: error.message, field: error.field };
  }
  throw new Error('the body was accepted');
}

describe('route body schemas', () => {
  it('hands back the parsed body, the amount as its decimal string', () => {
    expect(parseWithSchema(schema, { configKey: 'k', amount: '12.50', note: 'ok' })).toEqual({ configKey: 'k', amount: '12.50', note: 'ok' });
  });

  it('names the missing field by its label', () => {
    expect(refusal({ amount: '1', note: 'x' })).toEqual({ code: 'VALIDATION_FAILED', message: '缺少字段：参数键名', field: 'configKey' });
  });

  it.each(['1e2', '+1', '.5', ' 1', '1,000', '-0', '12.345'])('refuses the amount %j by the money rule', (amount) => {
    expect(refusal({ configKey: 'k', amount, note: 'x' })).toMatchObject({ code: 'VALIDATION_FAILED', field: 'amount' });
  });

  it('refuses a zero amount, a string too long and a body that is not an object', () => {
    expect(refusal({ configKey: 'k', amount: '0.00', note: 'x' })).toEqual({ code: 'VALIDATION_FAILED', message: '参数键值须大于 0', field: 'amount' });
    expect(refusal({ configKey: 'k', amount: '1', note: '123456' })).toMatchObject({ code: 'VALIDATION_FAILED', field: 'note' });
    expect(refusal([])).toMatchObject({ code: 'VALIDATION_FAILED', message: '请求体必须是 JSON 对象' });
  });
});
