/** Starts the server: opens the database (migrated and seeded by buildApp), listens, shuts down on a signal. */
import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/open';

const config = readConfig();
const database = openDatabase(config);
const app = buildApp({ database, logger: { level: config.logLevel }, demoMode: config.demoMode, staticDir: config.staticDir, dataDir: config.dataDir });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  try {
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
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined }, 'ready');
} catch (error) {
  app.log.error({ err: error }, 'failed to start');
  await database.close().catch(() => undefined);
  process.exit(1);
}
