/** Randomness for nonces and session keys: always from the platform's cryptographic source. */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const NONCE_PATTERN = /^[0-9a-f]{32}$/;
export const SESSION_KEY_LENGTH = 128;

function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

/** 32 lowercase hex characters, fresh for every request. */
export function createNonce(): string {
  return Array.from(randomBytes(16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** 128 characters of [A-Za-z0-9]; rejection sampling keeps every character equally likely. */
export function createSessionKey(length = SESSION_KEY_LENGTH): string {
  const limit = 256 - (256 % ALPHANUMERIC.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < limit && out.length < length) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
    }
  }
  return out;
}
