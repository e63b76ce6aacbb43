/** The server's pure parts, tested without a socket. */
import { describe, expect, it, vi } from 'vitest';
import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { desDecrypt, desEncrypt } from '../../src/protocol/des';
import { createSessionKey } from '../../src/protocol/random';
import { readConfig } from '../../server/config';
import { localeNamespace } from '../../server/locale-catalogue';
import { translate } from '../../server/i18n';
import { buildRouteTree, type MenuRow } from '../../server/routes/menu-tree';
import { NonceStore } from '../../server/security/nonces';
import { hashPassword, PRODUCTION_SCRYPT_COST, verifyPassword } from '../../server/security/password-hash';
import { RsaKeys } from '../../server/security/rsa';
import { TEST_SCRYPT_COST } from './server';

describe('NonceStore', () => {
  it('remembers a nonce for the TTL, then forgets it', () => {
    const store = new NonceStore(1000);
    expect(store.seen('a', 0)).toBe(false);
    expect(store.remember('a', 0)).toBe(true);
    expect(store.remember('a', 500)).toBe(false);
    expect(store.seen('a', 999)).toBe(true);
    expect(store.seen('a', 1000)).toBe(false);
  });

  it('evicts expired nonces, so memory is bounded by the request rate', () => {
    const store = new NonceStore(1000);
    for (let i = 0; i < 100; i++) store.remember(`n${i}`, i * 100);
    store.seen('x', 11_000);
    expect(store.size).toBe(0);
  });

  it('expires each nonce exactly at its own TTL, wherever it falls in its time bucket', () => {
    const store = new NonceStore(600_000);
    for (const at of [0, 1, 59_999, 60_000, 123_456]) {
      const nonce = `n${at}`;
      expect(store.remember(nonce, at)).toBe(true);
      expect(store.seen(nonce, at + 599_999)).toBe(true);
      expect(store.remember(nonce, at + 599_999)).toBe(false);
      expect(store.seen(nonce, at + 600_000)).toBe(false);
    }
  });

  it('accepts a nonce again once expired, and then remembers the new use', () => {
    const store = new NonceStore(1000);
    expect(store.remember('a', 0)).toBe(true);
    expect(store.remember('a', 1500)).toBe(true);
    expect(store.seen('a', 2499)).toBe(true);
    expect(store.seen('a', 2500)).toBe(false);
  });

  it('keeps nonces remembered after the clock steps back, for their full TTL', () => {
    const store = new NonceStore(1000);
    expect(store.remember('late', 5000)).toBe(true);
    expect(store.remember('early', 4000)).toBe(true);
    expect(store.seen('early', 4999)).toBe(true);
    expect(store.seen('late', 5999)).toBe(true);
    expect(store.seen('early', 5000)).toBe(false);
    expect(store.seen('late', 6000)).toBe(false);
  });

  it('holds only the last TTL of nonces under a steady request rate', () => {
    const store = new NonceStore(1000);
    for (let t = 0; t < 10_000; t++) store.remember(`n${t}`, t);
    // Entries of the last 1000 ms, plus at most one partly expired bucket (a tenth of the TTL).
    expect(store.size).toBeGreaterThanOrEqual(1000);
    expect(store.size).toBeLessThanOrEqual(1100);
    expect(store.seen('n8999', 9999)).toBe(false);
    expect(store.seen('n9000', 9999)).toBe(true);
  });
});

describe('password hashes', () => {
  it('verify the right password only, with a fresh salt each time', async () => {
    const [a, b] = await Promise.all([hashPassword('Admin@2026!', TEST_SCRYPT_COST), hashPassword('Admin@2026!', TEST_SCRYPT_COST)]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Admin@2026!', a)).toBe(true);
    expect(await verifyPassword('admin@2026!', a)).toBe(false);
    expect(await verifyPassword('Admin@2026!', 'plain-text')).toBe(false);
  });

  it('verify at the cost stored with the hash, so production hashes work under a test cost and back', async () => {
    const production = await hashPassword('Admin@2026!');
    expect(production).toMatch(new RegExp(`^scrypt\\$${PRODUCTION_SCRYPT_COST.N}\\$`));
    expect(await verifyPassword('Admin@2026!', production)).toBe(true);
  });
});

describe('RsaKeys', () => {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const keys = new RsaKeys(pair.publicKey, pair.privateKey);
  const encrypt = (text: string) => publicEncrypt({ key: pair.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text)).toString('base64');

  it('decrypts PKCS#1 v1.5 values as the browser makes them, UTF-8 included', () => {
    expect(keys.decrypt(encrypt('Admin@2026!'))).toBe('Admin@2026!');
    expect(keys.decrypt(encrypt('密码Ab1!'))).toBe('密码Ab1!');
  });

  it('answers null for anything else', () => {
    expect(keys.decrypt('')).toBeNull();
    expect(keys.decrypt('not base64 at all')).toBeNull();
    expect(keys.decrypt(Buffer.alloc(256, 7).toString('base64'))).toBeNull();
  });

  it('recovers the session key once per ciphertext, for DES answers the client can decrypt', () => {
    const sessionKey = createSessionKey();
    const header = encrypt(sessionKey);
    const decrypt = vi.spyOn(keys, 'decrypt');
    expect(keys.sessionKey(header)).toBe(sessionKey);
    expect(keys.sessionKey(header)).toBe(sessionKey);
    expect(decrypt).toHaveBeenCalledTimes(1);
    expect(desDecrypt(desEncrypt('13812345678', keys.sessionKey(header)!), sessionKey)).toBe('13812345678');
  });
});

describe('buildRouteTree', () => {
  const row = (id: string, parentId: string | null, orderNum: number, granted: boolean): MenuRow => ({
    id,
    parentId,
    menuUri: id,
    title: id,
    path: id,
    component: parentId ? `/op/${id}/index` : 'Layout',
    routeName: null,
    icon: '',
    orderNum,
    hidden: false,
    redirect: null,
    alwaysShow: false,
    noCache: false,
    granted,
  });

  it('orders siblings by orderNum and keeps only granted menus and the directories above them', () => {
    const tree = buildRouteTree([
      row('b', null, 20, false),
      row('b:x', 'b', 10, true),
      row('a', null, 10, true),
      row('a:2', 'a', 20, true),
      row('a:1', 'a', 10, true),
      row('c', null, 30, false),
      row('c:x', 'c', 10, false),
    ]);
    expect(tree.map((i) => [i.name, i.children?.map((c) => c.name)])).toEqual([
      ['a', ['a-1', 'a-2']],
      ['b', ['b-x']],
    ]);
  });
});

describe('translate', () => {
  it('reads the zh-CN catalogue, fills placeholders and refuses unknown keys', () => {
    expect(translate('errors:UNAUTHORIZED')).toBe('登录已失效，请重新登录');
    expect(translate('auth:password.weak')).toBe('请输入8至20位的数字、大小写字母及特殊字符4种类型字符的组合');
    expect(translate('server:crud.required', { field: '用户名' })).toBe('用户名不能为空');
    expect(() => translate('server:no.such.key')).toThrow();
  });

  it('has the same server message keys in both locales', () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    // The namespace as the server reads it: the platform's file and the areas' shares, merged.
    expect(keys(localeNamespace('en-US', 'server')).sort()).toEqual(keys(localeNamespace('zh-CN', 'server')).sort());
  });
});

describe('readConfig', () => {
  it('defaults to 127.0.0.1:8080, ./data, PGlite and demo mode', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: undefined, demoMode: true, logLevel: 'info' });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads the environment', () => {
    expect(readConfig({ PORT: '9000', HOST: '0.0.0.0', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://db/scf', DEMO_MODE: '0' })).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://db/scf',
      demoMode: false,
    });
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('reads the PostgreSQL pool size per process, 10 when unset, and refuses a size that is not a whole number from 2 to 1000', () => {
    expect(readConfig({}).databasePoolSize).toBe(10);
    expect(readConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10);
    expect(readConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    for (const bad of ['0', '1', '-3', '2.5', 'ten', '1001']) expect(() => readConfig({ DATABASE_POOL_SIZE: bad }), bad).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe('native MD5 on the server', () => {
  it('signs every protocol vector exactly as the shared crypto-js form does', async () => {
    const { readFileSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    const { signRequest } = await import('../../src/protocol/canonical');
    const { nativeMd5Hex } = await import('../../server/security/signature');
    const vectors = JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/protocol-vectors.json'), 'utf8')) as {
      signature: Array<Parameters<typeof signRequest>[0] & { sign: string; xVrandom: string }>;
    };
    for (const v of vectors.signature) {
      expect(signRequest(v, nativeMd5Hex)).toEqual(signRequest(v));
      expect(signRequest(v, nativeMd5Hex).sign).toBe(v.sign);
      expect(signRequest(v, nativeMd5Hex).xVrandom).toBe(v.xVrandom);
    }
    expect(nativeMd5Hex('中文 ✓')).toBe(
      signRequest({ path: '', query: [], body: '', nonce: '', timestamp: '', authToken: '' }, () => nativeMd5Hex('中文 ✓')).sign,
    );
  });
});
