/**
 * Server sessions, kept in the database (a restart keeps operators signed in) under the SHA-256 of
 * the auth token, never the token itself.
 *
 * Every protected request needs its principal: the session, the user, the user's roles, permissions
 * and corporate entities. Reading that from PGlite costs milliseconds, more than the rest of the
 * request together, so principals are cached in memory. The database stays the only source of
 * truth: triggers (migration 0001) NOTIFY on any change to a session or to a table the principal is
 * built from, whoever makes it, and the cache drops what changed. If the notification channel is
 * lost the cache is switched off rather than trusted.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/open';
import type { Authority as RoleRef, CorpRef } from '../../src/protocol/api-types';
import { corps, rolePermissions, roles, sessions, userCorps, userRoles, users } from '../db/schema';
import { ACCOUNT_STATUS } from '../../src/resources/staff';
import { SESSION_END_CHANNEL, SESSION_END_REASON, type SessionEndReason } from '../../src/lib/messages';
import { EXPORT_ACTION_SUFFIX, OWN_EXPORT_PERMISSIONS } from '../../src/lib/own-exports';

const ROLE_ENABLED = ACCOUNT_STATUS.enabled;

/** Who is calling, as read from the database for a live session. */
export interface Principal {
  tokenHash: string;
  userId: string;
  csrfToken: string;
  wsToken: string;
  /** The session's current corporate entity. */
  corpId: string | null;
  lastSeenAt: Date;
  username: string;
  personName: string;
  avatar: string;
  userStatus: number;
  personPosition: string;
  sensitiveWhitelist: boolean;
  roles: RoleRef[];
  permissions: string[];
  corps: CorpRef[];
}

export interface NewSession {
  authToken: string;
  wsToken: string;
  csrfToken: string;
}

/** Channel and payload prefix named by the triggers of migrations/0001_principal_notify.sql. */
const PRINCIPAL_CHANNEL = 'principal_changed';

/**
 * Why a session ends, told to its open sockets (server/messages/hub.ts) so that every tab leaves for
 * the login page at once saying why. Sent before the delete in the same transaction: PostgreSQL
 * delivers a transaction's notifications in order at commit, so the reason arrives before the
 * delete trigger's principal_changed, which closes the sockets without one.
 */
async function announceEnd(db: Db, tokenHashes: readonly string[], reason: SessionEndReason): Promise<void> {
  for (const hash of tokenHashes) await db.execute(sql`select pg_notify(${SESSION_END_CHANNEL}, ${`${hash}:${reason}`})`);
}
const SESSION_PAYLOAD_PREFIX = 'session:';
/** Spec §9's login-marker lifetime, the idleness the browser measured before the server did (README SESSION_IDLE_MINUTES). */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
/**
 * last_seen_at is written at most this often per session, not on every request (a write per request
 * would double the load): the requests between two writes only compare the cached time. The recorded
 * time is therefore at most this much older than the last request, so a session ends when it has been
 * idle for the timeout plus this (never early, at most 10 s late); a short timeout (tests) gets a
 * finer resolution.
 */
const lastSeenResolution = (idleMs: number) => Math.min(10_000, Math.max(100, Math.floor(idleMs / 10)));
/**
 * How often each process looks for idle sessions: a thirtieth of the timeout, at most every 10 s (a
 * 30-minute timeout: a tab leaves within 10 s of it, one small query per 10 s per process) and at
 * least every 250 ms (a test's 15-second timeout: within half a second). A fixed second cost every
 * process, tests included, a transaction a second on a single-connection PGlite.
 */
const idleSweepInterval = (idleMs: number) => Math.min(10_000, Math.max(250, Math.floor(idleMs / 30)));
const CACHE_LIMIT = 10_000;

const newToken = () => randomBytes(32).toString('base64url');

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The permission strings a user's roles grant, as a principal holds them: a disabled role (issue 20)
 * grants nothing; an export of any area also grants one's own export records (src/lib/own-exports.ts
 * withOwnExports, the same rule). Shared with the permission matrix, which must read grants as the guard sees them.
 */
export function grantedPermissions(userId: AnyColumn | SQL) {
  const held = sql`select ${rolePermissions.permission} as permission
        from ${userRoles} join ${rolePermissions} on ${rolePermissions.pkRole} = ${userRoles.pkRole}
        join ${roles} on ${roles.pkRole} = ${userRoles.pkRole} and ${roles.status} = ${ROLE_ENABLED}
        where ${userRoles.userId} = ${userId}`;
  const ownExports = sql.join(
    OWN_EXPORT_PERMISSIONS.map((permission) => sql`${permission}::text`),
    sql`, `,
  );
  return sql<string[]>`coalesce((
        select array_agg(distinct g.permission) from (
          ${held}
          union all
          select unnest(array[${ownExports}]) where exists (select 1 from (${held}) e where e.permission like ${`%${EXPORT_ACTION_SUFFIX}`})
        ) g), '{}'::text[])`;
}

function principalQuery(db: Db) {
  return (
    db
      .select({
        tokenHash: sessions.tokenHash,
        userId: sessions.userId,
        csrfToken: sessions.csrfToken,
        wsToken: sessions.wsToken,
        corpId: sessions.corpId,
        lastSeenAt: sessions.lastSeenAt,
        username: users.username,
        personName: users.personName,
        avatar: users.avatar,
        userStatus: users.userStatus,
        personPosition: users.personPosition,
        sensitiveWhitelist: users.sensitiveWhitelist,
        roles: sql<RoleRef[]>`coalesce((
        select json_agg(json_build_object('code', ${roles.code}, 'roleName', ${roles.roleName}, 'pkRole', ${roles.pkRole}) order by ${roles.pkRole})
        from ${userRoles} join ${roles} on ${roles.pkRole} = ${userRoles.pkRole}
        where ${userRoles.userId} = ${users.id}), '[]'::json)`,
        permissions: grantedPermissions(users.id),
        corps: sql<CorpRef[]>`coalesce((
        select json_agg(json_build_object('corpId', ${corps.corpId}, 'corpName', ${corps.corpName}) order by ${corps.corpId})
        from ${userCorps} join ${corps} on ${corps.corpId} = ${userCorps.corpId}
        where ${userCorps.userId} = ${users.id}), '[]'::json)`,
      })
      .from(sessions)
      // A disabled account (issue 20) has no live session, whatever rows remain.
      .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.status, ACCOUNT_STATUS.enabled)))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare('principal_by_token_hash')
  );
}

export class SessionStore {
  /** Keyed by the token itself, not its hash: a cache hit then costs no hashing. Memory only. */
  private readonly byToken = new Map<string, Principal>();
  /** Bumped on every invalidation, so a read that raced one does not store a stale principal. */
  private generation = 0;
  private cacheEnabled = true;
  private readonly findPrincipal: ReturnType<typeof principalQuery>;
  /** A session whose recorded last-seen time is older than this has timed out. */
  private readonly expiresAfterMs: number;
  private readonly resolutionMs: number;
  private readonly now: () => number;
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;
  private readonly sweepEveryMs: number;

  constructor(
    private readonly db: Db,
    options: { idleMs?: number; now?: () => number } = {},
  ) {
    this.findPrincipal = principalQuery(db);
    const idleMs = options.idleMs ?? DEFAULT_SESSION_IDLE_MS;
    this.resolutionMs = lastSeenResolution(idleMs);
    this.expiresAfterMs = idleMs + this.resolutionMs;
    this.sweepEveryMs = idleSweepInterval(idleMs);
    this.now = options.now ?? Date.now;
  }

  /** Whether a session last seen at this time has been idle past the timeout. */
  isIdle(principal: Pick<Principal, 'lastSeenAt'>, nowMs = this.now()): boolean {
    return nowMs - principal.lastSeenAt.getTime() > this.expiresAfterMs;
  }

  /**
   * Ends every session idle past the timeout, telling its tabs TIMEOUT (announceEnd). Several
   * processes on one PostgreSQL sweep at once: SKIP LOCKED gives each idle session to one of them,
   * and the last-seen condition is checked again on the locked row, so a request that touched the
   * session meanwhile keeps it. Returns the ended sessions' token hashes.
   */
  sweepIdle(nowMs = this.now()): Promise<string[]> {
    return this.endIdle(nowMs);
  }

  /**
   * For a principal that looks idle by its cached last-seen time. last_seen_at writes do not notify
   * the other processes (a cache flush per write would undo the cache), so another process may have
   * seen the session since: the database decides. Ends the session (TIMEOUT) when it is idle there too
   * and says whether it is over; otherwise takes the recorded time into the cached principal.
   */
  async endIfIdle(principal: Principal, nowMs = this.now()): Promise<boolean> {
    const [row] = await this.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.tokenHash, principal.tokenHash));
    if (row && !this.isIdle(row, nowMs)) {
      principal.lastSeenAt = row.lastSeenAt;
      return false;
    }
    if (row) await this.endIdle(nowMs, principal.tokenHash);
    this.forget(principal.tokenHash);
    return true;
  }

  private async endIdle(nowMs: number, tokenHash?: string): Promise<string[]> {
    const cutoff = new Date(nowMs - this.expiresAfterMs);
    const idleWhere = tokenHash ? and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeenAt, cutoff)) : lt(sessions.lastSeenAt, cutoff);
    const ended = await this.db.transaction(async (tx) => {
      const idle = await tx.select({ tokenHash: sessions.tokenHash }).from(sessions).where(idleWhere).for('update', { skipLocked: true });
      if (idle.length === 0) return [];
      const hashes = idle.map((s) => s.tokenHash);
      // Told before the delete, in the same transaction: the reason reaches the sockets first (announceEnd).
      await announceEnd(tx, hashes, SESSION_END_REASON.TIMEOUT);
      await tx.delete(sessions).where(inArray(sessions.tokenHash, hashes));
      return hashes;
    });
    for (const hash of ended) this.forget(hash);
    return ended;
  }

  /** Sweeps every sweepEveryMs until stopSweeping; a sweep still running is not doubled. */
  startSweeping(onError: (error: unknown) => void): void {
    this.sweeper = setInterval(() => {
      this.sweeping ??= this.sweepIdle()
        .catch(onError)
        .finally(() => (this.sweeping = undefined));
    }, this.sweepEveryMs);
    this.sweeper.unref();
  }

  async stopSweeping(): Promise<void> {
    clearInterval(this.sweeper);
    await this.sweeping;
  }

  /** Subscribes the cache to the database's change notifications; resolves to the unsubscribe function. */
  watch(database: Database, onLost: (error: unknown) => void): Promise<() => Promise<void>> {
    return database.listen(
      PRINCIPAL_CHANNEL,
      (payload) => (payload.startsWith(SESSION_PAYLOAD_PREFIX) ? this.forget(payload.slice(SESSION_PAYLOAD_PREFIX.length)) : this.forgetAll()),
      (error) => {
        this.cacheEnabled = false;
        this.forgetAll();
        onLost(error);
      },
    );
  }

  async create(
    userId: string,
    corpId: string | null,
    origin: { ipAddress: string | null; userAgent: string | null } = { ipAddress: null, userAgent: null },
  ): Promise<NewSession> {
    const session = { authToken: newToken(), wsToken: newToken(), csrfToken: newToken() };
    const now = new Date(this.now());
    await this.db.insert(sessions).values({
      tokenHash: hashToken(session.authToken),
      userId,
      csrfToken: session.csrfToken,
      wsToken: session.wsToken,
      corpId,
      // The store's clock, not the database's, for both: an injected clock (tests) then decides idleness
      // alone, and a session is never last seen a millisecond before it began (two clocks disagreed).
      createdAt: now,
      lastSeenAt: now,
      ...origin,
    });
    return session;
  }

  /**
   * The cached principal of a token, or undefined when only principal() can tell (not cached, or the
   * cache is off). Lets the guard stay synchronous on the common path.
   */
  cached(authToken: string): Principal | undefined {
    return authToken ? this.byToken.get(authToken) : undefined;
  }

  /** The principal of a live session, or null. */
  async principal(authToken: string): Promise<Principal | null> {
    if (!authToken) return null;
    const cached = this.byToken.get(authToken);
    if (cached) return cached;
    const generation = this.generation;
    const [row] = await this.findPrincipal.execute({ tokenHash: hashToken(authToken) });
    if (!row) return null;
    if (this.cacheEnabled && generation === this.generation) {
      if (this.byToken.size >= CACHE_LIMIT) this.forgetAll();
      this.byToken.set(authToken, row);
    }
    return row;
  }

  /**
   * Records activity, at most once per resolution (lastSeenResolution). Returns undefined when there
   * was nothing to write (nearly always), so that the caller need not wait for a promise.
   */
  touch(principal: Principal, nowMs = this.now()): Promise<void> | undefined {
    if (nowMs - principal.lastSeenAt.getTime() < this.resolutionMs) return undefined;
    const now = new Date(nowMs);
    principal.lastSeenAt = now;
    return this.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.tokenHash, principal.tokenHash), lt(sessions.lastSeenAt, now)))
      .then(() => undefined);
  }

  async end(tokenHash: string, reason: SessionEndReason = SESSION_END_REASON.LOGOUT): Promise<void> {
    await this.db.transaction(async (tx) => {
      await announceEnd(tx, [tokenHash], reason);
      await tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    });
    this.forget(tokenHash);
  }

  /**
   * Ends a session named by its public id (forced out by an administrator) in the caller's
   * transaction; call forgetSession with the answer once it commits.
   */
  async endById(sessionId: string, db: Db = this.db): Promise<{ userId: string; tokenHash: string } | null> {
    const [found] = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.sessionId, sessionId));
    if (found) await announceEnd(db, [found.tokenHash], SESSION_END_REASON.FORCED);
    const [ended] = await db.delete(sessions).where(eq(sessions.sessionId, sessionId)).returning({ userId: sessions.userId, tokenHash: sessions.tokenHash });
    return ended ?? null;
  }

  /** Drops a session ended in a committed transaction from this instance's cache at once. */
  forgetSession(tokenHash: string): void {
    this.forget(tokenHash);
  }

  /** Takes the caller's transaction when the end must commit together with another change. */
  async endAllForUser(userId: string, db: Db = this.db, reason: SessionEndReason = SESSION_END_REASON.ENDED): Promise<void> {
    const held = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, userId));
    await announceEnd(
      db,
      held.map((s) => s.tokenHash),
      reason,
    );
    await db.delete(sessions).where(eq(sessions.userId, userId));
    this.forgetAll();
  }

  async switchCorp(tokenHash: string, corpId: string): Promise<void> {
    await this.db.update(sessions).set({ corpId }).where(eq(sessions.tokenHash, tokenHash));
    this.forget(tokenHash);
  }

  // The explicit forget calls above cover a PostgreSQL server, whose notifications arrive after the
  // query resolves; on PGlite they have already been delivered by then.
  private forget(tokenHash: string): void {
    this.generation++;
    // A scan, but only on a session's own change (logout, corp switch), never per request.
    for (const [token, principal] of this.byToken) {
      if (principal.tokenHash === tokenHash) this.byToken.delete(token);
    }
  }

  private forgetAll(): void {
    this.generation++;
    this.byToken.clear();
  }
}
