/**
 * DES-ECB with PKCS#7 padding under the first 8 characters of the session key (PROTOCOL.md §8).
 * crypto-js is used on both sides because Node 20's OpenSSL 3 has no des-ecb without the legacy provider.
 */
import CryptoJS from 'crypto-js/core.js';
import 'crypto-js/enc-base64.js';
import 'crypto-js/cipher-core.js';
import 'crypto-js/tripledes.js';
import 'crypto-js/mode-ecb.js';

function desKey(sessionKey: string) {
  return CryptoJS.enc.Utf8.parse(sessionKey.slice(0, 8));
}

const options = () => ({ mode: CryptoJS.mode.ECB, padding: CryptoJS.pad.Pkcs7 });

export function desEncrypt(plaintext: string, sessionKey: string): string {
  return CryptoJS.DES.encrypt(plaintext, desKey(sessionKey), options()).toString();
}

export function desDecrypt(ciphertextBase64: string, sessionKey: string): string {
  return CryptoJS.DES.decrypt(ciphertextBase64, desKey(sessionKey), options()).toString(CryptoJS.enc.Utf8);
}
