import fc from 'fast-check';
import { antdRule, isIdCard, isValid, validationMessage, validators, type ValidatorName } from '../../../src/lib/validators';

type Table = Record<ValidatorName, { valid: string[]; invalid: string[] }>;

const table: Table = {
  mobile: {
    valid: [
      '13012345678',
      '13812345678',
      '13999999999',
      '14012345678',
      '14700000000',
      '15012345678',
      '15999999999',
      '16612345678',
      '17012345678',
      '17712345678',
      '18012345678',
      '18888888888',
      '19112345678',
      '19912345678',
      '13300000000',
    ],
    invalid: [
      '',
      '12012345678',
      '11012345678',
      '10012345678',
      '23812345678',
      '1381234567',
      '138123456789',
      '1381234567a',
      '+8613812345678',
      '138 1234 5678',
      '138-1234-5678',
      ' 13812345678',
      '13812345678 ',
      '１３８１２３４５６７８',
      'abcdefghijk',
    ],
  },
  email: {
    valid: [
      'a@b.co',
      'user@example.com',
      'first.last@example.com',
      'user+tag@example.com',
      'user_name@example.cn',
      'USER@EXAMPLE.COM',
      'u%1@mail.example.org',
      'x-y@sub.domain.example.com',
      '123456@qq.com',
      'a.b.c@d-e.com',
      'name@163.com',
      'name@company.com.cn',
      'o@xn-80ak6aa92e.com',
      'n@a1.io',
      'long.local-part_9@example.museum',
    ],
    invalid: [
      '',
      'plain',
      '@example.com',
      'user@',
      'user@example',
      'user@.com',
      'user@example..com',
      'user.@example.com',
      '.user@example.com',
      'us..er@example.com',
      'user@-example.com',
      'user@example-.com',
      'user @example.com',
      'user@example.c',
      'user@@example.com',
    ],
  },
  corpName: {
    valid: [
      'A',
      '甲',
      '上海某某供应链管理有限公司',
      'ACME Ltd.',
      '中国工商银行股份有限公司',
      '某某（北京）科技有限公司',
      'x'.repeat(80),
      '企'.repeat(80),
      'Name with spaces',
      '123',
      ' 前后空格 ',
      'A&B 贸易',
      '𠀀'.repeat(80),
      '公司-1',
      'corp_name',
    ],
    invalid: [
      '',
      ' ',
      '   ',
      '\t',
      '\n',
      'x'.repeat(81),
      '企'.repeat(81),
      '𠀀'.repeat(81),
      'a'.repeat(100),
      ' '.repeat(80),
      '企'.repeat(200),
      'x'.repeat(1000),
      '\u3000'.repeat(3),
      ' \t\n ',
      'b'.repeat(81),
    ],
  },
  money: {
    valid: ['0', '0.1', '0.01', '0.99', '1', '1.5', '1.50', '10', '100.25', '123456789012345678901234', '999999.99', '5000', '0.00', '7.07', '20.2'],
    invalid: ['', '01', '00', '00.5', '1.', '.5', '1.234', '-1', '+1', '1,000', '1e3', 'abc', '1.2.3', ' 1', '1 '],
  },
  idCard: {
    valid: [
      '11010519491231002X',
      '11010519491231002x',
      '440524188001010014',
      '310115200002291235',
      '33010619880808876X',
      '510107197211095313',
      '650102200912310008',
      '120101180001010076',
      '370202199602294527',
      '420106198406152134',
      '21020320120930994X',
      '110101199003070003',
      '530102195505055555',
      '110105491231002',
      '310115960229123',
    ],
    invalid: [
      '',
      '11010519491231002Y',
      '110105194912310021',
      '110105194912310020',
      '01010519491231002X',
      '11010517491231002X',
      '11010521491231002X',
      '110105194913310021',
      '310115190002291235',
      '310115200102291235',
      '11010519490431002X',
      '110105491331002',
      '310115010229123',
      '650102209912310009', // born 2099-12-31, after today
      '11010549123100X',
      '1101051949123100', // 16 digits
    ],
  },
  landline: {
    valid: [
      '010-12345678',
      '021-87654321',
      '0571-1234567',
      '0571-12345678',
      '020-1234567',
      '0755-88888888',
      '010-12345678-1',
      '010-12345678-123',
      '0571-1234567-123456',
      '0311-7654321',
      '0898-66666666',
      '023-61234567',
      '0991-1234567',
      '010-00000000',
      '0851-7654321',
    ],
    invalid: [
      '',
      '12345678',
      '010 12345678',
      '01012345678',
      '10-12345678',
      '0010-12345678',
      '010-123456',
      '010-123456789',
      '010-12345678-',
      '010-12345678-1234567',
      '(010)12345678',
      '010-1234567a',
      '00-12345678',
      '01-12345678',
      '010--12345678',
    ],
  },
  taxId: {
    valid: [
      '123456789012345',
      'ABCDEFGHIJKLMNO',
      'abcdefghijklmno',
      '91310000MA1FL1234X',
      '913100001234567890',
      '12345678901234567890',
      'ABCDEFGHIJ1234567890',
      'ABCDEFGHIJKLMNOPQRST',
      '91310115MA1K3YJ12A',
      'a1b2c3d4e5f6g7h',
      '110108123456789',
      '91110000600037341L',
      'zzzzzzzzzzzzzzzzzz',
      '0000000000000000000A',
      '44030019900101000Q',
    ],
    invalid: [
      '',
      '12345678901234',
      '1234567890123456',
      '12345678901234567',
      '1234567890123456789',
      '123456789012345678901',
      '91310000MA1FL1234-',
      '9131 0000MA1FL1234',
      '91310000-MA1FL123',
      '税号税号税号税号税号税号税号税号',
      '１２３４５６７８９０１２３４５',
      '12345678901234_',
      '123456789012345 ',
      '1234567890123456789.',
      '913100001234567890!',
    ],
  },
  noSymbol: {
    valid: ['中文', 'abc', 'ABC', '123', '中文abc123', '上海某某公司', 'Acme2024', '㐀', '龥', 'a', '1', '张三', 'x1y2z3', '供应链金融', 'ZhangSan'],
    invalid: ['', ' ', '中 文', 'abc!', 'a-b', 'a_b', '中文，', '（公司）', 'a.b', '@', '😀', 'ａｂｃ', '１２３', 'abc\n', '#1'],
  },
  url: {
    valid: [
      'http://example.com',
      'https://example.com',
      'https://www.example.com/',
      'https://example.com/path/to/page',
      'https://example.com:8080',
      'http://localhost',
      'http://localhost:5173/op',
      'http://127.0.0.1:8080/api/web',
      'https://example.com/search?q=1&r=2',
      'https://example.com/#anchor',
      'HTTPS://EXAMPLE.COM',
      'https://a.b.c.example.cn',
      'https://xn--fiqs8s.xn--fiqz9s',
      'http://192.168.1.1',
      'https://sub-domain.example.org/a_b-c.html',
    ],
    invalid: [
      '',
      'example.com',
      'www.example.com',
      'ftp://example.com',
      'http://',
      'https://',
      'http:/example.com',
      'http://exa mple.com',
      'http://example',
      'http://-example.com',
      'http://example.com:port',
      'javascript:alert(1)',
      'http://256.1.1.1',
      'mailto:a@b.com',
      ' https://example.com',
    ],
  },
  amount: {
    valid: [
      '0',
      '0.1',
      '0.12',
      '1',
      '10',
      '12.3',
      '12.34',
      '99999999999999',
      '99999999999999.99',
      '10000000000000',
      '0.00',
      '100',
      '5.5',
      '12345678901234.5',
      '1.01',
    ],
    invalid: ['', '01', '00', '00.12', '012.5', '100000000000000', '999999999999999', '1.234', '1.', '.5', '-1', '+1', '1,000', 'abc', '0.123'],
  },
  ratio: {
    valid: ['0', '0.0', '0.01', '0.5', '1', '9.99', '10', '12.5', '33.33', '50', '99', '99.99', '100', '100.0', '100.00'],
    invalid: ['', '-1', '-0.01', '100.01', '100.1', '101', '1000', '01', '05.5', '1.234', '1.', '.5', 'abc', '50%', '100.000'],
  },
  amountYi: {
    valid: ['0', '0.5', '0.0001', '1', '1.2', '1.23', '1.234', '1.2345', '999999', '999999.9999', '100000', '12.5', '000001', '0.0000', '88888.8888'],
    invalid: ['', '1000000', '9999999', '1.23456', '0.00001', '1.', '.5', '-1', '+1', '1,000', 'abc', '1e3', '1.2.3', ' 1', '1234567.1'],
  },
  amountYuan: {
    valid: ['0', '0.01', '1', '1.5', '1.55', '99999999999999', '99999999999999.99', '12345678901234', '100', '0.00', '01', '00012.5', '5000000', '3.14', '7'],
    invalid: ['', '100000000000000', '999999999999999.99', '1.555', '0.001', '1.', '.5', '-1', '+1', '1,000', 'abc', '1e3', '1 000', ' 1', '1.5元'],
  },
  bankCard: {
    valid: [
      '6222021234567890123',
      '6228480402564890018',
      '621700000000000',
      '4367421234567890',
      '123456789',
      '0123456789',
      '1'.repeat(30),
      '31000000000000000001',
      '110060149018001234567',
      '6214830100000000',
      '955880100000000000',
      '1234567890123',
      '622588012345678',
      '6013820000000000000',
      '999999999',
    ],
    invalid: [
      '',
      '12345678',
      '1'.repeat(31),
      '6222 0212 3456 7890',
      '6222-0212-3456-7890',
      'abcdefghijk',
      '62220212345678X',
      ' 6222021234567890',
      '6222021234567890 ',
      '６２２２０２１２３４５６７８９',
      '+6222021234567',
      '6222021234.5678',
      '62220212345678901234567890123456',
      '0x6222021234',
      '银行卡6222021234567890',
    ],
  },
  personName: {
    valid: [
      '张三',
      '李四光',
      '欧阳修',
      '阿卜杜·热合曼',
      'John Smith',
      'Mary Jane',
      'J.R. Tolkien',
      '王'.repeat(30),
      '司马相如',
      '买买提·艾力',
      'Li Lei',
      '㐀㐁',
      'AB',
      '赵钱孙李周吴郑王',
      'Anne Marie',
    ],
    invalid: ['', '张', ' 张三', '张三 ', '王'.repeat(31), '张三1', '张三!', '·张三', '张三·', 'A', '123', '张_三', '张三@公司', '\t张三', '１２３'],
  },
};

describe('validators: every rule against its table', () => {
  const names = Object.keys(table) as ValidatorName[];

  it('covers every exported validator, each with at least 15 valid and 15 invalid cases', () => {
    expect(names.sort()).toEqual(Object.keys(validators).sort());
    for (const name of names) {
      expect(table[name].valid.length, `${name} valid`).toBeGreaterThanOrEqual(15);
      expect(table[name].invalid.length, `${name} invalid`).toBeGreaterThanOrEqual(15);
    }
  });

  describe.each(names)('%s', (name) => {
    it.each(table[name].valid)('accepts %j', (value) => {
      expect(validators[name].test(value)).toBe(true);
      expect(isValid(name, value)).toBe(true);
    });
    it.each(table[name].invalid)('refuses %j', (value) => {
      expect(validators[name].test(value)).toBe(false);
      expect(isValid(name, value)).toBe(false);
    });
    it('carries its name and an i18next key in the validation namespace', () => {
      expect(validators[name].name).toBe(name);
      expect(validators[name].messageKey).toBe(`validation:${name}`);
    });
  });
});

describe('isValid with non-string input', () => {
  it.each([
    ['amount', 12.5, true],
    ['amount', 0, true],
    ['amount', 1.234, false],
    ['ratio', 100, true],
    ['ratio', 100.5, false],
    ['amount', Number.NaN, false],
    ['amount', Number.POSITIVE_INFINITY, false],
    ['mobile', 13812345678, true],
    ['mobile', null, false],
    ['mobile', undefined, false],
    ['corpName', { name: 'x' }, false],
  ] as const)('%s(%j) is %s', (name, value, expected) => {
    expect(isValid(name, value)).toBe(expected);
  });
});

describe('validationMessage', () => {
  it('answers in Chinese by default and in English on request', () => {
    expect(validationMessage('mobile')).toBe('请输入正确的手机号码');
    expect(validationMessage('mobile', 'zh-CN')).toBe('请输入正确的手机号码');
    expect(validationMessage('mobile', 'en-US')).toBe('Enter a valid mobile phone number');
  });
});

describe('antdRule', () => {
  it.each([undefined, null, ''])('lets the empty value %j through (required is a separate rule)', async (value) => {
    const rule = antdRule('mobile');
    await expect(rule.validator?.(rule, value, () => undefined)).resolves.toBeUndefined();
  });

  it('resolves for a valid value, string or number', async () => {
    const rule = antdRule('amount');
    await expect(rule.validator?.(rule, '12.34', () => undefined)).resolves.toBeUndefined();
    await expect(rule.validator?.(rule, 12.34, () => undefined)).resolves.toBeUndefined();
  });

  it('rejects with the zh-CN text when no translator is given', async () => {
    const rule = antdRule('mobile');
    await expect(rule.validator?.(rule, '123', () => undefined)).rejects.toThrow('请输入正确的手机号码');
  });

  it('rejects with t(messageKey) when a translator is given', async () => {
    const rule = antdRule('email', (key) => `translated ${key}`);
    await expect(rule.validator?.(rule, 'nope', () => undefined)).rejects.toThrow('translated validation:email');
  });
});

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** GB 11643 check character, written independently of the implementation under test. */
function checkChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'][sum % 11];
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const yyyymmdd = (d: Date): string => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`;

const idCard18 = fc
  .record({
    region: fc.integer({ min: 110000, max: 829999 }),
    // Born by yesterday: a birth date after today is refused (spec 5.4), tested below.
    birth: fc.date({ min: new Date('1800-01-01T00:00:00Z'), max: new Date(Date.now() - 86_400_000), noInvalidDate: true }),
    sequence: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ region, birth, sequence }) => {
    const first17 = `${region}${yyyymmdd(birth)}${pad(sequence, 3)}`;
    return first17 + checkChar(first17);
  });

describe('idCard properties', () => {
  it('refuses a birth date after today and accepts one of today, on the given day', () => {
    const card = (date: string): string => {
      const first17 = `110105${date}002`;
      return first17 + checkChar(first17);
    };
    const today = new Date('2026-11-25T04:00:00Z'); // noon of the 25th in Shanghai, the business day
    expect(isIdCard(card('20261125'), today)).toBe(true);
    expect(isIdCard(card('20261126'), today)).toBe(false);
    expect(isIdCard(card('20270101'), today)).toBe(false);
    // The shared rule (client and server) follows the real clock: tomorrow is refused today.
    expect(validators.idCard.test(card(yyyymmdd(new Date(Date.now() + 2 * 86_400_000))))).toBe(false);
  });

  it('accepts every card built with the checksum algorithm from a real birthdate', () => {
    fc.assert(fc.property(idCard18, (card) => validators.idCard.test(card)));
  });

  it('accepts the lower-case x check character wherever X is right', () => {
    fc.assert(
      fc.property(
        idCard18.filter((card) => card.endsWith('X')),
        (card) => validators.idCard.test(card.toLowerCase()),
      ),
    );
  });

  it('refuses any single-digit change in the first 17 digits', () => {
    fc.assert(
      fc.property(idCard18, fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 9 }), (card, index, shift) => {
        const digit = (Number(card[index]) + shift) % 10;
        const changed = card.slice(0, index) + digit + card.slice(index + 1);
        return !validators.idCard.test(changed);
      }),
    );
  });

  it('accepts 15-digit cards with any real 19xx birthdate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 110000, max: 829999 }),
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('1999-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 999 }),
        (region, birth, sequence) => validators.idCard.test(`${region}${yyyymmdd(birth).slice(2)}${pad(sequence, 3)}`),
      ),
    );
  });

  it('knows leap years: 29 February only in 2000, 1996, not 1900 or 2100-style centuries', () => {
    const card = (date: string): string => {
      const first17 = `110101${date}123`;
      return first17 + checkChar(first17);
    };
    expect(validators.idCard.test(card('20000229'))).toBe(true);
    expect(validators.idCard.test(card('19960229'))).toBe(true);
    expect(validators.idCard.test(card('19000229'))).toBe(false);
    expect(validators.idCard.test(card('19970229'))).toBe(false);
    expect(validators.idCard.test(card('19960230'))).toBe(false);
    expect(validators.idCard.test(card('19960431'))).toBe(false);
    expect(validators.idCard.test('110101000229123')).toBe(false); // 1900-02-29 on a 15-digit card
    expect(validators.idCard.test('110101960229123')).toBe(true);
  });
});
