/** The database's nonce ledger: one claim per nonce, whatever the process, the batch or the restart. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createPGlite, pgliteDatabase, type Database } from '../../server/db/open';
import { usedNonces } from '../../server/db/schema';
import { NonceLedger } from '../../server/security/nonce-ledger';

let database: Database;

beforeAll(async () => {
  database = pgliteDatabase(createPGlite());
  await database.migrate();
});
afterAll(() => database.close());

describe('NonceLedger', () => {
  it('gives a nonce to its first claim only, also across two ledgers (two processes) on one database', async () => {
    const a = new NonceLedger(database.db);
    const b = new NonceLedger(database.db);
    const nonce = randomUUID();
    expect(await a.claim(nonce)).toBe(true);
    expect(await a.claim(nonce)).toBe(false);
    expect(await b.claim(nonce)).toBe(false);
    // A ledger made after the first is gone: a restarted process.
    expect(await new NonceLedger(database.db).claim(nonce)).toBe(false);
  });

  it('settles simultaneous claims, batched or not, with exactly one winner per nonce', async () => {
    const a = new NonceLedger(database.db);
    const b = new NonceLedger(database.db);
    const nonces = Array.from({ length: 50 }, () => randomUUID());
    const claims = nonces.flatMap((nonce) => [a.claim(nonce), b.claim(nonce), a.claim(nonce)]);
    const results = await Promise.all(claims);
    for (let i = 0; i < nonces.length; i++) expect(results.slice(i * 3, i * 3 + 3).filter(Boolean)).toHaveLength(1);
  });

  it('lets an expired nonce be claimed again, and sweeps expired rows', async () => {
    const ledger = new NonceLedger(database.db, 60_000);
    const nonce = randomUUID();
    expect(await ledger.claim(nonce)).toBe(true);
    await database.db
      .update(usedNonces)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(usedNonces.nonce, nonce));
    expect(await ledger.claim(nonce)).toBe(true);
    expect(await ledger.claim(nonce)).toBe(false);
    await database.db
      .update(usedNonces)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(usedNonces.nonce, nonce));
    await ledger.sweep();
    expect(await database.db.select().from(usedNonces).where(eq(usedNonces.nonce, nonce))).toHaveLength(0);
  });
});
