/**
 * Encryption at rest of sensitive values (spec 5.5: ID card, mobile, bank account): AES-256-GCM
 * under a key made on first start and kept in the table data_keys, so a restart or a second
 * instance on the same database reads what the first wrote. A value is stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64 parts); the tag makes a tampered value fail to open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { dataKeys } from '../db/schema';

const KEY_ID = 'sensitive-values';
const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const IV_BYTES = 12;

export class SensitiveCipher {
  private constructor(private readonly key: Buffer) {}

  /** Loads the stored key, making and storing it on first use. */
  static async loadOrCreate(db: Db): Promise<SensitiveCipher> {
    // Two instances starting together: the first insert wins and both read it back.
    await db
      .insert(dataKeys)
      .values({ id: KEY_ID, keyMaterial: randomBytes(32).toString('base64') })
      .onConflictDoNothing();
    const [row] = await db.select().from(dataKeys).where(eq(dataKeys.id, KEY_ID));
    return new SensitiveCipher(Buffer.from(row.keyMaterial, 'base64'));
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
  }

  /** The plain value; throws on a value this key did not seal (a wrong key or a changed row). */
  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
    const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}
