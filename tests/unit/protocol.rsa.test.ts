// @vitest-environment jsdom
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { rsaEncrypt } from '../../src/protocol/rsa';
import { createSessionKey } from '../../src/protocol/random';

describe('RSA session-key encryption (PKCS#1 v1.5, jsencrypt)', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const forgeKey = forge.pki.privateKeyFromPem(privateKey);
  const decrypt = (b64: string) => forgeKey.decrypt(forge.util.decode64(b64), 'RSAES-PKCS1-V1_5');

  it('encrypts a 128-character session key that the server side can decrypt', () => {
    const sessionKey = createSessionKey();
    const encrypted = rsaEncrypt(sessionKey, publicKey);
    expect(encrypted).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decrypt(encrypted)).toBe(sessionKey);
  });

  it('is randomised: the same text encrypts differently each time', () => {
    expect(rsaEncrypt('Admin@2026!', publicKey)).not.toBe(rsaEncrypt('Admin@2026!', publicKey));
  });

  it('refuses an invalid public key instead of sending garbage', () => {
    expect(() => rsaEncrypt('x', 'not a key')).toThrow();
  });
});
