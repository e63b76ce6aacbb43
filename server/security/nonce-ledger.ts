/**
 * The nonces of signed requests in the database (PROTOCOL.md §5), shared by every server process on
 * it and outliving each of them: a request captured on one process and replayed to another, or to
 * the same one after a restart, finds its nonce taken.
 *
 * A nonce is claimed by a single INSERT ... ON CONFLICT: it inserts the nonce, or takes over an
 * expired row of the same nonce, and returns it; a nonce still live returns nothing. Two processes
 * claiming one nonce at once are ordered by the primary key, so exactly one gets it back.
 * Expiry uses the database's clock, which all processes share.
 *
 * Claims are grouped: those made in one turn of the event loop go together, and while a statement is
 * in flight the claims that arrive wait and then go together in the next one (one round trip and one
 * commit for all of them). A lone request waits for no timer (setImmediate), and a busy server spends
 * one statement per batch instead of one per request, which matters most on PGlite, where every
 * statement costs the server's own thread the better part of a millisecond.
 */
import { lt, sql } from 'drizzle-orm';
import { NONCE_TTL_MS } from '../../src/protocol/headers';
import type { Db } from '../db/open';
import { downloadTickets, usedNonces } from '../db/schema';

interface Claim {
  nonce: string;
  resolve: (claimed: boolean) => void;
  reject: (error: unknown) => void;
}

/** Largest batch in one statement: two bind parameters per row stay far below PostgreSQL's 65535. */
const MAX_BATCH = 1000;
/** How often each process deletes expired rows; any process's sweep serves all. */
const SWEEP_INTERVAL_MS = 60_000;

export class NonceLedger {
  private waiting: Claim[] = [];
  private inFlight = false;
  private sweeper: NodeJS.Timeout | undefined;
  private readonly claimStatement;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number = NONCE_TTL_MS,
  ) {
    // One prepared statement whatever the batch's size: the nonces go as one array parameter.
    this.claimStatement = db
      .insert(usedNonces)
      .select(
        sql`select n, now() + ${sql.placeholder('ttlMs')}::int * interval '1 millisecond' from unnest(${sql.placeholder('nonces')}::text[]) as n` as never,
      )
      .onConflictDoUpdate({
        target: usedNonces.nonce,
        set: { expiresAt: sql`excluded.expires_at` },
        setWhere: sql`${usedNonces.expiresAt} <= now()`,
      })
      .returning({ nonce: usedNonces.nonce })
      .prepare('claim_nonces');
  }

  /** True when this call took the nonce; false when it is live already (a replay). */
  claim(nonce: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ nonce, resolve, reject });
      if (!this.inFlight) {
        // After the requests read in this turn of the event loop have joined: one statement for them all.
        this.inFlight = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      // The in-memory store already refuses a nonce repeated within this process, but a statement
      // that names one key twice is an error in PostgreSQL, so duplicates are settled here.
      const first = new Map<string, Claim>();
      for (const claim of batch) {
        if (first.has(claim.nonce)) claim.resolve(false);
        else first.set(claim.nonce, claim);
      }
      try {
        const claimed = await this.insert([...first.keys()]);
        for (const [nonce, claim] of first) claim.resolve(claimed.has(nonce));
      } catch (error) {
        for (const claim of first.values()) claim.reject(error);
      }
    }
    this.inFlight = false;
  }

  private async insert(nonces: string[]): Promise<Set<string>> {
    const rows = await this.claimStatement.execute({ nonces, ttlMs: this.ttlMs });
    return new Set(rows.map((row) => row.nonce));
  }

  /** Deletes expired nonces and download tickets now and then, until stop(). */
  startSweeping(onError: (error: unknown) => void): void {
    const sweep = () => this.sweep().catch(onError);
    this.sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  async sweep(): Promise<void> {
    await this.db.delete(usedNonces).where(lt(usedNonces.expiresAt, sql`now()`));
    await this.db.delete(downloadTickets).where(lt(downloadTickets.expiresAt, sql`now()`));
  }

  /** Stops sweeping and waits for the claims in flight. */
  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    while (this.inFlight) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
