/** Starts the server: opens the database (migrated and seeded by buildApp), listens, shuts down on a signal. */
import { buildApp } from './app';
import { readConfig } from './config';
import { serveBackups } from './db/backup';
import { startPgliteMaintenance } from './db/maintenance';
import { openDatabase } from './db/open';
import { PERSONAS } from './db/seed-data/personas';

const config = readConfig();
const database = openDatabase(config);
const app = buildApp({
  database,
  logger: { level: config.logLevel },
  demoMode: config.demoMode,
  staticDir: config.staticDir,
  dataDir: config.dataDir,
  maxUploadBytes: config.maxUploadBytes,
  sessionIdleMs: config.sessionIdleMs,
});

let stopBackups: (() => Promise<void>) | undefined;
let stopMaintenance: (() => void) | undefined;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // A client holding a request open must not keep a stopping server alive forever (a supervisor or a
  // restart on the same port waits for this process): give the graceful close 10 s, then leave.
  setTimeout(() => {
    app.log.warn({ signal }, 'graceful shutdown took over 10 s; exiting');
    process.exit(1);
  }, 10_000).unref();
  try {
    stopMaintenance?.();
    await stopBackups?.();
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  // Before listening: migrated and seeded by buildApp's ready, then vacuumed once (server/db/maintenance.ts).
  await app.ready();
  if (database.pglite) stopMaintenance = await startPgliteMaintenance(database.pglite, app.log);
  await app.listen({ port: config.port, host: config.host });
  // npm run db:backup asks the running server for a consistent snapshot (server/db/backup.ts).
  if (database.pglite) stopBackups = await serveBackups(database.pglite, config.dataDir, (error) => app.log.error({ err: error }, 'backup failed'));
  app.log.info({ database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined }, 'ready');
  printWelcome();
} catch (error) {
  app.log.error({ err: error }, 'failed to start');
  await database.close().catch(() => undefined);
  process.exit(1);
}

/** A line for the person who just ran `npm start`: where to go and whom to sign in as (passwords stay in the README). */
function printWelcome(): void {
  const personas = config.demoMode
    ? PERSONAS.map((p) => `  ${p.username.padEnd(13)} ${p.role}`).join('\n')
    : '  op_admin (must change the published password at first login)';
  process.stdout.write(`\nBack office: http://${config.host}:${config.port}/login/op\nSeeded personas (passwords: README, "Quick start"):\n${personas}\n\n`);
}
