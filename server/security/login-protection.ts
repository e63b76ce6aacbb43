/**
 * Applies login protection (src/lib/login-protection.ts) to the database's per-username counter and
 * writes the login log. Each step reads and writes the counter under a row lock in its own short
 * transaction, never around the password check, so simultaneous attempts are each counted once and
 * no transaction waits on a slow hash.
 */
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { beginAttempt, failAttempt, NO_ATTEMPTS, type AttemptDecision, type LoginAttemptState } from '../../src/lib/login-protection';
import type { Db } from '../db/open';
import { loginLocks, loginLogs } from '../db/schema';
import type { Tx } from '../db/tx';

/** Longer names are cut in the counter and the log: the name is the caller's input. */
const MAX_USERNAME = 100;
const MAX_USER_AGENT = 500;

export const loginKey = (username: string) => username.slice(0, MAX_USERNAME);

const toState = (row: typeof loginLocks.$inferSelect | undefined): LoginAttemptState =>
  row ? { attempts: row.attempts, lockedUntil: row.lockedUntil?.getTime() ?? null, lastAttemptAt: row.lastAttemptAt?.getTime() ?? null } : NO_ATTEMPTS;

const toRow = (state: LoginAttemptState) => ({
  attempts: state.attempts,
  lockedUntil: state.lockedUntil === null ? null : new Date(state.lockedUntil),
  lastAttemptAt: state.lastAttemptAt === null ? null : new Date(state.lastAttemptAt),
});

async function lockedState(tx: Tx, username: string): Promise<LoginAttemptState> {
  // The row must exist to be locked: a first attempt creates it, a concurrent one then waits on it.
  await tx.insert(loginLocks).values({ username }).onConflictDoNothing();
  const [row] = await tx.select().from(loginLocks).where(eq(loginLocks.username, username)).for('update');
  return toState(row);
}

export class LoginProtection {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  begin(username: string): Promise<AttemptDecision> {
    const key = loginKey(username);
    return this.db.transaction(async (tx) => {
      const decision = beginAttempt(await lockedState(tx, key), this.now());
      if (decision.kind === 'allowed') await tx.update(loginLocks).set(toRow(decision.state)).where(eq(loginLocks.username, key));
      return decision;
    });
  }

  /** A wrong password: true when it used up the allowance and the name is now locked. */
  fail(username: string): Promise<{ locked: boolean; lockedUntil: number | null }> {
    const key = loginKey(username);
    return this.db.transaction(async (tx) => {
      const { locked, state } = failAttempt(await lockedState(tx, key), this.now());
      if (locked) await tx.update(loginLocks).set(toRow(state)).where(eq(loginLocks.username, key));
      return { locked, lockedUntil: state.lockedUntil };
    });
  }

  /** A right password forgives the earlier failures. */
  async succeed(username: string): Promise<void> {
    await this.db.delete(loginLocks).where(eq(loginLocks.username, loginKey(username)));
  }

  /** The address and browser of a sign-in, as the login log and the session keep them. */
  originOf(request: FastifyRequest): { ipAddress: string | null; userAgent: string | null } {
    const agent = request.headers['user-agent'];
    return { ipAddress: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, MAX_USER_AGENT) : null };
  }

  /** One login-log entry: who (as typed), how it ended, from which address and browser. Never the password. */
  async record(request: FastifyRequest, entry: { username: string; userId: string | null; status: string }): Promise<void> {
    await this.db.insert(loginLogs).values({
      username: loginKey(entry.username),
      userId: entry.userId,
      status: entry.status,
      ...this.originOf(request),
      createTime: new Date(this.now()),
    });
  }
}
