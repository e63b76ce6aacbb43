import fc from 'fast-check';
import { amountToChinese, toChineseCapital } from '../../../src/lib/numerals';
import type { NumericInput } from '../../../src/lib/money';

// Every expected string below was written by hand from the bank rules, not produced by the code.
const capitalCases: [NumericInput, string][] = [
  [0, '零元整'],
  ['0.00', '零元整'],
  [1, '壹元整'],
  [10, '壹拾元整'],
  [11, '壹拾壹元整'],
  [20, '贰拾元整'],
  [100, '壹佰元整'],
  [101, '壹佰零壹元整'],
  [110, '壹佰壹拾元整'],
  [1001, '壹仟零壹元整'],
  [1010, '壹仟零壹拾元整'],
  [1100, '壹仟壹佰元整'],
  [6007, '陆仟零柒元整'],
  [10000, '壹万元整'],
  [10001, '壹万零壹元整'],
  [10010, '壹万零壹拾元整'],
  [11000, '壹万壹仟元整'],
  [100000, '壹拾万元整'],
  [200000, '贰拾万元整'],
  [3004005, '叁佰万肆仟零伍元整'],
  [10100001, '壹仟零壹拾万零壹元整'],
  [10101000, '壹仟零壹拾万壹仟元整'],
  [100000000, '壹亿元整'],
  [100001000, '壹亿零壹仟元整'],
  [100010000, '壹亿零壹万元整'],
  [123456789, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元整'],
  [1000000001, '壹拾亿零壹元整'],
  [10000000000, '壹佰亿元整'],
  [1000000000000, '壹万亿元整'],
  [1000100000000, '壹万零壹亿元整'],
  [1000000010000, '壹万亿零壹万元整'],
  [1e15, '壹仟万亿元整'],
  ['9999999999999999.99', '玖仟玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  [0.05, '伍分'],
  [0.5, '伍角'],
  [0.55, '伍角伍分'],
  [1.1, '壹元壹角'],
  ['10.50', '壹拾元伍角'],
  [10.05, '壹拾元零伍分'],
  [10000.01, '壹万元零壹分'],
  [107000.53, '壹拾万柒仟元伍角叁分'],
  [1680.32, '壹仟陆佰捌拾元叁角贰分'],
  [12345.67, '壹万贰仟叁佰肆拾伍元陆角柒分'],
  [50000000.5, '伍仟万元伍角'],
  ['1e3', '壹仟元整'],
  [-1.5, '负壹元伍角'],
  [-100, '负壹佰元整'],
  [1.005, '壹元零壹分'],
  [0.995, '壹元整'],
  [0.004, '零元整'],
  [-0.001, '零元整'],
];

const amountCases: [NumericInput, string][] = [
  [0, '零元整'],
  [100, '壹佰元整'],
  ['10.5', '壹拾元伍角'],
  [10000.01, '壹万元零壹分'],
  ['1.0105', '壹元零壹分零伍毫'],
  ['0.0005', '伍毫'],
  ['0.001', '壹厘'],
  ['1.2345', '壹元贰角叁分肆厘伍毫'],
  ['100.1001', '壹佰元壹角零壹毫'],
  ['0.00005', '壹毫'],
  ['0.00004', '零元整'],
  ['-0.0001', '负壹毫'],
  ['100010000.001', '壹亿零壹万元零壹厘'],
  ['999999999999999.9999', '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分玖厘玖毫'],
];

describe('toChineseCapital', () => {
  it('has at least 40 hand-checked cases across both helpers', () => {
    expect(capitalCases.length + amountCases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(capitalCases)('toChineseCapital(%j) is %s', (value, expected) => {
    expect(toChineseCapital(value)).toBe(expected);
  });

  it.each<NumericInput>([1e16, '10000000000000000', '9999999999999999.995', -1e16, '-10000000000000000'])(
    'refuses %j as out of range (below 1e16 only)',
    (value) => {
      expect(() => toChineseCapital(value)).toThrow(RangeError);
      expect(() => toChineseCapital(value)).toThrow(/below 1e16/);
    },
  );

  it.each<NumericInput>(['abc', '', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, '1,000'])('refuses the non-number %j', (value) => {
    expect(() => toChineseCapital(value)).toThrow(RangeError);
    expect(() => toChineseCapital(value)).toThrow(/not a finite decimal number/);
  });
});

describe('amountToChinese', () => {
  it.each(amountCases)('amountToChinese(%j) is %s', (value, expected) => {
    expect(amountToChinese(value)).toBe(expected);
  });

  it.each<NumericInput>([1e15, '1000000000000000', '999999999999999.99995', -1e15])('refuses %j as out of range (below 1e15 only)', (value) => {
    expect(() => amountToChinese(value)).toThrow(RangeError);
    expect(() => amountToChinese(value)).toThrow(/below 1e15/);
  });

  it('refuses non-numeric input', () => {
    expect(() => amountToChinese('twelve')).toThrow(RangeError);
  });
});

describe('numeral properties', () => {
  const amount = fc.bigInt({ min: 0n, max: 10n ** 16n - 1n }).map((cents) => {
    const digits = cents.toString().padStart(3, '0');
    return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  });

  it('only ever writes capital digits, units and the fixed words, never a doubled 零 or a 零 next to a unit', () => {
    fc.assert(
      fc.property(amount, (value) => {
        const text = toChineseCapital(value);
        expect(text).toMatch(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+$/);
        if (text !== '零元整') expect(text).not.toMatch(/零零|零[拾佰仟万亿元角分]|^零/);
        expect(text).toMatch(/(整|角|分)$/);
      }),
    );
  });

  it('writes each non-zero digit once: the count of non-零 digits equals the non-zero digits of the amount', () => {
    fc.assert(
      fc.property(amount, (value) => {
        const nonZeroDigits = value.replace(/[0.]/g, '').length;
        expect(toChineseCapital(value).replace(/[^壹贰叁肆伍陆柒捌玖]/g, '')).toHaveLength(nonZeroDigits);
      }),
    );
  });

  it('a negative amount is its positive spelling prefixed 负', () => {
    fc.assert(
      fc.property(
        amount.filter((value) => /[1-9]/.test(value)),
        (value) => {
          expect(toChineseCapital(`-${value}`)).toBe(`负${toChineseCapital(value)}`);
        },
      ),
    );
  });
});
