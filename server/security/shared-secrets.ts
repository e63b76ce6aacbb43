/**
 * Secrets every server process on one database must share, e.g. the file grants' HMAC key: a grant
 * issued by one process is checked by whichever process the browser's GET reaches, also after a restart.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { serverSecrets } from '../db/schema';

/** The stored secret named id, made (32 random bytes) by the first process to ask. */
export async function loadOrCreateSecret(db: Db, id: string): Promise<Buffer> {
  // Two processes starting together: the first insert wins, and both read back the same row.
  await db
    .insert(serverSecrets)
    .values({ id, secret: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: serverSecrets.secret }).from(serverSecrets).where(eq(serverSecrets.id, id));
  return Buffer.from(row.secret, 'base64');
}
