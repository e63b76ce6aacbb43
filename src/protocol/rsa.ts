/**
 * RSA PKCS#1 v1.5 encryption under the server's public key (PROTOCOL.md §2): the session key,
 * passwords and unmasked sensitive values travel this way. jsencrypt is the browser side; the
 * server decrypts with node-forge.
 */
import { JSEncrypt } from 'jsencrypt';

const encryptors = new Map<string, JSEncrypt>();

export function rsaEncrypt(plaintext: string, publicKeyPem: string): string {
  let encryptor = encryptors.get(publicKeyPem);
  if (!encryptor) {
    encryptor = new JSEncrypt();
    encryptor.setPublicKey(publicKeyPem);
    encryptors.set(publicKeyPem, encryptor);
  }
  const encrypted = encryptor.encrypt(plaintext);
  if (encrypted === false) throw new Error('RSA encryption failed: is the public key valid?');
  return encrypted;
}
