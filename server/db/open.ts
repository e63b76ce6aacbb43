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

export function postgresDatabase(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString });
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(db, { migrationsFolder }),
    async listen(channel, onNotify, onLost) {
      const client = await pool.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      client.on('error', onLost);
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        client.removeAllListeners('notification');
        client.release(true);
      };
    },
    close: () => pool.end(),
  };
}

/** Where PGlite keeps its files under a data folder (made if missing). */
export function pgliteDirOf(dataDir: string): string {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function openDatabase(options: { dataDir: string; databaseUrl?: string }): Database {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl);
  return pgliteDatabase(createPGlite(pgliteDirOf(options.dataDir)));
}
