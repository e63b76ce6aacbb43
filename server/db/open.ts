/**
 * Opens the database: embedded PGlite under the data folder by default, a PostgreSQL server when
 * DATABASE_URL is set. Both run the same drizzle-kit migrations.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** What the server code sees: the dialect-level API both drivers share. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (PGlite only): what backups dump. */
  pglite?: PGlite;
  migrate(): Promise<void>;
  /**
   * Subscribes to NOTIFY on a channel; onLost fires if the subscription breaks (PostgreSQL connection
   * lost). Resolves to the unsubscribe function.
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: (error: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * A PGlite instance with the extensions the migrations create (pg_trgm): in memory without a
 * folder (tests), on disk with one; loadDataDir fills a new folder from a dump (db:restore).
 */
export function createPGlite(dir?: string, loadDataDir?: Blob): PGlite {
  return new PGlite({ dataDir: dir, extensions: { pg_trgm }, loadDataDir });
}

/** Wraps a PGlite instance made by createPGlite. */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One embedded connection: notifications cannot be lost, and they arrive before the query that caused them resolves.
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    close: () => client.close(),
  };
}

/** Statements named so far, by their text: the same text has the same name on every connection. */
const statementNames = new Map<string, string>();
/** A bound on the names a process makes (a list's IN (...) of each length is a text of its own); past it, statements go unnamed. */
const MAX_STATEMENT_NAMES = 5_000;

function statementName(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known !== undefined || statementNames.size >= MAX_STATEMENT_NAMES) return known;
  const name = `scf_${statementNames.size}`;
  statementNames.set(text, name);
  return name;
}

/**
 * Names each statement a pooled connection runs with parameters by its text: a named statement is parsed once on a
 * connection and kept there (PostgreSQL's prepared statement), and after five calls PostgreSQL keeps its plan too where a
 * generic plan costs no more than the calls' own (plan_cache_mode auto); an unnamed one is parsed, analysed and planned
 * again on every call. Drizzle sends its queries as configs with a text and parameters and no name. Month end's p95 went
 * from 212 to 151 ms with it (docs/developers/benchmarks.md), and every call of bench:scale's full year got faster or stayed.
 * A statement without parameters keeps the simple protocol, which runs several statements in one text (the write guards'
 * DDL). Behind a pooler that hands a transaction's connection to another client (PgBouncer's transaction mode) the pooler
 * must keep prepared statements (PgBouncer 1.21's max_prepared_statements): README, DATABASE_URL.
 */
function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (config: unknown, ...rest: unknown[]) => {
    if (config !== null && typeof config === 'object' && 'text' in config && typeof config.text === 'string' && !('name' in config && config.name)) {
      const values = Array.isArray(rest[0]) ? rest[0] : 'values' in config && Array.isArray(config.values) ? config.values : [];
      const name = values.length > 0 ? statementName(config.text) : undefined;
      if (name) return query({ ...config, name }, ...rest);
    }
    return query(config, ...rest);
  };
  client.query = named as typeof client.query;
}

/** poolSize: connections this process may hold at once (DATABASE_POOL_SIZE; pg's default of 10 when not given). */
export function postgresDatabase(connectionString: string, poolSize?: number): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('connect', nameStatements);
  const db = drizzlePostgres({ client: pool, schema });
  const listener = new NotificationListener(connectionString);
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(db, { migrationsFolder }),
    listen: (channel, onNotify, onLost) => listener.listen(channel, onNotify, onLost),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

interface Subscription {
  channel: string;
  onNotify: (payload: string) => void;
  onLost: (error: unknown) => void;
}

/**
 * Every LISTEN of a process on one connection of its own, outside the query pool. Each subscription used to
 * take a pooled connection for good: the server's four (messages, principals twice, session ends) left 6 of
 * the pool's 10 to the queries of every operator, and under month end's load the requests queued for them.
 */
class NotificationListener {
  private client: Promise<pg.Client> | undefined;
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly connectionString: string) {}

  async listen(channel: string, onNotify: (payload: string) => void, onLost: (error: unknown) => void): Promise<() => Promise<void>> {
    const subscription: Subscription = { channel, onNotify, onLost };
    const client = await this.connected();
    const first = ![...this.subscriptions].some((s) => s.channel === channel);
    this.subscriptions.add(subscription);
    if (first) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return async () => {
      if (!this.subscriptions.delete(subscription)) return;
      if ([...this.subscriptions].some((s) => s.channel === channel)) return;
      // The connection may have been lost meanwhile (its subscribers were told): nothing left to unlisten on it.
      const current = this.client;
      if (current === undefined) return;
      if (this.subscriptions.size === 0) await this.close();
      else
        await (await current).query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch((error: unknown) => {
          // Closed meanwhile by the last subscriber leaving: the UNLISTEN went with the connection.
          if (this.client === current) throw error;
        });
    };
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.subscriptions.clear();
    // A connection that never opened has nothing to end.
    const open = await client?.catch(() => undefined);
    await open?.end();
  }

  private connected(): Promise<pg.Client> {
    this.client ??= this.connect();
    return this.client;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      for (const subscription of [...this.subscriptions]) if (subscription.channel === message.channel) subscription.onNotify(message.payload ?? '');
    });
    client.on('error', (error) => {
      // Lost: every subscription on it is broken; each owner is told once and subscribes again if it can.
      const lost = [...this.subscriptions];
      this.subscriptions.clear();
      this.client = undefined;
      void client.end().catch(() => undefined);
      for (const subscription of lost) subscription.onLost(error);
    });
    try {
      await client.connect();
    } catch (error) {
      this.client = undefined;
      throw error;
    }
    return client;
  }
}

/** Where PGlite keeps its files under a data folder (made if missing). */
export function pgliteDirOf(dataDir: string): string {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function openDatabase(options: { dataDir: string; databaseUrl?: string; databasePoolSize?: number }): Database {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl, options.databasePoolSize);
  return pgliteDatabase(createPGlite(pgliteDirOf(options.dataDir)));
}
