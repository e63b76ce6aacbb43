/**
 * Generators of what an attacker or a careless client sends: bodies of wrong types, extreme numbers,
 * unreadable text, prototype keys, arrays for objects, huge page sizes, deep nesting and oversize
 * text, over field names taken from the schema and the request fields the routes read.
 */
import fc from 'fast-check';
import { getTableColumns } from 'drizzle-orm';
import { schemaTables } from '../../../server/db/schema-facts';

const NUL = String.fromCharCode(0);

/** Request fields that are not columns: paging, ordering, workflow and sign-in fields. */
const REQUEST_FIELDS = [
  'id',
  'ids',
  'pageNum',
  'pageSize',
  'orderBy',
  'field',
  'order',
  'taskId',
  'instanceId',
  'businessKey',
  'processKey',
  'businessType',
  'outcome',
  'remark',
  'variables',
  'summary',
  'configKey',
  'configValue',
  'corpId',
  'corpName',
  'pkFiles',
  'resourceKey',
  'dictTypes',
  'username',
  'password',
  'originalPassword',
  'newPassword',
  'verifyCode',
  'businessKeys',
  'productType',
  'personId',
  'taskSegment',
  'approveResult',
  'approveRemark',
  'docFileId',
  'content',
  'createTimeStart',
  'createTimeEnd',
  'validFrom',
  'validTo',
  'invoiceType',
  'expiring',
  'holderCorpName',
  'holderCorpId',
  'serialNo',
  'status',
  'title',
  'idCard',
  'mobilePhone',
  'bankCard',
  'licenceFileId',
  'creditCode',
  'legalPersonName',
  'finalApproveMode',
  'action',
  'publishTime',
  'cover',
  'coverFileId',
  'sort',
];

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

export const FIELD_NAMES: readonly string[] = [...new Set([...schemaTables.flatMap((table) => Object.keys(getTableColumns(table))), ...REQUEST_FIELDS])];

const HOSTILE_TEXT = [
  '',
  ' ',
  NUL,
  `a${NUL}b`,
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '😀',
  '中文',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%00',
  '../../etc/passwd',
  '9'.repeat(400),
  'null',
  'undefined',
  'true',
  '2026-13-45',
  '2026-02-30',
  '99999-01-01',
  '0000-00-00',
  '2026-11-25T25:61:61Z',
  '1e309',
  'NaN',
  'Infinity',
  '-1',
  '0x10',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  'Y',
  'N',
  '0',
  '1',
  'PASS',
  'REJECT',
  'NOPASS',
  'WAIT',
  'AUDIT',
  'REVIEW',
  'sys_yes_no',
  'Process_CORP_ADMIT',
  'PROCESS_CREDIT_CERTIFICATE_CODE',
  'createTime',
  'desc',
  'asc',
  'DROP',
  '\\',
  '\u202E',
  '\uFEFF',
  '\r\n',
  'a'.repeat(101),
  'b'.repeat(1001),
  'SCF-CA-2026-00000000',
  'CORP-EAST',
  'u-op-admin',
];

const HOSTILE_NUMBERS = [
  2_147_483_648,
  -2_147_483_649,
  2_147_483_647,
  -2_147_483_648,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  1e-308,
  0,
  -0,
  0.5,
  -1,
  1,
  2,
  500,
  501,
  100_000,
  1e21,
  32_768,
];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 2_000, max: 60_000 }).map((n) => 'x'.repeat(n)) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
);

const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthSize: 'small', withCrossShrink: true },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES, ...PROTOTYPE_KEYS), tie('value'), { maxKeys: 4 }),
  ),
}));

/** A body as sent: JSON text (possibly not JSON at all), or no body. */
export type HostileBody = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } | { kind: 'none' };

/** 10,000 levels of arrays: parses, and must be refused before anything walks it. */
const DEEP = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;

const RAW_BODIES = [
  '{"a":',
  'not json',
  '[]',
  'null',
  '"x"',
  '1',
  '{}',
  DEEP,
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  '{"pageNum":1,"pageSize":100000000}',
  '{"ids":{"0":"a"}}',
  '{"id":["a","b"]}',
  '{"dataVersion":2147483648,"id":"x"}',
  `{"x":"${'y'.repeat(1_100_000)}"}`,
];

export const hostileBody: fc.Arbitrary<HostileBody> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELD_NAMES, ...PROTOTYPE_KEYS), hostileValue, { maxKeys: 8 })
      .map((value) => ({ kind: 'json' as const, value })),
  },
  { weight: 2, arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((text) => ({ kind: 'raw' as const, text })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
);

/** A path segment for the unsigned GETs' parameters. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('x', '..', '%00', '%2e%2e%2f', 'a'.repeat(300), 'SMALL', 'BIG', 'ORIGINAL', '%F0%9F%98%80', '%ED%A0%80', '%ZZ'),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

export const describeBody = (body: HostileBody): string =>
  body.kind === 'none'
    ? '(no body)'
    : body.kind === 'raw'
      ? `raw ${body.text.slice(0, 120)}${body.text.length > 120 ? `… (${body.text.length} chars)` : ''}`
      : JSON.stringify(body.value)?.slice(0, 300);
