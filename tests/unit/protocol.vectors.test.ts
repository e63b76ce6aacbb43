import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { canonicalQuery, signRequest, parseRequestUrl, encodeQuery } from '../../src/protocol/canonical';
import { desDecrypt, desEncrypt } from '../../src/protocol/des';
import { createNonce, createSessionKey, NONCE_PATTERN } from '../../src/protocol/random';
import CryptoJS from 'crypto-js/core.js';

interface SignatureVector {
  name: string;
  path: string;
  query: Array<[string, string]>;
  body: string;
  nonce: string;
  timestamp: string;
  authToken: string;
  canonicalQuery: string;
  sign: string;
  xVrandom: string;
}

// The normative file lives in ../shared beside the checkout; a fresh clone elsewhere (CI) uses the
// committed copy, which the first test proves identical whenever the shared file is present.
const sharedPath = resolve(import.meta.dirname, '../../../shared/protocol/vectors.json');
const copyPath = resolve(import.meta.dirname, '../fixtures/protocol-vectors.json');
const vectorsText = readFileSync(existsSync(sharedPath) ? sharedPath : copyPath, 'utf8');
const vectors = JSON.parse(vectorsText) as {
  signature: SignatureVector[];
  des: { sessionKey: string; keyBytes: string; plaintext: string; ciphertextBase64: string; sameWhenWholeKeyPassed: boolean };
};

describe('protocol vectors (shared/protocol/vectors.json)', () => {
  it.runIf(existsSync(sharedPath))('the committed copy equals ../shared/protocol/vectors.json', () => {
    expect(JSON.parse(readFileSync(copyPath, 'utf8'))).toEqual(JSON.parse(readFileSync(sharedPath, 'utf8')));
  });

  it('holds signature vectors', () => {
    expect(vectors.signature.length).toBeGreaterThanOrEqual(3);
  });

  describe.each(vectors.signature.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    it('reproduces the canonical query', () => {
      expect(canonicalQuery(v.query)).toBe(v.canonicalQuery);
    });
    it('reproduces X-Sign and x-vrandom', () => {
      const out = signRequest(v);
      expect(out.sign).toBe(v.sign);
      expect(out.xVrandom).toBe(v.xVrandom);
    });
    it('survives the trip through an encoded URL', () => {
      const url = `/api/web${v.path}${v.query.length ? `?${encodeQuery(v.query)}` : ''}`;
      const parsed = parseRequestUrl(url);
      expect(parsed.path).toBe(v.path);
      expect(signRequest({ ...v, query: parsed.query }).sign).toBe(v.sign);
    });
  });

  it('a changed byte anywhere changes the signature', () => {
    const v = vectors.signature[0];
    for (const field of ['path', 'body', 'nonce', 'timestamp', 'authToken'] as const) {
      expect(signRequest({ ...v, [field]: `${v[field]}x` }).sign).not.toBe(v.sign);
    }
  });

  it('decrypts the DES vector with the session key', () => {
    expect(desDecrypt(vectors.des.ciphertextBase64, vectors.des.sessionKey)).toBe(vectors.des.plaintext);
    expect(desEncrypt(vectors.des.plaintext, vectors.des.sessionKey)).toBe(vectors.des.ciphertextBase64);
  });

  it('uses only the first 8 characters of the key, as crypto-js does with the whole key', () => {
    const whole = CryptoJS.DES.encrypt(vectors.des.plaintext, CryptoJS.enc.Utf8.parse(vectors.des.sessionKey), {
      mode: CryptoJS.mode.ECB,
      padding: CryptoJS.pad.Pkcs7,
    }).toString();
    expect(whole === vectors.des.ciphertextBase64).toBe(vectors.des.sameWhenWholeKeyPassed);
    expect(vectors.des.sessionKey.slice(0, 8)).toBe(vectors.des.keyBytes);
  });
});

describe('randomness', () => {
  it('makes 32-hex nonces that do not repeat', () => {
    const seen = new Set(Array.from({ length: 1000 }, createNonce));
    expect(seen.size).toBe(1000);
    for (const n of seen) expect(n).toMatch(NONCE_PATTERN);
  });
  it('makes 128-character alphanumeric session keys', () => {
    const key = createSessionKey();
    expect(key).toMatch(/^[A-Za-z0-9]{128}$/);
    expect(createSessionKey()).not.toBe(key);
  });
});
