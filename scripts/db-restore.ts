/**
 * npm run db:restore <file>: restores a backup of db:backup into DATA_DIR, which must be missing or
 * empty (stop the server, move the old folder aside). README "Backup and restore".
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readConfig } from '../server/config';
import { restoreBackup } from '../server/db/backup';

const config = readConfig();
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:restore <backup file>   (into DATA_DIR, which must be missing or empty)');
  process.exit(1);
}
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore or psql (docs/operating/backup.md).');
  process.exit(1);
}
const started = performance.now();
try {
  const manifest = await restoreBackup(readFileSync(resolve(file)), config.dataDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Restored the backup of ${manifest.createdAt} into ${config.dataDir} (${manifest.entries.length - 1} files) in ${seconds} s`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
