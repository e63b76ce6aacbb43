import fc from 'fast-check';
import {
  formatBankCard,
  formatCurrency,
  formatMoney,
  formatPercent,
  formatThousands,
  formatWan,
  formatYi,
  amountWithUnit,
  formatScaled,
  moneyInputFen,
  moneyInputText,
  parseDecimal,
  toFixedSafe,
  type NumericInput,
} from '../../../src/lib/money';

describe('formatMoney', () => {
  it.each<[NumericInput, number | undefined, string]>([
    [1.005, undefined, '1.01'],
    [0.1 + 0.2, undefined, '0.30'],
    [9.995, undefined, '10.00'],
    [999.999, undefined, '1,000.00'],
    [999999.995, undefined, '1,000,000.00'],
    [2.675, undefined, '2.68'],
    [1.45, 1, '1.5'],
    [1234.5, 0, '1,235'],
    [1234.4, 0, '1,234'],
    [0.5, 0, '1'],
    [1.23456, 4, '1.2346'],
    [0, undefined, '0.00'],
    [12, undefined, '12.00'],
    [123, undefined, '123.00'],
    [1234, undefined, '1,234.00'],
    [1234567.891, undefined, '1,234,567.89'],
    [-1.005, undefined, '-1.01'],
    [-1234567.891, undefined, '-1,234,567.89'],
    [-9.995, undefined, '-10.00'],
    [-0.001, undefined, '0.00'],
    [-0, undefined, '0.00'],
    [1e21, undefined, '1,000,000,000,000,000,000,000.00'],
    [1e-7, undefined, '0.00'],
    [1e-7, 7, '0.0000001'],
    [5e-7, 6, '0.000001'],
    [Number.MAX_SAFE_INTEGER, undefined, '9,007,199,254,740,991.00'],
    ['12345678901234567890.125', undefined, '12,345,678,901,234,567,890.13'],
    ['99999999999999999999.995', undefined, '100,000,000,000,000,000,000.00'],
    [123456789n, undefined, '123,456,789.00'],
    [-5n, undefined, '-5.00'],
    ['  42 ', undefined, '42.00'],
    ['+3.1', undefined, '3.10'],
    ['.5', undefined, '0.50'],
    ['5.', undefined, '5.00'],
    ['007.5', undefined, '7.50'],
    ['1.5e3', undefined, '1,500.00'],
    ['1E-2', undefined, '0.01'],
    [null, undefined, '0.00'],
    [undefined, undefined, '0.00'],
    ['', undefined, '0.00'],
    ['   ', undefined, '0.00'],
    ['abc', undefined, '0.00'],
    ['1,234', undefined, '0.00'],
    ['12abc', undefined, '0.00'],
    ['0x10', undefined, '0.00'],
    ['1e999999', undefined, '0.00'],
    [Number.NaN, undefined, '0.00'],
    [Number.POSITIVE_INFINITY, undefined, '0.00'],
    [null, 4, '0.0000'],
    [null, 0, '0'],
  ])('formatMoney(%o, %o) is %s', (value, decimals, expected) => {
    expect(formatMoney(value, decimals)).toBe(expected);
  });

  it.each([21, -1, 1.5, Number.NaN])('throws RangeError for %s decimals', (decimals) => {
    expect(() => formatMoney(1, decimals)).toThrow(RangeError);
  });
});

describe('toFixedSafe', () => {
  it.each<[NumericInput, number, string]>([
    [1.005, 2, '1.01'],
    [1.45, 1, '1.5'],
    [8.345, 2, '8.35'],
    [123.456, 0, '123'],
    [-0.5, 0, '-1'],
    [-1.005, 2, '-1.01'],
    [0.1 + 0.2, 2, '0.30'],
    [9.995, 2, '10.00'],
    [1234567.5, 0, '1234568'],
    [1e21, 2, '1000000000000000000000.00'],
    ['0.000001', 20, '0.00000100000000000000'],
    [0, 20, '0.00000000000000000000'],
    [42n, 1, '42.0'],
  ])('toFixedSafe(%o, %i) is %s', (value, digits, expected) => {
    expect(toFixedSafe(value, digits)).toBe(expected);
  });

  it.each([21, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY])('throws RangeError for %s digits', (digits) => {
    expect(() => toFixedSafe(1, digits)).toThrow(RangeError);
    expect(() => toFixedSafe(1, digits)).toThrow(/0 to 20/);
  });

  it('accepts the guard bounds 0 and 20', () => {
    expect(toFixedSafe(1, 0)).toBe('1');
    expect(toFixedSafe(1, 20)).toBe(`1.${'0'.repeat(20)}`);
  });

  it.each<NumericInput>(['abc', '', null, undefined, Number.NaN])('throws RangeError for the non-number %j', (value) => {
    expect(() => toFixedSafe(value, 2)).toThrow(RangeError);
  });
});

describe('parseDecimal', () => {
  it.each<[NumericInput, ReturnType<typeof parseDecimal>]>([
    [1e21, { negative: false, int: '1000000000000000000000', frac: '' }],
    [1e-7, { negative: false, int: '0', frac: '0000001' }],
    [-1.5e-7, { negative: true, int: '0', frac: '00000015' }],
    ['000', { negative: false, int: '0', frac: '' }],
    ['-0.0', { negative: false, int: '0', frac: '0' }],
    ['12.340', { negative: false, int: '12', frac: '340' }],
    ['.', null],
    ['-', null],
    ['e5', null],
  ])('parseDecimal(%j)', (value, expected) => {
    expect(parseDecimal(value)).toEqual(expected);
  });
});

describe('formatWan', () => {
  it.each<[NumericInput, string]>([
    [12345678, '1,234.57'],
    [-12345678, '-1,234.57'],
    [100000000, '10,000.00'],
    [10000, '1.00'],
    [12345.6789, '1.23'],
    [50, '0.01'],
    [49, '0.00'],
    [5, '0.00'],
    [0, '0.00'],
    ['99999999999999.99', '10,000,000,000.00'],
    ['99999999949999.99', '9,999,999,995.00'],
    [null, '0.00'],
    ['abc', '0.00'],
  ])('formatWan(%j) is %s', (value, expected) => {
    expect(formatWan(value)).toBe(expected);
  });
});

describe('formatYi', () => {
  it.each<[NumericInput, string]>([
    [1234567890, '12.35'],
    ['350000000.00', '3.50'],
    [-1234567890, '-12.35'],
    ['99999999.99', '1.00'],
    [499999, '0.00'],
    [500000, '0.01'],
    [null, '0.00'],
  ])('formatYi(%j) is %s', (value, expected) => {
    expect(formatYi(value)).toBe(expected);
  });
});

describe('amountWithUnit', () => {
  it.each<[NumericInput, string, string]>([
    ['880000000.00', '8.80', 'yi'],
    ['100000000.00', '1.00', 'yi'],
    ['99999999.99', '10,000.00', 'wan'],
    ['35000000.00', '3,500.00', 'wan'],
    ['10000', '1.00', 'wan'],
    ['9999.99', '9,999.99', 'yuan'],
    ['-123456789', '-1.23', 'yi'],
    [null, '0.00', 'yuan'],
  ])('amountWithUnit(%j) is %s %s', (value, text, unit) => {
    expect(amountWithUnit(value)).toEqual({ text, unit });
  });

  // English reads thousands, millions and billions: 264.76万 is 2.65 million, never "× 10k".
  it.each<[NumericInput, string, string]>([
    ['2647600.00', '2.65', 'million'],
    ['88000000', '88.00', 'million'],
    ['1234567890.12', '1.23', 'billion'],
    ['447000.00', '447.00', 'thousand'],
    ['1000', '1.00', 'thousand'],
    ['999.99', '999.99', 'yuan'],
    ['-2647600', '-2.65', 'million'],
  ])('amountWithUnit(%j, thousands) is %s %s', (value, text, unit) => {
    expect(amountWithUnit(value, 'thousands')).toEqual({ text, unit });
  });
});

describe('formatScaled', () => {
  it('moves the decimal point exactly, half up', () => {
    expect(formatScaled('2647600', 6)).toBe('2.65');
    expect(formatScaled('12345678.90', 4)).toBe('1,234.57');
    expect(formatScaled('0.01', 6)).toBe('0.00');
  });
});

describe('formatBankCard', () => {
  it.each<[string | number | null | undefined, string]>([
    ['6222021234567890123', '6222 0212 3456 7890 123'],
    ['6222021234567890', '6222 0212 3456 7890'],
    ['6222 0212 3456 7890', '6222 0212 3456 7890'],
    [' 62220212 34567890 ', '6222 0212 3456 7890'],
    ['6222****0123', '6222 **** 0123'],
    ['622', '622'],
    ['6222', '6222'],
    ['62220', '6222 0'],
    [12345678, '1234 5678'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('formatBankCard(%j) is %j', (value, expected) => {
    expect(formatBankCard(value)).toBe(expected);
  });
});

describe('formatCurrency and formatPercent', () => {
  it.each<[NumericInput, number | undefined, string]>([
    [1234.5, undefined, '¥1,234.50'],
    [-1234.5, undefined, '-¥1,234.50'],
    [1.005, undefined, '¥1.01'],
    [1, 0, '¥1'],
    [null, undefined, '¥0.00'],
  ])('formatCurrency(%j, %s) is %s', (value, decimals, expected) => {
    expect(formatCurrency(value, decimals)).toBe(expected);
  });

  it.each<[NumericInput, number | undefined, string]>([
    [12.5, undefined, '12.50%'],
    [0.125, undefined, '0.13%'],
    [100, undefined, '100.00%'],
    ['100', undefined, '100.00%'],
    [33.3333, 1, '33.3%'],
    [-5, undefined, '-5.00%'],
    [1234.5, undefined, '1234.50%'],
    [null, undefined, '0.00%'],
    ['n/a', 0, '0%'],
  ])('formatPercent(%j, %s) is %s', (value, decimals, expected) => {
    expect(formatPercent(value, decimals)).toBe(expected);
  });
});

describe('formatThousands', () => {
  it.each<[NumericInput, string]>([
    [1234567.891, '1,234,567.891'],
    [-1000, '-1,000'],
    [999, '999'],
    [1000, '1,000'],
    ['1234.50', '1,234.50'],
    [0.1 + 0.2, '0.30000000000000004'],
    [1e21, '1,000,000,000,000,000,000,000'],
    [123456789n, '123,456,789'],
    [null, '0'],
    ['abc', '0'],
  ])('formatThousands(%o) is %s', (value, expected) => {
    expect(formatThousands(value)).toBe(expected);
  });
});

const digitString = (min: number, max: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((digits) => digits.join(''));

const decimalCase = fc
  .record({
    negative: fc.boolean(),
    int: digitString(1, 30).map((digits) => digits.replace(/^0+(?=\d)/, '')),
    decimals: fc.integer({ min: 0, max: 8 }),
    frac: digitString(0, 8),
  })
  .map(({ negative, int, decimals, frac }) => ({ negative, int, decimals, frac: frac.slice(0, decimals) }));

describe('money properties', () => {
  it('never loses or invents digits when no rounding is needed', () => {
    fc.assert(
      fc.property(decimalCase, ({ negative, int, decimals, frac }) => {
        const input = `${negative ? '-' : ''}${int}${frac === '' ? '' : `.${frac}`}`;
        const isZero = /^0*$/.test(int + frac);
        const expected = `${negative && !isZero ? '-' : ''}${int}${decimals === 0 ? '' : `.${frac.padEnd(decimals, '0')}`}`;
        expect(formatMoney(input, decimals).replace(/,/g, '')).toBe(expected);
      }),
    );
  });

  it('groups the integer part in threes with commas', () => {
    fc.assert(
      fc.property(decimalCase, ({ int, decimals, frac }) => {
        const [intPart] = formatMoney(`${int}.${frac}`, decimals).split('.');
        expect(intPart).toMatch(/^\d{1,3}(,\d{3})*$/);
      }),
    );
  });

  it('rounds to the nearest unit, ties away from zero', () => {
    fc.assert(
      fc.property(digitString(1, 20), digitString(1, 12), fc.integer({ min: 0, max: 6 }), (int, frac, decimals) => {
        const exact = BigInt(int + frac); // the value times 10^frac.length
        const rounded = BigInt(formatMoney(`${int}.${frac}`, decimals).replace(/[,.]/g, ''));
        // Compare at the finer scale: |rounded * 10^(f-d) - exact| <= half a unit, and a tie rounds up.
        const shift = frac.length - decimals;
        const scaledRounded = shift >= 0 ? rounded * 10n ** BigInt(shift) : rounded;
        const scaledExact = shift >= 0 ? exact : exact * 10n ** BigInt(-shift);
        const unit = shift >= 0 ? 10n ** BigInt(shift) : 1n;
        const diff = scaledRounded - scaledExact;
        expect(2n * diff <= unit && 2n * diff > -unit).toBe(true);
      }),
    );
  });

  it('formats a double made from whole cents as exactly those cents, never a binary artefact', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), (cents) => {
        const digits = String(Math.abs(cents)).padStart(3, '0');
        const expected = `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
        expect(formatMoney(cents / 100).replace(/,/g, '')).toBe(expected);
      }),
    );
  });
});

describe('moneyInputText and moneyInputFen: the one money-input rule', () => {
  it('takes plain amounts of up to 14 integer digits and 2 decimals, as typed', () => {
    for (const ok of ['0', '0.5', '0.05', '1', '1.5', '100.00', '86500', '99999999999999.99']) expect(moneyInputText(ok)).toBe(ok);
    expect(moneyInputText(100)).toBe('100');
    expect(moneyInputFen('86500.5')).toBe(8650050n);
  });
  it('refuses signs, exponents, dots without digits, padding, spaces, separators and oversized amounts', () => {
    for (const bad of [
      '1e2',
      '+1',
      '-1',
      '-0',
      '.5',
      '1.',
      ' 1',
      '1 ',
      '1,000',
      '0x10',
      'Infinity',
      'NaN',
      '01',
      '1.001',
      '100000000000000',
      '１',
      '',
      [],
      {},
      null,
      true,
      1e21,
      0.1 + 0.2,
      -1,
      Number.NaN,
    ]) {
      expect(moneyInputText(bad), JSON.stringify(bad)).toBeNull();
    }
  });
  it('follows declared digits (a rate of 3 integer digits)', () => {
    expect(moneyInputText('100.00', { integer: 3, decimal: 2 })).toBe('100.00');
    expect(moneyInputText('1000', { integer: 3, decimal: 2 })).toBeNull();
    expect(moneyInputText('1.5', { integer: 3, decimal: 0 })).toBeNull();
  });
});
