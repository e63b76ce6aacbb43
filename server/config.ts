/** Settings from the environment (README: PORT, HOST, DATA_DIR, DATABASE_URL, DATABASE_POOL_SIZE, SESSION_IDLE_MINUTES …). */
import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** When set, PostgreSQL at this URL instead of the embedded PGlite under dataDir. */
  databaseUrl?: string;
  /**
   * DATABASE_POOL_SIZE: connections this process keeps to PostgreSQL. Every process of a deployment holds its own
   * pool, so their sum must stay under the server's max_connections (100 by default, a few kept for superusers).
   */
  databasePoolSize: number;
  logLevel: string;
  /** DEMO_MODE=0 seeds only op_admin, which must change its initial password at first login. */
  demoMode: boolean;
  staticDir: string;
  /** UPLOAD_MAX_MB: the largest file upload accepted. */
  maxUploadBytes: number;
  /** SESSION_IDLE_MINUTES: a session with no request for this long ends (decimals allowed). */
  sessionIdleMs: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const uploadMb = Number(env.UPLOAD_MAX_MB ?? 10);
  if (!(uploadMb > 0)) throw new Error(`UPLOAD_MAX_MB must be a positive number of megabytes, got ${env.UPLOAD_MAX_MB}`);
  const idleMinutes = Number(env.SESSION_IDLE_MINUTES ?? 30);
  if (!(idleMinutes > 0) || !Number.isFinite(idleMinutes))
    throw new Error(`SESSION_IDLE_MINUTES must be a positive number of minutes, got ${env.SESSION_IDLE_MINUTES}`);
  // pg's own default of 10: two processes stay far below PostgreSQL's 100 connections; more processes or a larger
  // pool are a deployment's choice, checked here so a typo fails at start and not under the first load.
  // At least 2: the process keeps one connection of its pool for LISTEN (server/db/open.ts), and with a pool of one
  // every query would wait for it forever.
  const poolSize = Number(env.DATABASE_POOL_SIZE || 10);
  if (!Number.isInteger(poolSize) || poolSize < 2 || poolSize > 1000)
    throw new Error(`DATABASE_POOL_SIZE must be a whole number of connections from 2 to 1000, got ${env.DATABASE_POOL_SIZE}`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: poolSize,
    logLevel: env.LOG_LEVEL || 'info',
    demoMode: env.DEMO_MODE !== '0' && env.DEMO_MODE !== 'false',
    staticDir: resolve(env.STATIC_DIR || './dist'),
    maxUploadBytes: Math.floor(uploadMb * 1024 * 1024),
    sessionIdleMs: Math.round(idleMinutes * 60_000),
  };
}
