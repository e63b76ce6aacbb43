/**
 * npm run db:backup [file]: a consistent snapshot of the embedded database and the uploaded files,
 * taken from the running server (or from the data folder when none runs). README "Backup and restore".
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { readConfig } from '../server/config';
import { backupFromServer, backupOffline, readBackup } from '../server/db/backup';

const config = readConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operating/backup.md).');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
const target = resolve(process.argv[2] ?? `backups/scf-backup-${stamp}.tar.gz`);

const started = performance.now();
const fromServer = await backupFromServer(config.dataDir);
const archive = fromServer ?? (await backupOffline(config.dataDir));
// Read back before it is written: a backup that cannot be restored is no backup.
const { manifest } = readBackup(archive);
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, archive, { mode: 0o600 });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `Backup of ${config.dataDir} (${fromServer ? 'from the running server' : 'no server running'}) written to ${target}: ` +
    `${(archive.length / 1024 / 1024).toFixed(1)} MB, ${manifest.entries.length - 1} files, ${seconds} s`,
);
