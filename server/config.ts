/** Settings from the environment (README: PORT, HOST, DATA_DIR, DATABASE_URL, SESSION_IDLE_MINUTES …). */
import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** When set, PostgreSQL at this URL instead of the embedded PGlite under dataDir. */
  databaseUrl?: string;
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
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    demoMode: env.DEMO_MODE !== '0' && env.DEMO_MODE !== 'false',
    staticDir: resolve(env.STATIC_DIR || './dist'),
    maxUploadBytes: Math.floor(uploadMb * 1024 * 1024),
    sessionIdleMs: Math.round(idleMinutes * 60_000),
  };
}
