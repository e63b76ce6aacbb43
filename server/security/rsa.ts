/**
 * The server's RSA key pair (PROTOCOL.md §2): generated once, kept in the database so restarts keep
 * it. Decryption is RSA PKCS#1 v1.5 with node-forge because Node 20's crypto.privateDecrypt refuses
 * that padding (CVE-2023-46809); that refusal stays in place.
 */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { rsaKeys } from '../db/schema';

const KEY_ID = 'op-web';
const MODULUS_BITS = 2048;
/** Distinct clients in flight at once is small; this only bounds memory against junk headers. */
const SESSION_KEY_CACHE_SIZE = 10_000;

export class RsaKeys {
  private readonly privateKey: forge.pki.rsa.PrivateKey;
  private readonly modulusBytes: number;
  private readonly sessionKeys = new Map<string, string | null>();

  constructor(
    readonly publicKeyPem: string,
    privateKeyPem: string,
  ) {
    this.privateKey = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
    this.modulusBytes = Math.ceil(this.privateKey.n.bitLength() / 8);
  }

  /** Loads the stored pair, generating and storing it on first start. */
  static async loadOrCreate(db: Db): Promise<RsaKeys> {
    const existing = await db.select().from(rsaKeys).where(eq(rsaKeys.id, KEY_ID));
    if (existing.length === 0) {
      const pair = generateKeyPairSync('rsa', {
        modulusLength: MODULUS_BITS,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      // Two instances starting together on one PostgreSQL: the first insert wins, both read it back.
      await db.insert(rsaKeys).values({ id: KEY_ID, publicKeyPem: pair.publicKey, privateKeyPem: pair.privateKey }).onConflictDoNothing();
    }
    const [row] = existing.length ? existing : await db.select().from(rsaKeys).where(eq(rsaKeys.id, KEY_ID));
    return new RsaKeys(row.publicKeyPem, row.privateKeyPem);
  }

  /** Decrypts a base64 PKCS#1 v1.5 value to UTF-8 text; null when it is not one. */
  decrypt(base64: string): string | null {
    try {
      const bytes = forge.util.decode64(base64);
      if (bytes.length !== this.modulusBytes) return null;
      return forge.util.decodeUtf8(this.privateKey.decrypt(bytes, 'RSAES-PKCS1-V1_5'));
    } catch {
      return null;
    }
  }

  /**
   * The session key behind an X-Session-Key header, for answers DES-encrypted under it (PROTOCOL.md §8).
   * Only routes that encrypt call this; the result is cached by ciphertext because a client sends the
   * same header on every request and an RSA decryption costs milliseconds.
   */
  sessionKey(encrypted: string): string | null {
    const cached = this.sessionKeys.get(encrypted);
    if (cached !== undefined) return cached;
    const key = this.decrypt(encrypted);
    if (this.sessionKeys.size >= SESSION_KEY_CACHE_SIZE) this.sessionKeys.delete(this.sessionKeys.keys().next().value!);
    this.sessionKeys.set(encrypted, key);
    return key;
  }
}
