import fc from 'fast-check';
import { canonicalQuery, parseRequestUrl, parseSearch, signRequest, UNSIGNED_QUERY_KEYS } from '../../src/protocol/canonical';
import { paramsToPairs, prepareRequest } from '../../src/protocol/request';

describe('prepareRequest', () => {
  const base = {
    url: '/api/web/op/v1/files/pks/mimetype?b=2',
    params: [
      ['pkFiles', 'f 2'],
      ['a', '中'],
    ] as Array<[string, string]>,
    body: '{"x":1}',
    authToken: 'tok',
    encryptedSessionKey: 'enc-key',
    csrf: { headerName: 'X-XSRF-TOKEN', token: 'csrf-1' },
    csrfCookie: 'csrf-1',
    now: 1795000000000,
    nonce: '0123456789abcdef0123456789abcdef',
  };

  it('sends every header of protocol §3', () => {
    const { headers } = prepareRequest(base);
    expect(headers).toEqual({
      'X-Nonce': base.nonce,
      'X-Timestamp': '1795000000000',
      'X-Sign': expect.stringMatching(/^[0-9a-f]{32}$/),
      'X-Sys-Type': 'OP_WEB',
      'X-Session-Key': 'enc-key',
      'X-Auth-Token': 'tok',
      'X-XSRF-TOKEN': 'csrf-1',
    });
  });

  it("names the user's language in Accept-Language, outside the signature", () => {
    const english = prepareRequest({ ...base, language: 'en-US' });
    expect(english.headers['Accept-Language']).toBe('en-US');
    // The same request in either language carries the same signature: the header is not signed.
    expect(english.headers['X-Sign']).toBe(prepareRequest({ ...base, language: 'zh-CN' }).headers['X-Sign']);
    expect(prepareRequest(base).headers['Accept-Language']).toBeUndefined();
  });

  it('appends _csrf and x-vrandom, which the server can verify from the URL alone', () => {
    const prepared = prepareRequest(base);
    const { path, query } = parseRequestUrl(prepared.url);
    const expected = signRequest({ path, query, body: base.body, nonce: base.nonce, timestamp: '1795000000000', authToken: 'tok' });
    expect(prepared.headers['X-Sign']).toBe(expected.sign);
    expect(new URL(prepared.url, 'http://x').searchParams.get('x-vrandom')).toBe(expected.xVrandom);
    expect(new URL(prepared.url, 'http://x').searchParams.get('_csrf')).toBe('csrf-1');
    expect(expected.canonicalQuery).toBe('a=中&b=2&pkFiles=f 2');
  });

  it('omits what is not known yet before login', () => {
    const { headers, url } = prepareRequest({ url: '/uaa/login', body: '{}' });
    expect(headers['X-Auth-Token']).toBeUndefined();
    expect(headers['X-XSRF-TOKEN']).toBeUndefined();
    expect(url).toMatch(/^\/uaa\/login\?x-vrandom=[0-9a-f]{32}$/);
  });

  it('makes a fresh nonce for every request', () => {
    expect(prepareRequest({ url: '/a' }).headers['X-Nonce']).not.toBe(prepareRequest({ url: '/a' }).headers['X-Nonce']);
  });

  it('flattens arrays to repeated keys and drops empty values', () => {
    expect(paramsToPairs({ ids: ['1', '2'], a: 0, b: undefined, c: null })).toEqual([
      ['ids', '1'],
      ['ids', '2'],
      ['a', '0'],
    ]);
  });
});

describe('parseRequestUrl', () => {
  it.each([
    ['/api/web/op/v1/x', '/op/v1/x', []],
    [
      '/api/web/op/v1/x?a=1&b=%E4%B8%AD&c=x+y&c=%2B#frag',
      '/op/v1/x',
      [
        ['a', '1'],
        ['b', '中'],
        ['c', 'x y'],
        ['c', '+'],
      ],
    ],
    ['/uaa/login?', '/uaa/login', []],
    ['http://host:8080/api/web/op/v1/x?z=9', '/op/v1/x', [['z', '9']]],
    ['/api/web/op/%E6%96%87', '/op/文', []],
  ])('%s', (url, path, query) => {
    expect(parseRequestUrl(url)).toEqual({ path, query });
  });
});

describe('the hand-split fast paths decode exactly as the reference forms', () => {
  // Characters that matter to the form-urlencoded parser, plus ordinary and awkward ones.
  const queryText = fc.string({
    unit: fc.constantFrom('a', 'b', '_csrf', 'x-vrandom', '=', '&', '?', '%', '%2B', '%E4%B8%AD', '%zz', '+', ' ', '中', '\uD800', '\uDC00', '#', '/'),
    maxLength: 24,
  });

  it('parseSearch equals URLSearchParams', () => {
    fc.assert(
      fc.property(queryText, (search) => {
        expect(parseSearch(search)).toEqual([...new URLSearchParams(search).entries()]);
      }),
      { numRuns: 2000 },
    );
  });

  it('canonicalQuery equals filter, stable sort, join', () => {
    const reference = (query: Array<[string, string]>) =>
      query
        .filter(([key]) => !UNSIGNED_QUERY_KEYS.has(key))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, value]) => `${key}=${value}`)
        .join('&');
    const pairs = fc.array(fc.tuple(fc.constantFrom('a', 'B', 'b', '_csrf', 'x-vrandom', '中', ''), fc.string({ maxLength: 3 })), { maxLength: 8 });
    fc.assert(
      fc.property(pairs, (query) => {
        expect(canonicalQuery(query)).toBe(reference(query.map(([k, v]) => [k, v])));
      }),
      { numRuns: 2000 },
    );
  });
});
