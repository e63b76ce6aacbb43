import fc from 'fast-check';
import {
  DESENSITIZATION_KEY,
  WHITELIST_KEY,
  isMasked,
  isUnchanged,
  isUntouchedMask,
  maskValue,
  sensitiveFieldsToSend,
  shouldMaskInHoverTip,
  type StorageLike,
} from '../../../src/lib/masking';

describe('maskValue', () => {
  it.each<[string | null | undefined, string]>([
    ['abc', 'a****c'],
    ['ab', 'a****b'],
    ['a', 'a****a'],
    ['张三', '张****三'],
    ['欧阳娜娜', '欧****娜'],
    ['abcdefgh', 'a****h'],
    ['abcdefghi', 'abcd****fghi'],
    ['13812345678', '1381****5678'],
    ['11010519491231002X', '1101****002X'],
    ['6222021234567890123', '6222****0123'],
    ['𠀀𠀁𠀂', '𠀀****𠀂'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('maskValue(%j) is %j', (value, expected) => {
    expect(maskValue(value)).toBe(expected);
  });

  it('keeps the length rule and the visible ends for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), (value) => {
        const chars = Array.from(value);
        const masked = Array.from(maskValue(value));
        const keep = chars.length <= 8 ? 1 : 4;
        expect(masked).toHaveLength(chars.length <= 8 ? 6 : 12);
        expect(masked.slice(0, keep)).toEqual(chars.slice(0, keep));
        expect(masked.slice(-keep)).toEqual(chars.slice(-keep));
        expect(masked.slice(keep, keep + 4).join('')).toBe('****');
        expect(isMasked(maskValue(value))).toBe(true);
      }),
    );
  });
});

describe('isMasked', () => {
  it.each<[unknown, boolean]>([
    ['138****5678', true],
    ['****', true],
    ['a****a', true],
    ['138***5678', false],
    ['13812345678', false],
    ['', false],
    [null, false],
    [12345, false],
  ])('isMasked(%j) is %s', (value, expected) => {
    expect(isMasked(value)).toBe(expected);
  });
});

describe('sensitiveFieldsToSend', () => {
  const encrypt = (plain: string): string => `enc(${plain})`;

  it('drops still-masked values, encrypts edited ones and leaves other fields alone', () => {
    const record = {
      name: '张三',
      mobilePhone: '1381****5678',
      idCard: '11010519491231002X',
      bankCard: '6222021234567890123',
      remark: 'a****b',
    };
    const sent = sensitiveFieldsToSend(record, undefined, encrypt);
    expect(sent).toEqual({
      name: '张三',
      idCard: 'enc(11010519491231002X)',
      bankCard: 'enc(6222021234567890123)',
      remark: 'a****b',
    });
    expect('mobilePhone' in sent).toBe(false);
  });

  it('does not modify the record it is given', () => {
    const record = { mobilePhone: '13812345678', idCard: '1101****002X' };
    sensitiveFieldsToSend(record, undefined, encrypt);
    expect(record).toEqual({ mobilePhone: '13812345678', idCard: '1101****002X' });
  });

  it('passes empty and non-string values through, and ignores absent fields', () => {
    const sent = sensitiveFieldsToSend({ mobilePhone: '', idCard: null }, undefined, encrypt);
    expect(sent).toEqual({ mobilePhone: '', idCard: null });
    expect('bankCard' in sent).toBe(false);
  });

  it('honours a custom field list', () => {
    const sent = sensitiveFieldsToSend({ contactPhone: '13812345678', mobilePhone: '13812345678' }, ['contactPhone'], encrypt);
    expect(sent).toEqual({ contactPhone: 'enc(13812345678)', mobilePhone: '13812345678' });
  });
});

describe('isUnchanged', () => {
  it.each<[unknown, unknown, boolean, boolean]>([
    ['1381****5678', '1381****5678', false, true],
    ['1381****5678', '1381****5678', true, false],
    ['13812345678', '13812345678', false, true],
    ['13812345678', '13812345678', true, true],
    ['13812345679', '13812345678', false, false],
    ['1381****5679', '1381****5678', false, false],
    ['', '1381****5678', false, false],
    [undefined, undefined, false, true],
  ])('isUnchanged(%j, %j, whitelist %s) is %s', (current, original, onWhitelist, expected) => {
    expect(isUnchanged(current, original, onWhitelist)).toBe(expected);
  });
});

describe('isUntouchedMask', () => {
  it.each<[unknown, unknown, boolean]>([
    ['1101****002X', '1101****002X', true],
    // edited: a digit added, one taken away, the field cleared, a value typed anew
    ['1101****002X1', '1101****002X', false],
    ['1101****002', '1101****002X', false],
    ['', '1101****002X', false],
    ['11010519491231002X', '1101****002X', false],
    // a clear value (the whitelist's form) is never a kept mask, even unchanged
    ['11010519491231002X', '11010519491231002X', false],
    // a mask typed into a field that was loaded in clear is no original either
    ['1101****002X', '11010519491231002X', false],
    [undefined, undefined, false],
  ])('isUntouchedMask(%j, %j) is %s', (current, original, expected) => {
    expect(isUntouchedMask(current, original)).toBe(expected);
  });
});

describe('shouldMaskInHoverTip', () => {
  const storage = (values: Record<string, string>): StorageLike => ({ getItem: (key) => values[key] ?? null });

  it.each<[Record<string, string>, boolean]>([
    [{ [WHITELIST_KEY]: 'false', [DESENSITIZATION_KEY]: 'true' }, true],
    [{ [WHITELIST_KEY]: 'true', [DESENSITIZATION_KEY]: 'true' }, false],
    [{ [WHITELIST_KEY]: 'false', [DESENSITIZATION_KEY]: 'false' }, false],
    [{ [WHITELIST_KEY]: 'true', [DESENSITIZATION_KEY]: 'false' }, false],
    [{}, true],
    [{ [WHITELIST_KEY]: 'true' }, false],
    [{ [DESENSITIZATION_KEY]: 'false' }, false],
    [{ [WHITELIST_KEY]: 'yes', [DESENSITIZATION_KEY]: 'true' }, true],
  ])('with %j masks: %s', (values, expected) => {
    expect(shouldMaskInHoverTip(storage(values))).toBe(expected);
  });

  it('masks when there is no storage at all (server side, or node without sessionStorage)', () => {
    expect(shouldMaskInHoverTip(undefined)).toBe(true);
    expect(shouldMaskInHoverTip()).toBe(true);
  });
});
