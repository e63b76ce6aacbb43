/**
 * Backups of the embedded database (README "Backup and restore"). A backup is a gzipped tar of
 * manifest.json, pglite.tar (PGlite's own dump of its data folder) and files/ (the uploaded
 * documents the rows name; resized snapshots are made again on demand).
 *
 * Consistent while the server runs: PGlite is one connection, so the dump is taken while holding
 * its transaction lock. No statement runs meanwhile and no transaction is half done; the requests
 * that arrive wait a moment and go on. The server hands its dump out on a Unix socket in the data
 * folder (owner only: whoever may read the socket may read the folder anyway); with no server
 * running, db:backup opens the folder itself. Files are read after the dump: a stored file is
 * written before its row, so every file a dumped row names is there.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { createPGlite } from './open';
import { entriesOf, tarOf, type TarEntry } from './tar';

export const BACKUP_SOCKET = 'backup.sock';
const FORMAT = 'scf-back-office-backup';
const DATABASE_ENTRY = 'pglite.tar';
const FILES = 'files';
const SNAPSHOTS = 'snapshots';

interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  entries: ManifestEntry[];
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
const pglitePath = (dataDir: string) => join(dataDir, 'pglite');

/** PGlite's dump, taken while no statement or transaction can run. */
async function dumpDatabase(pglite: PGlite): Promise<Buffer> {
  let dump: Blob | undefined;
  await pglite.transaction(async (tx) => {
    await tx.query('SELECT 1');
    dump = await pglite.dumpDataDir('none');
  });
  return Buffer.from(await dump!.arrayBuffer());
}

async function storedFiles(dataDir: string): Promise<TarEntry[]> {
  const dir = join(dataDir, FILES);
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && !e.name.endsWith('.tmp')).map((e) => e.name);
  return Promise.all(names.sort().map(async (name) => ({ name: `${FILES}/${name}`, content: await readFile(join(dir, name)) })));
}

/** The backup archive (gzipped tar) of a running PGlite and its data folder's files. */
export async function backupArchive(pglite: PGlite, dataDir: string, now = new Date()): Promise<Buffer> {
  const database = await dumpDatabase(pglite);
  const entries: TarEntry[] = [{ name: DATABASE_ENTRY, content: database }, ...(await storedFiles(dataDir))];
  const manifest: BackupManifest = {
    format: FORMAT,
    version: 1,
    createdAt: now.toISOString(),
    entries: entries.map((e) => ({ name: e.name, size: e.content.length, sha256: sha256(e.content) })),
  };
  const tar = tarOf([{ name: 'manifest.json', content: Buffer.from(JSON.stringify(manifest, null, 2)) }, ...entries], now.getTime());
  return gzipSync(tar);
}

/** Serves backups to db:backup on DATA_DIR/backup.sock while the server runs; resolves to the function that stops it. */
export async function serveBackups(pglite: PGlite, dataDir: string, onError: (error: unknown) => void): Promise<() => Promise<void>> {
  const path = join(dataDir, BACKUP_SOCKET);
  await rm(path, { force: true }); // left by a server that did not shut down
  const server = createServer((socket) => {
    socket.on('error', onError);
    backupArchive(pglite, dataDir).then(
      (archive) => socket.end(archive),
      (error: unknown) => {
        onError(error);
        socket.end(`ERR ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A backup from the server running on this data folder; undefined when none is running. */
export async function backupFromServer(dataDir: string): Promise<Buffer | undefined> {
  const path = join(dataDir, BACKUP_SOCKET);
  if (!existsSync(path)) return undefined;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = createConnection(path);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      const answer = Buffer.concat(chunks);
      if (answer.subarray(0, 4).toString('latin1') === 'ERR ') reject(new Error(answer.toString('utf8').slice(4)));
      else resolve(answer);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? resolve(undefined) : reject(error)));
  });
}

/** A backup of a data folder no server has open. */
export async function backupOffline(dataDir: string): Promise<Buffer> {
  if (!existsSync(pglitePath(dataDir))) throw new Error(`no embedded database in ${dataDir}`);
  const pglite = createPGlite(pglitePath(dataDir));
  try {
    return await backupArchive(pglite, dataDir);
  } finally {
    await pglite.close();
  }
}

/** The manifest and entries of a backup, every entry checked against the manifest's size and sha256. */
export function readBackup(archive: Buffer): { manifest: BackupManifest; entries: TarEntry[] } {
  let tar: Buffer;
  try {
    tar = gunzipSync(archive);
  } catch {
    throw new Error('not a backup archive: not gzip');
  }
  const [first, ...entries] = [...entriesOf(tar)];
  const manifest = first?.name === 'manifest.json' ? (JSON.parse(first.content.toString('utf8')) as BackupManifest) : undefined;
  if (manifest?.format !== FORMAT || manifest.version !== 1) throw new Error('not a backup archive: no manifest');
  const byName = new Map(entries.map((e) => [e.name, e]));
  for (const expected of manifest.entries) {
    const entry = byName.get(expected.name);
    if (!entry || entry.content.length !== expected.size || sha256(entry.content) !== expected.sha256) throw new Error(`backup damaged: ${expected.name}`);
  }
  if (!byName.has(DATABASE_ENTRY)) throw new Error(`backup damaged: ${DATABASE_ENTRY} missing`);
  return { manifest, entries };
}

/** Restores a backup into a data folder that is missing or empty; refuses any other. */
export async function restoreBackup(archive: Buffer, dataDir: string): Promise<BackupManifest> {
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) throw new Error(`${dataDir} is not empty: restore into an empty data folder`);
  const { manifest, entries } = readBackup(archive);
  await mkdir(dataDir, { recursive: true });
  const database = entries.find((e) => e.name === DATABASE_ENTRY)!;
  const pglite = await createPGliteFrom(pglitePath(dataDir), database.content);
  await pglite.close();
  for (const entry of entries.filter((e) => e.name.startsWith(`${FILES}/`))) {
    const name = entry.name.slice(FILES.length + 1);
    if (!/^[A-Za-z0-9._-]+$/.test(name) || name === SNAPSHOTS) throw new Error(`backup damaged: unexpected entry ${entry.name}`);
    await mkdir(join(dataDir, FILES), { recursive: true });
    await writeFile(join(dataDir, FILES, name), entry.content);
  }
  return manifest;
}

async function createPGliteFrom(dir: string, dump: Buffer): Promise<PGlite> {
  const pglite = createPGlite(dir, new Blob([new Uint8Array(dump)]));
  await pglite.waitReady;
  return pglite;
}
